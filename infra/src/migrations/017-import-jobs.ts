import type { Knex } from 'knex';

export const name = '017-import-jobs';

/**
 * A lead import's dry run and undo run as background jobs, like its run. `imports` keeps the
 * latest dry run (its number: a new mapping asks for a new one; its status, rows planned so far,
 * counts and the first issues) and the undo's progress. Each compensated row's undo outcome is
 * kept on its `import_rows` row: a restarted undo goes on after the rows already done, and the
 * leads it kept are listed from there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table imports
      add column dry_run_no          int not null default 0,
      add column dry_run_status      text check (dry_run_status in ('running', 'completed')),
      add column dry_run_counts      jsonb,
      add column dry_run_issues      jsonb,
      add column dry_run_started_at  timestamptz,
      add column dry_run_finished_at timestamptz,
      add column undo_leads          int,
      add column undo_processed      int not null default 0,
      add column undo_reverted       int not null default 0,
      add column undo_kept           int not null default 0,
      add column undo_started_at     timestamptz;

    alter table import_rows
      add column undo        text check (undo in ('reverted', 'kept', 'unchanged')),
      add column undo_name   text,
      add column undo_reason text;
    create index import_rows_kept on import_rows (import_id, lead_id) where undo = 'kept';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index import_rows_kept;
    alter table import_rows drop column undo, drop column undo_name, drop column undo_reason;
    alter table imports drop column dry_run_no, drop column dry_run_status, drop column dry_run_counts, drop column dry_run_issues,
      drop column dry_run_started_at, drop column dry_run_finished_at, drop column undo_leads, drop column undo_processed,
      drop column undo_reverted, drop column undo_kept, drop column undo_started_at;
  `);
}
