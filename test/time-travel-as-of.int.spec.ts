import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, LeadCommand } from '../command-service/src/leads/commands';
import { decide } from '../command-service/src/leads/decide';
import { LeadListQuerySchema, type Lead, type LeadListQuery } from '../contracts/src';
import {
  eventTime, evolveLead, foldLead, parseEventData, type LeadEvent, type LeadState, type RecordedEvent,
} from '../events/src';
import { createPostgresEventStore } from '../infra/src/event-store/postgres-event-store';
import type { Pool } from '../infra/src/postgres/pool';
import { leadPoolHistory } from '../projector/src/projections/lead-pool-history';
import { projections } from '../projector/src/run-projections';
import { poolAsOf } from '../query-service/src/time-travel/pool-as-of';
import { projectionLog } from './projection-log';

// Two agents of one team and their manager: enough for claims, refusals, releases by the
// manager and one agent's "my leads".
const actors: Actor[] = [{ id: 1, role: 'agent', teamId: 10 }, { id: 2, role: 'agent', teamId: 10 }, { id: 100, role: 'manager', teamId: 10 }];
const START = Date.UTC(2026, 0, 5, 9, 0);

type Step = { lead: number; kind: number; actor: number; pick: number; gapMinutes: number };
const stepArb = fc.record({
  lead: fc.nat(3), kind: fc.nat(13), actor: fc.oneof(fc.constant(0), fc.constant(0), fc.nat(2)), pick: fc.nat(5),
  // Zero: two commands in one millisecond, whose earlier version no instant shows.
  gapMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 180 })),
});

const statuses = ['claimed', 'contacted', 'qualified', 'sold', 'lost', 'claimed'] as const;
const stages = ['new', 'discovery', 'proposal', 'negotiation', 'closed', 'discovery'] as const;
const priorities = ['low', 'medium', 'high', 'medium', 'low', 'high'] as const;
const names = ['Zed Ames', 'amy Cole', 'Bo Diaz', 'Cy Ng'];
const details = [
  { name: 'Abe Zorn' }, { notes: 'Call after 5' }, { name: 'zoe Park', source: 'referral' as const }, { notes: null },
  { source: null }, { name: 'Cy Ng' },
];

/** The command a step stands for, on lead `leadId`, by `actor`, at `now`. */
function commandOf(s: Step, leadId: number, state: LeadState, now: string): LeadCommand {
  const holder = state.exists && state.claimedBy !== null ? actors.find((a) => a.id === state.claimedBy) : undefined;
  // Mostly the holder works the lead; otherwise the other agent (refused) or the manager.
  const actor = s.actor === 0 ? holder ?? actors[0]! : actors[s.actor]!;
  const meta = { now, actor, ...(holder ? { claimer: { id: holder.id, teamId: holder.teamId } } : {}) };
  const on = { leadId };
  switch (s.kind) {
    case 0: return {
      type: 'CreateLead', meta, data: {
        leadId, name: names[s.lead]!, email: `l${leadId}@example.com`, phone: '555-0100', address: null, city: 'Austin', state: 'TX',
        leadType: (['real_estate', 'finance', 'forex'] as const)[s.pick % 3]!, source: 'website', notes: null,
      },
    };
    case 1: return { type: 'ClaimLead', meta, data: on };
    case 2: return { type: 'ReleaseLead', meta, data: on };
    case 3: case 4: return { type: 'ChangeLeadStatus', meta, data: { ...on, status: statuses[s.pick]! } };
    case 5: case 6: return { type: 'MoveLeadStage', meta, data: { ...on, stage: stages[s.pick]! } };
    case 7: return { type: 'ChangeLeadPriority', meta, data: { ...on, priority: priorities[s.pick]! } };
    case 8: return { type: 'ScoreLead', meta, data: { ...on, score: s.pick * 20 } };
    case 9: return { type: 'SetLeadTags', meta, data: { ...on, tags: ['hot', 'vip', 'callback'].slice(0, s.pick % 4) } };
    case 10: return { type: 'ScheduleFollowUp', meta, data: { ...on, due: new Date(Date.parse(now) + (s.pick - 2) * 3_600_000).toISOString() } };
    case 11: return { type: 'ClearFollowUp', meta, data: on };
    // A correction of the lead's details: its name (which the name sort and every read show), notes, source.
    case 12: return { type: 'EditLeadDetails', meta, data: { ...on, changes: details[s.pick]! } };
    // An import's undo takes back a lead nobody has claimed or worked: the manager's, refused otherwise.
    default: return { type: 'WithdrawLead', meta: { now, actor: actors[2]!, worked: false }, data: { ...on, importId: 1 } };
  }
}

