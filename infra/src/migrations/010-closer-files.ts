import type { Knex } from 'knex';

export const name = '010-closer-files';

/**
 * Files uploaded to the closers hub (a job's documents, an applicant's resume): what each is and
 * where its bytes are stored (a FileStorage key, content-addressed). The bytes stay out of the
 * log and out of this table; events carry only the file's id, name, type and size. Who may read
 * one follows from the job or application that carries it (or its uploader).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table closer_files (
      id           uuid primary key,
      uploaded_by  int not null,
      name         text not null,
      content_type text not null,
      size         int not null,
      storage_key  text not null,
      sha256       text not null,
      created_at   timestamptz not null default now()
    );
    create index closer_files_uploaded_by on closer_files (uploaded_by, created_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists closer_files');
}
