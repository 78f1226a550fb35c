import type { QueryClient } from '@tanstack/react-query';
import { CallAnalyticsCard } from '../../features/calls/components/call-analytics-card';
import { statsQuery } from '../../features/dashboard/api/dashboard-queries';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { AddLeadDialog } from '../../features/leads/components/add-lead-dialog';
import { RecentLeadsCard, recentLeadsQuery } from '../../features/leads/components/recent-leads-card';

/** The dashboard with the leads' and calls' panels plugged in (features never import each other). */
export function DashboardRoute() {
  return <DashboardPage newLeadAction={<AddLeadDialog />} recentLeads={<RecentLeadsCard />} callAnalytics={<CallAnalyticsCard />} />;
}

/**
 * The reads at the top of the dashboard (the stat cards, Recent Leads), started while the
 * session is still being checked (see preloadLikelyScreens) rather than after it. The rest of
 * the page asks once it renders: a phone's few connections go to what shows first.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(statsQuery);
  void queryClient.prefetchQuery(recentLeadsQuery());
}
