import { Link } from 'react-router';
import { ChartNoAxesColumn } from 'lucide-react';
import { AvailabilityToggle } from './availability-toggle';

const OFFERED_ROLES = new Set(['agent', 'teamLead']);
const REPORT_ROLES = new Set(['manager', 'teamLead']);

/** Above the pool's tabs: an agent's availability for offered leads, and the pool report for those who may read it. */
export function PoolDistributionBar({ role }: { role: string | undefined }) {
  if (!role || (!OFFERED_ROLES.has(role) && !REPORT_ROLES.has(role))) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {OFFERED_ROLES.has(role) ? <AvailabilityToggle /> : <span />}
      {REPORT_ROLES.has(role) && (
        <Link to="/leads/report" className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-primary hover:bg-surface-muted">
          <ChartNoAxesColumn aria-hidden className="size-4" />
          Pool report
        </Link>
      )}
    </div>
  );
}
