import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Inbox } from 'lucide-react';
import type { PoolReport } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { poolReportQuery } from '../api/pool-distribution-queries';
import { poolPolicyQuery } from '../api/pool-policy-queries';
import { DISTRIBUTION_LABELS } from '../pool-rules-labels';
import { durationLabel, rateLabel } from '../report-durations';
import { ReportBars } from './report-bars';

const PERIODS = [7, 30, 90] as const;

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 shadow-xs">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-foreground tabular-nums">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function Figures({ report }: { report: PoolReport }) {
  const { timeToClaim: claim, timeToFirstContact: contact } = report;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <Figure label="Leads into the pool" value={report.leadsEntered} hint="Created, or let in by the drip" />
      <Figure label="Time to claim (median)" value={durationLabel(claim.medianMs)} hint={`90% within ${durationLabel(claim.p90Ms)} · ${claim.count} claimed`} />
      <Figure label="Time to first contact (median)" value={durationLabel(contact.medianMs)} hint={`90% within ${durationLabel(contact.p90Ms)} · ${contact.count} reached`} />
      <Figure label="Released by the rules" value={report.releasedByPolicy} hint="Auto-released without a contact" />
      <Figure
        label="Held past the rules"
        value={report.heldPastPolicy ?? '—'}
        hint={report.autoReleaseHours === null ? 'No auto-release rule is set' : `Kept over ${durationLabel(report.autoReleaseHours * 3_600_000)} without a contact`}
      />
    </dl>
  );
}

/**
 * /leads/report: how the pool served a period. Managers choose the floor or a team; a team
 * lead sees their own team. Figures come from the server's read models; each chart has its table.
 */
export function PoolReportPage() {
  const { user } = useCurrentUser();
  const manager = user?.role === 'manager';
  const [days, setDays] = useState<number>(30);
  const [teamId, setTeamId] = useState<number | undefined>(undefined);
  const ids = { period: useId(), team: useId() };
  const policy = useQuery({ ...poolPolicyQuery, enabled: manager });
  const report = useQuery({ ...poolReportQuery({ days, ...(teamId ? { teamId } : {}) }), enabled: manager || user?.role === 'teamLead' });

  const controls = (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.period} className="text-xs font-medium text-muted">Period</label>
        <Select id={ids.period} value={days} onChange={(e) => setDays(Number(e.target.value))} className="w-40">
          {PERIODS.map((d) => <option key={d} value={d}>Last {d} days</option>)}
        </Select>
      </div>
      {manager && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.team} className="text-xs font-medium text-muted">Team</label>
          <Select id={ids.team} value={teamId ?? ''} onChange={(e) => setTeamId(e.target.value ? Number(e.target.value) : undefined)} className="w-48">
            <option value="">The whole floor</option>
            {(policy.data?.teams ?? []).map((t) => <option key={t.teamId} value={t.teamId}>{t.teamName}</option>)}
          </Select>
        </div>
      )}
    </div>
  );

  let body: ReactNode;
  if (!manager && user?.role !== 'teamLead') {
    body = <p role="alert" className="rounded-xl border border-border bg-surface p-6 text-sm text-muted">The pool report is for managers and team leads.</p>;
  } else if (report.isPending) {
    body = <div className="flex min-h-48 items-center justify-center"><Spinner label="Loading the report" className="size-6" /></div>;
  } else if (report.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive-soft px-6 py-10 text-center">
        <CircleAlert aria-hidden className="size-8 text-destructive-text" />
        <p className="text-sm text-destructive-soft-foreground">The pool report could not be loaded.</p>
        <Button variant="secondary" onClick={() => void report.refetch()}>Retry</Button>
      </div>
    );
  } else if (report.data.leadsEntered === 0 && report.data.claimsPerAgent.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
        <Inbox aria-hidden className="size-8 text-muted" />
        <p className="text-sm text-muted">No leads entered the pool and nobody claimed one in this period.</p>
      </div>
    );
  } else {
    const r = report.data;
    body = (
      <div className="flex flex-col gap-6">
        <Figures report={r} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ReportBars
            title="Claims per agent"
            description="Every claim in the period, offers accepted included"
            columns={['Agent', 'Claims']}
            empty="Nobody claimed a lead in this period."
            rows={r.claimsPerAgent.map((a) => ({ key: a.userId, label: a.fullName ?? `User ${a.userId}`, value: a.claims, display: a.claims }))}
          />
          <ReportBars
            title="Conversion by distribution"
            description="Leads by how they were first claimed, and the share sold"
            columns={['Distribution', 'Claimed', 'Sold', 'Conversion']}
            empty="No lead of this period was claimed."
            rows={r.conversionByDistribution.map((m) => ({
              key: m.distribution, label: DISTRIBUTION_LABELS[m.distribution], value: Math.round((m.rate ?? 0) * 100),
              display: m.claimed === 0 ? 'No claims' : `${rateLabel(m.rate)} of ${m.claimed}`, cells: [m.claimed, m.sold, rateLabel(m.rate)],
            }))}
          />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader heading="Pool report" subheading="How fast the pool's leads are claimed and reached, and how the floor's rules worked" backTo="/leads" backLabel="Lead Pool" actions={controls} />
      {body}
    </>
  );
}
