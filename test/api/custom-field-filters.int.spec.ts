import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { managerAndAgent } from './import-setup';

let api: Api;
let manager: Agent, agent: Agent;

const base = { phone: '555-0101', address: null, city: 'Austin', state: 'TX', source: null, notes: null };
const names = (leads: { name: string }[]) => leads.map((l) => l.name).sort();
const pool = async (who: Agent, ...conditions: string[]) => {
  const qs = conditions.map((c) => `customField=${encodeURIComponent(c)}`).join('&');
  return who.request('GET', `/api/leads?${qs}`);
};

beforeAll(async () => {
  api = await startApi();
  ({ manager, agent } = await managerAndAgent(api, 'cff'));
  const define = async (body: Record<string, unknown>) => {
    const res = await manager.request('POST', '/api/custom-fields', body);
    if (res.statusCode !== 201) throw new Error(`define: ${res.body}`);
  };
  await define({ name: 'budget', leadType: 'real_estate', label: 'Budget', fieldType: 'number' });
  await define({ name: 'move_in', leadType: 'real_estate', label: 'Move-in date', fieldType: 'date' });
  await define({ name: 'wishes', leadType: 'real_estate', label: 'Wishes', fieldType: 'text' });
  await define({ name: 'financing', leadType: 'real_estate', label: 'Needs financing', fieldType: 'boolean' });
  await define({ name: 'bedrooms', leadType: 'real_estate', label: 'Bedrooms', fieldType: 'select', options: ['1', '2', '3+'] });
  // The same name on another type, as text: a condition is read per type.
  await define({ name: 'budget', leadType: 'forex', label: 'Budget', fieldType: 'text' });
  const make = async (name: string, leadType: string, customFields: Record<string, unknown>) => {
    const res = await agent.request('POST', '/api/leads', { ...base, name, email: `${name.toLowerCase()}@cff.test`, leadType, customFields });
    if (res.statusCode !== 201) throw new Error(`lead: ${res.body}`);
  };
  await make('Ava', 'real_estate', { budget: 250000, move_in: '2026-03-01', wishes: 'A garden and a garage', financing: true, bedrooms: '2' });
  await make('Ben', 'real_estate', { budget: 480000, move_in: '2026-06-15', wishes: 'Near the school', financing: false, bedrooms: '3+' });
  await make('Cal', 'real_estate', { budget: 900000, wishes: 'Big GARDEN' });
  await make('Dee', 'forex', { budget: 'about 5k' });
  await waitFor(async () => (await pool(agent, 'wishes~a')).json().leads?.length === 3 && (await pool(agent, 'budget~5k')).json().leads?.length === 1,
    { what: 'the leads with values in the pool' });
});
afterAll(async () => api.close());

describe('pool filters on custom field values', () => {
  it('bounds numbers and dates, inclusive, as numbers and calendar dates', async () => {
    expect(names((await pool(agent, 'budget>=250000', 'budget<=480000')).json().leads)).toEqual(['Ava', 'Ben']);
    expect(names((await pool(agent, 'budget>=480001')).json().leads)).toEqual(['Cal']);
    // 900000 > 1000000 as text; as numbers it is not.
    expect(names((await pool(agent, 'budget<=1000000')).json().leads)).toEqual(['Ava', 'Ben', 'Cal']);
    expect(names((await pool(agent, 'move_in>=2026-03-02')).json().leads)).toEqual(['Ben']);
    expect(names((await pool(agent, 'move_in<=2026-03-01')).json().leads)).toEqual(['Ava']);
  });

  it('matches select and yes/no values exactly, and text by what it contains, ignoring case', async () => {
    expect(names((await pool(agent, 'bedrooms=3+')).json().leads)).toEqual(['Ben']);
    expect(names((await pool(agent, 'financing=yes')).json().leads)).toEqual(['Ava']);
    expect(names((await pool(agent, 'financing=false')).json().leads)).toEqual(['Ben']);
    expect(names((await pool(agent, 'wishes~garden')).json().leads)).toEqual(['Ava', 'Cal']);
    expect(names((await pool(agent, 'wishes~garden', 'budget>=500000')).json().leads)).toEqual(['Cal']);
    // `%` and `_` are text, not patterns.
    expect((await pool(agent, 'wishes~%')).json().leads).toEqual([]);
  });

  it('reads a name defined on several types per type: text on forex, a number on real estate', async () => {
    expect(names((await pool(agent, 'budget~5k')).json().leads)).toEqual(['Dee']);
    expect(names((await pool(agent, 'budget=250000')).json().leads)).toEqual(['Ava']);
    const forexOnly = await agent.request('GET', `/api/leads?typeFilter=forex&customField=${encodeURIComponent('budget>=1')}`);
    expect(forexOnly.statusCode).toBe(400);
  });

  it('answers 400 naming customField for an unknown field, an operator the type has no use for, or a bad value', async () => {
    for (const bad of ['nosuch=1', 'bedrooms>=2', 'financing~y', 'budget>=lots', 'move_in<=2026-02-30', 'bedrooms=4']) {
      const res = await pool(agent, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'validation_failed', field: 'customField' });
    }
    expect((await pool(agent, 'Budget=1')).statusCode).toBe(400);
    expect((await pool(agent, ...Array.from({ length: 21 }, () => 'budget>=1'))).statusCode).toBe(400);
  });

  it('exports and draws the pipeline with the same conditions', async () => {
    const csv = await manager.request('GET', `/api/leads/export.csv?customField=${encodeURIComponent('wishes~garden')}`);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(rows.sort()).toEqual(['Ava', 'Cal']);
    expect((await manager.request('GET', '/api/leads/export.csv?customField=nosuch%3D1')).statusCode).toBe(400);
    const pipeline = (await agent.request('GET', `/api/pipeline?customField=${encodeURIComponent('bedrooms=2')}`)).json();
    expect(pipeline.columns.flatMap((c: { leads: { name: string }[] }) => names(c.leads))).toEqual(['Ava']);
  });
});
