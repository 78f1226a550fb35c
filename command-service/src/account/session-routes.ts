import { EndedSessionsResponseSchema, SessionParamsSchema } from '@leadfloor/contracts';
import { SESSION_COOKIE, type SessionStore } from '@leadfloor/infra/auth/sessions';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Ending sessions from /settings, as sign-out ends one: the row goes, so the session's cookie
 * opens nothing more and its sockets close at the gateway's next heartbeat (code 4401). A
 * session is named by its public id, never its token; another user's id is a 404, the same as
 * an id that names nothing, so ids cannot be probed.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionStore }> = async (app, { sessions }) => {
  app.addHook('onRequest', requireSignedIn);

  app.delete('/api/sessions/:id', {
    schema: {
      params: SessionParamsSchema, response: { 200: EndedSessionsResponseSchema },
      problems: { 404: 'You have no session with this id (session.not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    if (!(await sessions.destroyByPublicId(actor.id, req.params.id))) {
      throw new ApiError(404, 'session.not_found', 'No such session.');
    }
    // Ending the session this request came with is signing out here.
    if (!(await sessions.resolve(req.cookies[SESSION_COOKIE]))) reply.endSession();
    return { success: true as const, endedSessions: 1 };
  });

  app.delete('/api/sessions', { schema: { response: { 200: EndedSessionsResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const endedSessions = await sessions.destroyOthers(actor.id, req.cookies[SESSION_COOKIE]);
    return { success: true as const, endedSessions };
  });
};
