import { evolveLead, type LeadEvent, type LeadState, type LeadStatus } from '@leadfloor/events';
import type { CounterChange } from '@leadfloor/infra/event-store/types';
import type { LeadCommand } from './commands';

/** The event store's counter of the leads each agent holds in claimed, contacted or qualified (key: user id). */
export const ACTIVE_CLAIMS = 'active_claims';

const ACTIVE: ReadonlySet<LeadStatus> = new Set(['claimed', 'contacted', 'qualified']);
/** The statuses the cap counts. */
export const isActiveStatus = (status: LeadStatus) => ACTIVE.has(status);
const activeHolder = (s: LeadState) => (s.exists && s.claimedBy !== null && ACTIVE.has(s.status) ? s.claimedBy : null);

/**
 * How these events move each agent's count of active leads: a claim or reassignment adds one to
 * the new holder, a release, a reassignment away or a close (sold, lost) takes one away, and a
 * reopened lead adds one back. Every increase carries the cap the command names for the agent it
 * hands the lead to, and the append refuses it past that cap (CounterLimitError): the invariant
 * spans the agent's leads, so it is held where all their claims meet, the counter's row, in the
 * same statement as the lead's own version check. Pure.
 */
export function activeClaimChanges(events: LeadEvent[], state: LeadState, commands: LeadCommand[]): CounterChange[] {
  const cap = commands.map((c) => ('claimCap' in c.meta ? c.meta.claimCap : null)).find((k) => k != null) ?? null;
  const deltas = new Map<number, number>();
  let s = state;
  for (const e of events) {
    const before = activeHolder(s);
    s = evolveLead(s, e);
    const after = activeHolder(s);
    if (before === after) continue;
    if (before !== null) deltas.set(before, (deltas.get(before) ?? 0) - 1);
    if (after !== null) deltas.set(after, (deltas.get(after) ?? 0) + 1);
  }
  return [...deltas].filter(([, delta]) => delta !== 0)
    .map(([userId, delta]) => ({ scope: ACTIVE_CLAIMS, key: String(userId), delta, max: delta > 0 && cap ? cap.max : null }));
}
