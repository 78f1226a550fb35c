import { parseEventData, type LeadState, type RecordedEvent } from '@leadfloor/events';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import { z } from 'zod';
import type { LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import { isDomainError } from '../shared/domain-error';
import { offerNext, type OfferDeps } from './offer-next';

const at = z.iso.datetime({ offset: true });
const leadId = z.number().int().positive();

/** An offer's end: `offeredAt` names the offer, so a timer of an earlier one changes nothing. */
export const OfferExpiryJob = defineJobQueue({ name: 'lead-offer-expiry', payload: z.strictObject({ leadId, offeredAt: at, expiresAt: at }) });
/** A drip-held lead's release instant. */
export const DripReleaseJob = defineJobQueue({ name: 'lead-drip-release', payload: z.strictObject({ leadId, releaseAt: at }) });

export type OfferProcessDeps = OfferDeps & { jobs: Jobs; logger?: ReactorLogger };

const ms = (iso: string) => Date.parse(iso);

export const setExpiryTimer = (jobs: Jobs, p: { leadId: number; offeredAt: string; expiresAt: string }) =>
  jobs.queue(OfferExpiryJob).enqueue(p, { jobId: `offer-expiry-${p.leadId}-${ms(p.offeredAt)}`, runAt: new Date(p.expiresAt) });
export const setDripTimer = (jobs: Jobs, p: { leadId: number; releaseAt: string }) =>
  jobs.queue(DripReleaseJob).enqueue(p, { jobId: `drip-release-${p.leadId}-${ms(p.releaseAt)}`, runAt: new Date(p.releaseAt) });

/** A timer's command on the lead as it is when it fires (decide-offer.ts re-checks everything). */
async function fire(deps: OfferProcessDeps, id: number, build: (now: string) => LeadCommand, correlationId: string) {
  await deps.handle(leadAggregate, leadStream(id), (s: LeadState) => (s.exists ? [build(deps.now().toISOString())] : []), { actorId: null, correlationId });
}

/**
 * Offers to the next agent for one event, or nothing: the lead's rules are first come, the
 * lead is no longer in the pool, or nobody can take it (it stays open to everyone). A refusal
 * here is the lead's state moving on (claimed meanwhile), not a failure.
 */
async function offerFor(deps: OfferProcessDeps, id: number, e: RecordedEvent) {
  // The usual floor (first come everywhere) costs no read of the lead.
  const policies = await deps.policies();
  if ([policies.floor, ...Object.values(policies.teams)].every((p) => p.distribution === 'first_come')) return;
  try {
    await offerNext(deps, id, { ctx: { actorId: null, correlationId: e.metadata.correlationId, causationId: e.eventId }, key: e.eventId });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    // A pick that lost every race for the rotation's stream: the lead stays open to everyone
    // rather than the offers stopping for the whole floor.
    if (err.kind === 'VersionConflict') deps.logger?.error({ err, leadId: id }, 'lead not offered: the rotation was too busy; it stays open to all');
  }
}

/**
 * The offers' process manager (`lead_offers_v1`): a new lead (or one the drip lets in) is offered
 * to the rotation's next agent; a pass or an expiry moves it on; each offer's end and each drip
 * release is a durable timer. A manager's assign-next offers by itself (its pass is its own).
 */
export function offerReactor(deps: OfferProcessDeps): Reactor {
  return {
    name: 'lead_offers_v1',
    handles: ['LeadCreated', 'LeadDripReleased', 'LeadOffered', 'LeadOfferPassed', 'LeadOfferExpired'],
    async react(e) {
      const d = parseEventData(e.type as 'LeadOffered', e.data, e.metadata.schemaVersion) as unknown as Record<string, unknown> & { leadId: number; at: string };
      switch (e.type) {
        case 'LeadCreated':
          if (typeof d.releaseAt === 'string') await setDripTimer(deps.jobs, { leadId: d.leadId, releaseAt: d.releaseAt });
          else await offerFor(deps, d.leadId, e);
          return;
        case 'LeadOffered':
          await setExpiryTimer(deps.jobs, { leadId: d.leadId, offeredAt: d.at, expiresAt: d.expiresAt as string });
          return;
        case 'LeadOfferPassed':
          if (d.passedBy !== d.userId) return;
          await offerFor(deps, d.leadId, e);
          return;
        default:
          await offerFor(deps, d.leadId, e);
      }
    },
  };
}

/**
 * The reconciler: every running offer and every held drip lead, from the read model, due before
 * `until`, gets its timer again (a job id per offer or release makes that a no-op when it is
 * there). On start, so a timer lost with a crash still fires, then every `sweepEveryMs`.
 */
export async function sweepOfferTimers(deps: OfferProcessDeps, until: Date): Promise<number> {
  const { rows } = await deps.pool.query<{ id: number; offered_at: Date | null; offer_expires_at: Date | null; held_until: Date | null }>(
    `select id, offered_at, offer_expires_at, held_until from lead_distribution_v1
     where (offered_to is not null and offer_expires_at <= $1) or (held_until is not null and held_until <= $1)`, [until]);
  for (const r of rows) {
    if (r.offered_at && r.offer_expires_at) {
      await setExpiryTimer(deps.jobs, { leadId: r.id, offeredAt: r.offered_at.toISOString(), expiresAt: r.offer_expires_at.toISOString() });
    }
    if (r.held_until) await setDripTimer(deps.jobs, { leadId: r.id, releaseAt: r.held_until.toISOString() });
  }
  return rows.length;
}

export const OFFER_SWEEP_EVERY_MS = 60_000;

/** The timers' workers and the reconciler (at once, then every `sweepEveryMs`); a failed pass is logged and retried at the next. */
export function startOfferTimers(deps: OfferProcessDeps, { sweepEveryMs = OFFER_SWEEP_EVERY_MS } = {}) {
  deps.jobs.work(OfferExpiryJob, (p, { correlationId }) => fire(deps, p.leadId, (now) => ({
    type: 'ExpireOffer', data: { leadId: p.leadId, offeredAt: p.offeredAt }, meta: { now },
  }), correlationId), { concurrency: 2 });
  deps.jobs.work(DripReleaseJob, (p, { correlationId }) => fire(deps, p.leadId, (now) => ({
    type: 'ReleaseDrippedLead', data: { leadId: p.leadId }, meta: { now },
  }), correlationId), { concurrency: 2 });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pass = async () => {
    try {
      await sweepOfferTimers(deps, new Date(deps.now().getTime() + sweepEveryMs));
    } catch (err) {
      // On a new floor the first pass can run before the projections made their tables: nothing to set yet.
      if ((err as { code?: string }).code !== '42P01') deps.logger?.error({ err }, 'offer and drip reconciler pass failed; it runs again at the next one');
    }
    if (!stopped) {
      timer = setTimeout(() => { running = pass(); }, sweepEveryMs);
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
