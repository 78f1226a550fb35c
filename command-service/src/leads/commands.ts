import type { CustomFieldDefinition } from '../custom-fields/custom-field-set';
import type { CustomFieldValue, FunnelOrigin, LeadDetailChanges, LeadPriority, LeadSource, LeadStage, LeadStatus, LeadType, PoolDistribution, ScopedPoolPolicy } from '@leadfloor/events';

// Open union: roles beyond these three may appear (spec 6 names only these), and a decider
// must treat an unknown role as having no special rights rather than fail to type-check.
export type Role = 'agent' | 'teamLead' | 'manager' | (string & Record<never, never>);

/** The signed-in user, resolved from the session by the caller. Never taken from a request body. */
export type Actor = { id: number; role: Role; teamId: number | null };

export type CommandMeta = {
  /** The clock reading, taken by the caller: deciders never read the clock. */
  now: string;
  actor: Actor;
  /**
   * The pool policy's cap on active leads for the agent this command would hand the lead to (the
   * claimer, the assignee, or the holder reopening a closed lead), looked up by the caller. The
   * append enforces it (lead-counters.ts); absent or null: no cap.
   */
  claimCap?: ClaimCap | null;
};

export type ClaimCap = { max: number; policyVersion: number };

/**
 * Commands whose permission depends on the current holder's team carry that team, looked up by
 * the caller after loading the lead (decide does no I/O). It names the holder it was resolved
 * for, so a lookup made before a retry (someone else claimed in between) is ignored rather than
 * trusted. Absent or stale means "unknown": managers and team leads are then refused, never let
 * through.
 */
export type HolderMeta = CommandMeta & {
  /** `teamManagerId`: the manager the holder's team names, looked up only where a rule needs it (an exemption). */
  claimer?: { id: number; teamId: number | null; teamManagerId?: number | null };
};

type Command<T extends string, D, M = CommandMeta> = { type: T; data: D; meta: M };
type OnLead<D = object> = { leadId: number } & D;

export type CreateLead = Command<
  'CreateLead',
  OnLead<{
    name: string;
    email: string;
    phone: string;
    address: string | null;
    city: string;
    state: string;
    leadType: LeadType;
    source: LeadSource | null;
    notes: string | null;
    /** The marketing funnel's source and campaign (utm_source, utm_campaign); absent when none said. */
    funnelSource?: string;
    funnelCampaignId?: string;
    /** A funnel form's lead: where it came from (funnels/submission-lead.ts). */
    funnelOrigin?: FunnelOrigin;
    /** Bulk creation under the floor's drip: the lead enters the pool then (drip-release.ts). */
    releaseAt?: string;
  }>
>;
/** No claimer field on purpose: the claimer is always `meta.actor`. */
export type ClaimLead = Command<'ClaimLead', OnLead>;
export type ReleaseLead = Command<'ReleaseLead', OnLead, HolderMeta>;
/** `assigneeTeamId`: the target user's team, resolved by the caller (who also checks the user exists). */
export type ReassignLead = Command<
  'ReassignLead',
  OnLead<{ toUserId: number }>,
  HolderMeta & { assigneeTeamId: number | null }
>;
export type ChangeLeadStatus = Command<'ChangeLeadStatus', OnLead<{ status: LeadStatus }>, HolderMeta>;
export type MoveLeadStage = Command<'MoveLeadStage', OnLead<{ stage: LeadStage }>, HolderMeta>;
export type ChangeLeadPriority = Command<'ChangeLeadPriority', OnLead<{ priority: LeadPriority }>, HolderMeta>;
/** Any number: decide rounds and clamps it to an integer in 0..100. */
export type ScoreLead = Command<'ScoreLead', OnLead<{ score: number }>, HolderMeta>;
/** Raw tags as typed: decide trims them and drops empties and duplicates. */
export type SetLeadTags = Command<'SetLeadTags', OnLead<{ tags: readonly string[] }>, HolderMeta>;
/** `due`: an ISO date-time with offset. */
export type ScheduleFollowUp = Command<'ScheduleFollowUp', OnLead<{ due: string }>, HolderMeta>;
export type ClearFollowUp = Command<'ClearFollowUp', OnLead, HolderMeta>;
/** A manager takes the lead out of the floor's auto-release rule, or puts it back under it. */
export type ExemptFromAutoRelease = Command<'ExemptFromAutoRelease', OnLead, HolderMeta>;
export type LiftAutoReleaseExemption = Command<'LiftAutoReleaseExemption', OnLead, HolderMeta>;

