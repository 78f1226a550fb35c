import { streamIdOf, type CrmProvider, type IntegrationEvent } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';

type CrmEvent = Extract<IntegrationEvent, { type: `Crm${string}` }>;
export type CrmStatus = 'connected' | 'disconnected' | 'error';
export type CrmConnectionState =
  | { exists: false }
  | { exists: true; id: number; userId: number; provider: CrmProvider; name: string; status: CrmStatus; error: string | null };

/** The OAuth grant was exchanged by the route (I/O); the decider records it. */
export type CrmCommand =
  | { type: 'ConnectCrm'; data: { integrationId: number; provider: CrmProvider; name: string }; meta: { now: string; actor: Actor } }
  | { type: 'DisconnectCrm'; data: Record<string, never>; meta: { now: string; actor: Actor } }
  /** A background sync found the grant no longer good (no actor: the provider said so). */
  | { type: 'FailCrmConnection'; data: { reason: string }; meta: { now: string } };

export const crmConnectionStream = (id: number) => streamIdOf('integration', id);

function evolve(s: CrmConnectionState, e: CrmEvent): CrmConnectionState {
  switch (e.type) {
    case 'CrmConnected': {
      const d = e.data;
      return { exists: true, id: d.integrationId, userId: d.userId, provider: d.provider, name: d.name, status: 'connected', error: null };
    }
    case 'CrmConnectionFailed': return s.exists ? { ...s, status: 'error', error: e.data.reason } : s;
    case 'CrmDisconnected': return s.exists ? { ...s, status: 'disconnected', error: null } : s;
  }
}

/** A connection is its owner's (the manager who connected it); reconnecting makes it connected again. */
function decide(c: CrmCommand, s: CrmConnectionState): CrmEvent[] {
  const at = c.meta.now;
  if (c.type === 'FailCrmConnection') {
    if (!s.exists || s.status !== 'connected') return [];
    return [{ type: 'CrmConnectionFailed', data: { integrationId: s.id, reason: c.data.reason, at } }];
  }
  const { actor } = c.meta;
  if (actor.role !== 'manager') throw new Forbidden('integrations.manager_only', 'Only a manager connects the floor to a CRM.');
  if (c.type === 'ConnectCrm') {
    if (s.exists && s.userId !== actor.id) throw new Forbidden('integrations.not_owner', 'This connection belongs to another manager.');
    return [{ type: 'CrmConnected', data: { integrationId: c.data.integrationId, userId: actor.id, provider: c.data.provider, name: c.data.name, at } }];
  }
  if (!s.exists) throw new NotFound('integration.not_found', 'No such connection.');
  if (s.userId !== actor.id) throw new Forbidden('integrations.not_owner', 'This connection belongs to another manager.');
  if (s.status === 'disconnected') return [];
  return [{ type: 'CrmDisconnected', data: { integrationId: s.id, by: actor.id, at } }];
}

export const crmConnectionAggregate: Aggregate<CrmConnectionState, CrmCommand, CrmEvent> = {
  streamType: 'integration', initialState: () => ({ exists: false }), evolve, decide,
};
