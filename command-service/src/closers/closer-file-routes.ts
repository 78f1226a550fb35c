import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { CLOSER_FILE_MAX_BYTES, CloserFileUploadResponseSchema } from '@leadfloor/contracts';
import type { RateLimiter, RateRule } from '@leadfloor/infra/auth/rate-limiter';
import { contentKey, type FileStorage } from '@leadfloor/infra/file-storage/file-storage';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { displayName, sniffCloserFileType } from './closer-file-type';

const MB = CLOSER_FILE_MAX_BYTES / (1024 * 1024);
const UploadBodySchema = z.strictObject({
  file: z.string().meta({ format: 'binary', description: `A PDF, PNG, JPEG or WebP file of at most ${MB} MB.` }),
}).nullish();

/** Uploads one user may make in a window: enough for a job's brochures or a resume and its retries, not for filling the disk. */
export const CLOSER_UPLOADS_PER_USER: RateRule = { max: 30, windowMs: 10 * 60_000 };

/** Where a closer file is served (query-service): as an attachment, with its checked type. */
export const closerFileUrl = (id: string) => `/api/closers/files/${id}`;

/**
 * POST /api/closers/files: one file (a resume, a job's brochure) for the signed-in user to
 * attach to a job or an application afterwards, by id. Its type is read from its bytes and
 * must be a PDF, PNG, JPEG or WebP; at most CLOSER_FILE_MAX_BYTES. The bytes go to the file
 * storage (content-addressed); the table keeps who uploaded it, its name, type and size.
 */
export const closerFileRoutes: FastifyPluginAsyncZod<{ pool: Pool; files: FileStorage; limiter: RateLimiter; uploadLimit?: RateRule }> = async (
  app, { pool, files, limiter, uploadLimit = CLOSER_UPLOADS_PER_USER },
) => {
  app.addHook('onRequest', requireSignedIn);
  await app.register(multipart, { limits: { fileSize: CLOSER_FILE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });
  app.post('/api/closers/files', {
    schema: {
      consumes: ['multipart/form-data'], body: UploadBodySchema, response: { 201: CloserFileUploadResponseSchema },
      problems: {
        400: 'No file, or a form that could not be read (closers.file_missing).',
        413: `The file is larger than ${MB} MB (closers.file_too_large).`,
        415: 'Not multipart/form-data (unsupported_media_type), or a file that is not a PDF, PNG, JPEG or WebP (closers.file_type).',
        429: `More than ${CLOSER_UPLOADS_PER_USER.max} uploads in ${CLOSER_UPLOADS_PER_USER.windowMs / 60_000} minutes (rate_limited).`,
      },
    },
  }, async (req, reply) => {
    const actor = await req.actor();
    if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
    const limit = await limiter.hit(`closer_upload:user:${actor.id}`, uploadLimit);
    if (!limit.allowed) {
      throw new ApiError(429, 'rate_limited', 'Too many uploads in a short time. Try again later.', { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
    }
    const { bytes, filename } = await readUpload(req);
    if (bytes.length === 0) throw new ApiError(400, 'closers.file_missing', 'The file is empty.', { field: 'file' });
    const contentType = sniffCloserFileType(bytes);
    if (!contentType) throw new ApiError(415, 'closers.file_type', 'Upload a PDF, PNG, JPEG or WebP file.', { field: 'file' });
    const { key, sha256 } = contentKey('closers', bytes);
    await files.put(key, bytes);
    const id = randomUUID();
    const name = displayName(filename, contentType);
    await pool.query(
      'insert into closer_files (id, uploaded_by, name, content_type, size, storage_key, sha256) values ($1, $2, $3, $4, $5, $6, $7)',
      [id, actor.id, name, contentType, bytes.length, key, sha256]);
    return reply.code(201).send({ file: { id, name, contentType, size: bytes.length, url: closerFileUrl(id) } });
  });
};

/** The one file part: over the limit is a 413, none at all a 400. */
async function readUpload(req: FastifyRequest): Promise<{ bytes: Buffer; filename: string | undefined }> {
  const tooLarge = () => new ApiError(413, 'closers.file_too_large', `A file can be at most ${MB} MB.`, { field: 'file' });
  let part;
  try {
    part = await req.file();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new ApiError(400, 'closers.file_missing', 'The upload could not be read as a form with one file.', { field: 'file' });
  }
  if (!part) throw new ApiError(400, 'closers.file_missing', 'Choose a file to upload.', { field: 'file' });
  try {
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new ApiError(400, 'closers.file_missing', 'The upload could not be read.', { field: 'file' });
  }
}
