import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketMessage } from '@leadfloor/contracts';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { dryRun, finished, leadsByEmail, managerAndAgent, runImport, undone, uploadImport } from './import-setup';

let api: Api;
let manager: Agent, agent: Agent;
/** What the live feed sent, to whom (the sockets are another spec's). */
const live: { userId: number | null; message: SocketMessage }[] = [];
beforeAll(async () => {
  api = await startApi({ publish: (userId, message) => { live.push({ userId, message }); } });
  ({ manager, agent } = await managerAndAgent(api, 'imp'));
  await manager.request('POST', '/api/custom-fields', { name: 'budget', leadType: 'real_estate', label: 'Budget', fieldType: 'number' });
});
afterAll(async () => api.close());

const header = 'Full Name,E-mail,Phone,City,State,Type,Budget,Notes\r\n';
const mapping = {
  columns: { 'Full Name': 'name', 'E-mail': 'email', Phone: 'phone', City: 'city', State: 'state', Type: 'leadType', Budget: 'custom:budget', Notes: 'notes' },
  mode: 'create', matchOn: 'email', leadType: 'real_estate',
};

describe('uploading a file', () => {
  it('answers its columns, a sample and the row count; a BOM and quoted line breaks are read as such', async () => {
    const csv = `\uFEFF${header}"Ann Lee",ann@imp.test,555-0100,Austin,TX,real_estate,100,"line one\nline two"\r\n`;
    const res = await uploadImport(api, manager, csv);
    expect(res.statusCode).toBe(201);
    const imp = res.json().import;
    expect(imp).toMatchObject({ status: 'uploaded', format: 'csv', rows: 1, columns: ['Full Name', 'E-mail', 'Phone', 'City', 'State', 'Type', 'Budget', 'Notes'] });
    expect(imp.sample[0]).toEqual(['Ann Lee', 'ann@imp.test', '555-0100', 'Austin', 'TX', 'real_estate', '100', 'line one\nline two']);
  });

  it('reads a semicolon-separated Windows-1252 file (a spreadsheet export) with its accents', async () => {
    const text = 'Name;Email\r\nRené Côté;rene@imp.test\r\n';
    const res = await uploadImport(api, manager, Buffer.from(text, 'latin1'));
    expect(res.json().import.sample).toEqual([['René Côté', 'rene@imp.test']]);
  });

  it('refuses an agent (403), an empty file (400), a header without rows (400) and a body that is not a form (415)', async () => {
    expect((await uploadImport(api, agent, `${header}a,b,c,d,e,f,g,h\r\n`)).statusCode).toBe(403);
    expect((await uploadImport(api, manager, '')).json().code).toBe('import.unreadable');
    expect((await uploadImport(api, manager, header)).json().code).toBe('import.unreadable');
    expect((await manager.request('POST', '/api/imports', { file: 'x' })).statusCode).toBe(415);
  });
});

