import { useRef, type KeyboardEvent } from 'react';
import type { LeadTab } from '@leadfloor/contracts';
import { cx } from '../../../lib/cx';

/** Spec 2.6's tabs; 'Sold/Lost' is the server's `closed` tab. */
export const LEAD_TABS: { value: LeadTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'available', label: 'Available' },
  { value: 'claimed', label: 'Claimed' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'closed', label: 'Sold/Lost' },
];

export const tabId = (tab: LeadTab) => `lead-tab-${tab}`;
export const TAB_PANEL_ID = 'lead-tab-panel';

/** A tab list with the keyboard of the ARIA tabs pattern (arrows, Home, End; activation follows focus). */
export function LeadTabs({ value, onChange }: { value: LeadTab; onChange: (tab: LeadTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const handleKeyDown = (e: KeyboardEvent) => {
    const i = LEAD_TABS.findIndex((t) => t.value === value);
    const last = LEAD_TABS.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = LEAD_TABS[next]!.value;
    onChange(tab);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab)}`)?.focus();
  };
  return (
    <div className="-mx-1 overflow-x-auto px-1 pb-1">
      <div ref={list} role="tablist" aria-label="Lead status" onKeyDown={handleKeyDown} className="inline-flex min-w-max gap-1 rounded-xl bg-surface-muted p-1">
        {LEAD_TABS.map((t) => {
          const selected = t.value === value;
          return (
            <button
              key={t.value}
              id={tabId(t.value)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={TAB_PANEL_ID}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.value)}
              className={cx(
                'rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                selected ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
