import { useMemo, useState, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Puck, type Data } from '@puckeditor/core';
// Puck's styles without their web-font import: the console's CSP loads styles from its own origin only.
import '@puckeditor/core/no-external.css';
import '@leadfloor/funnel-pages/blocks.css';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { FunnelVariant } from '@leadfloor/contracts';
import type { PageContent } from '@leadfloor/funnel-pages/page-content';
import { validatePage } from '@leadfloor/funnel-pages/validate-page';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api';
import { funnelCustomFieldsQuery, funnelKeys } from '../api/funnel-queries';
import { saveFunnelDraft } from '../api/funnel-mutations';
import { useAutosave, type AutosaveState } from '../use-autosave';
import { funnelPuckConfig } from './puck-config';

type PageEditorProps = {
  funnelId: number;
  stepId: number;
  variant: FunnelVariant;
  initial: PageContent;
  /** The page is not stored yet (a new step's starter): it is saved as soon as the editor opens. */
  unsaved: boolean;
  /** Set to this editor's "save now", which the builder awaits before publishing. */
  flushRef: RefObject<(() => Promise<void>) | null>;
};

const VIEWPORTS = [
  { width: 390, height: 'auto' as const, label: 'Phone', icon: 'Smartphone' as const },
  { width: 1280, height: 'auto' as const, label: 'Desktop', icon: 'Monitor' as const },
];

/**
 * One step's page (one variant) in Puck: blocks from the library on the left, the page at phone
 * or desktop width in the middle, the selected block's fields on the right; undo and redo in
 * its header. Every change is saved as the step's draft a moment later.
 */
export function PageEditor({ funnelId, stepId, variant, initial, unsaved, flushRef }: PageEditorProps) {
  const queryClient = useQueryClient();
  const customFields = useQuery(funnelCustomFieldsQuery());
  const config = useMemo(() => funnelPuckConfig((customFields.data?.fields ?? []).map((f) => ({ name: f.name, label: f.label }))), [customFields.data]);
  const [data] = useState(() => initial as unknown as Data);
  const [current, setCurrent] = useState(data);
  const checks = useMemo(() => validatePage(current), [current]);
  const [saveError, setSaveError] = useState<unknown>(null);
  const autosave = useAutosave(async (content: unknown) => {
    try {
      await saveFunnelDraft(funnelId, stepId, variant, content);
      setSaveError(null);
      void queryClient.invalidateQueries({ queryKey: funnelKeys.detail(funnelId) });
    } catch (error) {
      setSaveError(error);
      throw error;
    }
  }, { unsaved: unsaved ? { value: data } : undefined });
  flushRef.current = autosave.flush;
  const issues = checks.ok ? [] : checks.errors;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <SaveStatus state={autosave.state} error={saveError} onRetry={() => void autosave.flush()} />
        <p className={issues.length ? 'font-medium text-warning-soft-foreground' : 'text-muted'}>
          {issues.length === 0 ? 'Ready to publish' : `${issues.length} ${issues.length === 1 ? 'thing' : 'things'} to fix before publishing`}
        </p>
      </div>
      {issues.length > 0 && (
        <details className="rounded-lg border border-border bg-surface px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-foreground">What to fix</summary>
          <ul className="mt-2 list-disc pl-5 text-muted">
            {issues.map((e, i) => <li key={i}>{e.blockId ? `${blockLabel(current, e.blockId)}: ` : ''}{e.message}</li>)}
          </ul>
        </details>
      )}
      <div className="funnel-puck overflow-hidden rounded-xl border border-border">
        <Puck
          config={config}
          data={data}
          height="min(78dvh, 880px)"
          viewports={VIEWPORTS}
          iframe={{ enabled: true, waitForStyles: true }}
          dictionary={{ 'header-undo': 'Undo', 'header-redo': 'Redo' }}
          headerTitle={variant === 'A' ? 'Page' : `Variant ${variant}`}
          overrides={{ headerActions: () => <></> }}
          onChange={(next) => {
            setCurrent(next);
            autosave.schedule(next);
          }}
        />
      </div>
    </div>
  );
}

function blockLabel(data: Data, blockId: string) {
  const block = data.content.find((b) => b.props.id === blockId);
  return block ? `${block.type.replace(/([a-z])([A-Z])/g, '$1 $2')} block` : 'A block';
}

function SaveStatus({ state, error, onRetry }: { state: AutosaveState; error: unknown; onRetry: () => void }) {
  if (state === 'error') {
    return (
      <p role="alert" className="flex items-center gap-1.5 text-destructive-text">
        <CircleAlert aria-hidden className="size-4" />Not saved: {serverMessage(error) ?? 'the draft did not reach the server.'}
        <Button variant="link" size="sm" onClick={onRetry}>Retry</Button>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-1.5 text-muted">
      {state === 'saved' ? <CircleCheck aria-hidden className="size-4 text-success" /> : <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {state === 'saved' ? 'All changes saved' : 'Saving…'}
    </p>
  );
}
