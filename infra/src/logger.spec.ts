import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createLogger, prettyStream, REDACTED_PATHS, wantsPretty } from './logger';

describe('createLogger', () => {
  it('redacts passwords, their hashes, session tokens and credential headers wherever a call site puts them', () => {
    let out = '';
    const sink = new Writable({ write(chunk, _encoding, done) { out += chunk; done(); } });
    const logger = createLogger({ LOG_LEVEL: 'trace' }, 'test', sink);
    logger.info({
      password: 'p-top',
      body: { password: 'p-body', newPassword: 'p-new' },
      user: { passwordHash: '$argon2id$v=19$hash' },
      session: { token: 't-session' },
      req: { method: 'POST', headers: { cookie: 'lf_session=c-req', authorization: 'Bearer a-req', host: 'floor.example' } },
      res: { headers: { 'set-cookie': 'lf_session=c-res' } },
      err: { config: { headers: { cookie: 'lf_session=c-err' } } },
    }, 'everything at once');
    for (const secret of ['p-top', 'p-body', 'p-new', '$argon2id$', 't-session', 'c-req', 'a-req', 'c-res', 'c-err']) {
      expect(out).not.toContain(secret);
    }
    expect(JSON.parse(out)).toMatchObject({ msg: 'everything at once', req: { method: 'POST', headers: { host: 'floor.example', cookie: '[redacted]' } } });
  });

  it('writes readable lines on a terminal and JSON lines to a pipe or a file, unless LOG_FORMAT says otherwise', () => {
    expect(wantsPretty('auto', true)).toBe(true);
    expect(wantsPretty('auto', false)).toBe(false);
    expect(wantsPretty('json', true)).toBe(false);
    expect(wantsPretty('pretty', false)).toBe(true);
  });

  it('prints a readable line, still redacted, in the pretty format', () => {
    let out = '';
    const destination = new Writable({ write(chunk, _encoding, done) { out += chunk; done(); } });
    const logger = pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, prettyStream({ colorize: false, destination }));
    logger.info({ url: 'http://localhost:3000', body: { password: 'p-body' } }, 'LeadFloor is ready');
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: LeadFloor is ready\n/);
    expect(out).toContain('url: "http://localhost:3000"');
    expect(out).not.toContain('p-body');
    expect(() => JSON.parse(out)).toThrow();
  });
});
