import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { copyField, copyRows } from './copy-rows';
import { createPool, type Pool } from './pool';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 2 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

// Text as people type it and as attackers send it: COPY's own separators and escapes, array
// punctuation, quotes, a formula, right-to-left and astral characters, and the empty string.
const awkward = ['tab\there', 'two\nlines', 'carriage\rreturn', 'back\\slash', '\\N', 'say "hi"', "it's", '{braces}, commas',
  '=SUM(A1)', '\u202Eevil', '😀 emoji', ''];

describe('copyRows', () => {
  it('writes every value back exactly as given: text, arrays of text, numbers, booleans, instants and nulls', async () => {
    const c = await pool.connect();
    try {
      await c.query(`create table copied (id int primary key, note text, tags text[] not null, score int, ok boolean, at timestamptz)`);
      type Row = { id: number; note: string | null; tags: string[]; score: number | null; ok: boolean; at: string | null };
      const rows: Row[] = awkward.map((note, i) => ({
        id: i + 1, note, tags: i % 3 === 0 ? [] : [note, awkward[(i + 1) % awkward.length]!, 'NULL'], score: i % 2 ? null : 1 - i,
        ok: i % 2 === 0, at: i % 4 === 0 ? null : new Date(Date.UTC(2026, 0, 1, 0, 0, i, 123)).toISOString(),
      }));
      rows.push({ id: 100, note: null, tags: [''], score: 0, ok: false, at: new Date(Date.UTC(1999, 11, 31, 23, 59, 59)).toISOString() });
      await copyRows(c, 'copied', ['id', 'note', 'tags', 'score', 'ok', 'at'], rows);
      const back = await c.query<Omit<Row, 'at'> & { at: Date | null }>(
        'select * from copied order by id');
      expect(back.rows.map((r) => ({ ...r, at: r.at?.toISOString() ?? null }))).toEqual(rows);
    } finally {
      c.release();
    }
  });

  it('writes rows in the thousands, across its chunks, and nothing when given none', async () => {
    const c = await pool.connect();
    try {
      await c.query('create table many (id int primary key, label text)');
      await copyRows(c, 'many', ['id', 'label'], []);
      const rows = Array.from({ length: 2_501 }, (_, i) => ({ id: i, label: `row ${i}\t${awkward[i % awkward.length]}` }));
      await copyRows(c, 'many', ['id', 'label'], rows);
      const { rows: back } = await c.query<{ id: number; label: string }>('select id, label from many order by id');
      expect(back).toEqual(rows);
    } finally {
      c.release();
    }
  });

  it('fails, writing nothing, when a row breaks a constraint', async () => {
    const c = await pool.connect();
    try {
      await c.query('create table strict (id int primary key)');
      await expect(copyRows(c, 'strict', ['id'], [{ id: 1 }, { id: 1 }])).rejects.toThrow(/duplicate key/);
      expect((await c.query('select count(*)::int as n from strict')).rows[0]).toEqual({ n: 0 });
    } finally {
      c.release();
    }
  });
});

describe('copyField', () => {
  it('escapes what COPY text would read as a separator, an escape or null', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField(null)).toBe('\\N');
    expect(copyField(['x"y', 'a\\b'])).toBe('{"x\\\\"y","a\\\\\\\\b"}');
  });
});
