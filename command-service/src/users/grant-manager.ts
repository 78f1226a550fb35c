import type { EventStore } from '@leadfloor/infra/event-store/types';
import { findStreamByKey } from '@leadfloor/infra/event-store/unique-keys';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { createSeats } from '../billing/seats';
import type { HandleCommand } from '../shared/handle-command';
import type { UserActor } from './commands';
import { userAggregate, usernameKey } from './user-aggregate';

const OPERATOR: UserActor = { id: null, role: 'system', teamId: null };

export type GrantManagerOutcome = { userId: number; changed: boolean };

/**
 * The operator's way to give a floor its first manager (`npm run grant-manager -- <username>`):
 * self-registration always makes an agent, and only a manager changes roles, so a fresh floor
 * that is not the demo would otherwise have nobody who may set plans, policies or roles.
 * It is the same ChangeRole event a manager's change appends, by the system, and like that
 * change it hands back the plan seat a manager does not hold. Running it twice changes nothing.
 */
export async function grantManager(
  deps: { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date }, username: string,
): Promise<GrantManagerOutcome> {
  const streamId = await findStreamByKey(deps.pool, ['username', 'email'], usernameKey(username).key);
  if (!streamId) throw new Error(`No account has the username or email "${username}".`);
  const ctx = { actorId: null, correlationId: `grant-manager-${streamId}` };
  const out = await deps.handle(userAggregate, streamId, {
    type: 'ChangeRole', data: { role: 'manager' }, meta: { now: deps.now().toISOString(), actor: OPERATOR },
  }, ctx);
  if (!out.state.exists) throw new Error(`No account has the username or email "${username}".`);
  await createSeats({ handle: deps.handle, now: deps.now }).release(out.state.id, ctx);
  return { userId: out.state.id, changed: out.events.length > 0 };
}
