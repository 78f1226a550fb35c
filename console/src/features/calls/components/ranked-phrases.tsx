/** The most heard buying signals (or objections): each label with how many calls it came up on. */
export function RankedPhrases({ items, label, empty }: { items: { label: string; count: number }[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  const top = Math.max(...items.map((i) => i.count));
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {items.map((i) => (
        <li key={i.label} className="flex flex-col gap-1 text-sm">
          <span className="flex justify-between gap-2">
            <span className="text-foreground">{i.label}</span>
            <span className="text-muted tabular-nums">{i.count === 1 ? '1 call' : `${i.count} calls`}</span>
          </span>
          <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-surface-muted">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${(i.count / top) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
