import websocket from '@fastify/websocket';
import { ClientSocketMessageSchema } from '@leadfloor/contracts';
import { SESSION_COOKIE } from '@leadfloor/infra/auth/sessions';
import { sendProblem } from '@leadfloor/infra/http/problem';
import { comesFromAnotherSite } from '@leadfloor/infra/http/same-origin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SocketHub } from './socket-hub';

const MAX_FRAME_BYTES = 4096;
const FLOOD = { messages: 30, windowMs: 10_000 };

/**
 * WebSocket /ws. Who you are comes from the session cookie, checked before the upgrade: no
 * session is a 401, another site's page a 403, and a `?userId=` naming someone else is ignored.
 * Frames are small (4 KiB) and a client sending more than 30 messages in 10 s is cut off; the
 * only message a client sends is spec 7's `{type: 'ping', timestamp}`.
 */
export const wsRoute: FastifyPluginAsync<{ hub: SocketHub }> = async (app, { hub }) => {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
    if (comesFromAnotherSite(req)) {
      return sendProblem(reply, { status: 403, code: 'foreign_origin', detail: 'Connect from LeadFloor itself.' });
    }
    if (!(await req.optionalActor())) {
      return sendProblem(reply, { status: 401, code: 'not_authenticated', detail: 'Please log in to continue.' });
    }
  };

  // Not an OpenAPI operation: the API document's description tells of /ws instead.
  app.get('/ws', { websocket: true, preValidation: authenticate, schema: { hide: true } }, async (socket, req) => {
    const actor = (await req.optionalActor())!;
    const client = hub.add(socket, actor.id, req.cookies[SESSION_COOKIE] ?? '');
    let windowStart = Date.now();
    let count = 0;
    socket.on('message', (raw) => {
      if (Date.now() - windowStart > FLOOD.windowMs) { windowStart = Date.now(); count = 0; }
      if (++count > FLOOD.messages) return client.drop(1008, 'Too many messages');
      let parsed;
      try {
        parsed = ClientSocketMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        return; // malformed frames are ignored, never echoed
      }
      if (parsed.success) client.send({ type: 'pong', timestamp: parsed.data.timestamp });
    });
  });
};
