import type { Pool } from '@leadfloor/infra/postgres/pool';

type TrendRow = {
  calls: string; connected: string; analyzed: string; duration: string | null; sentiment: string | null; adherence: string | null;
};
const trend = (r: TrendRow) => ({
  calls: Number(r.calls),
  connectedCalls: Number(r.connected),
  analyzedCalls: Number(r.analyzed),
  totalDurationSeconds: Number(r.duration ?? 0),
  averageSentimentScore: r.sentiment === null ? null : Math.round(Number(r.sentiment) * 10) / 10,
  averageScriptAdherence: r.adherence === null ? null : Math.round(Number(r.adherence)),
});
const MEASURES = `count(c.id) as calls, count(c.id) filter (where c.result = 'connected') as connected,
  count(c.analytics) as analyzed, sum(c.duration) as duration, avg(c.sentiment_score) as sentiment, avg(c.script_adherence) as adherence`;

/**
 * /call-analytics: the last `weeks` calendar weeks (Monday 00:00 in the floor's time zone),
 * per week and per agent, with call results and the most heard buying signals and objections.
 * `$1` the reader, `$2` their teams, `$3` now, `$4` the zone, `$5` weeks, `$6` one agent.
 */
export async function callTrends(pool: Pool, o: { actorId: number; teams: number[]; now: Date; timeZone: string; weeks: number; userId?: number }) {
  const params = [o.actorId, o.teams, o.now, o.timeZone, o.weeks, o.userId ?? null];
  const window = `with bounds as (
      select date_trunc('week', $3::timestamptz at time zone $4) - ($5::int - 1) * interval '1 week' as first_week,
             date_trunc('week', $3::timestamptz at time zone $4) as last_week),
    seen as (
      select c.* from calls_v1 c, bounds b
      where (c.user_id = $1 or c.team_id = any($2::int[])) and ($6::int is null or c.user_id = $6)
        and c.started_at >= b.first_week at time zone $4)`;
  const [weeks, agents, results, signals, objections, from] = await Promise.all([
    pool.query<TrendRow & { week: string }>(`${window}
      select to_char(w.week, 'YYYY-MM-DD') as week, ${MEASURES}
      from bounds b cross join lateral generate_series(b.first_week, b.last_week, interval '1 week') as w(week)
      left join seen c on date_trunc('week', c.started_at at time zone $4) = w.week
      group by w.week order by w.week`, params),
    pool.query<TrendRow & { user_id: number; full_name: string | null }>(`${window}
      select c.user_id, u.full_name, ${MEASURES} from seen c left join users_v1 u on u.id = c.user_id
      group by c.user_id, u.full_name order by count(c.id) desc, c.user_id`, params),
    pool.query<{ result: string; n: string }>(`${window}
      select c.result, count(*) as n from seen c where c.result is not null group by c.result`, params),
    pool.query<{ label: string; n: string }>(`${window}
      select s as label, count(*) as n from seen c, jsonb_array_elements_text(c.analytics->'buyingSignals') s
      group by s order by count(*) desc, s limit 10`, params),
    pool.query<{ label: string; n: string }>(`${window}
      select s as label, count(*) as n from seen c, jsonb_array_elements_text(c.analytics->'objections') s
      group by s order by count(*) desc, s limit 10`, params),
    pool.query<{ start: Date }>(`select (date_trunc('week', $1::timestamptz at time zone $2) - ($3::int - 1) * interval '1 week') at time zone $2 as start`,
      [o.now, o.timeZone, o.weeks]),
  ]);
  const counts = { connected: 0, voicemail: 0, no_answer: 0, busy: 0, wrong_number: 0 };
  for (const r of results.rows) counts[r.result as keyof typeof counts] = Number(r.n);
  return {
    from: from.rows[0]!.start.toISOString(),
    timeZone: o.timeZone,
    weeks: weeks.rows.map((r) => ({ weekStart: r.week, ...trend(r) })),
    agents: agents.rows.map((r) => ({ userId: r.user_id, fullName: r.full_name ?? `User ${r.user_id}`, ...trend(r) })),
    results: counts,
    buyingSignals: signals.rows.map((r) => ({ label: r.label, count: Number(r.n) })),
    objections: objections.rows.map((r) => ({ label: r.label, count: Number(r.n) })),
  };
}
