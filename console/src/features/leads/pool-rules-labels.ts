import type { PoolPolicyView, ScopedPoolPolicyView } from '@leadfloor/contracts';

export const DISTRIBUTION_LABELS = {
  first_come: 'First come, first served',
  round_robin: 'Round-robin offers',
  weighted: 'Weighted offers',
} as const;

/** '48 hours', '30 minutes', '1.5 hours': a rule's period as a person says it. */
export function hoursLabel(hours: number): string {
  if (hours < 1) {
    const minutes = Math.round(hours * 60 * 10) / 10;
    return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(hours * 3600)} seconds`;
  }
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} hour${rounded === 1 ? '' : 's'}`;
}

/** The lines of a rule set, in the order the settings page shows them. */
export function rulesSummary(p: Pick<ScopedPoolPolicyView, 'maxActiveClaims' | 'autoReleaseHours' | 'warnBeforeReleaseMinutes' | 'distribution' | 'dripPerHour'>) {
  return {
    cap: p.maxActiveClaims === null ? 'No cap' : `Up to ${p.maxActiveClaims} active lead${p.maxActiveClaims === 1 ? '' : 's'} per agent`,
    autoRelease: p.autoReleaseHours === null
      ? 'Off: a lead stays with its holder until released'
      : `After ${hoursLabel(p.autoReleaseHours)} without contact${p.warnBeforeReleaseMinutes > 0 ? `, with a warning ${p.warnBeforeReleaseMinutes} minute${p.warnBeforeReleaseMinutes === 1 ? '' : 's'} before` : ''}`,
    distribution: DISTRIBUTION_LABELS[p.distribution],
    drip: p.dripPerHour === null ? 'Imported leads enter the pool at once' : `Imported leads enter the pool at ${p.dripPerHour} an hour`,
  };
}

/** 'Harbor Closers’', 'Finance’s': a team's name as an owner. */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

/** Where the signed-in user's rules come from: 'Harbor Closers’ own rules' or 'The floor’s rules'. */
export function sourceLabel(view: PoolPolicyView): string {
  return view.effective.source === 'team' ? `${possessive(view.effective.teamName ?? 'Your team')} own rules` : 'The floor’s rules';
}