const asLeadEvent = (e: RecordedEvent) =>
  ({ type: e.type, data: parseEventData(e.type as LeadEvent['type'], e.data, e.metadata.schemaVersion) }) as LeadEvent;

/** What the pool read shows of a lead, from either side. */
const shown = (l: Omit<Lead, 'claimedByName' | 'autoReleaseAt'> | Lead) => ({
  id: l.id, name: l.name, source: l.source, notes: l.notes, leadType: l.leadType, status: l.status, claimedBy: l.claimedBy, claimedAt: l.claimedAt, stage: l.stage,
  priority: l.priority, score: l.score, tags: l.tags, nextFollowUp: l.nextFollowUp, lastContactedAt: l.lastContactedAt,
  autoReleaseExempt: l.autoReleaseExempt, createdAt: l.createdAt, updatedAt: l.updatedAt, version: l.version,
});

/** The replay: each lead's events that happened at or before `t`, folded as the command side folds them. */
function replayAt(streams: Map<number, RecordedEvent[]>, t: number) {
  const leads = [];
  for (const events of streams.values()) {
    const upTo = events.filter((e) => eventTime(e).getTime() <= t);
    const state = foldLead(upTo.map(asLeadEvent));
    if (!state.exists) continue;
    const { exists: _x, createdBy: _c, autoReleaseResumedAt: _r, autoReleaseWarnedFor: _w, customFields: _f, ...lead } =
      state as typeof state & { customFields?: unknown };
    leads.push(shown({ ...lead, version: upTo[upTo.length - 1]!.streamVersion }));
  }
  return leads;
}

