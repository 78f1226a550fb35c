import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ExplainRequest } from '../api/analytics-keys';
import { ExplainDialog } from './explain-dialog';

type Explaining = { title: string; request: ExplainRequest };
const ExplainContext = createContext<(e: Explaining) => void>(() => {});

/** Holds the one "explain this number" dialog of a page; any figure below can open it. */
export function ExplainProvider({ children }: { children: ReactNode }) {
  const [explaining, setExplaining] = useState<Explaining | null>(null);
  return (
    <ExplainContext value={setExplaining}>
      {children}
      <ExplainDialog explaining={explaining} onClose={() => setExplaining(null)} />
    </ExplainContext>
  );
}

export const useExplain = () => useContext(ExplainContext);

/**
 * A figure that opens its explanation: the leads behind it. A button, so the keyboard and
 * screen readers reach every explanation, not only the chart's pointer users.
 */
export function Figure({ value, title, request, className }: { value: ReactNode; title: string; request: ExplainRequest; className?: string }) {
  const explain = useExplain();
  return (
    <button
      type="button"
      onClick={() => explain({ title, request })}
      aria-label={`${title}: ${typeof value === 'string' || typeof value === 'number' ? value : ''}. Show the leads behind it`}
      className={`rounded px-1 font-medium tabular-nums text-primary-soft-foreground underline decoration-dotted underline-offset-4 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-ring ${className ?? ''}`}
    >
      {value}
    </button>
  );
}
