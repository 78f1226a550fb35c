import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { BadgesCard } from './badges-card';
import { LeaderboardCard } from './leaderboard-card';
import { StatCards } from './stat-cards';
import { TeamHierarchyCard } from './team-hierarchy-card';

type DashboardPageProps = {
  /** The 'New Lead' button and its dialog (the leads feature; wired by the app). */
  newLeadAction: ReactNode;
  /** The Recent Leads panel (the leads feature; wired by the app). */
  recentLeads: ReactNode;
  /** The Call Analytics card (the calls feature; wired by the app). */
  callAnalytics: ReactNode;
};

/**
 * Spec 2.5's dashboard. Lead panels belong to the leads feature, the call card to the calls
 * feature, and features never import each other, so the app passes them in.
 */
export function DashboardPage({ newLeadAction, recentLeads, callAnalytics }: DashboardPageProps) {
  return (
    <>
      <PageHeader heading="Dashboard" subheading="Overview of your sales performance and activity" actions={newLeadAction} />
      <div className="flex flex-col gap-6">
        <StatCards />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          <div className="xl:col-span-2">{recentLeads}</div>
          <LeaderboardCard />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 xl:grid-cols-3">
          {callAnalytics}
          <BadgesCard />
          <TeamHierarchyCard />
        </div>
      </div>
    </>
  );
}
