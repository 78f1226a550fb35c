import type { FunnelPageError, FunnelStepView, FunnelVariant } from '@leadfloor/contracts';
import { CircleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';

type Props = { problems: FunnelPageError[]; steps: FunnelStepView[]; onOpen: (stepId: number, variant: FunnelVariant) => void };

/** Why a publish was refused: each problem under its step and variant, with a way to open that page. */
export function PublishProblems({ problems, steps, onOpen }: Props) {
  const groups = steps.flatMap((step) => (['A', 'B', 'C', 'D'] as const).flatMap((variant) => {
    const found = problems.filter((p) => p.stepId === step.id && p.variant === variant);
    return found.length ? [{ step, variant, found }] : [];
  }));
  return (
    <div role="alert" className="mb-6 rounded-xl border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground">
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden className="size-4" />
        Not published: {problems.length} {problems.length === 1 ? 'thing' : 'things'} to fix
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {groups.map(({ step, variant, found }) => (
          <li key={`${step.id}-${variant}`}>
            <span className="font-medium">{step.name}{variant !== 'A' ? `, variant ${variant}` : ''}</span>
            <Button variant="link" size="sm" className="ml-2" onClick={() => onOpen(step.id, variant)}>Open</Button>
            <ul className="list-disc pl-5">
              {found.map((p, i) => <li key={i}>{p.field ? `${p.field}: ` : ''}{p.message}</li>)}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
