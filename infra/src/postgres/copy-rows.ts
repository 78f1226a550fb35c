import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from './pool';

/** A value COPY's text format can carry: text, numbers, booleans, instants, arrays of text, null. */
export type CopyValue = string | number | boolean | Date | string[] | null | undefined;

// COPY's text format: backslash, tab, newline and carriage return are escaped; `\N` is null.
const escapeText = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
// An array literal quotes every element (backslash and double quote escaped inside).
const arrayLiteral = (a: string[]) => `{${a.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export function copyField(v: CopyValue): string {
  if (v === null || v === undefined) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return escapeText(arrayLiteral(v));
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return escapeText(String(v));
}

/** Rows per chunk handed to the COPY stream. */
const CHUNK = 1_000;

/**
 * Writes `rows` into `table` with COPY FROM STDIN (text format): several times faster than an
 * INSERT of the same rows, since the server parses no JSON and plans nothing. For bulk loads
 * into tables nothing else writes (a replay's copies): COPY has no ON CONFLICT.
 */
export async function copyRows<R extends Record<string, CopyValue>>(db: PoolClient, table: string, columns: (keyof R & string)[], rows: R[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  const target = `"${table.replace(/"/g, '""')}"`;
  const stream = db.query(copyFrom(`copy ${target} (${names}) from stdin`));
  function* lines() {
    for (let i = 0; i < rows.length; i += CHUNK) {
      let text = '';
      for (const row of rows.slice(i, i + CHUNK)) text += `${columns.map((c) => copyField(row[c])).join('\t')}\n`;
      yield text;
    }
  }
  await pipeline(Readable.from(lines()), stream);
}
