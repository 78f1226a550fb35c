import { createHash } from 'node:crypto';
import type { Pool } from '@leadfloor/infra/postgres/pool';

/** JSON with every object's keys in order: equal pages give equal text, so equal hashes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const pageHash = (content: unknown) => createHash('sha256').update(canonicalJson(content)).digest('hex');

/** Stores a page by its content address (insert-only: a page already stored is left as it is). */
export async function storePage(pool: Pool, content: unknown): Promise<string> {
  const json = canonicalJson(content);
  const hash = createHash('sha256').update(json).digest('hex');
  await pool.query('insert into page_contents (hash, data) values ($1, $2::jsonb) on conflict (hash) do nothing', [hash, json]);
  return hash;
}

/** Stored pages by hash. */
export async function readPages(pool: Pool, hashes: string[]): Promise<Map<string, unknown>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await pool.query<{ hash: string; data: unknown }>('select hash, data from page_contents where hash = any($1::text[])', [hashes]);
  return new Map(rows.map((r) => [r.hash, r.data]));
}
