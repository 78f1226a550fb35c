import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionActor } from '../auth/actor';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions';
import type { Pool } from '../postgres/pool';
import { notSignedIn } from './api-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; 401 when there is none. */
    actor(): Promise<SessionActor>;
    /** The same, or null for routes that answer signed-out visitors too. */
    optionalActor(): Promise<SessionActor | null>;
  }
  interface FastifyReply {
    startSession(token: string, persistent: boolean, expiresAt: Date): FastifyReply;
    endSession(): FastifyReply;
  }
}

export type SessionAuthOptions = {
  /** Not needed any more: the session store resolves the actor (session and user in one query). */
  pool?: Pool; sessions: SessionStore; secureCookies: boolean;
};

/**
 * Identity comes from the session cookie and nothing else: a user id in a body, a query or
 * a header is never trusted. The cookie is httpOnly and SameSite=Lax (Secure in production);
 * without "remember me" it is a browser-session cookie.
 */
export const sessionAuth = fp(async (app: FastifyInstance, { sessions, secureCookies }: SessionAuthOptions) => {
  // The embedded form mounts command routes inside the gateway: both register this; once is enough.
  if (app.hasRequestDecorator('actor')) return;
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies, path: '/' };

  // Resolved once per request, however many hooks and handlers ask.
  const resolved = new WeakMap<FastifyRequest, Promise<SessionActor | null>>();
  app.decorateRequest('optionalActor', function optionalActor(this: FastifyRequest) {
    let actor = resolved.get(this);
    if (!actor) {
      actor = sessions.resolveActor(this.cookies[SESSION_COOKIE], { userAgent: this.headers['user-agent'] });
      resolved.set(this, actor);
    }
    return actor;
  });
  app.decorateRequest('actor', async function actor(this: FastifyRequest) {
    const a = await this.optionalActor();
    if (!a) throw notSignedIn();
    return a;
  });
  app.decorateReply('startSession', function startSession(this: FastifyReply, token: string, persistent: boolean, expiresAt: Date) {
    return this.setCookie(SESSION_COOKIE, token, persistent ? { ...cookieOptions, expires: expiresAt } : cookieOptions);
  });
  app.decorateReply('endSession', function endSession(this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, cookieOptions);
  });
}, { name: 'leadfloor-session-auth' });

/** An onRequest hook for routes that need a signed-in user: 401 comes before any body check. */
export async function requireSignedIn(request: FastifyRequest) {
  await request.actor();
}

