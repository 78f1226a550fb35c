import type { FastifyInstance } from 'fastify';

const REAP_EVERY_MS = 100;

/**
 * A prompt close for keep-alive clients. Fastify's close stops accepting, answers 503 to new
 * requests and drops the connections idle at that moment; but a connection busy with a request
 * becomes idle only once its answer is sent, and would then hold the close up until its
 * keep-alive timeout (72 s), past any shutdown bound. So once closing: every answer carries
 * `Connection: close`, and connections that went idle are dropped as they do.
 */
export function drainOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    const reaper = setInterval(() => server.closeIdleConnections(), REAP_EVERY_MS);
    reaper.unref();
    server.once('close', () => clearInterval(reaper));
  });
}
