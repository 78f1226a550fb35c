import type { InfiniteData } from '@tanstack/react-query';
import type { ApplicationCounts, ApplicationStatus, ApplicationSummary, JobApplicationsResponse } from '@leadfloor/contracts';

/** One kanban column as the query cache holds it: its pages of applications in one status. */
export type ColumnPages = InfiniteData<JobApplicationsResponse>;

const movedCounts = (counts: ApplicationCounts, from: ApplicationStatus, to: ApplicationStatus): ApplicationCounts =>
  from === to ? counts : { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };

/** Every page's counts, as if one application had moved from one status to another. */
const withCounts = (data: ColumnPages, from: ApplicationStatus, to: ApplicationStatus): ColumnPages => ({
  ...data, pages: data.pages.map((p) => ({ ...p, counts: movedCounts(p.counts, from, to) })),
});

/** The column an application leaves: the card gone, the counts moved. */
export function withoutCard(data: ColumnPages, application: ApplicationSummary, to: ApplicationStatus): ColumnPages {
  const moved = withCounts(data, application.status, to);
  return { ...moved, pages: moved.pages.map((p) => ({ ...p, applications: p.applications.filter((a) => a.id !== application.id) })) };
}

/**
 * The column an application enters: the card at the end of what is loaded (the column is
 * longest-waiting first, and it has only just entered this status), the counts moved.
 */
export function withCard(data: ColumnPages, application: ApplicationSummary, to: ApplicationStatus, at: string): ColumnPages {
  const moved = withCounts(data, application.status, to);
  const last = moved.pages.length - 1;
  const card: ApplicationSummary = { ...application, status: to, statusReason: null, statusChangedAt: at };
  return {
    ...moved,
    pages: moved.pages.map((p, i) => (i === last ? { ...p, applications: [...p.applications.filter((a) => a.id !== application.id), card] } : p)),
  };
}

/** The counts of a job's applications, from whichever column has been read. */
export const countsOf = (columns: (ColumnPages | undefined)[]): ApplicationCounts | undefined => columns.find((c) => c?.pages[0])?.pages[0]?.counts;
