import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, ProfilePatchBodySchema, ProfileUpdateResponseSchema } from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import { userDto } from '../teams/team-staffing';
import type { UpdateProfile } from '../users/commands';
import { userAggregate, userStream } from '../users/user-aggregate';
import { avatarUrlOf, NotAnAcceptedImage, toAvatar } from './avatar-image';

export type ProfileRouteDeps = { pool: Pool; handle: HandleCommand; now: () => Date };

const AVATAR_MB = AVATAR_MAX_BYTES / (1024 * 1024);
/**
 * The multipart form of an upload, as the API document shows it. The route reads the file part
 * itself, as a stream held to the size limit, so the parsed body is empty (null) when it validates.
 */
const AvatarUploadBodySchema = z.strictObject({
  file: z.string().meta({ format: 'binary', description: `A PNG, JPEG or WebP image of at most ${AVATAR_MB} MB.` }),
}).nullish();

/**
 * The signed-in user's own profile: name and bio (PATCH /api/profile) and picture
 * (POST and DELETE /api/profile/avatar). Each is an UpdateProfile command on the user's stream;
 * the event records only what changed, and for a picture only its URL (the image itself is kept
 * apart, by its hash).
 */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteDeps> = async (app, { pool, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  const update = async (req: FastifyRequest, actor: SessionActor, data: UpdateProfile['data']) => {
    const out = await handle(userAggregate, userStream(actor.id), {
      type: 'UpdateProfile', data, meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId } },
    }, requestContext(req, actor));
    return { user: userDto(out.state), version: out.version };
  };

  app.patch('/api/profile', {
    schema: { body: ProfilePatchBodySchema, response: { 200: ProfileUpdateResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const { fullName, bio } = req.body;
    return update(req, actor, { ...(fullName === undefined ? {} : { fullName }), ...(bio === undefined ? {} : { bio: bio === '' ? null : bio }) });
  });

  app.delete('/api/profile/avatar', { schema: { response: { 200: ProfileUpdateResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    return update(req, actor, { avatarUrl: null });
  });

  // Multipart is parsed in this scope only: every other route takes JSON alone.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });
    upload.post('/api/profile/avatar', {
      schema: {
        consumes: ['multipart/form-data'], body: AvatarUploadBodySchema, response: { 200: ProfileUpdateResponseSchema },
        problems: {
          400: 'No file, or a file that is not a PNG, JPEG or WebP image (avatar.not_an_image).',
          413: `The image is larger than ${AVATAR_MB} MB (avatar.too_large).`,
          415: 'The body is not multipart/form-data (unsupported_media_type).',
        },
      },
    }, async (req) => {
      const actor = await req.actor();
      if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data.');
      const bytes = await readUpload(req);
      const avatar = await toAvatar(bytes).catch((err: unknown) => {
        if (err instanceof NotAnAcceptedImage) throw new ApiError(400, 'avatar.not_an_image', err.message, { field: 'file' });
        throw err;
      });
      await pool.query(
        'insert into avatars (hash, content, uploaded_by) values ($1, $2, $3) on conflict (hash) do nothing',
        [avatar.hash, avatar.webp, actor.id]);
      return update(req, actor, { avatarUrl: avatarUrlOf(avatar.hash) });
    });
  });
};

/** The one file part's bytes: over the limit is a 413, none at all a 400. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  const tooLarge = () => new ApiError(413, 'avatar.too_large', `The image must be at most ${AVATAR_MB} MB.`, { field: 'file' });
  let part;
  try {
    part = await req.file();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new ApiError(400, 'avatar.not_an_image', 'The upload could not be read as a form with one file.', { field: 'file' });
  }
  if (!part) throw new ApiError(400, 'avatar.not_an_image', 'Choose an image to upload.', { field: 'file' });
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw new ApiError(400, 'avatar.not_an_image', 'The upload could not be read.', { field: 'file' });
  }
}