describe('mapping, dry run and run', () => {
  const rows = [
    'Bo Diaz,bo@imp.test,555-0101,Austin,TX,real_estate,250000,=HYPERLINK("http://evil")',
    'Bo Again,BO@imp.test,555-0102,Austin,TX,real_estate,1,duplicate email in another case',
    'No Mail,,555-0103,Austin,TX,real_estate,,',
    `Long Notes,long@imp.test,555-0104,Austin,TX,real_estate,,${'x'.repeat(1024 * 1024)}`,
    'Bad Budget,budget@imp.test,555-0105,Austin,TX,real_estate,lots,',
    'Finance Fay,fay@imp.test,555-0106,Dallas,TX,Finance,,',
    'Bad Type,type@imp.test,555-0107,Dallas,TX,crypto,,',
  ];
  const csv = `${header}${rows.join('\r\n')}\r\n`;

  it('refuses a mapping naming a column the file lacks, an unknown custom field, or none to match on', async () => {
    const id = (await uploadImport(api, manager, csv)).json().import.id;
    const put = (body: object) => manager.request('PUT', `/api/imports/${id}/mapping`, body);
    expect((await put({ ...mapping, columns: { ...mapping.columns, Nope: 'city' } })).statusCode).toBe(400);
    expect((await put({ ...mapping, columns: { ...mapping.columns, Budget: 'custom:nosuch' } })).statusCode).toBe(400);
    expect((await put({ ...mapping, columns: { ...mapping.columns, 'E-mail': 'ignore' } })).json().field).toBe('matchOn');
    expect((await manager.request('POST', `/api/imports/${id}/run`, {})).json().code).toBe('import.not_mapped');
    expect((await manager.request('POST', `/api/imports/${id}/dry-run`, {})).json().code).toBe('import.not_mapped');
    expect((await agent.request('POST', `/api/imports/${id}/dry-run`, {})).statusCode).toBe(403);
  });

  it('reports in the dry run exactly what the run then does, and changes nothing until the run', async () => {
    const id = (await uploadImport(api, manager, csv)).json().import.id;
    expect((await manager.request('PUT', `/api/imports/${id}/mapping`, { ...mapping, saveAs: 'Standard sheet' })).statusCode).toBe(200);
    const dry = await dryRun(manager, id);
    expect(dry.counts).toEqual({ processed: 7, created: 2, updated: 0, skipped: 1, failed: 4 });
    // Its outcome reached the importer over /ws, like the run's.
    await waitFor(() => live.some(({ userId, message }) => userId === manager.id && message.type === 'broadcast' && message.event === 'import_changed'
      && message.data.importId === id && message.data.job === 'dry_run' && message.data.status === 'completed' && message.data.processed === 7),
    { what: 'the dry run outcome to the importer' });
    // A new mapping clears the report; the next dry run is another job, numbered on.
    const remapped = (await manager.request('PUT', `/api/imports/${id}/mapping`, mapping)).json().import;
    expect(remapped.dryRun).toBeNull();
    expect(await dryRun(manager, id)).toMatchObject({ run: dry.run + 1, counts: dry.counts });
    expect(dry.issues).toEqual(expect.arrayContaining([
      { row: 2, outcome: 'skipped', reason: 'Duplicate of row 1 (same email).' },
      expect.objectContaining({ row: 3, outcome: 'failed', reason: 'No email to match on.' }),
      expect.objectContaining({ row: 4, outcome: 'failed' }),
      expect.objectContaining({ row: 5, outcome: 'failed', reason: 'budget: Budget must be a number.' }),
      expect.objectContaining({ row: 7, outcome: 'failed' }),
    ]));
    expect((await leadsByEmail(api, ['bo@imp.test'])).size).toBe(0);

    expect((await manager.request('POST', `/api/imports/${id}/run`, {})).statusCode).toBe(202);
    const imp = await finished(manager, id);
    expect(imp.counts).toEqual(dry.counts);
    const leads = await waitFor(async () => {
      const m = await leadsByEmail(api, ['bo@imp.test', 'fay@imp.test']);
      return m.size === 2 ? m : false;
    }, { what: 'imported leads in the pool' });
    // A formula is stored as given (the export neutralises it), the custom field as a number.
    const bo = leads.get('bo@imp.test')!;
    const values = await waitFor(async () => (await api.pool.query('select values from lead_custom_fields_v1 where lead_id = $1 and version = 3', [bo.id])).rows[0],
      { what: "Bo's custom field values" });
    expect(values.values).toEqual({ budget: 250000 });
    const { rows: events } = await api.pool.query('select type from events where stream_id = $1 order by stream_version', [`lead-${bo.id}`]);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['LeadCreated', 'LeadImported', 'LeadCustomFieldsChanged']);
    // The importer's progress bar heard of it over /ws, up to the end; nobody else did.
    await waitFor(() => live.some(({ userId, message }) => userId === manager.id && message.type === 'broadcast' && message.event === 'import_changed'
      && message.data.importId === id && message.data.status === 'completed' && message.data.processed === 7), { what: 'import_changed to the importer' });
    expect(live.filter(({ message }) => message.type === 'broadcast' && message.event === 'import_changed').every(({ userId }) => userId === manager.id)).toBe(true);
    expect((await manager.request('POST', `/api/imports/${id}/dry-run`, {})).json().code).toBe('import.started');
    // Running again starts nothing new.
    expect((await manager.request('POST', `/api/imports/${id}/run`, {})).json().import.counts).toEqual(dry.counts);

    const errors = await manager.request('GET', `/api/imports/${id}/errors.csv`);
    expect(errors.headers['content-type']).toContain('text/csv');
    const lines = errors.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('row,error,Full Name,E-mail,Phone,City,State,Type,Budget,Notes');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain('Bad Budget');

    const history = (await manager.request('GET', '/api/imports?limit=2')).json();
    expect(history.imports[0].id).toBe(id);
    expect(history.nextCursor).not.toBeNull();
    const saved = (await manager.request('GET', '/api/import-mappings')).json().mappings;
    expect(saved).toEqual([expect.objectContaining({ name: 'Standard sheet', matchOn: 'email', columns: mapping.columns })]);
  });
});

