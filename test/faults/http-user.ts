// A signed-in user of a LeadFloor that runs as real processes, over real HTTP (the API harness's
// `Agent` is the in-process counterpart). Every request is bounded: a hang fails the test
// with a message instead of running into the test's own timeout.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are read field by field
export type Answer = { status: number; body: any; headers: Headers };

export type HttpUser = {
  id: number;
  username: string;
  cookie: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
};

export const PASSWORD = 'secret123';
const REQUEST_BOUND_MS = 30_000;
const BUSY_RETRY_MS = 20_000;

type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Retry a 503 `database_error` for a while, as a client is told to. The PostgreSQL that the
   * test suites share can run out of connections while many run at once; a test that is not
   * about the database retries rather than fail on that. A test of the database does not.
   */
  retryBusyDatabase?: boolean;
};

async function callOnce(base: string, method: string, path: string, { body, headers = {} }: CallOptions): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch { /* not JSON: kept as text */ }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    const answer = await callOnce(base, method, path, options);
    const busy = answer.status === 503 && answer.body?.code === 'database_error';
    if (!busy || !options.retryBusyDatabase || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 250)); // the client's back-off before its retry
  }
}

/** The user with id `id` whose session cookie is `cookie`, talking to `base`. */
export const userOf = (base: string, username: string, id: number, cookie: string, { retryBusyDatabase = true } = {}): HttpUser => ({
  id, username, cookie,
  request: (method, path, body, headers = {}) => call(base, method, path, { body, headers: { cookie, ...headers }, retryBusyDatabase }),
});

const sessionCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('lf_session='))?.split(';')[0];

/** Registers `username` (an agent) through `base` and returns them signed in. */
export async function register(base: string, username: string, { retryBusyDatabase = true } = {}): Promise<HttpUser> {
  const res = await call(base, 'POST', '/api/auth/register', {
    body: { username, email: `${username}@example.com`, password: PASSWORD, fullName: `${username[0]!.toUpperCase()}${username.slice(1)} Agent` },
    retryBusyDatabase: true,
  });
  const cookie = sessionCookie(res.headers);
  if (res.status !== 201 || !cookie) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return userOf(base, username, res.body.user.id, cookie, { retryBusyDatabase });
}

/** Signs in; the answer, and the user when it succeeded. */
export async function signIn(base: string, username: string, password = PASSWORD, { retryBusyDatabase = true } = {}): Promise<{ answer: Answer; user?: HttpUser }> {
  const answer = await call(base, 'POST', '/api/auth/login', { body: { username, password }, retryBusyDatabase });
  const cookie = sessionCookie(answer.headers);
  return { answer, user: answer.status === 200 && cookie ? userOf(base, username, answer.body.user.id, cookie, { retryBusyDatabase }) : undefined };
}

export const newLead = (name: string, leadType: 'finance' | 'forex' | 'real_estate' = 'forex') =>
  ({ name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`, phone: '555-0100', city: 'Austin', state: 'TX', leadType });
