import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandContext } from './handle-command';

const IDEMPOTENCY = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The Idempotency-Key header as command routes document it (`schema.headers`). Loose, so the
 * request's other headers pass through untouched; the key itself is checked by requestContext,
 * which answers 400 invalid_idempotency_key.
 */
export const IdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    pattern: IDEMPOTENCY.source,
    description: 'A client-chosen command id (8-100 letters, digits or ._:-). A retry with the same key answers the first result and appends nothing.',
  }),
});

/**
 * The command context of a request: the signed-in actor, the request id as correlation, and the
 * client's `Idempotency-Key` (namespaced by user, so one user's key never replays another's answer).
 */
export function requestContext(req: FastifyRequest, actor: SessionActor): CommandContext {
  const key = req.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY.test(key))) {
    throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 8-100 letters, digits or ._:-');
  }
  return { actorId: actor.id, correlationId: req.id, commandId: key ? `${actor.id}:${key}` : undefined };
}