// The same filter on both sides: the read's query parameters, and the rule over a replayed lead.
const filters: { query: Partial<LeadListQuery>; keep(l: ReturnType<typeof shown>): boolean; order?(a: ReturnType<typeof shown>, b: ReturnType<typeof shown>): number }[] = [
  { query: {}, keep: () => true },
  { query: { tab: 'claimed' }, keep: (l) => l.status === 'claimed' && l.claimedBy !== null },
  { query: { tab: 'closed' }, keep: (l) => l.status === 'sold' || l.status === 'lost' },
  { query: { stageFilter: 'discovery' }, keep: (l) => l.stage === 'discovery' },
  { query: { showMyLeadsOnly: 'true' } as Partial<LeadListQuery>, keep: (l) => l.claimedBy === 1 },
  { query: { tags: 'hot' }, keep: (l) => l.tags.includes('hot') },
  { query: { scoreMin: 40 } as Partial<LeadListQuery>, keep: (l) => l.score === null || l.score >= 40 },
  {
    query: { sort: 'name_asc' }, keep: () => true,
    order: (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') || a.id - b.id,
  },
];
const newestFirst = (a: ReturnType<typeof shown>, b: ReturnType<typeof shown>) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/** Every page of the as-of read, two leads at a time, following the cursors. */
async function readAll(pool: Pool, query: Partial<LeadListQuery>, t: Date, walkFrom: number) {
  const out = [];
  let cursor: string | undefined;
  let total = -1;
  for (let i = 0; i < 20; i++) {
    const page = await poolAsOf(pool, LeadListQuerySchema.parse({ ...query, limit: 2, cursor }), 1, t, { walkFrom });
    total = page.total;
    out.push(...page.leads.map(shown));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { leads: out, total };
}

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
beforeAll(async () => {
  // Every read model's tables: the pool's filters may consult another's (the drip's holds, say).
  log = await projectionLog([], projections);
  pool = log.pool;
});
afterAll(() => log.close());

describe('the pool as of an instant', () => {
  it('equals a replay of the log up to that instant, over random command sequences (edits and withdrawals too), batches and redeliveries', async () => {
    const store = createPostgresEventStore(pool);
    let run = 0;
    let appended = 0;
    const seen = new Map<string, number>();
    await fc.assert(fc.asyncProperty(
      fc.array(stepArb, { minLength: 8, maxLength: 40 }), fc.array(fc.nat(40), { maxLength: 4 }), fc.nat(filters.length - 1),
      // Both page plans: walking the creation index, and sorting every match.
      fc.constantFrom(0, Number.POSITIVE_INFINITY),
      async (steps, cuts, filterIndex, walkFrom) => {
        run += 1;
        const base = run * 10;
        await pool.query(`delete from ${leadPoolHistory.tables.versions}`);
        // The commands, decided by the real decider against each lead's state, appended to the store.
        const states = new Map<number, LeadState>();
        // A withdrawn lead is gone for good: its id is never made again.
        const withdrawn = new Set<number>();
        const versions = new Map<number, number>();
        let clock = START;
        for (const s of steps) {
          clock += s.gapMinutes * 60_000;
          const leadId = base + s.lead;
          if (withdrawn.has(leadId)) continue;
          const state = states.get(leadId) ?? { exists: false };
          // The first step on a lead creates it; a later "create" is a step that does nothing.
          if (state.exists && s.kind === 0) continue;
          let events: LeadEvent[];
          try {
            // An agent about to work a lead in the pool claims it first.
            // (A withdrawal is the manager's, of a lead nobody claimed: no claim first.)
            const kind = !state.exists ? 0 : state.claimedBy === null && s.actor === 0 && s.kind >= 3 && s.kind !== 13 ? 1 : s.kind;
            events = decide(commandOf({ ...s, kind }, leadId, state, new Date(clock).toISOString()), state);
          } catch {
            continue; // refused (not available, not the holder...): nothing happened
          }
          if (events.length === 0) continue;
          const expectedVersion = versions.get(leadId) ?? 0;
          await store.append({ streamId: `lead-${leadId}`, streamType: 'lead', expectedVersion, events, metadata: { actorId: 1, correlationId: 'prop', causationId: null } });
          versions.set(leadId, expectedVersion + events.length);
          states.set(leadId, events.reduce(evolveLead, state));
          if (events.some((e) => e.type === 'LeadWithdrawn')) withdrawn.add(leadId);
          for (const e of events) seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
        }
        const streams = new Map<number, RecordedEvent[]>();
        for (const id of versions.keys()) streams.set(id, await store.readStream(`lead-${id}`));
        const all = [...streams.values()].flat().sort((a, b) => Number(BigInt(a.globalPosition) - BigInt(b.globalPosition)));

        // The projection, in batches cut at random, with a redelivered stretch.
        const c = await pool.connect();
        try {
          const points = [...new Set(cuts.map((x) => Math.min(x, all.length)))].sort((a, b) => a - b);
          let from = 0;
          for (const to of [...points, all.length]) {
            await leadPoolHistory.apply(c, all.slice(from, to), leadPoolHistory.tables);
            from = to;
          }
          await leadPoolHistory.apply(c, all.slice(Math.floor(all.length / 2)), leadPoolHistory.tables);
        } finally {
          c.release();
        }

        appended += all.length;
        const times = all.map((e) => eventTime(e).getTime());
        const probes = [START - 60_000, ...times, ...times.map((t) => t - 1), ...times.map((t) => t + 30_000), clock + 3_600_000];
        const filter = filters[filterIndex]!;
        for (const t of new Set(probes)) {
          const expected = replayAt(streams, t).filter(filter.keep).sort(filter.order ?? newestFirst);
          const got = await readAll(pool, filter.query, new Date(t), walkFrom);
          expect(got.leads, `as of ${new Date(t).toISOString()} with ${JSON.stringify(filter.query)}`).toEqual(expected);
          expect(got.total).toBe(expected.length);
        }
      },
    ), { numRuns: 25 });
    // The sequences did exercise the fold: many steps were decided and appended, not refused (a run
    // appends some 250-450 events; a generator that only made refused steps would append ~25).
    expect(appended).toBeGreaterThan(100);
    // ... including corrections of a lead's details and withdrawals of leads (an import's undo).
    expect(seen.get('LeadDetailsEdited')).toBeGreaterThan(0);
    expect(seen.get('LeadWithdrawn')).toBeGreaterThan(0);
  });
});
