import type { LeadStatus } from './lead-events';
import type { PoolPolicyEvent, PoolPolicyRules } from './pool-policy-events';

/** Today's behaviour: no cap, no auto-release, first come first served. */
export const defaultPoolPolicyRules: PoolPolicyRules = {
  maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 30,
  distribution: 'first_come', weights: [], dripPerHour: null, offerTimeoutMinutes: 5,
};

/**
 * One scope's rules with where they came from: `version` is the policy stream's version of the
 * event that set them (0: the defaults), `autoReleaseSince` when the auto-release period last
 * changed for this scope. A holding older than that is timed from then, not from its claim, so a
 * rule switched on (or shortened) never releases anyone without a full period's notice.
 */
export type ScopedPoolPolicy = PoolPolicyRules & { version: number; autoReleaseSince: string | null; updatedAt: string | null; updatedBy: number | null };

export type PoolPolicies = {
  /** The stream's version: how many changes the floor's policy has seen. */
  version: number;
  floor: ScopedPoolPolicy;
  teams: Record<number, ScopedPoolPolicy>;
  /** When a team whose override was removed went back to the floor's period. */
  fallbackSince: Record<number, string>;
};

/** The rules that apply to a team's people (or to people on no team), and whose they are. */
export type EffectivePoolPolicy = ScopedPoolPolicy & { source: 'floor' | 'team'; teamId: number | null };

export const initialPoolPolicies = (): PoolPolicies => ({
  version: 0,
  floor: { ...defaultPoolPolicyRules, version: 0, autoReleaseSince: null, updatedAt: null, updatedBy: null },
  teams: {},
  fallbackSince: {},
});

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b);

export function poolPolicyFor(s: PoolPolicies, teamId: number | null): EffectivePoolPolicy {
  const own = teamId === null ? undefined : s.teams[teamId];
  if (own) return { ...own, source: 'team', teamId };
  const fallback = teamId === null ? null : s.fallbackSince[teamId] ?? null;
  return { ...s.floor, autoReleaseSince: s.floor.autoReleaseHours === null ? null : later(s.floor.autoReleaseSince, fallback), source: 'floor', teamId: null };
}

/** Folds the policy stream. Every event of the stream passes here once, so the count is the version. */
export function evolvePoolPolicies(s: PoolPolicies, e: PoolPolicyEvent): PoolPolicies {
  const version = s.version + 1;
  if (e.type === 'PoolPolicyOverrideRemoved') {
    const { teamId, at } = e.data;
    const before = poolPolicyFor(s, teamId);
    const teams = { ...s.teams };
    delete teams[teamId];
    const changed = before.autoReleaseHours !== s.floor.autoReleaseHours;
    return { ...s, version, teams, fallbackSince: changed ? { ...s.fallbackSince, [teamId]: at } : s.fallbackSince };
  }
  const { teamId, by, at, ...rules } = e.data;
  const before = poolPolicyFor(s, teamId);
  const scoped: ScopedPoolPolicy = {
    ...rules, version, updatedAt: at, updatedBy: by,
    autoReleaseSince: rules.autoReleaseHours === null ? null
      : rules.autoReleaseHours === before.autoReleaseHours ? before.autoReleaseSince : at,
  };
  return teamId === null ? { ...s, version, floor: scoped } : { ...s, version, teams: { ...s.teams, [teamId]: scoped } };
}

/** What auto-release needs of a lead (the lead's fold, a pool row). */
export type HeldLeadClock = {
  status: LeadStatus;
  claimedAt: string | null;
  lastContactedAt: string | null;
  autoReleaseExempt: boolean;
  autoReleaseResumedAt: string | null;
};

/**
 * When a held lead goes back to the pool under this policy, and when its holder is warned; null
 * when it never does: no auto-release rule, exempt, or not just claimed (contacted, qualified and
 * closed leads stay). The clock runs from the latest of the claim, the exemption's end and the
 * rule's own start.
 */
export function autoReleaseTimes(lead: HeldLeadClock, policy: Pick<ScopedPoolPolicy, 'autoReleaseHours' | 'warnBeforeReleaseMinutes' | 'autoReleaseSince'>):
  { releaseAt: string; warnAt: string | null } | null {
  if (policy.autoReleaseHours === null || lead.status !== 'claimed' || lead.claimedAt === null || lead.autoReleaseExempt) return null;
  // Reached during this holding, then set back to claimed by hand: the contact still counts.
  if (lead.lastContactedAt !== null && Date.parse(lead.lastContactedAt) >= Date.parse(lead.claimedAt)) return null;
  const from = Date.parse(later(later(lead.claimedAt, lead.autoReleaseResumedAt), policy.autoReleaseSince)!);
  const release = from + Math.round(policy.autoReleaseHours * 3_600_000);
  const warn = policy.warnBeforeReleaseMinutes > 0 ? Math.max(from, release - policy.warnBeforeReleaseMinutes * 60_000) : null;
  return { releaseAt: new Date(release).toISOString(), warnAt: warn === null ? null : new Date(warn).toISOString() };
}
