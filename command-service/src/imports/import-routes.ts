import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES, ImportMappingBodySchema, ImportParamsSchema, ImportResponseSchema, ImportUploadBodySchema,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { readImport } from '@leadfloor/infra/read-models/import-record';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { customFieldAggregate } from '../custom-fields/decide-custom-field';
import { customFieldStream } from '../custom-fields/custom-field-set';
import type { PoolPolicyReader } from '../pool-policy/policy-reader';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { importAggregate, importStream } from './import-aggregate';
import { saveUpload, surveyFile, TooManyRows, UnreadableFile } from './import-file';
import { loadImport, settingsOf } from './import-run';

export type ImportRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date; dataDir: string; policies: PoolPolicyReader };

const managerOnly = (actor: SessionActor) => {
  if (actor.role !== 'manager') throw new ApiError(403, 'import.manager_only', 'Only a manager may import leads.');
};
const Empty = z.strictObject({}).nullish();
const problems = { 403: 'Only a manager imports leads (import.manager_only).', 404: 'No such import (import.not_found).' } as const;

/**
 * Lead import, the writes: upload (POST /api/imports: the file to disk, its columns, a sample and
 * its row count), the mapping, a dry run, the run (a background job, started by ImportStarted on
 * the import's stream) and the undo. Reads (one import, the history, errors.csv) are the gateway's.
 */
