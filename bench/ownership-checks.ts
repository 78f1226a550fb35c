import type { Pool } from '@leadfloor/infra/postgres/pool';
import { sleep } from './stats';

const streamsOf = `(select 'lead-' || g from generate_series($1::int, $2::int) g)`;

/**
 * In the store: claims of a lead that already had an owner (a LeadClaimed or LeadReassigned
 * with no LeadReleased between), and each lead's owner after its last ownership event.
 */
export async function storeOwners(pool: Pool, firstId: number, lastId: number) {
  const { rows } = await pool.query<{ double_claims: string; claims: string }>(`
    with own as (
      select type, lag(type) over (partition by stream_id order by stream_version) as prev
      from events where stream_id in ${streamsOf} and type in ('LeadClaimed', 'LeadReleased', 'LeadReassigned')
    )
    select count(*) filter (where type = 'LeadClaimed' and prev in ('LeadClaimed', 'LeadReassigned')) as double_claims,
           count(*) filter (where type = 'LeadClaimed') as claims
    from own`, [firstId, lastId]);
  const { rows: owners } = await pool.query<{ id: number; owner: number | null }>(`
    select distinct on (stream_id) substr(stream_id, 6)::int as id,
      case type when 'LeadClaimed' then (data->>'userId')::int when 'LeadReassigned' then (data->>'to')::int end as owner
    from events where stream_id in ${streamsOf} and type in ('LeadClaimed', 'LeadReleased', 'LeadReassigned')
    order by stream_id, stream_version desc`, [firstId, lastId]);
  return { doubleClaims: Number(rows[0]!.double_claims), claims: Number(rows[0]!.claims), owners: new Map(owners.map((o) => [o.id, o.owner])) };
}

/**
 * In the read model, once it has caught up with every stream of the range: leads whose holder
 * differs from the store's owner.
 */
export async function readModelMismatches(pool: Pool, firstId: number, lastId: number, owners: Map<number, number | null>, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const { rows } = await pool.query<{ behind: string }>(`
      select count(*) as behind from streams s left join lead_pool_v1 l on s.stream_id = 'lead-' || l.id
      where s.stream_id in ${streamsOf} and coalesce(l.version, 0) < s.version`, [firstId, lastId]);
    if (Number(rows[0]!.behind) === 0) break;
    if (Date.now() > deadline) return { caughtUp: false, mismatches: null };
  }
  const { rows } = await pool.query<{ id: number; claimed_by: number | null; status: string }>(
    'select id, claimed_by, status from lead_pool_v1 where id between $1 and $2', [firstId, lastId]);
  let mismatches = 0;
  for (const r of rows) {
    const owner = owners.get(r.id) ?? null;
    if (r.claimed_by !== owner || (owner === null) !== (r.status === 'available')) mismatches++;
  }
  return { caughtUp: true, mismatches };
}
