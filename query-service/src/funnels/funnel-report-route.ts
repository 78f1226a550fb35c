import { FunnelReportQuerySchema, FunnelReportSchema } from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelReport } from './funnel-report';

const DAY = 86_400_000;
/** Today's calendar date in the floor's time zone. */
const today = (now: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** GET /api/funnel-analytics: a manager reads every funnel, anyone else their own. */
export const funnelReportRoute: FastifyPluginAsyncZod<{ pool: Pool; now: () => Date; timeZone: string }> = async (app, { pool, now, timeZone }) => {
  app.addHook('onRequest', requireSignedIn);
  app.get('/api/funnel-analytics', {
    schema: {
      querystring: FunnelReportQuerySchema, response: { 200: FunnelReportSchema },
      description: 'Visits, unique visitors, submissions, conversion, leads, sales and revenue per funnel, step and variant, with split-test verdicts. Default: the last 30 days.',
      problems: { 400: '`from` after `to`, or more than 366 days (validation_failed).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    const to = req.query.to ?? today(now(), timeZone);
    const from = req.query.from ?? shift(to, -29);
    if (from > to) throw new ApiError(400, 'validation_failed', '`from` is after `to`.', { field: 'from' });
    if (Date.parse(to) - Date.parse(from) > 366 * DAY) throw new ApiError(400, 'validation_failed', 'At most 366 days at a time.', { field: 'from' });
    return funnelReport(pool, { ownerId: actor.role === 'manager' ? null : actor.id, funnelId: req.query.funnelId, from, to, timeZone });
  });
};
