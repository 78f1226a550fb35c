import { badgeCatalog, parseEventData, type GamificationEvent } from '@leadfloor/events';
import type { Aggregate, HandleCommand } from '../shared/handle-command';
import type { Reactor } from '../reactors/reactor-runner';
import { userStream } from '../users/user-aggregate';

/** The badge a certification earns (gamification's catalog names it; only this reactor awards it). */
const certifiedBadge = badgeCatalog.find((b) => b.criterion.kind === 'certified')!;

type Holder = { exists: boolean; badges: number[] };
type AwardCertifiedBadge = { type: 'AwardCertifiedBadge'; data: { userId: number; at: string } };

/** The user's stream seen only for whether they exist and which badges they hold. */
const badgeHolder: Aggregate<Holder, AwardCertifiedBadge, GamificationEvent | { type: string; data: unknown }> = {
  streamType: 'user',
  initialState: () => ({ exists: false, badges: [] }),
  evolve: (s, e) => (e.type === 'UserRegistered' ? { ...s, exists: true }
    : e.type === 'BadgeAwarded' ? { ...s, badges: [...s.badges, (e.data as { badgeId: number }).badgeId] } : s),
  decide: (c, s) => (!s.exists || s.badges.includes(certifiedBadge.id) ? []
    : [{ type: 'BadgeAwarded', data: { userId: c.data.userId, badgeId: certifiedBadge.id, at: c.data.at } }]),
};

/**
 * A closer's first certification earns the Certified Closer badge, on their own stream like
 * every badge (a process manager, so a restart right after the certification still awards it;
 * once held, later certifications change nothing).
 */
export function certificationBadgeReactor({ handle }: { handle: HandleCommand }): Reactor {
  return {
    name: 'academy_certified_badge_v1',
    handles: ['TrainingCertified'],
    async react(e) {
      const d = parseEventData('TrainingCertified', e.data, e.metadata.schemaVersion);
      await handle(badgeHolder, userStream(d.userId), { type: 'AwardCertifiedBadge', data: { userId: d.userId, at: d.at } }, {
        actorId: null, correlationId: e.metadata.correlationId, causationId: e.eventId, commandId: `certified-badge:${e.eventId}`,
      });
    },
  };
}
