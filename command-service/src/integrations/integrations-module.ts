import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsync } from 'fastify';
import type { HandleCommand } from '../shared/handle-command';
import { crmRoutes } from './crm-routes';
import { inboundLeadRoute } from './inbound-lead-route';
import type { IntegrationSettings } from './integration-settings';
import { leadSourceRoutes } from './lead-source-routes';
import { webhookRoutes } from './webhook-routes';

export type IntegrationsModuleDeps = {
  pool: Pool; store: EventStore; handle: HandleCommand; limiter: RateLimiter; now: () => Date; settings: IntegrationSettings;
  inboundPerSource?: RateRule;
};

/** Inbound lead sources and their hook, outbound webhooks, CRM connections: every command route of /integrations. */
export const integrationsModule: FastifyPluginAsync<IntegrationsModuleDeps> = async (app, deps) => {
  const { pool, store, handle, limiter, now, settings } = deps;
  await app.register(inboundLeadRoute, { pool, store, limiter, now, settings, perSource: deps.inboundPerSource });
  await app.register(leadSourceRoutes, { pool, store, handle, now, settings });
  await app.register(webhookRoutes, { pool, store, handle, now, settings });
  await app.register(crmRoutes, { pool, store, handle, now, settings });
};
