import type { AnalyticsFilters, FunnelRow } from '@leadfloor/contracts';
import { formatCents } from '../../../lib/dollars';
import { formatCount } from '../../../lib/format-number';
import { Figure } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

const STEPS = [['leads', 'created'], ['claimed', 'claimed'], ['contacted', 'contacted'], ['qualified', 'qualified'], ['sold', 'sold'], ['lost', 'lost']] as const;
export const campaignLabel = (c: string | null) => c ?? 'No campaign';
export const funnelSourceLabel = (s: string | null) => s ?? 'No funnel source';
/** A cost the floor recorded, or a plain "not known": never an estimate. */
const cost = (cents: number | null) => (cents === null ? <span className="text-muted">Not known</span> : formatCents(cents));

/** The funnel by source and campaign as a table; each count opens the leads behind it. */
export function FunnelTable({ rows, filters }: { rows: FunnelRow[]; filters: AnalyticsFilters }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Sales funnel by source and campaign</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={`${th} text-left`}>Source · campaign</th>
            {STEPS.map(([k]) => <th key={k} scope="col" className={num}>{k}</th>)}
            <th scope="col" className={num}>Revenue</th><th scope="col" className={num}>Spend</th><th scope="col" className={num}>Cost per sold</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => {
            const name = `${funnelSourceLabel(r.funnelSource)} · ${campaignLabel(r.campaignId)}`;
            const scope = { ...filters, funnelSource: r.funnelSource ?? 'none', campaign: r.campaignId ?? 'none' };
            return (
              <tr key={name}>
                <th scope="row" className={rowHead}>
                  {funnelSourceLabel(r.funnelSource)}<span className="block text-xs font-normal text-muted">{campaignLabel(r.campaignId)}</span>
                </th>
                {STEPS.map(([k, figure]) => (
                  <td key={k} className={td}><Figure value={formatCount(r[k])} title={`${name}: ${k}`} request={{ ...scope, figure }} /></td>
                ))}
                <td className={td}>{formatCents(r.revenueCents)}</td>
                <td className={td}>{cost(r.spendCents)}</td>
                <td className={td}>{cost(r.costPerSoldCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
