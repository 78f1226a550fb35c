import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@leadfloor/contracts';

export type ImportFormat = 'csv' | 'xlsx';
/** One data row: its number in the file (1 = the first row after the header) and its cells as text. */
export type FileRow = { row: number; cells: string[] };

export class UnreadableFile extends Error {}
export class TooManyRows extends Error {}

export const importsDir = (dataDir: string) => resolve(dataDir, 'imports');
export const importFilePath = (dataDir: string, importId: number, format: ImportFormat) => join(importsDir(dataDir), `${importId}.${format}`);

/** XLSX is a zip: it starts with "PK". Anything else is read as delimited text. */
export const formatOf = (head: Buffer): ImportFormat => (head[0] === 0x50 && head[1] === 0x4b ? 'xlsx' : 'csv');

/** Streams an upload to disk under a temporary name, renamed into place once whole (a cut upload leaves nothing). */
export async function saveUpload(dataDir: string, importId: number, file: Readable): Promise<{ path: string; format: ImportFormat; size: number }> {
  await mkdir(importsDir(dataDir), { recursive: true });
  const tmp = join(importsDir(dataDir), `${importId}.upload`);
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(file, counter, createWriteStream(tmp));
    // A multipart part cut at the size limit ends quietly, flagged `truncated`.
    if ((file as Readable & { truncated?: boolean }).truncated) throw Object.assign(new Error('file too large'), { statusCode: 413 });
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const format = formatOf(head);
  const path = importFilePath(dataDir, importId, format);
  await rename(tmp, path);
  return { path, format, size };
}

/**
 * Text in UTF-8 (a BOM dropped) unless the file's start is not valid UTF-8: then it was saved by
 * a spreadsheet in Windows-1252 (é as one byte 0xE9), and is decoded as that. Read in chunks,
 * so a file is never whole in memory.
 */
async function textEncodingOf(path: string): Promise<'utf-8' | 'windows-1252'> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    let probe = buf.subarray(0, bytesRead);
    // A multi-byte character may be cut at the probe's end: drop an incomplete tail.
    for (let i = 1; i <= 3 && i <= probe.length; i++) {
      const b = probe[probe.length - i]!;
      if ((b & 0xc0) === 0xc0) { probe = probe.subarray(0, probe.length - i); break; }
      if ((b & 0x80) === 0) break;
    }
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(probe);
      return 'utf-8';
    } catch {
      return 'windows-1252';
    }
  } finally {
    await fh.close();
  }
}

function decoder(encoding: 'utf-8' | 'windows-1252') {
  const d = new TextDecoder(encoding, { ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _enc, done) { done(null, d.decode(chunk, { stream: true })); },
    flush(done) { done(null, d.decode()); },
  });
}

/** The delimiter of the header line: the most frequent of comma, semicolon and tab (Excel in many locales writes ';'). */
async function delimiterOf(path: string, encoding: 'utf-8' | 'windows-1252'): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(16 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const firstLine = new TextDecoder(encoding).decode(buf.subarray(0, bytesRead)).split(/\r?\n/)[0] ?? '';
    const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
    return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  } finally {
    await fh.close();
  }
}

async function* csvRecords(path: string): AsyncGenerator<string[]> {
  const encoding = await textEncodingOf(path);
  const delimiter = await delimiterOf(path, encoding);
  const parser = createReadStream(path).pipe(decoder(encoding)).pipe(parse({
    bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: false,
    // A cell of a few MB is refused as a row rather than held: one record at most 4 MB.
    max_record_size: 4 * 1024 * 1024,
  }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (err) {
    throw new UnreadableFile(`The file could not be read as CSV: ${(err as Error).message}`);
  }
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    // A formula's cached result, never the formula itself.
    if ('result' in v) return v.result === undefined || v.result === null ? '' : cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
};

async function* xlsxRecords(path: string): AsyncGenerator<string[]> {
  // The first worksheet, row by row (exceljs's streaming reader; shared strings kept, styles not).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (cells.some((c) => c.trim() !== '')) yield cells;
      }
      break;
    }
  } catch (err) {
    throw new UnreadableFile(`The file could not be read as an XLSX workbook: ${(err as Error).message}`);
  }
}

/** Header names made unique and non-empty ("Email", "Email (2)", "Column 3"), so a mapping can name each. */
export function headerNames(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((h, i) => {
    const base = h.trim().slice(0, 200) || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The file's header and its data rows, streamed; a row past `IMPORT_MAX_ROWS` throws TooManyRows. */
export async function* readRows(path: string, format: ImportFormat, onHeader: (columns: string[]) => void): AsyncGenerator<FileRow> {
  let row = 0;
  let header = true;
  for await (const cells of format === 'csv' ? csvRecords(path) : xlsxRecords(path)) {
    if (header) {
      onHeader(headerNames(cells));
      header = false;
      continue;
    }
    row += 1;
    if (row > IMPORT_MAX_ROWS) throw new TooManyRows(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows.`);
    yield { row, cells };
  }
  if (header) throw new UnreadableFile('The file is empty: it needs a header row and at least one row of leads.');
}

/** What the mapping step shows: the columns, the first rows, and how many rows there are (one streamed pass). */
export async function surveyFile(path: string, format: ImportFormat): Promise<{ columns: string[]; sample: string[][]; rows: number }> {
  let columns: string[] = [];
  const sample: string[][] = [];
  let rows = 0;
  for await (const r of readRows(path, format, (c) => { columns = c; })) {
    rows = r.row;
    if (sample.length < 5) sample.push(columns.map((_, i) => (r.cells[i] ?? '').slice(0, 200)));
  }
  if (rows === 0) throw new UnreadableFile('The file has a header row but no rows of leads.');
  return { columns, sample, rows };
}
