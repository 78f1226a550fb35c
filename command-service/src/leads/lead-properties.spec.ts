import { LeadPrioritySchema, LeadStageSchema, LeadStatusSchema, leadEventSchemas, type LeadEvent } from '@leadfloor/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, VersionConflict } from '../shared/domain-error';
import type { Actor, LeadCommand } from './commands';
import { decide } from './decide';
import { foldLead, type LeadState } from '@leadfloor/events';

// A floor of several actors sends random lead commands, some decided against a stale read of
// the stream (as concurrent requests are). A tiny store appends at an expected version exactly
// as the real one does, and the handler loop re-decides on a version conflict. Whatever the
// sequence, the log must tell a coherent ownership story.

const LEAD_ID = 1;
const actors: Actor[] = [
  { id: 1, role: 'agent', teamId: 10 },
  { id: 2, role: 'agent', teamId: 10 },
  { id: 3, role: 'agent', teamId: 20 },
  { id: 4, role: 'agent', teamId: null },
  { id: 5, role: 'teamLead', teamId: 10 },
  { id: 6, role: 'manager', teamId: 10 },
  { id: 7, role: 'manager', teamId: 20 },
];
const teamOf = (userId: number) => actors.find((a) => a.id === userId)?.teamId ?? null;

type Recorded = { version: number; event: LeadEvent };

/** Appends only at the version the events were decided against, like the Postgres store. */
function append(log: Recorded[], expectedVersion: number, events: LeadEvent[]): void {
  if (events.length === 0) return;
  if (expectedVersion !== log.length) throw new VersionConflict('stream.version_conflict', 'stale');
  events.forEach((event, i) => log.push({ version: expectedVersion + i + 1, event }));
}

const step = fc.record({
  actor: fc.constantFrom(...actors),
  kind: fc.constantFrom(
    'CreateLead', 'ClaimLead', 'ClaimLead', 'ReleaseLead', 'ReassignLead', 'ChangeLeadStatus', 'ChangeLeadStatus',
    'MoveLeadStage', 'ChangeLeadPriority', 'ScoreLead', 'SetLeadTags', 'ScheduleFollowUp', 'ClearFollowUp',
  ),
  status: fc.constantFrom(...LeadStatusSchema.options),
  stage: fc.constantFrom(...LeadStageSchema.options),
  priority: fc.constantFrom(...LeadPrioritySchema.options),
  score: fc.oneof(fc.integer({ min: -50, max: 150 }), fc.double()),
  tags: fc.array(fc.oneof(fc.constantFrom('VIP', ' vip ', '', 'Hot Lead'), fc.string()), { maxLength: 5 }),
  due: fc.oneof(
    fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constant('not a date'),
  ),
  toUser: fc.constantFrom(...actors.map((a) => a.id)),
  staleBy: fc.nat(3),
  resolvesHolder: fc.boolean(),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** What a route would build, resolving the holder's team from the state it just loaded. */
function commandFor(s: Step, state: LeadState, now: string): LeadCommand {
  const holder = state.exists && state.claimedBy !== null ? state.claimedBy : null;
  const meta = {
    now,
    actor: s.actor,
    ...(s.resolvesHolder && holder !== null ? { claimer: { id: holder, teamId: teamOf(holder) } } : {}),
  };
  const leadId = LEAD_ID;
  switch (s.kind) {
    case 'CreateLead':
      return {
        type: 'CreateLead',
        meta,
        data: { leadId, name: 'Lee', email: 'lee@example.com', phone: '555-0199', address: null, city: 'Reno', state: 'NV', leadType: 'forex', source: null, notes: null },
      };
    case 'ClaimLead': case 'ReleaseLead': case 'ClearFollowUp':
      return { type: s.kind, meta, data: { leadId } };
    case 'ReassignLead':
      return { type: s.kind, meta: { ...meta, assigneeTeamId: teamOf(s.toUser) }, data: { leadId, toUserId: s.toUser } };
    case 'ChangeLeadStatus': return { type: s.kind, meta, data: { leadId, status: s.status } };
    case 'MoveLeadStage': return { type: s.kind, meta, data: { leadId, stage: s.stage } };
    case 'ChangeLeadPriority': return { type: s.kind, meta, data: { leadId, priority: s.priority } };
    case 'ScoreLead': return { type: s.kind, meta, data: { leadId, score: s.score } };
    case 'SetLeadTags': return { type: s.kind, meta, data: { leadId, tags: s.tags } };
    case 'ScheduleFollowUp': return { type: s.kind, meta, data: { leadId, due: s.due } };
    default: throw new Error(`unmapped ${String(s.kind)}`);
  }
}

/** The command handler's loop: decide against what was read, append, re-decide on conflict. */
function handle(log: Recorded[], s: Step, now: string): void {
  let version = Math.max(0, log.length - s.staleBy);
  for (let attempt = 0; attempt < 10; attempt++) {
    const state = foldLead(log.slice(0, version).map((r) => r.event));
    let events: LeadEvent[];
    try {
      events = decide(commandFor(s, state, now), state);
    } catch (e) {
      if (e instanceof DomainError && e.kind !== 'VersionConflict') return; // refused: nothing written
      throw e;
    }
    try {
      return append(log, version, events);
    } catch (e) {
      if (!(e instanceof VersionConflict)) throw e;
      version = log.length;
    }
  }
  throw new Error('a fresh read must never conflict in a single-threaded run');
}

/** Reads the log on its own terms (not through evolve) and checks the ownership story. */
function checkLog(log: Recorded[]): void {
  let owner: number | null = null;
  log.forEach(({ version, event }, i) => {
    expect(version).toBe(i + 1);
    expect(() => leadEventSchemas[event.type].parse(event.data)).not.toThrow();
    expect(event.type === 'LeadCreated').toBe(i === 0);
    const before = foldLead(log.slice(0, i).map((r) => r.event));
    switch (event.type) {
      case 'LeadClaimed':
        expect(owner).toBeNull();
        expect(before.exists && before.status).toBe('available');
        owner = event.data.userId;
        break;
      case 'LeadReleased':
        expect(event.data.userId).toBe(owner);
        owner = null;
        break;
      case 'LeadReassigned':
        expect(event.data.from).toBe(owner);
        owner = event.data.to;
        break;
    }
    const after = foldLead(log.slice(0, i + 1).map((r) => r.event));
    if (!after.exists) throw new Error('the log starts with LeadCreated');
    expect(after.claimedBy).toBe(owner);
    expect(after.status === 'available').toBe(owner === null);
  });
}

describe('lead invariants under random commands from several actors', () => {
  it('keeps at most one owner, never claims a lead that is not available, and keeps versions contiguous', () => {
    fc.assert(
      // Most runs start by creating the lead so the interesting rules get exercised; the rest
      // also cover commands on a lead that does not exist.
      fc.property(fc.option(step, { nil: undefined, freq: 4 }), fc.array(step, { maxLength: 40 }), (first, steps) => {
        const log: Recorded[] = [];
        const all: Step[] = first ? [{ ...first, kind: 'CreateLead' }, ...steps] : steps;
        all.forEach((s, i) => handle(log, s, new Date(Date.UTC(2025, 2, 1, 9, i)).toISOString()));
        checkLog(log);
      }),
      { numRuns: 400 },
    );
  });
});
