import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/create-http-app';
import { isDatabaseUnavailable } from './unavailable';

const sqlError = (code: string, message = 'x') => Object.assign(new DatabaseError(message, 0, 'error'), { code });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that refuses, drops or cannot take connections', () => {
    expect(isDatabaseUnavailable(socketError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(sqlError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(sqlError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(sqlError('53300', 'too many connections'))).toBe(true);
    expect(isDatabaseUnavailable(sqlError('08006'))).toBe(true);
  });

  it('looks inside an AggregateError (a host with two addresses) and the cause chain', () => {
    expect(isDatabaseUnavailable(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: socketError('ECONNRESET') }))).toBe(true);
  });

  it('leaves real faults to be 500s: constraint violations, syntax errors, bugs', () => {
    expect(isDatabaseUnavailable(sqlError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(sqlError('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('the problem error handler with the database away', () => {
  it('answers 503 database_error, with Retry-After, instead of a 500', async () => {
    const app = await createHttpApp({ bodyLimit: 1024 });
    app.get('/down', async () => {
      throw socketError('ECONNREFUSED');
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ status: 503, code: 'database_error', error: 'database_error' });
    expect(res.body).not.toContain('127.0.0.1');
    await app.close();
  });
});
