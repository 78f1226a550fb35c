import type { Agent, Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';

/** A multipart form with one file part, as the browser's FormData sends it. */
export function fileForm(file: Buffer, filename: string) {
  const boundary = `----leadfloor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const uploadImport = (api: Api, who: Agent, file: Buffer | string, filename = 'leads.csv') => {
  const f = fileForm(typeof file === 'string' ? Buffer.from(file) : file, filename);
  return api.app.inject({ method: 'POST', url: '/api/imports', payload: f.payload, headers: { cookie: who.cookie, ...f.headers } });
};

/** A manager (of a team of their own) and an agent on it. */
export async function managerAndAgent(api: Api, prefix: string): Promise<{ manager: Agent; agent: Agent }> {
  const [manager, agent] = [await api.agent(`${prefix}boss`), await api.agent(`${prefix}agent`)];
  await staffTeam(api, `${prefix} team`, manager, [agent]);
  return { manager, agent };
}

/** Uploads, maps, runs, and waits for the import to finish; returns its id. */
export async function runImport(api: Api, manager: Agent, csv: string, mapping: Record<string, unknown>): Promise<number> {
  const up = await uploadImport(api, manager, csv);
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const id = up.json().import.id as number;
  const mapped = await manager.request('PUT', `/api/imports/${id}/mapping`, mapping);
  if (mapped.statusCode !== 200) throw new Error(`mapping: ${mapped.statusCode} ${mapped.body}`);
  const run = await manager.request('POST', `/api/imports/${id}/run`, {});
  if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body}`);
  await finished(manager, id);
  return id;
}

export const finished = (manager: Agent, id: number) => waitFor(async () => {
  const imp = (await manager.request('GET', `/api/imports/${id}`)).json().import;
  return imp.status === 'completed' ? imp : false;
}, { what: `import ${id} completed`, timeoutMs: 60_000 });

/** Leads the pool shows, by email. */
export const leadsByEmail = async (api: Api, emails: string[]) => {
  const { rows } = await api.pool.query<{ id: number; email: string; name: string; phone: string; city: string; status: string }>(
    'select id, email, name, phone, city, status from lead_pool_v1 where email = any($1)', [emails]);
  return new Map(rows.map((r) => [r.email, r]));
};

/** Asks for a dry run (a job: 202 at once) and waits for its report. */
export async function dryRun(manager: Agent, id: number) {
  const res = await manager.request('POST', `/api/imports/${id}/dry-run`, {});
  if (res.statusCode !== 202) throw new Error(`dry run: ${res.statusCode} ${res.body}`);
  return waitFor(async () => {
    const imp = (await manager.request('GET', `/api/imports/${id}`)).json().import;
    return imp.dryRun?.status === 'completed' ? imp.dryRun : false;
  }, { what: `dry run of import ${id}`, timeoutMs: 60_000 });
}

/** Waits for an import's undo (a job) to end; answers the import and the leads it kept. */
export async function undone(manager: Agent, id: number) {
  const imp = await waitFor(async () => {
    const i = (await manager.request('GET', `/api/imports/${id}`)).json().import;
    return i.status === 'undone' ? i : false;
  }, { what: `import ${id} undone`, timeoutMs: 60_000 });
  const kept = (await manager.request('GET', `/api/imports/${id}/kept`)).json().kept;
  return { imp, kept };
}
