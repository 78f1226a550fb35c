import { streamIdOf, type IntegrationEvent } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';

type LeadSourceEvent = Extract<IntegrationEvent, { type: `LeadSource${string}` }>;
export type LeadSourceState =
  | { exists: false }
  | { exists: true; id: number; name: string; signed: boolean; enabled: boolean; createdBy: number };

type Meta = { now: string; actor: Actor };
export type LeadSourceCommand =
  | { type: 'CreateLeadSource'; data: { sourceId: number; name: string; signed: boolean }; meta: Meta }
  | { type: 'RotateLeadSource'; data: { signed: boolean }; meta: Meta }
  | { type: 'SetLeadSourceEnabled'; data: { enabled: boolean }; meta: Meta };

export const leadSourceStream = (id: number) => streamIdOf('lead_source', id);
const managerOnly = (actor: Actor) => {
  if (actor.role !== 'manager') throw new Forbidden('integrations.manager_only', 'Only a manager sets up lead sources.');
};

function evolve(s: LeadSourceState, e: LeadSourceEvent): LeadSourceState {
  if (e.type === 'LeadSourceCreated') {
    return { exists: true, id: e.data.sourceId, name: e.data.name, signed: e.data.signed, enabled: true, createdBy: e.data.createdBy };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'LeadSourceRotated': return { ...s, signed: e.data.signed };
    case 'LeadSourceDisabled': return { ...s, enabled: false };
    case 'LeadSourceEnabled': return { ...s, enabled: true };
  }
}

/** Managers only. A source is made once; rotating gives it a new URL token (the route makes it). */
function decide(c: LeadSourceCommand, s: LeadSourceState): LeadSourceEvent[] {
  managerOnly(c.meta.actor);
  const { now: at, actor } = c.meta;
  if (c.type === 'CreateLeadSource') {
    if (s.exists) throw new RuleViolation('lead_source.exists', 'This lead source was already made.');
    const name = c.data.name.trim();
    if (!name) throw new RuleViolation('lead_source.name_empty', 'Give the source a name.');
    return [{ type: 'LeadSourceCreated', data: { sourceId: c.data.sourceId, name, signed: c.data.signed, createdBy: actor.id, at } }];
  }
  if (!s.exists) throw new NotFound('lead_source.not_found', 'No such lead source.');
  if (c.type === 'RotateLeadSource') return [{ type: 'LeadSourceRotated', data: { sourceId: s.id, signed: c.data.signed, rotatedBy: actor.id, at } }];
  if (c.data.enabled === s.enabled) return [];
  return [{ type: c.data.enabled ? 'LeadSourceEnabled' : 'LeadSourceDisabled', data: { sourceId: s.id, by: actor.id, at } }];
}

export const leadSourceAggregate: Aggregate<LeadSourceState, LeadSourceCommand, LeadSourceEvent> = {
  streamType: 'lead_source', initialState: () => ({ exists: false }), evolve, decide,
};
