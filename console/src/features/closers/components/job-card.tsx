import { Link } from 'react-router';
import { Briefcase, MapPin, Users } from 'lucide-react';
import { jobTypeLabels, type JobSummary } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatCents } from '../../../lib/dollars';
import { relativeTime } from '../../../lib/relative-time';
import { formatRate } from '../closer-labels';

const MAX_SKILLS = 4;

/** A job on the board: what it sells, what a close pays, where, and what it asks for. */
export function JobCard({ job, now }: { job: JobSummary; now: Date }) {
  const extra = job.skillsRequired.length - MAX_SKILLS;
  return (
    <li aria-label={job.title} className="relative flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs transition-colors hover:border-primary/50">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-foreground">
            {/* The whole card opens the job; the link's box is stretched over it. */}
            <Link to={`/closers/jobs/${job.id}`} className="after:absolute after:inset-0 after:rounded-xl hover:underline">{job.title}</Link>
          </h2>
          <p className="mt-0.5 text-sm break-words text-muted">{job.companyName} · {job.productName}</p>
        </div>
        <Badge tone="primary" className="shrink-0">{jobTypeLabels[job.type]}</Badge>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2 rounded-lg bg-surface-muted/70 px-3 py-2">
        <div>
          <p className="text-xs text-muted">Commission per close</p>
          <p className="text-xl font-semibold text-foreground tabular-nums">{formatCents(job.commissionPerClose)}</p>
        </div>
        <p className="text-xs text-muted tabular-nums">{formatRate(job.commissionRate)} of {formatCents(job.salesPrice)}</p>
      </div>
      <ul aria-label="Facts" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <li className="inline-flex min-w-0 items-center gap-1.5"><MapPin aria-hidden className="size-4 shrink-0" /><span className="truncate">{job.location}</span></li>
        {job.compensation && <li className="inline-flex min-w-0 items-center gap-1.5"><Briefcase aria-hidden className="size-4 shrink-0" /><span className="truncate">{job.compensation}</span></li>}
        <li className="inline-flex items-center gap-1.5"><Users aria-hidden className="size-4 shrink-0" />{job.applicationCount === 1 ? '1 applicant' : `${job.applicationCount} applicants`}</li>
      </ul>
      {job.skillsRequired.length > 0 && (
        <ul aria-label="Skills" className="flex flex-wrap gap-1">
          {job.skillsRequired.slice(0, MAX_SKILLS).map((s) => <li key={s}><Badge tone="outline">{s}</Badge></li>)}
          {extra > 0 && <li><Badge tone="neutral" title={job.skillsRequired.slice(MAX_SKILLS).join(', ')}>+{extra}</Badge></li>}
        </ul>
      )}
      <p className="mt-auto text-xs text-muted">Posted {relativeTime(job.publishedAt ?? job.createdAt, now)} by {job.ownerName}</p>
    </li>
  );
}
