import type { CallFigures, TrainingOutcome } from '@leadfloor/contracts';
import type { Pool } from '@leadfloor/infra/postgres/pool';

type SideRow = { side: 'before' | 'after'; calls: number; analyzed: number; adherence: string | null; sentiment: string | null; converted: number };

const oneDecimal = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
const empty: CallFigures = { calls: 0, analyzedCalls: 0, scriptAdherence: null, sentiment: null, conversion: null, convertedCalls: 0 };

/**
 * Whether the training shows in the closer's calls: their completed calls before and after
 * certification (before it, all of them are "before"), from the calls read model. Script
 * adherence and sentiment are means over the analysed calls; conversion is the share of calls
 * whose lead the closer went on to sell (a sale of theirs on that lead, on or after the call, not
 * rejected). Each figure comes with the number of calls it rests on.
 */
export async function readTrainingOutcome(pool: Pool, userId: number, certifiedAt: Date | null): Promise<TrainingOutcome> {
  const { rows } = await pool.query<SideRow>(
    `select case when $2::timestamptz is null or c.started_at < $2 then 'before' else 'after' end as side,
            count(*)::int as calls, count(c.script_adherence)::int as analyzed,
            avg(c.script_adherence) as adherence, avg(c.sentiment_score) as sentiment,
            count(*) filter (where exists (
              select 1 from sales_v1 s where s.lead_id = c.lead_id and s.user_id = c.user_id and s.sale_date >= c.started_at and s.status <> 'rejected'
            ))::int as converted
     from calls_v1 c where c.user_id = $1 and c.status = 'completed' group by 1`,
    [userId, certifiedAt]);
  const side = (name: SideRow['side']): CallFigures => {
    const r = rows.find((x) => x.side === name);
    if (!r) return empty;
    return {
      calls: r.calls, analyzedCalls: r.analyzed, scriptAdherence: oneDecimal(r.adherence), sentiment: oneDecimal(r.sentiment),
      conversion: r.calls === 0 ? null : Math.round((r.converted * 1000) / r.calls) / 10, convertedCalls: r.converted,
    };
  };
  return { certifiedAt: certifiedAt?.toISOString() ?? null, before: side('before'), after: certifiedAt ? side('after') : null };
}
