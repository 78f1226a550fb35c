import { generate } from 'otplib';
import type { Agent, Api } from '../api-harness';

/** The harness registers everyone with this password. */
export const PASSWORD = 'secret123';

/** The authenticator's code `steps` 30-second steps from now (-1: the one before, +1: the next). */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Six digits none of the steps around now accepts. */
export async function wrongCode(secret: string): Promise<string> {
  const good = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => codeAt(secret, s))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!good.has(candidate)) return candidate;
  }
}

/** Sets up and confirms a second factor for `agent` (with the previous step's code, so the current one is left to sign in with). */
export async function turnOnTwoFactor(agent: Agent) {
  const setup = await agent.request('POST', '/api/auth/two-factor/setup', { password: PASSWORD });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const secret = String(setup.json().manualKey).replace(/ /g, '');
  const enabled = await agent.request('POST', '/api/auth/two-factor/enable', { code: await codeAt(secret, -1) });
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[], version: enabled.json().version as number };
}

const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) => {
  const all = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  return all.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1) ?? null;
};
export const sessionCookie = (res: { headers: Record<string, unknown> }) => cookieNamed(res, 'lf_session');
export const pendingCookie = (res: { headers: Record<string, unknown> }) => cookieNamed(res, 'lf_2fa');

/**
 * The password step of a sign-in; `pending` is the cookie of the pending sign-in, if one was
 * handed. `from`: the client's address (default the loopback every other request comes from).
 */
export async function passwordStep(api: Pick<Api, 'app'>, username: string, password = PASSWORD, from?: string) {
  const res = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, ...(from ? { remoteAddress: from } : {}) });
  return { res, pending: pendingCookie(res) };
}

/** The code step of a pending sign-in, from the address `from` if given. */
export const codeStep = (api: Pick<Api, 'app'>, pending: string | null, body: Record<string, unknown>, from?: string) =>
  api.app.inject({
    method: 'POST', url: '/api/auth/login/two-factor', payload: body, headers: pending ? { cookie: pending } : {}, ...(from ? { remoteAddress: from } : {}),
  });
