import type { ImportMatchOn, ImportMode, LeadType } from '@leadfloor/events';
import type { ImportCounts, ImportTarget } from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { activeFieldsFor, customFieldStream } from '../custom-fields/custom-field-set';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import type { LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { readRows, type FileRow, type ImportFormat } from './import-file';
import { matchLeads } from './import-lookup';
import { matchKeyOf, planRow, type ImportSettings, type RowPlan } from './import-plan';

export type ImportRunDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date; policies: PoolPolicyReader };

export type ImportRecord = {
  id: number; file_path: string; format: ImportFormat; columns: string[]; mapping: Record<string, ImportTarget> | null;
  mode: ImportMode | null; match_on: ImportMatchOn | null; lead_type: LeadType | null; created_by: number; status: string;
};

const CHUNK = 500;
const MAX_ISSUES = 200;

export type ImportIssue = { row: number; outcome: RowPlan['outcome']; reason: string };

/** Runs `each` over the items, at most `limit` at a time (rows of different leads are independent). */
export async function inParallel<T>(items: T[], limit: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await each(items[next++]!);
  }));
}

export const rowCommandId = (importId: number, row: number) => `import:${importId}:row:${row}`;

export async function loadImport(pool: Pool, importId: number): Promise<ImportRecord | null> {
  const { rows } = await pool.query<ImportRecord>(
    'select id, file_path, format, columns, mapping, mode, match_on, lead_type, created_by, status from imports where id = $1', [importId]);
  return rows[0] ?? null;
}

export function settingsOf(imp: ImportRecord): ImportSettings | null {
  if (!imp.mapping || !imp.mode || !imp.match_on || !imp.lead_type) return null;
  return { columns: imp.columns, mapping: imp.mapping, mode: imp.mode, matchOn: imp.match_on, leadType: imp.lead_type };
}

/** A planned row, as `import_rows` keeps it before it is applied (write-ahead: a restart re-applies it by its command id). */
type Planned = { row: number; plan: RowPlan; leadId: number | null; cells: string[] };

/**
 * Plans every row of the file, chunk by chunk, with the same code for a dry run and a real run:
 * the match key's lead looked up in the read models, duplicates within the file skipped. A real
 * run (`apply`) gets each chunk's plans (rows already recorded by an earlier, interrupted run are
 * not planned again) and applies them before the next chunk is read. `progress` hears the counts
 * after each chunk.
 */
export async function planFile(
  deps: ImportRunDeps, imp: ImportRecord, settings: ImportSettings,
  opts: { done?: Set<number>; apply?: (chunk: Planned[]) => Promise<void>; progress?: (counts: ImportCounts) => Promise<void> } = {},
): Promise<{ counts: ImportCounts; issues: ImportIssue[] }> {
  const { state: fieldSet } = await loadState(deps.store, customFieldAggregate, customFieldStream);
  const firstRowOf = new Map<string, number>();
  const counts: ImportCounts = { processed: 0, created: 0, updated: 0, skipped: 0, failed: 0 };
  const issues: ImportIssue[] = [];
  let chunk: FileRow[] = [];
  const keyCell = (cells: string[]) => {
    const i = settings.columns.findIndex((c) => settings.mapping[c] === settings.matchOn);
    return i < 0 ? '' : matchKeyOf(settings.matchOn, cells[i] ?? '');
  };

  const flush = async () => {
    const fresh = chunk.filter((r) => !opts.done?.has(r.row));
    const keys = [...new Set(fresh.map((r) => keyCell(r.cells)).filter((k) => k !== ''))];
    const matched = await matchLeads(deps.pool, settings.matchOn, keys);
    const planned: Planned[] = [];
    for (const r of chunk) {
      const key = keyCell(r.cells);
      const first = key === '' ? null : firstRowOf.get(key) ?? null;
      if (key !== '' && first === null) firstRowOf.set(key, r.row);
      if (opts.done?.has(r.row)) continue;
      const plan = planRow(settings, fieldSet, r.cells, key === '' ? null : matched.get(key) ?? null, first);
      planned.push({ row: r.row, plan, leadId: plan.outcome === 'updated' || plan.outcome === 'skipped' ? plan.leadId ?? null : null, cells: r.cells });
    }
    if (opts.apply) await opts.apply(planned);
    for (const p of planned) {
      counts.processed += 1;
      counts[p.plan.outcome] += 1;
      if ((p.plan.outcome === 'skipped' || p.plan.outcome === 'failed') && issues.length < MAX_ISSUES) {
        issues.push({ row: p.row, outcome: p.plan.outcome, reason: p.plan.reason });
      }
    }
    chunk = [];
    if (opts.progress && planned.length > 0) await opts.progress({ ...counts });
  };

  for await (const r of readRows(imp.file_path, imp.format, () => {})) {
    chunk.push(r);
    if (chunk.length >= CHUNK) await flush();
  }
  await flush();
  return { counts, issues };
}

/** The commands one planned row runs on its lead (none for a skipped or failed row). */
export function rowCommands(p: { plan: RowPlan; leadId: number | null }, imp: ImportRecord, fields: Parameters<typeof activeFieldsFor>[0], row: number, now: string): LeadCommand[] {
  const meta = { now, actor: { id: imp.created_by, role: 'manager', teamId: null } };
  const leadId = p.leadId!;
  if (p.plan.outcome === 'created') {
    const { lead, customFields } = p.plan;
    return [
      { type: 'CreateLead', data: { leadId, ...lead, ...(p.plan.releaseAt ? { releaseAt: p.plan.releaseAt } : {}) }, meta },
      { type: 'MarkLeadImported', data: { leadId, importId: imp.id, row }, meta },
      ...(Object.keys(customFields).length > 0
        ? [{ type: 'SetLeadCustomFields' as const, data: { leadId, values: customFields }, meta: { ...meta, fields: activeFieldsFor(fields, lead.leadType) } }]
        : []),
      ...(p.plan.labels ? [{ type: 'EditLeadDetails' as const, data: { leadId, changes: {}, ...p.plan.labels }, meta }] : []),
    ];
  }
  if (p.plan.outcome === 'updated') {
    const { details, customFields, labels } = p.plan;
    return [
      ...(Object.keys(details).length > 0 || labels ? [{ type: 'EditLeadDetails' as const, data: { leadId, changes: details, ...labels }, meta }] : []),
      ...(Object.keys(customFields).length > 0 ? [{ type: 'SetLeadCustomFields' as const, data: { leadId, values: customFields }, meta: { ...meta, fields: fields.fields } }] : []),
    ];
  }
  return [];
}

/** Applies one row's commands under its own command id: a second attempt (after a crash) answers the first and appends nothing. */
export async function applyRow(deps: ImportRunDeps, commands: LeadCommand[], leadId: number, commandId: string, actorId: number): Promise<string | null> {
  if (commands.length === 0) return null;
  try {
    await deps.handle(leadAggregate, leadStream(leadId), commands, { actorId, correlationId: commandId, commandId });
    return null;
  } catch (err) {
    if (isDomainError(err)) return err.message;
    throw err;
  }
}
