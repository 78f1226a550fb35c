import { AvailabilityViewSchema, MyOffersResponseSchema, type MyOffer } from '@leadfloor/contracts';
import { poolPolicyFor } from '@leadfloor/events';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPoolPolicies } from '../pool-policy/pool-policies';
import { poolReportRoute } from './pool-report-route';

/** Offers are limited to a handful at a time in practice; the list is bounded rather than paged. */
const MY_OFFERS_LIMIT = 20;
const OFFERED_ROLES = new Set(['agent', 'teamLead']);

/**
 * Reads of the fair pool's second half: the signed-in agent's availability (their choice, and
 * whether a console of theirs is connected anywhere), the offers waiting for their answer, and
 * the pool report.
 */
export const poolDistributionReadRoutes: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date }> = async (app, { pool, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.get('/api/me/availability', { schema: { response: { 200: AvailabilityViewSchema } } }, async (req) => {
    const actor = await req.actor();
    const [{ rows }, policies] = await Promise.all([
      pool.query<{ status: 'available' | 'away' | null; changed_at: Date | null; present: boolean }>(
        `select a.status, a.changed_at,
                exists (select 1 from agent_presence p where p.user_id = $1 and p.expires_at > now()) as present
         from (select 1) one left join agent_availability a on a.user_id = $1`, [actor.id]),
      loadPoolPolicies(pool),
    ]);
    const r = rows[0]!;
    const status = r.status ?? 'available';
    // The rules of the agent's own team (its override, else the floor's) say whether its leads are offered.
    const distribution = poolPolicyFor(policies, actor.teamId).distribution;
    return {
      status, changedAt: r.changed_at?.toISOString() ?? null, present: r.present, distribution,
      receivesOffers: status === 'available' && r.present && OFFERED_ROLES.has(actor.role) && distribution !== 'first_come',
    };
  });

  app.get('/api/pool/offers/mine', { schema: { response: { 200: MyOffersResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const { rows } = await pool.query<{ id: number; name: string; lead_type: MyOffer['leadType']; city: string; state: string;
      offered_at: Date; offer_expires_at: Date; offer_distribution: MyOffer['distribution']; version: number }>(
      `select d.id, l.name, l.lead_type, l.city, l.state, d.offered_at, d.offer_expires_at, d.offer_distribution, l.version
       from lead_distribution_v1 d join lead_pool_v1 l on l.id = d.id
       where d.offered_to = $1 and d.offer_expires_at > $2 and l.status = 'available'
       order by d.offer_expires_at, d.id limit ${MY_OFFERS_LIMIT}`, [actor.id, now()]);
    return {
      offers: rows.map((r) => ({
        leadId: r.id, name: r.name, leadType: r.lead_type, city: r.city, state: r.state, offeredAt: r.offered_at.toISOString(),
        expiresAt: r.offer_expires_at.toISOString(), distribution: r.offer_distribution, version: r.version,
      })),
    };
  });

  await app.register(poolReportRoute, { pool, now });
};
