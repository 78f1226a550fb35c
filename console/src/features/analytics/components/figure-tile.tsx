import type { ReactNode } from 'react';

/** A headline figure: its label, the figure (often an explainable Figure), and a note. */
export function FigureTile({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="@container min-w-0 rounded-xl border border-border bg-surface p-4 shadow-xs">
      <dt className="text-sm text-muted">{label}</dt>
      {/* The figure's size follows the tile's width, so a seven-figure sum stays on one line on a phone. */}
      <dd className="mt-1 text-lg font-semibold tracking-tight whitespace-nowrap text-foreground tabular-nums @min-[10rem]:text-2xl">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-muted">{note}</dd>}
    </div>
  );
}
