import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, type Agent } from '../api-harness';
import { waitFor } from '../wait-for';

const TOKEN = 'metrics-test-token-0123456789';
let api: Api;
let ann: Agent;
let bob: Agent;
beforeAll(async () => {
  api = await startApi({ metricsToken: TOKEN });
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
});
afterAll(async () => api.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((line) => {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
    return { name: m[1]!, labels, value: Number(m[3]) };
  });
}

async function scrape(): Promise<Sample[]> {
  const res = await api.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return parse(res.body);
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

const newLead = { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'real_estate' };

describe('/metrics of the embedded app', () => {
  it('is refused without the token', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });

  it('counts command outcomes by type: the claim winner accepted, the loser a conflict, a forbidden move rejected', async () => {
    const lead = (await ann.request('POST', '/api/leads', newLead)).json().lead as { id: number };
    const before = await scrape();
    const accepted = valueOf(before, 'leadfloor_commands_total', { command: 'ClaimLead', outcome: 'accepted' }) ?? 0;
    const conflicts = valueOf(before, 'leadfloor_commands_total', { command: 'ClaimLead', outcome: 'conflict' }) ?? 0;
    const rejected = valueOf(before, 'leadfloor_commands_total', { command: 'MoveLeadStage', outcome: 'rejected' }) ?? 0;

    expect((await ann.request('POST', `/api/leads/${lead.id}/claim`, {})).statusCode).toBe(200);
    expect((await bob.request('POST', `/api/leads/${lead.id}/claim`, {})).statusCode).toBe(409);
    expect((await bob.request('POST', `/api/leads/${lead.id}/stage`, { stage: 'proposal' })).statusCode).toBe(403);

    const after = await scrape();
    expect(valueOf(after, 'leadfloor_commands_total', { command: 'ClaimLead', outcome: 'accepted' })).toBe(accepted + 1);
    expect(valueOf(after, 'leadfloor_commands_total', { command: 'ClaimLead', outcome: 'conflict' })).toBe(conflicts + 1);
    expect(valueOf(after, 'leadfloor_commands_total', { command: 'MoveLeadStage', outcome: 'rejected' })).toBe(rejected + 1);
    expect(valueOf(after, 'leadfloor_http_request_duration_seconds_count', {
      method: 'POST', route: '/api/leads/:id/claim', status_code: '409',
    })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'leadfloor_event_store_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(after, 'leadfloor_events_appended_total')).toBeGreaterThanOrEqual(2);
  });

  it('reports each projection caught up with the log, and running', async () => {
    await ann.request('POST', '/api/leads', newLead);
    const samples = await waitFor(async () => {
      const s = await scrape();
      return valueOf(s, 'leadfloor_projection_lag_events', { projection: 'lead_pool_v1' }) === 0 ? s : undefined;
    }, { what: 'lead_pool_v1 to catch up' });
    expect(valueOf(samples, 'leadfloor_projection_lag_seconds', { projection: 'lead_pool_v1' })).toBe(0);
    expect(valueOf(samples, 'leadfloor_projection_up', { projection: 'lead_pool_v1' })).toBe(1);
    expect(valueOf(samples, 'leadfloor_projection_events_applied_total', { projection: 'lead_pool_v1' })).toBeGreaterThan(0);
  });

  it('reports job queue depth, and Node event-loop delay', async () => {
    const samples = await scrape();
    expect(samples.filter((s) => s.name === 'leadfloor_job_queue_jobs').map((s) => s.labels.state)).toEqual(
      expect.arrayContaining(['waiting', 'delayed', 'active', 'completed', 'failed']));
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'leadfloor_metrics_collect_errors_total')).toBeUndefined();
  });
});
