import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { AddLeadDialog } from '../../features/leads/components/add-lead-dialog';
import { RecentLeadsCard } from '../../features/leads/components/recent-leads-card';

/** The dashboard with the leads feature's panels plugged in (features never import each other). */
export function DashboardRoute() {
  return <DashboardPage newLeadAction={<AddLeadDialog />} recentLeads={<RecentLeadsCard />} />;
}
