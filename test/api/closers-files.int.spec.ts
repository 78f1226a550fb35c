import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { applicationAt, applied, jobAt, postedJob } from './closers-setup';

let api: Api;
let owen: Agent, cleo: Agent, ian: Agent;
beforeAll(async () => {
  api = await startApi();
  [owen, cleo, ian] = await Promise.all([api.agent('owen'), api.agent('cleo'), api.agent('ian')]);
});
afterAll(async () => api.close());

/** A multipart form with one file part, as a browser's FormData sends it. */
function form(file: Buffer, filename: string, type: string) {
  const boundary = `----leadfloor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: Agent, file: Buffer, filename: string, type: string) => {
  const f = form(file, filename, type);
  return api.app.inject({ method: 'POST', url: '/api/closers/files', payload: f.payload, headers: { cookie: who.cookie, ...f.headers } });
};
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const download = (who: Agent, url: string) => api.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

describe('closers hub uploads', () => {
  it('stores a PDF and serves it as an attachment of its checked type, with nosniff and a sandbox', async () => {
    const res = await upload(cleo, pdf('resume'), 'Cleo résumé.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({ name: 'Cleo résumé.pdf', contentType: 'application/pdf', size: pdf('resume').length, url: `/api/closers/files/${file.id}` });
    const got = await download(cleo, file.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf('resume'))).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Cleo r_sum_.pdf"; filename*=UTF-8''Cleo%20r%C3%A9sum%C3%A9.pdf`);
  });

  it('refuses what is not a PDF, PNG, JPEG or WebP whatever its name or claimed type (415), and files over 10 MB (413)', async () => {
    for (const [bytes, name, type] of [
      ['<html><script>alert(1)</script></html>', 'resume.pdf', 'application/pdf'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.png', 'image/png'],
      ['MZ\x90\x00\x03', 'setup.exe', 'application/octet-stream'],
      ['PK\x03\x04 a docx or zip', 'resume.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const) {
      const res = await upload(cleo, Buffer.from(bytes, 'latin1'), name, type);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 415 });
      expect(res.json()).toMatchObject({ error: 'closers.file_type' });
    }
    const big = Buffer.concat([pdf('big'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await upload(cleo, big, 'big.pdf', 'application/pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'closers.file_too_large' });
    expect((await cleo.request('POST', '/api/closers/files', { file: 'JVBERi0=' })).statusCode).toBe(415);
    const empty = await api.app.inject({ method: 'POST', url: '/api/closers/files', headers: { cookie: cleo.cookie, ...form(Buffer.alloc(0), 'x', 'x').headers }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const { rows } = await api.pool.query('select count(*)::int as n from closer_files where uploaded_by = $1', [cleo.id]);
    expect(rows[0].n).toBe(1); // only the PDF of the test before
  });

  it('answers 429 with Retry-After past 30 uploads in 10 minutes, for that user only', async () => {
    const busy = await api.agent('busy');
    for (let i = 0; i < 30; i++) expect((await upload(busy, pdf(`file ${i}`), `f${i}.pdf`, 'application/pdf')).statusCode).toBe(201);
    const refused = await upload(busy, pdf('one more'), 'more.pdf', 'application/pdf');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(owen, pdf('owen'), 'owen.pdf', 'application/pdf')).statusCode).toBe(201);
  });

  it("attaches only one's own uploads; serves a file to whoever may see its job or application, 404 to anyone else", async () => {
    const brochure = (await upload(owen, pdf('brochure'), 'brochure.pdf', 'application/pdf')).json().file;
    const resume = (await upload(cleo, pdf('cv'), 'cv.pdf', 'application/pdf')).json().file;
    const stray = (await upload(ian, pdf('stray'), 'stray.pdf', 'application/pdf')).json().file;

    expect((await owen.request('POST', '/api/jobs', { ...jobBodyWith([stray.id]) })).json()).toMatchObject({ status: 409, error: 'closers.file_not_found' });
    const draft = await postedJob(owen, { fileUploads: [brochure.id] }, { draft: true });
    const job = (await jobAt(owen, draft, 1));
    expect(job.fileUploads).toEqual([brochure]);
    // A draft's file is its owner's alone; once published, anyone signed in may read it.
    expect((await download(cleo, brochure.url)).statusCode).toBe(404);
    const published = await owen.request('POST', `/api/jobs/${draft}/publish`);
    await jobAt(owen, draft, published.json().version);
    expect((await download(cleo, brochure.url)).statusCode).toBe(200);

    expect((await cleo.request('POST', `/api/jobs/${draft}/applications`, applyWith([brochure.id]))).json()).toMatchObject({ status: 409, error: 'closers.file_not_found' });
    const id = await applied(cleo, draft, { fileUploads: [resume.id] });
    expect((await applicationAt(owen, id, 1)).fileUploads).toEqual([resume]);
    expect((await download(owen, resume.url)).statusCode).toBe(200);
    expect((await download(ian, resume.url)).statusCode).toBe(404);
    expect((await download(ian, '/api/closers/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(ian, '/api/closers/files/not-a-uuid')).statusCode).toBe(400);
  });
});

const jobBodyWith = (fileUploads: string[]) => ({
  title: 'With files', description: 'd', companyName: 'c', productName: 'p', salesPrice: 100, commissionRate: 5, location: 'Remote', type: 'contract', fileUploads,
});
const applyWith = (fileUploads: string[]) => ({
  experience: 'e', message: 'm', availableHoursPerWeek: 10, availableStartDate: '2026-05-01', availableDays: ['friday'], fileUploads,
});
