import { ExternalLink, FileText, ImageIcon, PlayCircle } from 'lucide-react';
import { jobTypeLabels, type Job } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatCents } from '../../../lib/dollars';
import { formatDate } from '../../../lib/format-date';
import { formatBytes, formatRate } from '../closer-labels';

const Fact = ({ term, children }: { term: string; children: React.ReactNode }) => (
  <div className="flex justify-between gap-4 py-2">
    <dt className="text-sm text-muted">{term}</dt>
    <dd className="min-w-0 text-right text-sm font-medium break-words text-foreground">{children}</dd>
  </div>
);

/** The job's figures and links: what a close pays and how it is worked out, the company, files and video. */
export function JobFacts({ job }: { job: Job }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg bg-primary-soft px-4 py-3 text-primary-soft-foreground">
        <p className="text-xs">Commission per close</p>
        <p className="text-2xl font-semibold tabular-nums">{formatCents(job.commissionPerClose)}</p>
        <p className="text-xs tabular-nums">{formatRate(job.commissionRate)} of a {formatCents(job.salesPrice)} sale</p>
      </div>
      <dl className="divide-y divide-border">
        <Fact term="Type">{jobTypeLabels[job.type]}</Fact>
        <Fact term="Location">{job.location}</Fact>
        {job.compensation && <Fact term="Compensation">{job.compensation}</Fact>}
        <Fact term="Product">{job.productName}</Fact>
        {job.annualSales !== null && <Fact term="Annual sales">{formatCents(job.annualSales)}</Fact>}
        {job.yearsTrading !== null && <Fact term="Years trading">{job.yearsTrading}</Fact>}
        {job.companyWebsite && (
          <Fact term="Website">
            <a href={job.companyWebsite} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 text-primary-soft-foreground hover:underline">
              {new URL(job.companyWebsite).host}<ExternalLink aria-hidden className="size-3.5" />
            </a>
          </Fact>
        )}
        {job.publishedAt && <Fact term="Published">{formatDate(job.publishedAt)}</Fact>}
      </dl>
      {job.skillsRequired.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-sm font-medium text-foreground">Skills</h3>
          <ul aria-label="Skills" className="flex flex-wrap gap-1">{job.skillsRequired.map((s) => <li key={s}><Badge tone="outline">{s}</Badge></li>)}</ul>
        </div>
      )}
      {job.videoUrl && (
        <a href={job.videoUrl} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-2 text-sm font-medium text-primary-soft-foreground hover:underline">
          <PlayCircle aria-hidden className="size-4" />Watch the product video
        </a>
      )}
      {job.fileUploads.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-sm font-medium text-foreground">Files</h3>
          <FileLinks files={job.fileUploads} />
        </div>
      )}
    </div>
  );
}

/** Uploaded files as download links (the server sends them as attachments, never to be run). */
export function FileLinks({ files }: { files: Job['fileUploads'] }) {
  return (
    <ul className="flex flex-col gap-1.5">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} download={f.name} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm hover:bg-surface-muted">
            {f.contentType === 'application/pdf' ? <FileText aria-hidden className="size-4 shrink-0 text-muted" /> : <ImageIcon aria-hidden className="size-4 shrink-0 text-muted" />}
            <span className="min-w-0 flex-1 truncate text-foreground">{f.name}</span>
            <span className="shrink-0 text-xs text-muted">{formatBytes(f.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
