import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UniqueKey } from '../event-store/types';
import { sendProblem } from '../http/problem';
import type { Pool } from '../postgres/pool';

/**
 * Two command-side marks, claimed and released by the very statement that appends the event
 * deciding them (like usernames: see the event store's unique keys): the floor requires a
 * second factor; this user has one. The check below reads them, so it agrees with the log the
 * moment an append commits, with no wait for a projection.
 */
export const TWO_FACTOR_REQUIRED_MARK: UniqueKey = { scope: 'two_factor_required', key: 'floor' };
export const twoFactorMark = (userId: number): UniqueKey => ({ scope: 'two_factor', key: String(userId) });

/** True when the floor requires a second factor and this user has not set one up. */
export async function twoFactorSetupRequired(pool: Pool, userId: number): Promise<boolean> {
  const { rows } = await pool.query<{ blocked: boolean }>(
    `select exists (select 1 from unique_keys where scope = $1 and key = $2)
        and not exists (select 1 from unique_keys where scope = $3 and key = $4) as blocked`,
    [TWO_FACTOR_REQUIRED_MARK.scope, TWO_FACTOR_REQUIRED_MARK.key, twoFactorMark(userId).scope, twoFactorMark(userId).key]);
  return rows[0]?.blocked === true;
}

/**
 * What someone who must still set up a second factor may call: signing in and out, who they
 * are, and the two-factor status, setup and confirmation. (The sign-in's own steps hold no
 * session and never reach the check.)
 */
const OPEN_DURING_SETUP = new Set([
  'GET /api/auth/current-user', 'POST /api/auth/logout', 'POST /api/auth/login', 'POST /api/auth/login/two-factor',
  'POST /api/auth/register', 'GET /api/auth/demo-accounts',
  'GET /api/auth/two-factor', 'POST /api/auth/two-factor/setup', 'POST /api/auth/two-factor/enable',
]);

const gated = (req: FastifyRequest, readsOnly: boolean) => {
  if (readsOnly && req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?', 1)[0]!.replace(/\/+$/, '');
  if (path !== '/ws' && !path.startsWith('/api/')) return false;
  return !OPEN_DURING_SETUP.has(`${req.method === 'HEAD' ? 'GET' : req.method} ${path}`);
};

/**
 * The floor's two-factor requirement, enforced on every API call and the live socket: a
 * signed-in user without a second factor on a floor that requires one gets 403
 * `two_factor.setup_required` everywhere but the calls above, until they turn it on. Requests
 * without a session pass on, to be answered by their route (401, or a public answer).
 * Registered by both services; in the embedded form, where the gateway mounts the command
 * routes, it runs once.
 */
export const twoFactorGate = fp(async (app: FastifyInstance, { pool, readsOnly = false }: {
  pool: Pool;
  /** The distributed gateway: its writes are proxied to command-service, which checks them itself. */
  readsOnly?: boolean;
}) => {
  if (app.hasDecorator('twoFactorGate')) return;
  app.decorate('twoFactorGate', true);
  // preValidation, not onRequest: by then the live socket's own hooks have run, so a refused
  // upgrade's socket is closed after the answer (a reply sent from onRequest would leave it open).
  app.addHook('preValidation', async (req, reply) => {
    if (!gated(req, readsOnly)) return;
    const actor = await req.optionalActor();
    // The session's own query read the rule with the session, in most cases: no second look-up.
    if (!actor || !(actor.twoFactorSetupRequired ?? (await twoFactorSetupRequired(pool, actor.id)))) return;
    return sendProblem(reply, {
      status: 403, code: 'two_factor.setup_required',
      detail: 'Your floor requires two-factor sign-in. Set it up to continue.',
    });
  });
}, { name: 'leadfloor-two-factor-gate', dependencies: ['leadfloor-session-auth'] });