/** The auto-release rule that applies to the holder, as the timer's handler read it when it fired. */
export type AutoReleasePolicy = Pick<ScopedPoolPolicy, 'autoReleaseHours' | 'warnBeforeReleaseMinutes' | 'autoReleaseSince' | 'version'>;
/**
 * The floor's timers, acting for nobody: `claimedAt` names the holding the timer was set for, so
 * a timer of an earlier holding (released and claimed again since) changes nothing.
 */
type TimerMeta = { now: string; policy: AutoReleasePolicy };
export type WarnOfAutoRelease = Command<'WarnOfAutoRelease', OnLead<{ claimedAt: string }>, TimerMeta>;
export type AutoReleaseLead = Command<'AutoReleaseLead', OnLead<{ claimedAt: string }>, TimerMeta>;

/** The floor's offers (decide-offer.ts): made by the rotation or a manager's assign-next, for nobody's hand. */
type OfferMeta = { now: string; assignedBy: number | null };
export type OfferLead = Command<'OfferLead', OnLead<{ userId: number; expiresAt: string; distribution: PoolDistribution; policyVersion: number }>, OfferMeta>;
/** The offered agent says no; a manager may move any offer on (assign-next). */
export type PassOffer = Command<'PassOffer', OnLead>;
/** The offer's timer: `offeredAt` names the offer it was set for. */
export type ExpireOffer = Command<'ExpireOffer', OnLead<{ offeredAt: string }>, { now: string }>;
/** The drip's timer: lets a held lead into the pool once its release instant has come. */
export type ReleaseDrippedLead = Command<'ReleaseDrippedLead', OnLead, { now: string }>;

/**
 * Details and custom field values: the holder, or a manager (a manager keeps the floor's data,
 * an import's update included). `fields`: the active custom fields of the lead's type, looked up
 * by the caller; values are checked against them (custom-fields/field-values.ts).
 */
/** `tags` and `priority` (an import's columns) go the same way: the holder, a manager, or whoever entered the unclaimed lead. */
export type EditLeadDetails = Command<'EditLeadDetails', OnLead<{ changes: LeadDetailChanges; tags?: string[]; priority?: LeadPriority }>>;
export type SetLeadCustomFields = Command<
  'SetLeadCustomFields', OnLead<{ values: Record<string, CustomFieldValue | null>; complete?: boolean }>, CommandMeta & { fields: readonly CustomFieldDefinition[] }
>;
/** Marks a lead just created by an import (row `row` of import `importId`). */
export type MarkLeadImported = Command<'MarkLeadImported', OnLead<{ importId: number; row: number }>>;
/** An import's undo takes back a lead it made; `worked`: the caller found events on it beyond the import's own. */
export type WithdrawLead = Command<'WithdrawLead', OnLead<{ importId: number }>, CommandMeta & { worked: boolean }>;

export type LeadCommand =
  | EditLeadDetails
  | SetLeadCustomFields
  | MarkLeadImported
  | WithdrawLead
  | OfferLead
  | PassOffer
  | ExpireOffer
  | ReleaseDrippedLead
  | CreateLead
  | ClaimLead
  | ReleaseLead
  | ReassignLead
  | ChangeLeadStatus
  | MoveLeadStage
  | ChangeLeadPriority
  | ScoreLead
  | SetLeadTags
  | ScheduleFollowUp
  | ClearFollowUp
  | ExemptFromAutoRelease
  | LiftAutoReleaseExemption
  | WarnOfAutoRelease
  | AutoReleaseLead;

/** The commands that edit a held lead's details; they share one permission rule. */
export type LeadEditCommand = MoveLeadStage | ChangeLeadPriority | ScoreLead | SetLeadTags | ScheduleFollowUp | ClearFollowUp;
