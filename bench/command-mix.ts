import type { Agent, HttpBench } from './http-floor';
import { seeded } from './http-floor';

const STAGES = ['discovery', 'proposal', 'negotiation', 'new'] as const;

/**
 * The floor's everyday commands, one in three each: claim a fresh lead, move a held lead's
 * stage, score a held lead. An agent who holds nothing yet claims. Counts answers by status.
 */
export function commandMix(bench: HttpBench, leads: { firstId: number; lastId: number }, seed: number) {
  const { client, floor } = bench;
  const random = seeded(seed);
  const held = new Map<number, number[]>();
  // leads with a command in flight: a second one would only race the first on the same stream
  const busy = new Set<number>();
  const statuses = new Map<string, number>();
  let nextLead = leads.firstId;
  let step = 0;
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const codeOf = (status: number, body: string) => {
    if (status === 200) return '200';
    try {
      return `${status} ${(JSON.parse(body) as { code?: string }).code ?? ''}`.trim();
    } catch {
      return String(status);
    }
  };

  async function send(agent: Agent, kind: number): Promise<boolean> {
    const mine = held.get(agent.id) ?? [];
    const free = mine.filter((id) => !busy.has(id));
    if (kind === 0 || free.length === 0) {
      if (nextLead > leads.lastId) {
        count('no fresh lead left');
        return false;
      }
      const leadId = nextLead++;
      busy.add(leadId);
      try {
        const r = await client.request('POST', `/api/leads/${leadId}/claim`, {}, agent.cookie);
        count(`claim ${codeOf(r.status, r.body)}`);
        if (r.status !== 200) return false;
        held.set(agent.id, [...(held.get(agent.id) ?? []).slice(-4), leadId]);
        return true;
      } finally {
        busy.delete(leadId);
      }
    }
    const leadId = free[Math.floor(random() * free.length)]!;
    const body = kind === 1 ? { stage: STAGES[step++ % STAGES.length] } : { score: Math.floor(random() * 101) };
    busy.add(leadId);
    try {
      const r = await client.request('PATCH', `/api/leads/${leadId}`, body, agent.cookie);
      count(`${kind === 1 ? 'stage' : 'score'} ${codeOf(r.status, r.body)}`);
      return r.status === 200;
    } finally {
      busy.delete(leadId);
    }
  }

  return {
    /** Operation i: agent i mod agents, kind i mod 3. */
    op: (i: number) => send(floor.agents[i % floor.agents.length]!, i % 3),
    statuses: () => Object.fromEntries(statuses),
    errors: () => [...statuses].filter(([k]) => !k.endsWith(' 200')).reduce((a, [, n]) => a + n, 0),
  };
}
