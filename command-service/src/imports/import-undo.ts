import type { CustomFieldValue, LeadDetailChanges, LeadEvent, RecordedEvent } from '@leadfloor/events';
import { defineJobQueue } from '@leadfloor/infra/jobs/job-queue';
import { z } from 'zod';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { customFieldStream, type CustomFieldSet } from '../custom-fields/custom-field-set';
import type { LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { isDomainError } from '../shared/domain-error';
import { toDomainEvent } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { importAggregate, importStream } from './import-aggregate';
import type { RowPlan } from './import-plan';
import { inParallel, rowCommandId, type ImportRunDeps } from './import-run';

/** The undo of one import: its id is the import's, so a redelivered start is one job. */
export const ImportUndoJob = defineJobQueue({
  name: 'lead-import-undo',
  payload: z.strictObject({ importId: z.number().int().positive() }),
  retry: { attempts: 10, backoff: { type: 'exponential', delayMs: 2_000 } },
});
export const undoJobId = (importId: number) => `lead-import-undo-${importId}`;

const UNDO_CONCURRENCY = 16;
const CHUNK = 500;

type Actor = { id: number; role: string; teamId: number | null };
type Row = { row_number: number; outcome: 'created' | 'updated'; lead_id: number; after: RowPlan };
type Outcome = { row: number; undo: 'reverted' | 'kept' | 'unchanged'; name: string | null; reason: string | null };

export const undoCommandId = (importId: number, row: number) => `import:${importId}:undo:${row}`;
// Not work on a lead: the drip letting it into the pool, offers nobody took.
const NOT_WORK = new Set(['LeadDripReleased', 'LeadOffered', 'LeadOfferPassed', 'LeadOfferExpired']);

/**
 * One row's compensation, decided from its lead's stream now: a lead the import made goes
 * (LeadWithdrawn) unless someone has claimed or worked it since; a lead it updated gets back each
 * value it replaced, unless that value was changed again since (then the newer value stays).
 */
async function undoRow(deps: ImportRunDeps, importId: number, r: Row, actor: Actor, fieldSet: CustomFieldSet): Promise<Outcome> {
  const events = await deps.store.readStream(leadStream(r.lead_id));
  const commandId = undoCommandId(importId, r.row_number);
  // Already compensated by an earlier attempt (killed before it recorded so): never twice.
  if (events.some((e: RecordedEvent) => e.metadata.correlationId === commandId)) return { row: r.row_number, undo: 'reverted', name: null, reason: null };
  const lead = events.map(toDomainEvent<LeadEvent>).reduce(leadAggregate.evolve, leadAggregate.initialState());
  if (!lead.exists) return { row: r.row_number, undo: 'unchanged', name: null, reason: null };
  const meta = { now: deps.now().toISOString(), actor };
  const kept = (reason: string): Outcome => ({ row: r.row_number, undo: 'kept', name: lead.name, reason });
  let commands: LeadCommand[] = [];
  let partly: string | null = null;
  if (r.outcome === 'created') {
    const ownCommand = rowCommandId(importId, r.row_number);
    const worked = events.some((e) => e.metadata.correlationId !== ownCommand && !NOT_WORK.has(e.type));
    if (worked || lead.claimedBy !== null || lead.status !== 'available') return kept('Claimed or worked since the import.');
    commands = [{ type: 'WithdrawLead', data: { leadId: r.lead_id, importId }, meta: { ...meta, worked } }];
  } else if (r.after.outcome === 'updated') {
    const { details, customFields, before } = r.after;
    const detailBack = Object.fromEntries(Object.entries(before.details)
      .filter(([k]) => lead[k as keyof LeadDetailChanges] === details[k as keyof LeadDetailChanges])) as LeadDetailChanges;
    const fieldsBack: Record<string, CustomFieldValue | null> = Object.fromEntries(Object.entries(before.customFields)
      .filter(([k]) => (lead.customFields[k] ?? null) === (customFields[k] ?? null)));
    // Tags and priority go back too, unless changed again since.
    const imported = r.after.labels ?? {};
    const labelsBack = {
      ...(before.labels?.tags && imported.tags && lead.tags.join('\u0000') === imported.tags.join('\u0000') ? { tags: before.labels.tags } : {}),
      ...(before.labels?.priority && imported.priority && lead.priority === imported.priority ? { priority: before.labels.priority } : {}),
    };
    const changedSince = Object.keys(before.details).length + Object.keys(before.customFields).length + Object.keys(before.labels ?? {}).length
      - Object.keys(detailBack).length - Object.keys(fieldsBack).length - Object.keys(labelsBack).length;
    if (changedSince > 0) partly = `${changedSince} imported value(s) changed since; those stay.`;
    commands = [
      ...(Object.keys(detailBack).length > 0 || Object.keys(labelsBack).length > 0
        ? [{ type: 'EditLeadDetails' as const, data: { leadId: r.lead_id, changes: detailBack, ...labelsBack }, meta }] : []),
      ...(Object.keys(fieldsBack).length > 0
        ? [{ type: 'SetLeadCustomFields' as const, data: { leadId: r.lead_id, values: fieldsBack }, meta: { ...meta, fields: fieldSet.fields } }] : []),
    ];
  }
  if (commands.length === 0) return partly ? kept(partly) : { row: r.row_number, undo: 'unchanged', name: null, reason: null };
  try {
    await deps.handle(leadAggregate, leadStream(r.lead_id), commands, { actorId: actor.id, correlationId: commandId, commandId });
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return kept(err.message);
  }
  return partly ? kept(partly) : { row: r.row_number, undo: 'reverted', name: null, reason: null };
}

/**
 * Undoes a finished import by compensating events, lead by lead, as a job (StartImportUndo
 * started it). Rows go in chunks: each chunk's outcomes are written to `import_rows`, then the
 * counts to the import and, as ImportUndoProgressed, to the importer over /ws. Killed at any
 * point, the next run goes on after the rows written; a row compensated but not yet written is
 * known by its command id on the lead's stream, so no lead is compensated twice.
 */
export async function runUndo(deps: ImportRunDeps, importId: number): Promise<void> {
  const { rows: [imp] } = await deps.pool.query<{ status: string; created_by: number }>('select status, created_by from imports where id = $1', [importId]);
  // Undone already: only the closing event may be missing (killed just before it); it is sent once.
  if (imp?.status !== 'undoing' && imp?.status !== 'undone') return;
  const { state } = await loadState(deps.store, importAggregate, importStream(importId));
  const actor: Actor = { id: state.undoBy ?? imp.created_by, role: 'manager', teamId: null };
  const { state: fieldSet } = await loadState(deps.store, customFieldAggregate, customFieldStream);
  const context = { actorId: actor.id, correlationId: `import-${importId}-undo` };
  for (;;) {
    const { rows } = await deps.pool.query<Row>(
      `select row_number, outcome, lead_id, after from import_rows
       where import_id = $1 and applied and outcome in ('created', 'updated') and undo is null order by row_number limit $2`, [importId, CHUNK]);
    if (rows.length === 0) break;
    const outcomes: Outcome[] = [];
    // Leads are independent streams: several at a time, like the run.
    await inParallel(rows, UNDO_CONCURRENCY, async (r) => { outcomes.push(await undoRow(deps, importId, r, actor, fieldSet)); });
    const { rows: [counts] } = await deps.pool.query<{ processed: number; reverted: number; kept: number }>(
      `with done as (
         update import_rows r set undo = o.undo, undo_name = o.name, undo_reason = o.reason
         from jsonb_to_recordset($2::jsonb) as o(row int, undo text, name text, reason text)
         where r.import_id = $1 and r.row_number = o.row and r.undo is null returning r.undo
       ), before as (
         select count(*) filter (where undo is not null)::int as processed, count(*) filter (where undo = 'reverted')::int as reverted,
                count(*) filter (where undo = 'kept')::int as kept
         from import_rows where import_id = $1 and applied and outcome in ('created', 'updated')
       )
       update imports i set undo_processed = b.processed + (select count(*) from done)::int,
                            undo_reverted = b.reverted + (select count(*) from done where undo = 'reverted')::int,
                            undo_kept = b.kept + (select count(*) from done where undo = 'kept')::int
       from before b where i.id = $1 returning undo_processed as processed, undo_reverted as reverted, undo_kept as kept`,
      [importId, JSON.stringify(outcomes)]);
    await deps.handle(importAggregate, importStream(importId), {
      type: 'RecordImportUndoProgress', data: { importId, ...counts! }, meta: { now: deps.now().toISOString() },
    }, context);
  }
  const { rows: [c] } = await deps.pool.query<{ reverted: number; kept: number }>(
    `update imports set status = 'undone', undone_at = coalesce(undone_at, $2) where id = $1 returning undo_reverted as reverted, undo_kept as kept`,
    [importId, deps.now()]);
  await deps.handle(importAggregate, importStream(importId), {
    type: 'CompleteImportUndo', data: { importId, reverted: c!.reverted, kept: c!.kept }, meta: { now: deps.now().toISOString() },
  }, { ...context, commandId: `import:${importId}:undo` });
}
