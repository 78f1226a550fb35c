import type { LeadEvent } from '@leadfloor/events';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type {
  ChangeLeadStatus, ExemptFromAutoRelease, HolderMeta, LeadCommand, LeadEditCommand, LiftAutoReleaseExemption, ReassignLead, ReleaseLead,
} from './commands';
import type { Lead, LeadState } from '@leadfloor/events';
import { decideTimer } from './decide-auto-release';
import { decideDetails } from './decide-details';
import { claimAvailable, decideOffer } from './decide-offer';

/**
 * The lead's rules. Pure: returns the events a command produces, [] when it would change
 * nothing, or throws a DomainError. Checks run in a fixed order so every caller sees the
 * same answer for the same situation: the lead exists (404), it is held where that matters
 * (409), the actor may act (403), the rule of the command (409), then the no-op test.
 * Permission comes before the no-op test so a stranger never gets a 200 for someone's lead.
 *
 * Choices a serious CRM makes that the spec leaves open:
 * - Claiming a lead you already hold is an idempotent success ([]), so a retried request
 *   after a timeout does not report "already claimed" to its own winner.
 * - ChangeLeadStatus to 'available' *is* a release: same permissions, same LeadReleased
 *   event, so "back to the pool" has one meaning whatever route asked for it.
 * - Work statuses (claimed, contacted, qualified, sold, lost) may be set in any order
 *   (spec 4: the client enforces none), except that leaving 'sold' needs a manager of the
 *   holder's team: a sale drives commissions, so undoing one is a correction, not an edit.
 * - A sold lead stays with its seller: it cannot be released or reassigned. A lost lead can
 *   be reopened by its holder, released back to the pool (recycled) or reassigned.
 * - Stage, priority, score, tags and follow-up stay editable by the holder on sold and lost
 *   leads: aftercare, referrals and win-back campaigns need them.
 * - Releasing clears a scheduled follow-up (explicit FollowUpCleared) since nobody would keep
 *   it; reassigning keeps it: the new holder inherits the promise made to the customer.
 * - The floor's cap on active leads is not decided here but in the append (lead-counters.ts):
 *   it spans every lead an agent holds, which no single lead's state can see.
 * - A manager exempts a lead from auto-release, or lifts that, for a lead in the pool or held by
 *   one of their team (like a reassignment); the auto-release timers are decide-auto-release.ts.
 * - An available lead may still be closed to a claim: held back by the drip, or offered to one
 *   agent (round-robin and weighted distribution); decide-offer.ts has those rules.
 */
export function decide(c: LeadCommand, s: LeadState): LeadEvent[] {
  const { now } = c.meta;
  const leadId = c.data.leadId;
  if (c.type === 'CreateLead') {
    if (s.exists) throw new RuleViolation('lead.already_exists', `Lead ${leadId} already exists.`);
    return [{ type: 'LeadCreated', data: { ...c.data, createdBy: c.meta.actor.id, at: now } }];
  }
  const lead = existing(s, leadId);
  switch (c.type) {
    case 'ClaimLead': {
      const actor = c.meta.actor;
      if (lead.claimedBy === actor.id) return [];
      if (lead.status !== 'available') {
        throw new RuleViolation('lead.not_available', `Lead ${leadId} is not available to claim.`, {
          status: lead.status,
          claimedBy: lead.claimedBy,
        });
      }
      return claimAvailable(c, lead);
    }
    case 'OfferLead':
    case 'PassOffer':
    case 'ExpireOffer':
    case 'ReleaseDrippedLead':
      return decideOffer(c, lead);
    case 'ReleaseLead':
      return release(c, lead);
    case 'ReassignLead':
      return reassign(c, lead);
    case 'ChangeLeadStatus':
      return c.data.status === 'available' ? release(c, lead) : changeStatus(c, lead);
    case 'ExemptFromAutoRelease':
    case 'LiftAutoReleaseExemption':
      return exemption(c, lead);
    case 'WarnOfAutoRelease':
    case 'AutoReleaseLead':
      return decideTimer(c, lead);
    case 'EditLeadDetails':
    case 'SetLeadCustomFields':
    case 'MarkLeadImported':
    case 'WithdrawLead':
      return decideDetails(c, lead);
    default:
      return edit(c, lead);
  }
}

