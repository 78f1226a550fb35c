import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { Archive, ExternalLink, Pause, Play, Rocket, SearchX } from 'lucide-react';
import { INT32_MAX, type FunnelDetail, type FunnelPageError, type FunnelVariant } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useFunnelStatus, usePublishFunnel } from '../api/funnel-mutations';
import { funnelDetailQuery } from '../api/funnel-queries';
import { publishProblems } from '../publish-errors';
import { FunnelDetailsForm } from './funnel-details-form';
import { FunnelStatusBadge } from './funnel-status-badge';
import { PublishProblems } from './publish-problems';
import { SplitTestCard } from './split-test-card';
import { StepEditor } from './step-editor';
import { StepList } from './step-list';

const TABS = [{ id: 'page', label: 'Page' }, { id: 'split', label: 'Split test' }, { id: 'details', label: 'Details' }] as const;
type Tab = (typeof TABS)[number]['id'];

/** /funnels/{id}: the builder. Steps on the left; the selected step's page, its split test, or the funnel's details. */
export function FunnelBuilderPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= INT32_MAX;
  const detail = useQuery({ ...funnelDetailQuery(id), enabled: valid });
  if (!valid || isApiError(detail.error, 404) || isApiError(detail.error, 403)) {
    return (
      <>
        <PageHeader heading="Funnel not found" backTo="/funnels" backLabel="Lead Funnels" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>There is no funnel here that you may build.</PanelEmpty>
      </>
    );
  }
  if (detail.isPending) return <><PageHeader heading="Funnel" backTo="/funnels" backLabel="Lead Funnels" /><Card><CardContent><PanelLoading label="Loading the funnel" rows={6} /></CardContent></Card></>;
  if (detail.isError) {
    return <><PageHeader heading="Funnel" backTo="/funnels" backLabel="Lead Funnels" /><Card><CardContent><PanelError error={detail.error} what="This funnel" onRetry={() => void detail.refetch()} /></CardContent></Card></>;
  }
  return <Builder funnel={detail.data} />;
}

function Builder({ funnel }: { funnel: FunnelDetail }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get('tab')) ? params.get('tab') as Tab : 'page';
  const stepParam = Number(params.get('step'));
  const step = funnel.steps.find((s) => s.id === stepParam) ?? funnel.steps[0] ?? null;
  const variantParam = params.get('variant');
  const variant: FunnelVariant = variantParam === 'B' || variantParam === 'C' || variantParam === 'D' ? variantParam : 'A';
  const flushRef = useRef<(() => Promise<void>) | null>(null);
  const publish = usePublishFunnel(funnel.id);
  const status = useFunnelStatus(funnel.id);
  const [problems, setProblems] = useState<FunnelPageError[] | null>(null);
  const [archiving, setArchiving] = useState(false);
  const archived = funnel.status === 'archived';

  const go = (next: { tab?: Tab; step?: number; variant?: FunnelVariant }) => setParams((p) => {
    const out = new URLSearchParams(p);
    if (next.tab) out.set('tab', next.tab);
    if (next.step !== undefined) { out.set('step', String(next.step)); out.delete('variant'); }
    if (next.variant) out.set('variant', next.variant);
    return out;
  }, { replace: true });

  const handlePublish = async () => {
    setProblems(null);
    try { await flushRef.current?.(); } catch { return; }
    publish.mutate(undefined, {
      onSuccess: (out) => toast({ title: 'Published', description: `Version ${out.publishedVersion} is live at ${out.publishedUrl}`, variant: 'success' }),
      onError: (error) => setProblems(publishProblems(error)),
    });
  };

  return (
    <>
      <PageHeader
        heading={funnel.name}
        subheading={<span className="inline-flex flex-wrap items-center gap-2"><FunnelStatusBadge status={funnel.status} />
          <span>/p/{funnel.slug}</span>
          {funnel.lastPublishedAt && <span>· published {formatDateTime(funnel.lastPublishedAt)} (version {funnel.publishedVersion})</span>}</span>}
        backTo="/funnels" backLabel="Lead Funnels"
        actions={<>
          {funnel.status === 'active' && funnel.publishedUrl && (
            <a href={funnel.publishedUrl} target="_blank" rel="noreferrer" className={buttonClasses('ghost')}><ExternalLink aria-hidden />View live</a>
          )}
          {funnel.status === 'active' && <Button variant="secondary" disabled={status.isPending} onClick={() => status.mutate('pause')}><Pause aria-hidden />Pause</Button>}
          {funnel.status === 'paused' && <Button variant="secondary" disabled={status.isPending} onClick={() => status.mutate('resume')}><Play aria-hidden />Resume</Button>}
          {!archived && <Button variant="ghost" onClick={() => setArchiving(true)}><Archive aria-hidden />Archive</Button>}
          {!archived && <Button onClick={() => void handlePublish()} disabled={publish.isPending}><Rocket aria-hidden />{publish.isPending ? 'Publishing…' : 'Publish'}</Button>}
        </>}
      />
      {archived && <p className="mb-6 rounded-lg border border-border bg-surface-muted px-4 py-3 text-sm text-muted">This funnel is archived: its pages answer “gone” and it can no longer be changed.</p>}
      {problems && problems.length > 0 && <PublishProblems problems={problems} steps={funnel.steps} onOpen={(s, v) => go({ tab: 'page', step: s, variant: v })} />}
      {(publish.error && !problems) || status.error ? (
        <p role="alert" className="mb-6 text-sm text-destructive-text">{serverMessage(publish.error ?? status.error) ?? 'That did not go through. Try again.'}</p>
      ) : null}
      <div className="grid gap-6 2xl:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <StepList funnelId={funnel.id} steps={funnel.steps} selectedId={step?.id ?? null} onSelect={(s) => go({ step: s })} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <div role="tablist" aria-label="Builder" className="flex gap-1 border-b border-border">
            {TABS.map((t) => (
              <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => go({ tab: t.id })}
                className={tab === t.id ? '-mb-px border-b-2 border-primary px-3 py-2 text-sm font-medium text-foreground' : 'px-3 py-2 text-sm text-muted hover:text-foreground'}>
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
            {tab === 'details' ? (
              <FunnelDetailsForm funnel={funnel} />
            ) : !step ? (
              <Card><CardContent><PanelEmpty>Add a step to start building its page.</PanelEmpty></CardContent></Card>
            ) : tab === 'split' ? (
              <SplitTestCard key={`${step.id}-${step.splitTest?.startedAt ?? 'none'}`} funnelId={funnel.id} step={step} />
            ) : (
              <StepEditor funnelId={funnel.id} step={step} variant={variant} readOnly={archived} flushRef={flushRef}
                onVariant={(v) => go({ variant: v })} onRemoved={() => setParams(new URLSearchParams({ tab: 'page' }), { replace: true })} />
            )}
          </div>
        </div>
      </div>
      <Dialog open={archiving} onClose={() => setArchiving(false)} title={`Archive ${funnel.name}?`}
        description="Its pages stop answering visitors for good and the funnel can no longer be changed. Its leads and figures stay.">
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setArchiving(false)}>Keep it</Button>
          <Button variant="destructive" disabled={status.isPending} onClick={() => status.mutate('archive', { onSuccess: () => setArchiving(false) })}>Archive funnel</Button>
        </div>
      </Dialog>
    </>
  );
}
