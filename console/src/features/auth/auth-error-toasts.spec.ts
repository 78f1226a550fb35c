import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { loginErrorToast, logoutErrorToast, registrationErrorToast } from './auth-error-toasts';

const apiError = (status: number, body: Record<string, unknown> | null) =>
  new ApiError(status, body ? JSON.stringify(body) : 'Bad Gateway', body, null);

describe('loginErrorToast (spec 8)', () => {
  it('explains invalid credentials and asks for focus on the password', () => {
    expect(loginErrorToast(apiError(401, { error: 'invalid_credentials', message: 'x' }))).toEqual({
      title: 'Login failed', description: 'The username or password you entered is incorrect.', focusPassword: true,
    });
  });
  it('maps database_error and server_error to their system messages', () => {
    expect(loginErrorToast(apiError(503, { error: 'database_error', message: 'x' }))).toMatchObject({
      title: 'System error', description: "We're having trouble connecting to our systems. Please try again in a few moments.", focusPassword: false,
    });
    expect(loginErrorToast(apiError(500, { error: 'server_error', message: 'x' }))).toMatchObject({
      title: 'Service temporarily unavailable', description: 'Our servers are currently experiencing high traffic. Please try again shortly.',
    });
  });
  it("shows the server's message for other codes, or the generic hint", () => {
    expect(loginErrorToast(apiError(429, { error: 'rate_limited', message: 'Too many attempts. Try again in 30 seconds.' })).description)
      .toBe('Too many attempts. Try again in 30 seconds.');
    expect(loginErrorToast(apiError(400, { error: 'odd' })).description).toBe('Please check your credentials and try again');
  });
  it('shows an unparseable error message as is', () => {
    expect(loginErrorToast(apiError(502, null))).toMatchObject({ title: 'Login failed', description: '502: Bad Gateway' });
    expect(loginErrorToast(new Error('Failed to load user data after login')).description).toBe('Failed to load user data after login');
  });
  it('shows the generic text for something that is not an Error', () => {
    expect(loginErrorToast('boom').description).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('registrationErrorToast (spec 8)', () => {
  it("uses the server's message, else the generic one", () => {
    expect(registrationErrorToast(apiError(409, { error: 'username_taken', message: 'That username is taken.' })))
      .toEqual({ title: 'Registration failed', description: 'That username is taken.' });
    expect(registrationErrorToast(apiError(409, { error: 'x' })).description).toBe('An error occurred during registration');
    expect(registrationErrorToast(42).description).toBe('An error occurred during registration');
  });
});

describe('logoutErrorToast (spec 8)', () => {
  it("uses 'Logout failed' for server errors and 'Error' for anything else", () => {
    expect(logoutErrorToast(apiError(500, { error: 'server_error', message: 'Session store down' })))
      .toEqual({ title: 'Logout failed', description: 'Session store down' });
    expect(logoutErrorToast(apiError(500, { error: 'server_error' })).description).toBe('There was a problem logging you out. Please try again.');
    expect(logoutErrorToast(new TypeError('Failed to fetch'))).toEqual({ title: 'Error', description: 'Failed to log out. Please try again.' });
  });
});
