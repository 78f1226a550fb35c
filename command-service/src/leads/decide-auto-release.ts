import { autoReleaseTimes, type Lead, type LeadEvent } from '@leadfloor/events';
import type { AutoReleaseLead, WarnOfAutoRelease } from './commands';

/**
 * The floor's auto-release timers, decided on the lead as it is when a timer fires, so a timer
 * that fires twice, late, or after what it was for has changed acts at most once:
 * - only for the holding the timer was set for (same claim instant), and only while that holding
 *   is still just claimed, not exempt, under a policy with auto-release (autoReleaseTimes);
 * - the warning once per holding and release instant, from its warning time until the release;
 * - the release from its instant on, as LeadReleased{reason: 'auto_release'} naming the policy
 *   version, clearing a follow-up as any release does. Early or no longer due: nothing ([]).
 */
export function decideTimer(c: WarnOfAutoRelease | AutoReleaseLead, lead: Lead): LeadEvent[] {
  if (lead.claimedBy === null || lead.claimedAt !== c.data.claimedAt) return [];
  const times = autoReleaseTimes(lead, c.meta.policy);
  if (times === null) return [];
  const now = Date.parse(c.meta.now);
  const releaseAt = Date.parse(times.releaseAt);
  const base = { leadId: lead.id, at: c.meta.now };
  if (c.type === 'WarnOfAutoRelease') {
    if (times.warnAt === null || now < Date.parse(times.warnAt) || now >= releaseAt || lead.autoReleaseWarnedFor === times.releaseAt) return [];
    return [{ type: 'LeadAutoReleaseWarned', data: { ...base, userId: lead.claimedBy, releaseAt: times.releaseAt, policyVersion: c.meta.policy.version } }];
  }
  if (now < releaseAt) return [];
  const events: LeadEvent[] = [{
    type: 'LeadReleased',
    data: { ...base, userId: lead.claimedBy, releasedBy: null, reason: 'auto_release', policyVersion: c.meta.policy.version },
  }];
  if (lead.nextFollowUp !== null) events.push({ type: 'FollowUpCleared', data: base });
  return events;
}
