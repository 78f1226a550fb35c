import type { Knex } from 'knex';

export const name = '012-imports';

/**
 * Lead imports, command-side. The uploaded file sits on disk (DATA_DIR/imports); `imports` keeps
 * what the wizard and the history show (columns, sample, mapping, counts). `import_rows` holds
 * each processed row's outcome: a row with an outcome is never processed again (a restarted run
 * resumes after it), the failed ones make errors.csv, and the created and updated ones are what
 * an undo compensates (`before`: the values the row replaced; `after`: what it set). High-volume
 * bookkeeping, not business facts: the facts are the leads' own events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table imports (
      id           int primary key,
      file_name    text not null,
      format       text not null check (format in ('csv', 'xlsx')),
      file_path    text not null,
      size_bytes   bigint not null,
      rows         int not null,
      columns      jsonb not null,
      sample       jsonb not null,
      status       text not null default 'uploaded',
      mapping      jsonb,
      mode         text,
      match_on     text,
      lead_type    text,
      processed    int not null default 0,
      created      int not null default 0,
      updated      int not null default 0,
      skipped      int not null default 0,
      failed       int not null default 0,
      error        text,
      created_by   int not null,
      created_at   timestamptz not null default now(),
      started_at   timestamptz,
      finished_at  timestamptz,
      undone_at    timestamptz
    );
    create index imports_history on imports (id desc);

    create table import_rows (
      import_id  int not null references imports (id),
      row_number int not null,
      outcome    text not null check (outcome in ('created', 'updated', 'skipped', 'failed')),
      lead_id    int,
      reason     text,
      cells      jsonb,
      before     jsonb,
      after      jsonb,
      applied    boolean not null default false,
      primary key (import_id, row_number)
    );
    create index import_rows_leads on import_rows (import_id, outcome) where outcome in ('created', 'updated');

    create table import_mappings (
      id         int generated always as identity primary key,
      name       text not null unique,
      columns    jsonb not null,
      mode       text not null,
      match_on   text not null,
      lead_type  text not null,
      created_by int not null,
      created_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table import_rows; drop table imports; drop table import_mappings;');
}
