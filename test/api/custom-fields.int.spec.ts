import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead } from './floor-setup';
import { managerAndAgent } from './import-setup';

let api: Api;
let manager: Agent, agent: Agent;
beforeAll(async () => {
  api = await startApi();
  ({ manager, agent } = await managerAndAgent(api, 'cf'));
});
afterAll(async () => api.close());

const define = (who: Agent, body: Record<string, unknown>) => who.request('POST', '/api/custom-fields', body);

describe('custom fields', () => {
  it('lets a manager define fields per lead type, listed in their order; an agent may not', async () => {
    expect((await define(agent, { name: 'budget', leadType: 'real_estate', label: 'Budget', fieldType: 'number' })).statusCode).toBe(403);
    const budget = await define(manager, { name: 'budget', leadType: 'real_estate', label: 'Budget', fieldType: 'number', order: 2 });
    expect(budget.statusCode).toBe(201);
    const bedrooms = await define(manager, {
      name: 'bedrooms', leadType: 'real_estate', label: 'Bedrooms', fieldType: 'select', options: [' 1 ', '2', '3+', '2'], order: 1,
    });
    expect(bedrooms.json().field.options).toEqual(['1', '2', '3+']);
    // The same name on another lead type is another field.
    expect((await define(manager, { name: 'budget', leadType: 'finance', label: 'Budget', fieldType: 'number' })).statusCode).toBe(201);
    await waitFor(async () => (await agent.request('GET', '/api/custom-fields?leadType=real_estate')).json().fields.length === 2, { what: 'fields listed' });
    const list = (await agent.request('GET', '/api/custom-fields?leadType=real_estate')).json().fields;
    expect(list.map((f: { name: string }) => f.name)).toEqual(['bedrooms', 'budget']);
  });

  it('refuses a taken name (409), a select without options (409), unknown body fields (400) and an unknown field (404)', async () => {
    const taken = await define(manager, { name: 'budget', leadType: 'real_estate', label: 'Again', fieldType: 'text' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('custom_field.name_taken');
    expect((await define(manager, { name: 'color', leadType: 'forex', label: 'Color', fieldType: 'select', options: [' '] })).json().code)
      .toBe('custom_field.options_required');
    expect((await define(manager, { name: 'x', leadType: 'forex', label: 'X', fieldType: 'text', extra: 1 })).statusCode).toBe(400);
    expect((await manager.request('PATCH', '/api/custom-fields/999999', { label: 'Nope' })).statusCode).toBe(404);
  });

  it("checks a lead's values against its type's active fields: bad values are 400 naming the field", async () => {
    const leadId = await claimedLead(agent, 'real_estate', 'Vera Values');
    const put = (values: Record<string, unknown>, who = agent) => who.request('PUT', `/api/leads/${leadId}/custom-fields`, { values });
    const bad = await put({ budget: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('values.budget');
    expect((await put({ bedrooms: '4' })).statusCode).toBe(400);
    expect((await put({ nosuch: 'x' })).statusCode).toBe(400);
    const ok = await put({ budget: '450000', bedrooms: '3+' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().values).toEqual({ budget: 450000, bedrooms: '3+' });
    // Required: it may not be cleared.
    const { rows } = await api.pool.query<{ id: number }>(`select id from custom_fields_v1 where name = 'bedrooms'`);
    expect((await manager.request('PATCH', `/api/custom-fields/${rows[0]!.id}`, { required: true })).json().field.required).toBe(true);
    expect((await put({ bedrooms: null })).json().field).toBe('values.bedrooms');
    // Someone else's lead: only its holder or a manager.
    const other = await api.agent('cfother');
    expect((await put({ budget: 1 }, other)).statusCode).toBe(403);
    expect((await put({ budget: 2 }, manager)).statusCode).toBe(200);
    await waitFor(async () => (await agent.request('GET', `/api/leads/${leadId}/custom-fields`)).json().values.budget === 2, { what: 'values read back' });
  });

  it('drops an inactive field from what a lead is checked against', async () => {
    const { rows } = await api.pool.query<{ id: number }>(`select id from custom_fields_v1 where name = 'bedrooms'`);
    const res = await manager.request('PATCH', `/api/custom-fields/${rows[0]!.id}`, { active: false });
    expect(res.json().field.active).toBe(false);
    const leadId = await claimedLead(agent, 'real_estate', 'Ina Active');
    expect((await agent.request('PUT', `/api/leads/${leadId}/custom-fields`, { values: { bedrooms: '2' } })).statusCode).toBe(400);
  });
});

describe('custom fields on new leads and in the pool filters', () => {
  const lead = { name: 'Nia New', email: 'nia@cf.test', phone: '555-0199', address: null, city: 'Austin', state: 'TX', source: null, notes: null };

  it("asks a new lead for its type's required fields and keeps their values", async () => {
    await manager.request('POST', '/api/custom-fields', { name: 'risk', leadType: 'forex', label: 'Risk appetite', fieldType: 'select', options: ['Low', 'High'], required: true });
    const missing = await agent.request('POST', '/api/leads', { ...lead, leadType: 'forex' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('customFields.risk');
    expect((await agent.request('POST', '/api/leads', { ...lead, leadType: 'forex', customFields: { risk: 'medium' } })).statusCode).toBe(400);
    const made = await agent.request('POST', '/api/leads', { ...lead, leadType: 'forex', customFields: { risk: 'high' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().lead.id;
    await waitFor(async () => (await agent.request('GET', `/api/leads/${id}/custom-fields`)).json().values?.risk === 'High', { what: 'the value stored as the option is spelled' });
    // A lead of another type is not asked for it.
    expect((await agent.request('POST', '/api/leads', { ...lead, email: 'other@cf.test', leadType: 'finance' })).statusCode).toBe(201);
  });

  it('filters the pool by a custom field value, ignoring case', async () => {
    const list = await waitFor(async () => {
      const leads = (await agent.request('GET', '/api/leads?customField=risk%3DHIGH')).json().leads;
      return leads.length === 1 ? leads : false;
    }, { what: 'the filtered pool' });
    expect(list[0].name).toBe('Nia New');
    expect((await agent.request('GET', '/api/leads?customField=risk%3Dlow')).json().leads).toEqual([]);
    expect((await agent.request('GET', '/api/leads?customField=Risk')).statusCode).toBe(400);
  });

  it('checks every lead of a bulk creation before making any, and keeps their values', async () => {
    const before = Number((await api.pool.query(`select count(*) from events where type = 'LeadCreated'`)).rows[0].count);
    const bulk = (leads: Record<string, unknown>[]) => manager.request('POST', '/api/leads/bulk', { leads });
    const refused = await bulk([{ ...lead, email: 'b1@cf.test', leadType: 'forex', customFields: { risk: 'low' } }, { ...lead, email: 'b2@cf.test', leadType: 'forex' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('leads.1.customFields.risk');
    expect(Number((await api.pool.query(`select count(*) from events where type = 'LeadCreated'`)).rows[0].count)).toBe(before);

    const made = await bulk([{ ...lead, name: 'Bea Bulk', email: 'b3@cf.test', leadType: 'forex', customFields: { risk: 'low' } }]);
    expect(made.statusCode, made.body).toBe(201);
    const [{ id }] = made.json().leads;
    await waitFor(async () => (await manager.request('GET', `/api/leads/${id}/custom-fields`)).json().values?.risk === 'Low', { what: 'the bulk lead\'s value' });
  });
});