function existing(s: LeadState, leadId: number): Lead {
  if (!s.exists) throw new NotFound('lead.not_found', `Lead ${leadId} does not exist.`);
  return s;
}

function held(lead: Lead): Lead & { claimedBy: number } {
  if (lead.claimedBy === null) {
    throw new RuleViolation('lead.not_claimed', `Lead ${lead.id} is not claimed by anyone.`, { status: lead.status });
  }
  return lead as Lead & { claimedBy: number };
}

/** True when the actor has one of these roles in the team of the lead's current holder. */
function leadsHoldersTeam(lead: Lead, meta: HolderMeta, roles: readonly string[]): boolean {
  const { actor, claimer } = meta;
  return (
    roles.includes(actor.role) &&
    actor.teamId !== null &&
    claimer !== undefined &&
    claimer.id === lead.claimedBy &&
    claimer.teamId === actor.teamId
  );
}

function requireEditor(lead: Lead & { claimedBy: number }, meta: HolderMeta): void {
  if (meta.actor.id === lead.claimedBy || leadsHoldersTeam(lead, meta, ['manager'])) return;
  throw new Forbidden('lead.not_claimer', 'Only the agent holding this lead or their manager may change it.', {
    claimedBy: lead.claimedBy,
  });
}

function release(c: ReleaseLead | ChangeLeadStatus, lead: Lead): LeadEvent[] {
  // Already in the pool: the request's goal holds, and nothing about anyone's claim changes.
  if (lead.claimedBy === null) return [];
  const actor = c.meta.actor;
  if (actor.id !== lead.claimedBy && !leadsHoldersTeam(lead, c.meta, ['manager', 'teamLead'])) {
    throw new Forbidden('lead.release_forbidden', 'Only the holder or a manager or team lead of their team may release this lead.', {
      claimedBy: lead.claimedBy,
    });
  }
  if (lead.status === 'sold') throw soldIsFinal(lead);
  const { now } = c.meta;
  const events: LeadEvent[] = [
    { type: 'LeadReleased', data: { leadId: lead.id, userId: lead.claimedBy, releasedBy: actor.id, reason: 'manual', policyVersion: null, at: now } },
  ];
  if (lead.nextFollowUp !== null) events.push({ type: 'FollowUpCleared', data: { leadId: lead.id, at: now } });
  return events;
}

function reassign(c: ReassignLead, lead: Lead): LeadEvent[] {
  const { actor, assigneeTeamId } = c.meta;
  const refuse = () =>
    new Forbidden('lead.reassign_forbidden', "Only a manager of the holder's team may reassign this lead.", {
      claimedBy: lead.claimedBy,
    });
  // The role is checked before the lead's state: an agent is refused whatever the lead is doing.
  if (actor.role !== 'manager') throw refuse();
  const h = held(lead);
  if (!leadsHoldersTeam(h, c.meta, ['manager'])) throw refuse();
  // A manager hands work only to their own people; otherwise the lead leaves their oversight.
  if (assigneeTeamId !== actor.teamId) {
    throw new Forbidden('lead.assignee_not_in_team', 'A lead can only be reassigned to a member of your team.', {
      toUserId: c.data.toUserId,
    });
  }
  if (h.status === 'sold') throw soldIsFinal(h);
  if (c.data.toUserId === h.claimedBy) return [];
  return [
    {
      type: 'LeadReassigned',
      data: { leadId: h.id, from: h.claimedBy, to: c.data.toUserId, reassignedBy: actor.id, at: c.meta.now },
    },
  ];
}

