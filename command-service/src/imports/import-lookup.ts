import type { ImportMatchOn } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { MatchedLead } from './import-plan';

type Row = {
  id: number; name: string; email: string; phone: string; address: string | null; city: string; state: string;
  lead_type: MatchedLead['leadType']; source: MatchedLead['source']; notes: string | null; values: MatchedLead['customFields'] | null; key: string;
  tags: string[]; priority: MatchedLead['priority'];
};

/**
 * The leads these normalised keys match, as the read models show them: lead_custom_fields_v1
 * indexes every lead by normalised email and phone; lead_pool_v1 has its details. Several leads
 * with one key: the oldest is the match (the one the floor has known longest).
 */
export async function matchLeads(pool: Pool, matchOn: ImportMatchOn, keys: string[]): Promise<Map<string, MatchedLead>> {
  if (keys.length === 0) return new Map();
  const column = matchOn === 'email' ? 'email_norm' : 'phone_norm';
  const { rows } = await pool.query<Row>(
    `select distinct on (c.${column}) c.${column} as key, p.id, p.name, p.email, p.phone, p.address, p.city, p.state, p.lead_type, p.source, p.notes, p.tags, p.priority, c.values
     from lead_custom_fields_v1 c join lead_pool_v1 p on p.id = c.lead_id
     where c.${column} = any($1::text[]) order by c.${column}, p.id`, [keys]);
  return new Map(rows.map((r) => [r.key, {
    id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, city: r.city, state: r.state,
    leadType: r.lead_type, source: r.source, notes: r.notes, customFields: r.values ?? {}, tags: r.tags ?? [], priority: r.priority,
  }]));
}