export const importRoutes: FastifyPluginAsyncZod<ImportRouteDeps> = async (app, deps) => {
  const { pool, store, handle, now, dataDir } = deps;
  app.addHook('onRequest', requireSignedIn);

  const found = async (id: number) => {
    const imp = await loadImport(pool, id);
    if (!imp) throw new ApiError(404, 'import.not_found', 'No such import.');
    return imp;
  };
  const answer = async (id: number) => ({ import: (await readImport(pool, id))! });

  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });
    upload.post('/api/imports', {
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        consumes: ['multipart/form-data'], body: ImportUploadBodySchema, response: { 201: ImportResponseSchema },
        problems: {
          ...problems, 400: 'No file, or a file that is neither CSV nor XLSX, or has no rows (import.unreadable).',
          413: 'Larger than 64 MB or more than 100,000 rows (import.too_large).', 415: 'Not multipart/form-data (unsupported_media_type).',
        },
      },
    }, async (req, reply) => {
      const actor = await req.actor();
      managerOnly(actor);
      if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      let part;
      try {
        part = await req.file();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) throw new ApiError(413, 'import.too_large', 'The file is larger than 64 MB.', { field: 'file' });
        throw new ApiError(400, 'import.unreadable', 'The upload could not be read as a form with one file.', { field: 'file' });
      }
      if (!part) throw new ApiError(400, 'import.unreadable', 'Choose a CSV or XLSX file.', { field: 'file' });
      const id = await store.nextId('import');
      const saved = await saveUpload(dataDir, id, part.file).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode === 413) throw new ApiError(413, 'import.too_large', 'The file is larger than 64 MB.', { field: 'file' });
        throw err;
      });
      const survey = await surveyFile(saved.path, saved.format).catch(async (err: unknown) => {
        await rm(saved.path, { force: true });
        if (err instanceof TooManyRows) throw new ApiError(413, 'import.too_large', err.message, { field: 'file' });
        if (err instanceof UnreadableFile) throw new ApiError(400, 'import.unreadable', err.message, { field: 'file' });
        throw err;
      });
      const fileName = (part.filename || `import-${id}.${saved.format}`).replace(/[\u0000-\u001f]/g, '').slice(0, 200);
      await pool.query(
        `insert into imports (id, file_name, format, file_path, size_bytes, rows, columns, sample, created_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, fileName, saved.format, saved.path, saved.size, survey.rows, JSON.stringify(survey.columns), JSON.stringify(survey.sample), actor.id, now()]);
      return reply.code(201).send(await answer(id));
    });
  });

  app.put('/api/imports/:id/mapping', {
    schema: {
      params: ImportParamsSchema, body: ImportMappingBodySchema, response: { 200: ImportResponseSchema },
      problems: { ...problems, 400: 'A column the file does not have, an unknown custom field, or no column to match on (validation_failed).', 409: 'The import has started (import.started).' },
    },
  }, async (req) => {
    const actor = await req.actor();
    managerOnly(actor);
    const imp = await found(req.params.id);
    if (imp.status !== 'uploaded' && imp.status !== 'mapped') throw new ApiError(409, 'import.started', 'This import has started; its mapping is fixed.');
    const { columns, mode, matchOn, leadType, saveAs } = req.body;
    const unknown = Object.keys(columns).find((c) => !imp.columns.includes(c));
    if (unknown !== undefined) throw new ApiError(400, 'validation_failed', `The file has no column "${unknown}".`, { field: 'columns' });
    const { state: fieldSet } = await loadState(store, customFieldAggregate, customFieldStream);
    const targets = Object.values(columns);
    const badCustom = targets.find((t) => t.startsWith('custom:') && !fieldSet.fields.some((f) => f.active && f.name === t.slice(7)));
    if (badCustom) throw new ApiError(400, 'validation_failed', `There is no active custom field "${badCustom.slice(7)}".`, { field: 'columns' });
    const twice = targets.find((t, i) => t !== 'ignore' && targets.indexOf(t) !== i);
    if (twice) throw new ApiError(400, 'validation_failed', `Two columns fill ${twice}.`, { field: 'columns' });
    if (!targets.includes(matchOn)) throw new ApiError(400, 'validation_failed', `Map a column to ${matchOn} to match on it.`, { field: 'matchOn' });
    // A new mapping makes any dry run stale: it is cleared (a running one stops at its next chunk).
    await pool.query(
      `update imports set mapping = $2, mode = $3, match_on = $4, lead_type = $5, status = 'mapped', dry_run_status = null, dry_run_counts = null,
         dry_run_issues = null, dry_run_started_at = null, dry_run_finished_at = null where id = $1`,
      [imp.id, JSON.stringify(columns), mode, matchOn, leadType]);
    if (saveAs) {
      await pool.query(
        `insert into import_mappings (name, columns, mode, match_on, lead_type, created_by) values ($1, $2, $3, $4, $5, $6)
         on conflict (name) do update set columns = excluded.columns, mode = excluded.mode, match_on = excluded.match_on, lead_type = excluded.lead_type`,
        [saveAs, JSON.stringify(columns), mode, matchOn, leadType, actor.id]);
    }
    return answer(imp.id);
  });

  const mapped = async (id: number) => {
    const imp = await found(id);
    const settings = settingsOf(imp);
    if (!settings) throw new ApiError(409, 'import.not_mapped', 'Map the columns first.');
    return { imp, settings };
  };

  app.post('/api/imports/:id/dry-run', {
    schema: {
      params: ImportParamsSchema, body: Empty, response: { 202: ImportResponseSchema },
      problems: { ...problems, 409: 'Not mapped yet (import.not_mapped), or already started (import.started).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    managerOnly(actor);
    const { imp } = await mapped(req.params.id);
    if (imp.status !== 'mapped') throw new ApiError(409, 'import.started', 'This import has started; a dry run is for an import not yet run.');
    // A dry run under way is answered as it is; otherwise a new one, numbered, runs as a job (ImportDryRunStarted enqueues it).
    const { rows: [run] } = await pool.query<{ run: number; rows: number }>(
      `update imports set dry_run_no = dry_run_no + 1, dry_run_status = 'running', dry_run_counts = null, dry_run_issues = null,
         dry_run_started_at = $2, dry_run_finished_at = null
       where id = $1 and status = 'mapped' and dry_run_status is distinct from 'running' returning dry_run_no as run, rows`, [imp.id, now()]);
    if (run) {
      await handle(importAggregate, importStream(imp.id), {
        type: 'StartImportDryRun', data: { importId: imp.id, run: run.run, rows: run.rows }, meta: { now: now().toISOString(), actor },
      }, { ...requestContext(req, actor), commandId: `import:${imp.id}:dry-run:${run.run}` });
    }
    return reply.code(202).send(await answer(imp.id));
  });

  app.post('/api/imports/:id/run', {
    schema: { params: ImportParamsSchema, body: Empty, response: { 202: ImportResponseSchema }, problems: { ...problems, 409: 'Not mapped yet (import.not_mapped).' } },
  }, async (req, reply) => {
    const actor = await req.actor();
    managerOnly(actor);
    const { imp, settings } = await mapped(req.params.id);
    if (imp.status === 'mapped') {
      const rows = (await readImport(pool, imp.id))!.rows;
      // A dry run still under way is dropped (it stops at its next chunk): the run itself now says what happens.
      await pool.query(
        `update imports set status = 'running', started_at = $2, dry_run_status = nullif(dry_run_status, 'running') where id = $1 and status = 'mapped'`,
        [imp.id, now()]);
      await handle(importAggregate, importStream(imp.id), {
        type: 'StartImport', data: { importId: imp.id, mode: settings.mode, matchOn: settings.matchOn, rows }, meta: { now: now().toISOString(), actor },
      }, requestContext(req, actor));
    }
    return reply.code(202).send(await answer(imp.id));
  });

  app.post('/api/imports/:id/undo', {
    schema: {
      params: ImportParamsSchema, body: Empty, response: { 202: ImportResponseSchema },
      problems: { ...problems, 409: 'Not finished (import.not_finished), already undone (import.undone), or finished more than 30 days ago (import.undo_expired).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    managerOnly(actor);
    const imp = await found(req.params.id);
    if (imp.status === 'undone') throw new ApiError(409, 'import.undone', 'This import has been undone already.');
    if (imp.status === 'completed') {
      // The rules first (finished, within 30 days), before anything is written.
      // The run marks its row completed just before it appends ImportCompleted: a request landing
      // between the two waits for the event (briefly) rather than being refused as unfinished.
      let { state } = await loadState(store, importAggregate, importStream(imp.id));
      for (let tries = 0; state.phase === 'started' && tries < 40; tries++) {
        await new Promise((r) => setTimeout(r, 50));
        ({ state } = await loadState(store, importAggregate, importStream(imp.id)));
      }
      const { rows: [{ leads } = { leads: 0 }] } = await pool.query<{ leads: number }>(
        `select count(*)::int as leads from import_rows where import_id = $1 and applied and outcome in ('created', 'updated')`, [imp.id]);
      const start = { type: 'StartImportUndo' as const, data: { importId: imp.id, leads }, meta: { now: now().toISOString(), actor } };
      importAggregate.decide(start, state);
      await pool.query(`update imports set status = 'undoing', undo_leads = $2, undo_started_at = $3 where id = $1 and status = 'completed'`, [imp.id, leads, now()]);
      // ImportUndoStarted enqueues the undo's job.
      await handle(importAggregate, importStream(imp.id), start, { ...requestContext(req, actor), commandId: `import:${imp.id}:undo-start` });
    } else if (imp.status !== 'undoing') {
      throw new ApiError(409, 'import.not_finished', 'Only a finished import can be undone.');
    }
    return reply.code(202).send(await answer(imp.id));
  });
};
