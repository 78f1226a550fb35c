import {
  autoReleaseTimes, parseEventData, poolPolicyFor, type LeadState, type PoolPolicies, type RecordedEvent,
} from '@leadfloor/events';
import { teamOf } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { z } from 'zod';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import type { LeadCommand } from './commands';
import { leadAggregate, leadStream } from './lead-aggregate';

/**
 * One timer of one holding: `claimedAt` names the holding, `kind` whether it warns or releases.
 * The payload only says what to re-check (infra/src/jobs README): the handler decides on the
 * lead and the policy as they are when it fires.
 */
export const AutoReleaseJob = defineJobQueue({
  name: 'lead-auto-release',
  payload: z.strictObject({ leadId: z.number().int().positive(), claimedAt: z.iso.datetime({ offset: true }), kind: z.enum(['warn', 'release']) }),
});

export type AutoReleaseDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; jobs: Jobs; policies: PoolPolicyReader; now: () => Date; logger?: ReactorLogger;
};

/** What a holding's timers need: the lead as the pool shows it, its holder's team, its exemption. */
type Holding = { leadId: number; claimedAt: Date; lastContactedAt: Date | null; teamId: number | null; exempt: boolean; resumedAt: Date | null };

const ms = (iso: string) => Date.parse(iso);

/**
 * Sets a holding's warning and release timers for the times its policy gives now. A job id names
 * the holding and its release instant, so setting the same timers again is a no-op, and a policy
 * change (another instant) sets new ones; the old ones fire, find nothing due, and do nothing.
 */
export async function setTimers(jobs: Jobs, leadId: number, claimedAt: string, times: { releaseAt: string; warnAt: string | null }) {
  const holding = `${leadId}-${ms(claimedAt)}-${ms(times.releaseAt)}`;
  const queue = jobs.queue(AutoReleaseJob);
  if (times.warnAt !== null) await queue.enqueue({ leadId, claimedAt, kind: 'warn' }, { jobId: `auto-release-warn-${holding}`, runAt: new Date(times.warnAt) });
  await queue.enqueue({ leadId, claimedAt, kind: 'release' }, { jobId: `auto-release-${holding}`, runAt: new Date(times.releaseAt) });
}

/**
 * Fires one timer: the warning or the release as a command on the lead, decided on its current
 * state and expected version (decide-auto-release.ts). A duplicate, a late one, or one racing
 * the reconciler's finds the holding warned or gone and appends nothing.
 */
export async function fireTimer(deps: AutoReleaseDeps, p: z.output<typeof AutoReleaseJob.payload>, correlationId: string) {
  const policies = await deps.policies();
  const commands = async (s: LeadState): Promise<LeadCommand[]> => {
    if (!s.exists || s.claimedBy === null || s.claimedAt !== p.claimedAt) return [];
    const policy = poolPolicyFor(policies, await teamOf(deps.pool, s.claimedBy));
    const meta = { now: deps.now().toISOString(), policy };
    return [p.kind === 'warn'
      ? { type: 'WarnOfAutoRelease', data: { leadId: p.leadId, claimedAt: p.claimedAt }, meta }
      : { type: 'AutoReleaseLead', data: { leadId: p.leadId, claimedAt: p.claimedAt }, meta }];
  };
  await deps.handle(leadAggregate, leadStream(p.leadId), commands, { actorId: null, correlationId });
}

const hasAutoRelease = (p: PoolPolicies) => p.floor.autoReleaseHours !== null || Object.values(p.teams).some((t) => t.autoReleaseHours !== null);

/**
 * The reconciler: every lead held in status claimed, timed under today's policy; sets the timers
 * of those due before `until` (overdue ones fire at once). Run on start, so timers lost with a
 * crash still fire, after each policy change, and every `sweepEveryMs`, so a holding whose timer
 * was never set (its claim read before a policy change reached the pool's read model) is set
 * before it is due. Reads the read models; the timers themselves re-check the log.
 */
export async function sweepHoldings(deps: AutoReleaseDeps, until: Date | null): Promise<number> {
  const policies = await deps.policies();
  if (!hasAutoRelease(policies)) return 0;
  const { rows } = await deps.pool.query<Holding>(
    `select l.id as "leadId", l.claimed_at as "claimedAt", l.last_contacted_at as "lastContactedAt",
            u.team_id as "teamId", coalesce(x.exempt, false) as exempt, x.resumed_at as "resumedAt"
     from lead_pool_v1 l left join users_v1 u on u.id = l.claimed_by left join lead_auto_release_v1 x on x.id = l.id
     where l.status = 'claimed' and l.claimed_by is not null and not coalesce(x.exempt, false)`);
  let set = 0;
  for (const h of rows) {
    const claimedAt = h.claimedAt.toISOString();
    const times = autoReleaseTimes({
      status: 'claimed', claimedAt, lastContactedAt: h.lastContactedAt?.toISOString() ?? null,
      autoReleaseExempt: h.exempt, autoReleaseResumedAt: h.resumedAt?.toISOString() ?? null,
    }, poolPolicyFor(policies, h.teamId));
    if (!times || (until && ms(times.warnAt ?? times.releaseAt) > until.getTime())) continue;
    await setTimers(deps.jobs, h.leadId, claimedAt, times);
    set++;
  }
  return set;
}

/**
 * The process manager: a claim, a reassignment or a lifted exemption sets that holding's timers;
 * a policy change runs the reconciler over every holding.
 */
export function autoReleaseReactor(deps: AutoReleaseDeps): Reactor {
  return {
    name: 'auto_release_v1',
    handles: ['LeadClaimed', 'LeadReassigned', 'LeadAutoReleaseExemptionLifted', 'PoolPolicySet', 'PoolPolicyOverrideRemoved'],
    async react(e: RecordedEvent) {
      if (e.type === 'PoolPolicySet' || e.type === 'PoolPolicyOverrideRemoved') {
        await sweepHoldings(deps, null);
        return;
      }
      const { leadId } = parseEventData(e.type as 'LeadClaimed', e.data, e.metadata.schemaVersion);
      const { state: lead } = await loadState(deps.store, leadAggregate, leadStream(leadId));
      if (!lead.exists || lead.claimedBy === null || lead.claimedAt === null) return;
      const policy = poolPolicyFor(await deps.policies(), await teamOf(deps.pool, lead.claimedBy));
      const times = autoReleaseTimes(lead, policy);
      if (times) await setTimers(deps.jobs, leadId, lead.claimedAt, times);
    },
  };
}

/** Every quarter hour the reconciler sets the timers due before the next pass. */
export const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * Starts the timers' worker, and the reconciler: at once (the missed timers of a restart fire
 * now) and every `sweepEveryMs`. A pass that fails (the database restarting) is logged and
 * tried at the next one.
 */
export function startAutoRelease(deps: AutoReleaseDeps, { sweepEveryMs = SWEEP_EVERY_MS } = {}) {
  deps.jobs.work(AutoReleaseJob, (payload, { correlationId }) => fireTimer(deps, payload, correlationId), { concurrency: 2 });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pass = async () => {
    try {
      await sweepHoldings(deps, new Date(deps.now().getTime() + sweepEveryMs));
    } catch (err) {
      deps.logger?.error({ err }, 'auto-release reconciler pass failed; it runs again at the next one');
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = pass();
      }, sweepEveryMs);
      timer.unref?.();
    }
  };
  let running = pass();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
