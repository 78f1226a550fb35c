import {
  type AnalyticsFilters, AgentAnalyticsQuerySchema, AgentAnalyticsSchema, AnalyticsFiltersSchema, FunnelAnalyticsQuerySchema, FunnelAnalyticsSchema,
  LeadAnalyticsSchema, LeadExplainQuerySchema, LeadExplainSchema,
} from '@leadfloor/contracts';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentAnalytics } from './agent-analytics';
import { analyticsScope, checkFilters } from './analytics-scope';
import { funnelAnalytics } from './funnel-analytics';
import { leadAnalytics } from './lead-analytics';
import { explainLeads } from './lead-explain';

/**
 * Lead, agent and funnel analytics and the explanation of each figure, from the lead facts
 * read model (projector `lead_analytics_v1`). Managers read the floor, team leads their
 * teams, agents their own leads (analytics-scope.ts).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ pool: Pool; timeZone: string }> = async (app, { pool, timeZone }) => {
  app.addHook('onRequest', requireSignedIn);
  const scoped = async (req: FastifyRequest, filters: AnalyticsFilters) => {
    const scope = await analyticsScope(pool, await req.actor());
    await checkFilters(pool, scope, filters);
    return scope;
  };

  app.get('/api/analytics/leads', { schema: { querystring: AnalyticsFiltersSchema, response: { 200: LeadAnalyticsSchema } } }, async (req) =>
    leadAnalytics(pool, { scope: await scoped(req, req.query), filters: req.query, timeZone }));

  app.get('/api/analytics/leads/explain', { schema: { querystring: LeadExplainQuerySchema, response: { 200: LeadExplainSchema } } }, async (req) => {
    const { figure, stage, limit, cursor, ...filters } = req.query;
    return explainLeads(pool, { scope: await scoped(req, filters), filters, figure, stage, limit, cursor });
  });

  app.get('/api/analytics/agents', { schema: { querystring: AgentAnalyticsQuerySchema, response: { 200: AgentAnalyticsSchema } } }, async (req) => {
    const { limit, cursor, ...filters } = req.query;
    return agentAnalytics(pool, { scope: await scoped(req, filters), filters, limit, cursor });
  });

  app.get('/api/analytics/funnel', { schema: { querystring: FunnelAnalyticsQuerySchema, response: { 200: FunnelAnalyticsSchema } } }, async (req) => {
    const { limit, cursor, ...filters } = req.query;
    return funnelAnalytics(pool, { scope: await scoped(req, filters), filters, limit, cursor });
  });
};
