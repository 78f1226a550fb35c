import type { AnalyticsFilters, ExplainFigure } from '@leadfloor/contracts';
import type { LeadStage } from '@leadfloor/events';

/** Which figure to explain, under which filters. */
export type ExplainRequest = AnalyticsFilters & { figure: ExplainFigure; stage?: LeadStage };

/** The analytics reads' keys, apart from their queries, so the live updates can name them without loading the queries. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  leads: (f: AnalyticsFilters) => [...analyticsKeys.all, 'leads', f] as const,
  agents: (f: AnalyticsFilters) => [...analyticsKeys.all, 'agents', f] as const,
  funnel: (f: AnalyticsFilters) => [...analyticsKeys.all, 'funnel', f] as const,
  explain: (q: ExplainRequest) => [...analyticsKeys.all, 'explain', q] as const,
  callSummary: () => [...analyticsKeys.all, 'call-summary'] as const,
  commissions: () => [...analyticsKeys.all, 'commissions'] as const,
  teams: () => [...analyticsKeys.all, 'teams'] as const,
};
