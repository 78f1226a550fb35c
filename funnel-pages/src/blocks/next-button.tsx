import type { BlockProps } from '../page-content';
import { useStepTarget } from './render-context';

/** A link to the funnel's next step (on the last step, and in the builder, it leads nowhere). */
export function NextButton({ label }: BlockProps<'NextButton'>) {
  const target = useStepTarget();
  return (
    <p className="fp-cta">
      {target?.nextPath
        ? <a className="fp-button" href={target.nextPath}>{label}</a>
        : <span className="fp-button" aria-disabled="true">{label}</span>}
    </p>
  );
}
