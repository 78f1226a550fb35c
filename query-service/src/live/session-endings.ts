import { SESSION_COOKIE } from '@leadfloor/infra/auth/sessions';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { SocketHub } from './socket-hub';

/** Writes that end sessions, whichever service answered them (in-process or proxied). */
const ENDS_OTHER_SESSIONS = new Set(['POST /api/auth/change-password', 'DELETE /api/sessions', 'DELETE /api/sessions/:id']);

/**
 * Closes the sockets of sessions a request just ended, on this gateway replica, as soon as it is
 * answered: the sign-out's own, and those a password change or a session revoke ended. Other
 * replicas close theirs at their next heartbeat, which checks every socket's session.
 */
const plugin: FastifyPluginAsync<{ hub: SocketHub }> = async (app, { hub }) => {
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 300) return;
    const path = req.url.split('?', 1)[0]!.replace(/\/+$/, '');
    const route = `${req.method} ${path.replace(/^\/api\/sessions\/[^/]+$/, '/api/sessions/:id')}`;
    if (route === 'POST /api/auth/logout') {
      const token = req.cookies[SESSION_COOKIE];
      if (token) hub.closeSession(token);
      return;
    }
    if (!ENDS_OTHER_SESSIONS.has(route)) return;
    const actor = await req.optionalActor().catch(() => null);
    if (actor) await hub.recheckUser(actor.id);
  });
};
export const sessionEndings = fp(plugin, { name: 'leadfloor-session-endings', dependencies: ['leadfloor-session-auth'] });
