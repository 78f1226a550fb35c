import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { History, SearchX } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatPreciseDateTime } from '../../../lib/format-date';
import { leadAsOfQuery, leadDetailQuery, leadHistoryQuery } from '../api/lead-queries';
import { historyMoments, momentIndexAt } from '../history-moments';
import { LEAD_TYPE_LABELS, statusLabel, statusTone } from '../lead-labels';
import { useLeadActions } from '../use-lead-actions';
import { AutoReleaseSection } from './auto-release-section';
import { ClaimAttemptsCard } from './claim-attempts-card';
import { DistributionSection } from './distribution-section';
import { HistoryTimeline } from './history-timeline';
import { LeadCardActions } from './lead-card-actions';
import { LeadCustomFields } from './lead-custom-fields';
import { LeadEditors } from './lead-editors';
import { LeadFieldList } from './lead-field-list';
import { LeadQuickActions } from './lead-quick-actions';
import { TimeSlider } from './time-slider';

/**
 * /leads/{id}: every field, the card's actions, its auto-release (a manager's exemption switch),
 * who tried to claim it, and the lead's history with a time slider.
 * Moving the slider (or choosing an event) puts `?asOf=` in the address and shows the lead as
 * it was then, read-only. `?from=` decides where Back goes.
 */
export function LeadDetailsPage() {
  const { id: rawId } = useParams();
  const [search, setSearch] = useSearchParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const back = search.get('from') === 'dashboard' ? { to: '/', label: 'Back to Dashboard' } : { to: '/leads', label: 'Back to Lead Pool' };
  const asOf = search.get('asOf');
  const { user } = useCurrentUser();
  const actions = useLeadActions();

  const detail = useQuery({ ...leadDetailQuery(id), enabled: valid });
  const history = useQuery({ ...leadHistoryQuery(id), enabled: valid });
  const past = useQuery({ ...leadAsOfQuery(id, asOf ?? ''), enabled: valid && asOf !== null });
  const moments = useMemo(() => historyMoments(history.data?.history ?? []), [history.data]);
  const position = momentIndexAt(moments, asOf);

  const travelTo = (index: number) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      const moment = moments[index];
      if (!moment || index === moments.length - 1) next.delete('asOf');
      else next.set('asOf', moment.at);
      return next;
    }, { replace: true });

  const current = detail.data?.lead;
  const shown = asOf ? past.data?.lead : current;
  const mine = current !== undefined && current.claimedBy !== null && current.claimedBy === user?.id;

  if (!valid || isApiError(detail.error, 404)) {
    return (
      <>
        <PageHeader heading="Lead not found" backTo={back.to} backLabel={back.label} />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>This lead does not exist, or it was removed.</PanelEmpty>
      </>
    );
  }

  return (
    <>
      <PageHeader
        heading={current?.name ?? 'Lead details'}
        subheading={current ? `${LEAD_TYPE_LABELS[current.leadType] ?? 'Unknown type'} lead · ${current.city}, ${current.state}` : undefined}
        backTo={back.to}
        backLabel={back.label}
        actions={current && <Badge tone={statusTone(current.status)} className="px-3 py-1 text-sm">{statusLabel(current.status)}</Badge>}
      />
      {asOf && (
        <div role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground">
          <p className="flex items-center gap-2">
            <History aria-hidden className="size-4 shrink-0" />
            Viewing this lead as it was on {formatPreciseDateTime(asOf)}. Editing is off.
          </p>
          <Button variant="secondary" size="sm" onClick={() => travelTo(moments.length - 1)}>Back to now</Button>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 xl:col-span-2">
          <Card aria-labelledby="lead-info-title">
            <CardHeader
              titleId="lead-info-title"
              title={asOf ? 'Lead information (past)' : 'Lead information'}
              description={shown?.email}
              action={!asOf && current && (
                <div className="flex flex-wrap justify-end gap-2">
                  <LeadQuickActions lead={current} meId={user?.id} actions={actions} />
                  <LeadCardActions lead={current} meId={user?.id} />
                </div>
              )}
            />
            <CardContent className="flex flex-col gap-6">
              {detail.isPending || (asOf && past.isPending) ? (
                <PanelLoading label="Loading the lead" rows={4} />
              ) : detail.error || (asOf && past.error) ? (
                <PanelError error={detail.error ?? past.error} what="This lead" onRetry={() => void (asOf ? past.refetch() : detail.refetch())} />
              ) : shown ? (
                <>
                  <LeadFieldList lead={shown} meId={user?.id} complete />
                  {!asOf && current && <LeadCustomFields lead={current} />}
                  {!asOf && current && <AutoReleaseSection lead={current} meId={user?.id} manager={user?.role === 'manager'} />}
                  {!asOf && current && current.claimedBy === null && <DistributionSection lead={current} meId={user?.id} manager={user?.role === 'manager'} />}
                  {mine && !asOf && current && (
                    <section aria-labelledby="manage-lead-title" className="border-t border-border pt-5">
                      <h2 id="manage-lead-title" className="mb-4 text-sm font-semibold text-foreground">Manage lead</h2>
                      <LeadEditors lead={current} actions={actions} />
                    </section>
                  )}
                </>
              ) : null}
            </CardContent>
          </Card>
          {current && <ClaimAttemptsCard leadId={current.id} />}
        </div>
        <Card aria-labelledby="lead-history-title">
          <CardHeader titleId="lead-history-title" title="History" description="Every change to this lead, newest first" />
          <CardContent className="flex flex-col gap-6">
            {history.isPending ? (
              <PanelLoading label="Loading the history" rows={4} />
            ) : history.error ? (
              <PanelError error={history.error} what="The history" onRetry={() => void history.refetch()} />
            ) : (
              <>
                <TimeSlider moments={moments} value={position} onChange={travelTo} />
                <HistoryTimeline moments={moments} selected={position} onSelect={travelTo} />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
