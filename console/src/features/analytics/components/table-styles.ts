/** The class names every analytics table shares (the call analytics tables' look). */
export const th = 'px-3 py-2 text-xs font-medium tracking-wide text-muted uppercase whitespace-nowrap';
export const num = `${th} text-right`;
export const td = 'px-3 py-2.5 text-right tabular-nums';
export const rowHead = 'px-3 py-2.5 text-left font-medium whitespace-nowrap text-foreground';
export const tableClass = 'w-full border-collapse text-sm';
export const headClass = 'border-b border-border bg-surface-muted/60';
