import { useMemo, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { FunnelStepView, FunnelVariant } from '@leadfloor/contracts';
import { PageBlockView } from '@leadfloor/funnel-pages/blocks/page-blocks';
import { PageContentSchema, emptyPage, type PageContent } from '@leadfloor/funnel-pages/page-content';
import { starterPage } from '@leadfloor/funnel-pages/starter-pages';
import '@leadfloor/funnel-pages/blocks.css';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import { saveFunnelDraft } from '../api/funnel-mutations';
import { funnelKeys } from '../api/funnel-queries';
import { nextVariant, stepVariants } from '../split-weights';
import { PageEditor } from './page-editor';
import { StepSettings } from './step-settings';

type StepEditorProps = {
  funnelId: number;
  step: FunnelStepView;
  variant: FunnelVariant;
  readOnly: boolean;
  flushRef: RefObject<(() => Promise<void>) | null>;
  onVariant: (variant: FunnelVariant) => void;
  onRemoved: () => void;
};

const pageOf = (step: FunnelStepView, variant: FunnelVariant): PageContent | null => {
  const draft = step.drafts[variant];
  if (!draft) return null;
  const parsed = PageContentSchema.safeParse(draft.content);
  return parsed.success ? parsed.data : null;
};

/** The selected step: its settings, its variants (A is the page visitors get without a test) and the page editor. */
export function StepEditor({ funnelId, step, variant, readOnly, flushRef, onVariant, onRemoved }: StepEditorProps) {
  const queryClient = useQueryClient();
  const variants = stepVariants(step);
  const shown = variants.includes(variant) ? variant : 'A';
  const next = nextVariant(variants);
  const [adding, setAdding] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });

  // A new variant starts as a copy of A's page, saved at once so it exists for the split test.
  const handleAddVariant = async () => {
    if (!next) return;
    setAdding({ pending: true, error: null });
    try {
      await flushRef.current?.();
      await saveFunnelDraft(funnelId, step.id, next, pageOf(step, 'A') ?? emptyPage());
      await queryClient.invalidateQueries({ queryKey: funnelKeys.detail(funnelId) });
      setAdding({ pending: false, error: null });
      onVariant(next);
    } catch (error) {
      setAdding({ pending: false, error });
    }
  };

  // A step without a page yet starts from a ready one (saved at once, so the funnel can be published as it stands).
  const saved = pageOf(step, shown);
  const first = step.position === 0;
  const starter = useMemo(() => starterPage(first ? 'opt-in' : 'follow-up', (type) => `${type}-${crypto.randomUUID()}`), [step.id, shown, first]);
  const initial = saved ?? starter;
  return (
    <div className="flex flex-col gap-3">
      {!readOnly && <StepSettings funnelId={funnelId} step={step} onRemoved={onRemoved} />}
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Variants" className="flex flex-wrap gap-1">
          {variants.map((v) => (
            <button key={v} type="button" aria-pressed={v === shown} onClick={() => onVariant(v)}
              className={cx('rounded-md px-2.5 py-1 text-sm', v === shown ? 'bg-primary-soft font-medium text-primary-soft-foreground' : 'text-muted hover:bg-surface-muted')}>
              {v === 'A' ? 'Page A' : `Variant ${v}`}{step.splitTest?.weights[v] !== undefined ? ` · ${step.splitTest.weights[v]}%` : ''}
            </button>
          ))}
        </div>
        {!readOnly && next && (
          <Button variant="ghost" size="sm" disabled={adding.pending} onClick={() => void handleAddVariant()}><Plus aria-hidden />Add variant {next}</Button>
        )}
        {adding.error !== null && <p role="alert" className="text-xs text-destructive-text">{serverMessage(adding.error) ?? 'The variant was not added. Try again.'}</p>}
      </div>
      {readOnly ? (
        <div className="overflow-hidden rounded-xl border border-border">
          <div className="fp-page">{initial.content.map((block) => <PageBlockView key={block.props.id} block={block} />)}</div>
        </div>
      ) : (
        <PageEditor key={`${step.id}-${shown}`} funnelId={funnelId} stepId={step.id} variant={shown} initial={initial} unsaved={saved === null} flushRef={flushRef} />
      )}
    </div>
  );
}
