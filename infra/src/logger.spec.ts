import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

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
});
