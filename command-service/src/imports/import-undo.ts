import type { CustomFieldValue, LeadDetailChanges, LeadEvent } from '@leadfloor/events';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { customFieldStream } from '../custom-fields/custom-field-set';
import type { LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { isDomainError } from '../shared/domain-error';
import { toDomainEvent } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { importAggregate, importStream } from './import-aggregate';
import type { RowPlan } from './import-plan';
import { inParallel, rowCommandId, type ImportRunDeps } from './import-run';

const UNDO_CONCURRENCY = 8;

type Actor = { id: number; role: string; teamId: number | null };
export type Kept = { leadId: number; name: string; reason: string };

type Row = { row_number: number; outcome: 'created' | 'updated'; lead_id: number; after: RowPlan };

/**
 * Undoes a finished import by compensating events, lead by lead: a lead it made goes (LeadWithdrawn)
 * unless someone has claimed or worked it since; a lead it updated gets back each value it
 * replaced, unless that value was changed again since (then the newer value stays). What stays
 * is listed with why. Each lead's compensation has its own command id: an undo retried after a
 * failure redoes nothing twice.
 */
export async function undoImport(deps: ImportRunDeps, importId: number, actor: Actor): Promise<{ reverted: number; kept: Kept[] }> {
  const { state: fieldSet } = await loadState(deps.store, customFieldAggregate, customFieldStream);
  const { rows } = await deps.pool.query<Row>(
    `select row_number, outcome, lead_id, after from import_rows
     where import_id = $1 and applied and outcome in ('created', 'updated') order by row_number`, [importId]);
  let reverted = 0;
  const kept: Kept[] = [];
  const meta = () => ({ now: deps.now().toISOString(), actor });
  // Leads are independent streams: several at a time, like the run.
  await inParallel(rows, UNDO_CONCURRENCY, async (r) => {
    const events = await deps.store.readStream(leadStream(r.lead_id));
    const ownCommand = rowCommandId(importId, r.row_number);
    const lead = events.map(toDomainEvent<LeadEvent>).reduce(leadAggregate.evolve, leadAggregate.initialState());
    if (!lead.exists) return;
    let commands: LeadCommand[] = [];
    if (r.outcome === 'created') {
      const worked = events.some((e) => e.metadata.correlationId !== ownCommand);
      if (worked || lead.claimedBy !== null || lead.status !== 'available') {
        kept.push({ leadId: r.lead_id, name: lead.name, reason: 'Claimed or worked since the import.' });
        return;
      }
      commands = [{ type: 'WithdrawLead', data: { leadId: r.lead_id, importId }, meta: { ...meta(), worked } }];
    } else if (r.after.outcome === 'updated') {
      const { details, customFields, before } = r.after;
      const detailBack = Object.fromEntries(Object.entries(before.details)
        .filter(([k]) => lead[k as keyof LeadDetailChanges] === details[k as keyof LeadDetailChanges])) as LeadDetailChanges;
      const fieldsBack: Record<string, CustomFieldValue | null> = Object.fromEntries(Object.entries(before.customFields)
        .filter(([k]) => (lead.customFields[k] ?? null) === (customFields[k] ?? null)));
      const changedSince = Object.keys(before.details).length + Object.keys(before.customFields).length
        - Object.keys(detailBack).length - Object.keys(fieldsBack).length;
      if (changedSince > 0) kept.push({ leadId: r.lead_id, name: lead.name, reason: `${changedSince} imported value(s) changed since; those stay.` });
      commands = [
        ...(Object.keys(detailBack).length > 0 ? [{ type: 'EditLeadDetails' as const, data: { leadId: r.lead_id, changes: detailBack }, meta: meta() }] : []),
        ...(Object.keys(fieldsBack).length > 0
          ? [{ type: 'SetLeadCustomFields' as const, data: { leadId: r.lead_id, values: fieldsBack }, meta: { ...meta(), fields: fieldSet.fields } }] : []),
      ];
    }
    if (commands.length === 0) return;
    try {
      const commandId = `import:${importId}:undo:${r.row_number}`;
      await deps.handle(leadAggregate, leadStream(r.lead_id), commands, { actorId: actor.id, correlationId: commandId, commandId });
      reverted += 1;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      kept.push({ leadId: r.lead_id, name: lead.name, reason: err.message });
    }
  });
  kept.sort((a, b) => a.leadId - b.leadId);
  await deps.handle(importAggregate, importStream(importId), {
    type: 'UndoImport', data: { importId, reverted, kept: kept.length }, meta: meta(),
  }, { actorId: actor.id, correlationId: `import-${importId}-undo`, commandId: `import:${importId}:undo` });
  await deps.pool.query(`update imports set status = 'undone', undone_at = $2 where id = $1`, [importId, deps.now()]);
  return { reverted, kept };
}
