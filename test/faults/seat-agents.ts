import { createPasswordHasher } from '../../command-service/src/auth/password-hasher';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { userAggregate, userKeys, userStream } from '../../command-service/src/users/user-aggregate';
import { createSessionStore, SESSION_COOKIE } from '../../infra/src/auth/sessions';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import type { Pool } from '../../infra/src/postgres/pool';
import { PASSWORD, userOf, type HttpUser } from './http-user';

/**
 * Many agents at once, registered through the RegisterUser command the API's registration runs
 * (as the demo seed does) and each signed in with a session of its own, as a sign-in makes it.
 * One argon2 hash serves them all: hashing hundreds of passwords at OWASP's cost would be most
 * of a test that is about something else.
 */
export async function seatAgents(pool: Pool, base: string, usernames: string[]): Promise<HttpUser[]> {
  const store = createPostgresEventStore(pool);
  const handle = createCommandHandler(store);
  const sessions = createSessionStore(pool);
  const passwordHash = await createPasswordHasher().hash(PASSWORD);
  const meta = { now: new Date().toISOString(), actor: { id: null, role: 'system' as const, teamId: null } };
  const users: HttpUser[] = [];
  for (const username of usernames) {
    const userId = await store.nextId('user');
    await handle(userAggregate, userStream(userId), {
      type: 'RegisterUser', meta,
      data: { userId, username, email: `${username}@example.com`, fullName: `${username[0]!.toUpperCase()}${username.slice(1)} Agent`, passwordHash },
    }, { actorId: userId, correlationId: `test-seat-${username}` }, userKeys);
    const { token } = await sessions.create(userId, false);
    users.push(userOf(base, username, userId, `${SESSION_COOKIE}=${token}`));
  }
  return users;
}
