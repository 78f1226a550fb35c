import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const AvatarParamsSchema = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.webp$/, 'not an avatar') });

/**
 * GET /api/avatars/{sha256}.webp: a stored avatar. The name is the hash of the bytes, so an
 * address always shows the same picture and may be cached for a year. Always WebP (the upload was
 * decoded and re-encoded), said plainly with nosniff so no browser guesses another type.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ pool: Pool }> = async (app, { pool }) => {
  app.addHook('onRequest', requireSignedIn);
  app.get('/api/avatars/:file', {
    schema: {
      params: AvatarParamsSchema, produces: ['image/webp'],
      response: { 200: z.unknown().meta({ description: 'The picture, image/webp.' }) },
      problems: { 404: 'No avatar of this hash (not_found).' },
    },
  }, async (req, reply) => {
    const hash = req.params.file.slice(0, -'.webp'.length);
    const { rows } = await pool.query<{ content: Buffer }>('select content from avatars where hash = $1', [hash]);
    if (!rows[0]) throw new ApiError(404, 'not_found', 'No such avatar.');
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${hash}"`)
      .send(rows[0].content);
  });
};