describe('create or update, and undo', () => {
  it('updates the lead a row matches by its normalised phone, then the undo takes back what nobody touched since', async () => {
    await runImport(api, manager, `${header}Cy One,cy@imp.test,+1 (555) 200-0001,Austin,TX,,10,\r\nDee Two,dee@imp.test,555-200-0002,Austin,TX,,20,\r\n`,
      { ...mapping, matchOn: 'phone' });
    const before = await waitFor(async () => {
      const m = await leadsByEmail(api, ['cy@imp.test', 'dee@imp.test']);
      return m.size === 2 ? m : false;
    }, { what: 'first import in the pool' });
    // The agent claims Dee: she stays through the undo of the second import.
    expect((await agent.request('POST', `/api/leads/${before.get('dee@imp.test')!.id}/claim`, {})).statusCode).toBe(200);

    const second = await runImport(api, manager,
      `${header}Cy Renamed,cy@imp.test,15552000001,Houston,TX,,11,\r\nEve New,eve@imp.test,555-200-0003,Austin,TX,,,\r\nDee Two,dee@imp.test,555-200-0002,Austin,TX,,20,\r\n`,
      { ...mapping, matchOn: 'phone', mode: 'create_or_update' });
    const imp = (await manager.request('GET', `/api/imports/${second}`)).json().import;
    expect(imp.counts).toMatchObject({ created: 1, updated: 1, skipped: 1 });
    await waitFor(async () => (await leadsByEmail(api, ['cy@imp.test'])).get('cy@imp.test')?.city === 'Houston', { what: 'Cy updated' });

    // Eve, made by the second import, is claimed: she is kept and listed.
    const eve = await waitFor(async () => (await leadsByEmail(api, ['eve@imp.test'])).get('eve@imp.test'), { what: 'Eve in the pool' });
    expect((await agent.request('POST', `/api/leads/${eve.id}/claim`, {})).statusCode).toBe(200);

    expect((await agent.request('POST', `/api/imports/${second}/undo`, {})).statusCode).toBe(403);
    const undo = await manager.request('POST', `/api/imports/${second}/undo`, {});
    expect(undo.statusCode).toBe(202);
    expect(['undoing', 'undone']).toContain(undo.json().import.status);
    const { imp: after, kept } = await undone(manager, second);
    expect(after.undo).toMatchObject({ leads: 2, processed: 2, reverted: 1, kept: 1 });
    expect(kept).toEqual([{ leadId: eve.id, name: 'Eve New', reason: 'Claimed or worked since the import.' }]);
    await waitFor(() => live.some(({ userId, message }) => userId === manager.id && message.type === 'broadcast' && message.event === 'import_changed'
      && message.data.importId === second && message.data.job === 'undo' && message.data.status === 'undone' && message.data.reverted === 1),
    { what: 'the undo outcome to the importer' });
    await waitFor(async () => (await leadsByEmail(api, ['cy@imp.test'])).get('cy@imp.test')?.city === 'Austin', { what: 'Cy reverted' });
    const cy = (await leadsByEmail(api, ['cy@imp.test'])).get('cy@imp.test')!;
    expect(cy.name).toBe('Cy One');
    expect((await manager.request('GET', `/api/leads/${cy.id}/custom-fields`)).json().values).toEqual({ budget: 10 });
    expect((await manager.request('POST', `/api/imports/${second}/undo`, {})).statusCode).toBe(409);
  });

  it('withdraws the leads an import made when nobody worked them', async () => {
    const id = await runImport(api, manager, `${header}Gus Gone,gus@imp.test,555-300-0001,Austin,TX,,,\r\n`, mapping);
    await waitFor(async () => (await leadsByEmail(api, ['gus@imp.test'])).size === 1, { what: 'Gus in the pool' });
    expect((await manager.request('POST', `/api/imports/${id}/undo`, {})).statusCode).toBe(202);
    const { imp, kept } = await undone(manager, id);
    expect([imp.undo.reverted, kept]).toEqual([1, []]);
    await waitFor(async () => (await leadsByEmail(api, ['gus@imp.test'])).size === 0, { what: 'Gus gone from the pool' });
  });
});

