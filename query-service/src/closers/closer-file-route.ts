import { CloserFileParamsSchema, CloserFileTypeSchema } from '@leadfloor/contracts';
import type { FileStorage } from '@leadfloor/infra/file-storage/file-storage';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `filename*` (RFC 6266/8187) for any name, and a plain ASCII fallback for old clients. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * GET /api/closers/files/{id}: an uploaded file, to its uploader and to whoever may see the job
 * or application carrying it (anyone else: 404, as for a file that does not exist). Always an
 * attachment, with its checked type from the allow-list, nosniff and a sandboxing CSP, so no
 * upload is ever rendered or run as a page of this origin.
 */
export const closerFileRoute: FastifyPluginAsyncZod<{ pool: Pool; files: FileStorage }> = async (app, { pool, files }) => {
  app.get('/api/closers/files/:id', {
    onRequest: requireSignedIn,
    schema: {
      params: CloserFileParamsSchema, produces: CloserFileTypeSchema.options,
      response: { 200: z.unknown().meta({ description: 'The file, as an attachment.' }) },
      problems: { 404: 'No such file, or not one you may see (not_found).' },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    const manager = actor.role === 'manager';
    const { rows } = await pool.query<{ name: string; content_type: string; storage_key: string; sha256: string }>(
      `select f.name, f.content_type, f.storage_key, f.sha256 from closer_files f
       where f.id = $1 and (
         f.uploaded_by = $2
         or exists (select 1 from job_opportunities_v1 j where j.file_uploads @> jsonb_build_array(jsonb_build_object('id', f.id::text))
                    and (j.status <> 'draft' or j.owner_id = $2 or $3))
         or exists (select 1 from job_applications_v1 a where a.file_uploads @> jsonb_build_array(jsonb_build_object('id', f.id::text))
                    and (a.closer_id = $2 or a.job_owner_id = $2 or $3)))`, [req.params.id, actor.id, manager]);
    const file = rows[0];
    const type = CloserFileTypeSchema.safeParse(file?.content_type);
    if (!file || !type.success) throw new ApiError(404, 'not_found', 'No such file.');
    const bytes = await files.get(file.storage_key);
    if (!bytes) throw new ApiError(404, 'not_found', 'The file is no longer stored.');
    return reply
      .header('content-type', type.data)
      .header('content-disposition', disposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .header('etag', `"${file.sha256}"`)
      .send(bytes);
  });
};
