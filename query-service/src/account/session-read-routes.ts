import { SessionsResponseSchema, type Session } from '@leadfloor/contracts';
import { SESSION_COOKIE, type SessionInfo, type SessionStore } from '@leadfloor/infra/auth/sessions';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceLabel } from './device-label';

export const sessionDto = (s: SessionInfo): Session => ({
  id: s.publicId, device: deviceLabel(s.userAgent), userAgent: s.userAgent, createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(), expiresAt: s.expiresAt.toISOString(), persistent: s.persistent, current: s.current,
});

/**
 * GET /api/sessions: where the signed-in user is signed in, most recently seen first, "this
 * device" marked. Each session shows its public id, never its token; "last seen" moves at most
 * every few minutes (infra/src/auth/sessions.ts).
 */
export const sessionReadRoutes: FastifyPluginAsyncZod<{ sessions: SessionStore }> = async (app, { sessions }) => {
  app.addHook('onRequest', requireSignedIn);
  app.get('/api/sessions', { schema: { response: { 200: SessionsResponseSchema } } }, async (req, reply) => {
    const actor = await req.actor();
    reply.header('cache-control', 'no-store');
    return { sessions: (await sessions.listFor(actor.id, req.cookies[SESSION_COOKIE])).map(sessionDto) };
  });
};