describe('export', () => {
  it('streams the pool as CSV and XLSX with formula-looking cells neutralised', async () => {
    expect((await agent.request('GET', '/api/leads/export.csv')).statusCode).toBe(403);
    const csv = await manager.request('GET', '/api/leads/export.csv?search=bo%40imp.test');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['id', 'name', 'email']);
    expect(lines[0]).toContain('budget');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const xlsx = await manager.request('GET', '/api/leads/export.xlsx?search=bo%40imp.test');
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((xlsx as unknown as { rawPayload: Buffer }).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toContain(`'=HYPERLINK("http://evil")`);
  });
});

describe('drip', () => {
  it("lets imported leads into the pool at the floor's drip rate when the policy has one", async () => {
    const policy = await manager.request('PUT', '/api/pool-policy', {
      maxActiveClaims: null, autoReleaseHours: null, warnBeforeReleaseMinutes: 0, distribution: 'first_come', weights: [], dripPerHour: 1,
    });
    expect(policy.statusCode).toBe(200);
    const id = await runImport(api, manager, `${header}Drip One,drip1@imp.test,555-400-0001,Austin,TX,,,\r\nDrip Two,drip2@imp.test,555-400-0002,Austin,TX,,,\r\n`, mapping);
    const leads = await waitFor(async () => {
      const m = await leadsByEmail(api, ['drip1@imp.test', 'drip2@imp.test']);
      return m.size === 2 ? m : false;
    }, { what: 'dripped leads made' });
    const ids = [...leads.values()].map((l) => l.id);
    // Each lead is made with its release instant (the read model's hold lifts at that instant).
    const { rows: held } = await api.pool.query<{ id: number; release_at: string }>(
      `select (data->>'leadId')::int as id, data->>'releaseAt' as release_at from events
        where type = 'LeadCreated' and (data->>'leadId')::int = any($1) order by data->>'releaseAt'`, [ids]);
    expect(held.every((r) => r.release_at !== null)).toBe(true);
    // One an hour: the first at once, the second an hour after it.
    expect(Date.parse(held[1]!.release_at) - Date.parse(held[0]!.release_at)).toBe(3_600_000);
    const [first, second] = [held[0]!.id, held[1]!.id];
    // The pool hides a held lead by the distribution read model's hold: wait until it has both.
    await waitFor(async () => (await api.pool.query('select 1 from lead_distribution_v1 where id = any($1)', [ids])).rowCount === 2,
      { what: 'the distribution read model knowing both leads' });
    // An agent sees the first once its slot has come, and never the second before its hour.
    const seen = await waitFor(async () => {
      const leads = (await agent.request('GET', '/api/leads?search=drip')).json().leads as { id: number }[];
      return leads.some((l) => l.id === first) ? leads : false;
    }, { what: 'the first dripped lead in the pool' });
    expect(seen.map((l) => l.id)).toEqual([first]);
    const early = await agent.request('POST', `/api/leads/${second}/claim`, {});
    expect([early.statusCode, early.json().code]).toEqual([409, 'lead.not_released']);
    expect((await manager.request('GET', `/api/imports/${id}`)).json().import.counts.created).toBe(2);
  });
});