function exemption(c: ExemptFromAutoRelease | LiftAutoReleaseExemption, lead: Lead): LeadEvent[] {
  const { actor, now: at, claimer } = c.meta;
  // A manager of the holder's team: one who sits on it, or the one it names (who may sit on another).
  const managesHolder = leadsHoldersTeam(lead, c.meta, ['manager'])
    || (claimer !== undefined && claimer.id === lead.claimedBy && claimer.teamManagerId === actor.id);
  if (actor.role !== 'manager' || (lead.claimedBy !== null && !managesHolder)) {
    throw new Forbidden('lead.exemption_forbidden', "Only a manager (of the holder's team, for a held lead) may change a lead's auto-release.", {
      claimedBy: lead.claimedBy,
    });
  }
  const exempt = c.type === 'ExemptFromAutoRelease';
  if (lead.autoReleaseExempt === exempt) return [];
  return exempt
    ? [{ type: 'LeadAutoReleaseExempted', data: { leadId: lead.id, exemptedBy: actor.id, at } }]
    : [{ type: 'LeadAutoReleaseExemptionLifted', data: { leadId: lead.id, liftedBy: actor.id, at } }];
}

function changeStatus(c: ChangeLeadStatus, lead: Lead): LeadEvent[] {
  const h = held(lead);
  requireEditor(h, c.meta);
  const to = c.data.status;
  if (to === h.status) return [];
  if (h.status === 'sold' && !leadsHoldersTeam(h, c.meta, ['manager'])) {
    throw new Forbidden('lead.reopen_sold_forbidden', "Only a manager of the holder's team may undo a sale.", {
      status: h.status,
    });
  }
  return [{ type: 'LeadStatusChanged', data: { leadId: h.id, from: h.status, to, at: c.meta.now } }];
}

function edit(c: LeadEditCommand, lead: Lead): LeadEvent[] {
  const h = held(lead);
  requireEditor(h, c.meta);
  const base = { leadId: h.id, at: c.meta.now };
  switch (c.type) {
    case 'MoveLeadStage':
      return c.data.stage === h.stage ? [] : [{ type: 'LeadStageMoved', data: { ...base, from: h.stage, to: c.data.stage } }];
    case 'ChangeLeadPriority':
      return c.data.priority === h.priority
        ? []
        : [{ type: 'LeadPriorityChanged', data: { ...base, from: h.priority, to: c.data.priority } }];
    case 'ScoreLead': {
      const score = normalizeScore(c.data.score);
      return score === h.score ? [] : [{ type: 'LeadScored', data: { ...base, score } }];
    }
    case 'SetLeadTags': {
      const tags = normalizeTags(c.data.tags);
      const same = tags.length === h.tags.length && tags.every((t, i) => t === h.tags[i]);
      return same ? [] : [{ type: 'LeadTagsChanged', data: { ...base, tags } }];
    }
    case 'ScheduleFollowUp': {
      // Past instants are accepted: the picker's "Today" and logging a follow-up after the
      // fact are real uses; a reminder for a past instant simply fires at once.
      const due = normalizeInstant(c.data.due);
      const same = h.nextFollowUp !== null && Date.parse(h.nextFollowUp) === Date.parse(due);
      return same ? [] : [{ type: 'FollowUpScheduled', data: { ...base, due } }];
    }
    case 'ClearFollowUp':
      return h.nextFollowUp === null ? [] : [{ type: 'FollowUpCleared', data: base }];
  }
}

const soldIsFinal = (lead: Lead) =>
  new RuleViolation('lead.sold_is_final', `Lead ${lead.id} is sold; it stays with its seller.`, {
    status: lead.status,
    claimedBy: lead.claimedBy,
  });

/** Integer in 0..100: fractions round to the nearest integer, out-of-range values clamp. */
export function normalizeScore(raw: number): number {
  if (!Number.isFinite(raw)) throw new RuleViolation('lead.invalid_score', 'The score must be a number.');
  return Math.min(100, Math.max(0, Math.round(raw)));
}

/**
 * Trimmed, non-empty, unique, first-seen order kept (the card shows the first two). Unique
 * ignores case, keeping the first spelling: "VIP" and "vip" are one tag to a person, and two
 * spellings would split the tag filter.
 */
export function normalizeTags(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const t of raw.map((x) => x.trim())) {
    const key = t.toLowerCase();
    if (t === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(t);
  }
  return tags;
}

function normalizeInstant(raw: string): string {
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new RuleViolation('lead.invalid_follow_up', 'The follow-up must be a date and time.');
  return new Date(ms).toISOString();
}
