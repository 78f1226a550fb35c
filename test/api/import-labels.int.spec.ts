import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { dryRun, managerAndAgent, runImport, undone, uploadImport } from './import-setup';

let api: Api;
let manager: Agent;
beforeAll(async () => {
  api = await startApi();
  ({ manager } = await managerAndAgent(api, 'ilb'));
});
afterAll(async () => api.close());

const mapping = (mode: string) => ({
  columns: { Name: 'name', Email: 'email', Phone: 'phone', City: 'city', State: 'state', Tags: 'tags', Priority: 'priority' },
  mode, matchOn: 'email', leadType: 'real_estate',
});
const labelsOf = async (email: string) => {
  const { rows } = await api.pool.query<{ tags: string[]; priority: string; version: number }>('select tags, priority, version from lead_pool_v1 where email = $1', [email]);
  return rows[0];
};

describe('imported tags and priority', () => {
  it('sets them on new leads, changes them on matched ones, fails bad cells, and the undo puts the old ones back', async () => {
    await runImport(api, manager, [
      'Name,Email,Phone,City,State,Tags,Priority',
      'Tia Tags,tia@ilb.test,555-0101,Austin,TX,"Hot Lead; VIP, vip",High',
      'Pat Plain,pat@ilb.test,555-0102,Austin,TX,,',
    ].join('\n'), mapping('create'));
    const tia = await waitFor(async () => (await labelsOf('tia@ilb.test'))?.priority === 'high' && labelsOf('tia@ilb.test'), { what: "Tia's labels" });
    expect(tia).toMatchObject({ tags: ['Hot Lead', 'VIP'], priority: 'high' });
    expect(await labelsOf('pat@ilb.test')).toMatchObject({ tags: [], priority: 'medium' });

    const csv = ['Name,Email,Phone,City,State,Tags,Priority', 'Tia Tags,tia@ilb.test,555-0101,Austin,TX,Repeat Customer,low', 'Una Urgent,una@ilb.test,555-0103,Austin,TX,,urgent'].join('\n');
    const up = await uploadImport(api, manager, csv);
    const id = up.json().import.id as number;
    expect((await manager.request('PUT', `/api/imports/${id}/mapping`, mapping('create_or_update'))).statusCode).toBe(200);
    const report = await dryRun(manager, id);
    expect(report.counts).toMatchObject({ updated: 1, failed: 1 });
    expect(report.issues).toContainEqual(expect.objectContaining({ outcome: 'failed', reason: 'priority: "urgent" is not low, medium or high.' }));
    expect((await manager.request('POST', `/api/imports/${id}/run`, {})).statusCode).toBe(202);
    await waitFor(async () => (await labelsOf('tia@ilb.test'))?.priority === 'low' && true, { what: 'the update applied' });
    expect(await labelsOf('tia@ilb.test')).toMatchObject({ tags: ['Repeat Customer'], priority: 'low' });

    await waitFor(async () => (await manager.request('GET', `/api/imports/${id}`)).json().import.status === 'completed', { what: 'the second import done' });
    expect((await manager.request('POST', `/api/imports/${id}/undo`, {})).statusCode).toBe(202);
    await undone(manager, id);
    await waitFor(async () => (await labelsOf('tia@ilb.test'))?.priority === 'high' && true, { what: 'the undo applied' });
    expect(await labelsOf('tia@ilb.test')).toMatchObject({ tags: ['Hot Lead', 'VIP'], priority: 'high' });
  });
});
