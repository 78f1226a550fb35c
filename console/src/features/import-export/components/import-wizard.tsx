import { useId } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { MappingStep } from './mapping-step';
import { RunStep } from './run-step';
import { UploadStep } from './upload-step';
import type { Import } from '@leadfloor/contracts';

type Step = { name: 'upload' } | { name: 'map'; imp: Import } | { name: 'run'; importId: number };
const STEPS = ['Upload', 'Map columns', 'Dry run and import'] as const;

/** The import wizard: upload, map, dry run, run with a progress bar. A file picked from the history resumes at its step. */
export function ImportWizard({ step, onStep }: { step: Step; onStep: (s: Step) => void }) {
  const titleId = useId();
  const index = step.name === 'upload' ? 0 : step.name === 'map' ? 1 : 2;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title="Import leads" description="Bring leads in from a spreadsheet. Check with a dry run; undo for 30 days." />
      <CardContent className="flex flex-col gap-5">
        <ol className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Import steps">
          {STEPS.map((label, i) => (
            <li key={label} aria-current={i === index ? 'step' : undefined}
              className={cx('flex items-center gap-2', i === index ? 'font-semibold text-foreground' : 'text-muted')}>
              <span className={cx('flex size-6 items-center justify-center rounded-full text-xs', i <= index ? 'bg-primary text-primary-foreground' : 'bg-surface-muted')}>{i + 1}</span>
              {label}
            </li>
          ))}
        </ol>
        {step.name === 'upload' && <UploadStep onUploaded={(imp) => onStep({ name: 'map', imp })} />}
        {step.name === 'map' && <MappingStep key={step.imp.id} imp={step.imp} onMapped={(imp) => onStep({ name: 'run', importId: imp.id })} />}
        {step.name === 'run' && (
          <RunStep importId={step.importId} onDone={() => onStep({ name: 'upload' })}
            onEditMapping={(imp) => onStep({ name: 'map', imp })} />
        )}
      </CardContent>
    </Card>
  );
}

export type WizardStep = Step;
