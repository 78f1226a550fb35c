import { foldLead, type LeadEvent, type LeadState, type RecordedEvent } from '@leadfloor/events';
import { CounterLimitError } from '@leadfloor/infra/event-store/errors';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { isDomainError } from '../shared/domain-error';
import { createCommandHandler, toDomainEvent } from '../shared/handle-command';
import type { HolderMeta, LeadCommand } from './commands';
import { leadAggregate, leadStream } from './lead-aggregate';
import { ACTIVE_CLAIMS, isActiveStatus } from './lead-counters';

// The cap on active leads spans every lead an agent holds, so no single stream's version guards
// it. Three agents claim, release, work and close five leads while the cap moves, and
// fast-check's scheduler picks the order in which every read and append of theirs reaches the
// real PostgreSQL: stale caches, lost races and retries included. Whatever the interleaving, at
// every point of the log (commit order) no agent holds more active leads than the cap the
// command that gave them one carried, and the store's counter agrees with the log.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 12 });
  store = createPostgresEventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const LEADS = 5;
const op = fc.record({
  kind: fc.constantFrom('claim', 'claim', 'claim', 'release', 'status', 'recap'),
  agent: fc.nat(2),
  lead: fc.nat(LEADS - 1),
  status: fc.constantFrom('contacted', 'qualified', 'sold', 'lost', 'claimed'),
  cap: fc.integer({ min: 1, max: 3 }),
});
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

let run = 0;

/** An event store whose calls start only when the scheduler lets them: it chooses the interleaving. */
const scheduled = (s: fc.Scheduler, inner: EventStore): EventStore => {
  const gate = <A extends unknown[], T>(name: string, f: (...a: A) => Promise<T>) =>
    (...a: A) => s.schedule(Promise.resolve(), `${name}(${String(a[0] && typeof a[0] === 'object' ? (a[0] as { streamId?: string }).streamId : a[0])})`).then(() => f(...a));
  return { ...inner, append: gate('append', inner.append), readForCommand: gate('read', inner.readForCommand), readStream: gate('readStream', inner.readStream) };
};

describe('the cap on active leads, under any interleaving', () => {
  it('is never exceeded, and the counter always equals the log', async () => {
    await fc.assert(fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 3 }), fc.array(op, { minLength: 3, maxLength: 12 }), async (s, initialCap, ops) => {
      run++;
      const agents = [1, 2, 3].map((i) => run * 10 + i);
      const firstLead = run * 100;
      const leadIds = Array.from({ length: LEADS }, (_, i) => firstLead + i);
      const setup = createCommandHandler(store);
      const now = new Date().toISOString();
      for (const leadId of leadIds) {
        await setup(leadAggregate, leadStream(leadId), [{
          type: 'CreateLead', meta: { now, actor: { id: 999, role: 'manager', teamId: 10 } },
          data: { leadId, name: `Lead ${leadId}`, email: 'l@example.com', phone: '555-0100', address: null, city: 'Austin', state: 'TX', leadType: 'forex', source: null, notes: null },
        }], { actorId: 999, correlationId: 'prop' });
      }

      const handle = createCommandHandler(scheduled(s, store));
      let cap = initialCap;
      /** The cap each appended command carried, by lead stream and the version it produced. */
      const capOf = new Map<string, number>();
      const act = async (o: Op) => {
        if (o.kind === 'recap') {
          await s.schedule(Promise.resolve(), `cap=${o.cap}`);
          cap = o.cap;
          return;
        }
        const agent = agents[o.agent]!;
        const leadId = leadIds[o.lead]!;
        let carried = cap;
        const build = (st: LeadState): LeadCommand[] => {
          carried = cap;
          const meta: HolderMeta = {
            now: new Date().toISOString(), actor: { id: agent, role: 'agent', teamId: 10 },
            claimer: st.exists && st.claimedBy !== null ? { id: st.claimedBy, teamId: 10 } : undefined,
            claimCap: { max: carried, policyVersion: carried },
          };
          if (o.kind === 'claim') return [{ type: 'ClaimLead', data: { leadId }, meta }];
          if (o.kind === 'release') return [{ type: 'ReleaseLead', data: { leadId }, meta }];
          return [{ type: 'ChangeLeadStatus', data: { leadId, status: o.status }, meta }];
        };
        try {
          const out = await handle(leadAggregate, leadStream(leadId), build, { actorId: agent, correlationId: 'prop' });
          if (out.events.length > 0) capOf.set(`${leadStream(leadId)}@${out.version}`, carried);
        } catch (err) {
          if (!isDomainError(err) && !(err instanceof CounterLimitError)) throw err;
        }
      };
      const all = Promise.all(ops.map(act));
      let finished = false;
      void all.finally(() => {
        finished = true;
      });
      while (!finished) {
        if (s.count() > 0) await s.waitOne();
        else await new Promise((r) => setTimeout(r, 1));
      }
      await all;

      // The log of these leads in commit order, folded lead by lead and counted agent by agent.
      const { rows } = await pool.query<{ stream_id: string; stream_version: string; type: string; data: unknown; schema_version: number }>(
        `select stream_id, stream_version, type, data, (metadata->>'schemaVersion')::int as schema_version from events
         where stream_id = any($1) order by transaction_id, global_position`, [leadIds.map(leadStream)]);
      const leads = new Map<string, LeadEvent[]>();
      const held = new Map<number, number>();
      const holderOf = (st: LeadState) => (st.exists && st.claimedBy !== null && isActiveStatus(st.status) ? st.claimedBy : null);
      for (const r of rows) {
        const history = leads.get(r.stream_id) ?? [];
        const before = holderOf(foldLead(history));
        history.push(toDomainEvent<LeadEvent>({ type: r.type, data: r.data, metadata: { schemaVersion: r.schema_version } } as Pick<RecordedEvent, 'type' | 'data' | 'metadata'>));
        leads.set(r.stream_id, history);
        const after = holderOf(foldLead(history));
        if (before === after) continue;
        if (before !== null) held.set(before, held.get(before)! - 1);
        if (after !== null) {
          held.set(after, (held.get(after) ?? 0) + 1);
          const carried = capOf.get(`${r.stream_id}@${r.stream_version}`);
          expect(carried, `the cap of ${r.stream_id}@${r.stream_version}`).toBeDefined();
          expect(held.get(after)!, `agent ${after} at ${r.stream_id}@${r.stream_version}`).toBeLessThanOrEqual(carried!);
        }
      }
      const { rows: counters } = await pool.query<{ key: string; value: string }>(
        'select key, value from counters where scope = $1 and key = any($2)', [ACTIVE_CLAIMS, agents.map(String)]);
      const counted = Object.fromEntries(counters.map((c) => [Number(c.key), Number(c.value)]));
      for (const agent of agents) expect(counted[agent] ?? 0, `counter of agent ${agent}`).toBe(held.get(agent) ?? 0);
    }), { numRuns: 40 });
  }, 240_000);
});
