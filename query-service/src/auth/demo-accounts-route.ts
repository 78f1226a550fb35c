import { DemoAccountsResponseSchema, type DemoAccount } from '@leadfloor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/auth/demo-accounts: the sign-ins the sign-in screen offers. The launcher hands over
 * the demo floor's accounts when this floor is the demo (the embedded default or DEMO=true, and
 * the seed made them); any other floor answers an empty list, so a production sign-in screen
 * never shows credentials.
 */
export const demoAccountsRoute: FastifyPluginAsyncZod<{ accounts: readonly DemoAccount[] }> = async (app, { accounts }) => {
  const body = { accounts: [...accounts] };
  // Public: read before anyone signs in.
  app.get('/api/auth/demo-accounts', { schema: { response: { 200: DemoAccountsResponseSchema }, security: [] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return body;
  });
};
