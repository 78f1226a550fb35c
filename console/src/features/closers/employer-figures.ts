import type { EmployerDashboard } from '@leadfloor/contracts';
import { APPLICATION_STAGE_LABELS, JOB_STATUS_LABELS } from './closer-labels';

export type FigureRow = { label: string; value: number };

/** A median wait, as a person says it: '12m', '3h 20m', '2d 4h'. Under a minute is '< 1m'. */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return '< 1m';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}h` : `${hours}h ${minutes % 60}m`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days}d` : `${days}d ${hours % 24}h`;
}

/** Jobs in each status, in the order of a job's life. */
export const jobRows = (d: EmployerDashboard): FigureRow[] =>
  (['draft', 'active', 'closed', 'filled'] as const).map((s) => ({ label: JOB_STATUS_LABELS[s], value: d.jobsByStatus[s] }));

/** Applications in each status; withdrawn ones apart from the employer's rejections. */
export const applicationRows = (d: EmployerDashboard): FigureRow[] => {
  const c = d.applicationsByStatus;
  return [
    { label: APPLICATION_STAGE_LABELS.pending, value: c.pending },
    { label: APPLICATION_STAGE_LABELS.reviewing, value: c.reviewing },
    { label: APPLICATION_STAGE_LABELS.accepted, value: c.accepted },
    { label: APPLICATION_STAGE_LABELS.rejected, value: Math.max(0, c.rejected - c.withdrawn) },
    { label: APPLICATION_STAGE_LABELS.withdrawn, value: c.withdrawn },
  ];
};

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Applications received week by week, each week named by its first day ('Mar 2'). */
export const weekRows = (d: EmployerDashboard): FigureRow[] =>
  d.applicationsPerWeek.map((w) => ({ label: weekFormat.format(new Date(`${w.weekStart.slice(0, 10)}T00:00:00Z`)), value: w.count }));

/** The decisions behind the acceptance rate: accepted against rejected by the employer (withdrawals are no decision). */
export const decisionRows = (d: EmployerDashboard): FigureRow[] => {
  const c = d.applicationsByStatus;
  return [
    { label: APPLICATION_STAGE_LABELS.accepted, value: c.accepted },
    { label: APPLICATION_STAGE_LABELS.rejected, value: Math.max(0, c.rejected - c.withdrawn) },
  ];
};
