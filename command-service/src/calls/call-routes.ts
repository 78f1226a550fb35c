import {
  CallResponseSchema, CallScriptResponseSchema, CompleteCallBodySchema, IdParamsSchema, LogCallBodySchema,
  StartCallBodySchema, UpdateCallScriptBodySchema, type Call as CallDto,
} from '@leadfloor/contracts';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { requestContext } from '../shared/request-context';
import { loadTeam } from '../shared/team-lookup';
import { callAggregate, callStream, type CallState } from './call-aggregate';
import { callScriptAggregate, callScriptStream } from './call-script';
import type { LeadSnapshot } from './commands';

export type CallRouteDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });

/** Calls: log one after the fact, or start and complete a live one; managers edit their team's script. */
export const callRoutes: FastifyPluginAsyncZod<CallRouteDeps> = async (app, { pool, store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  const lead = async (leadId: number) => {
    const { state } = await loadState(store, leadAggregate, leadStream(leadId));
    const snapshot: LeadSnapshot = { exists: state.exists, claimedBy: state.exists ? state.claimedBy : null };
    return { snapshot, name: state.exists ? state.name : null };
  };

  const toDto = (s: CallState, version: number, userName: string | null, leadName: string | null): CallDto => {
    if (!s.exists) throw new ApiError(404, 'not_found', 'Call not found.');
    return {
      id: s.id, userId: s.userId, userName, teamId: s.teamId, leadId: s.leadId, leadName, status: s.status,
      startTime: s.startedAt, endTime: s.completedAt, duration: s.durationSeconds, callResult: s.result,
      notes: s.notes, recordingUrl: s.recordingUrl, transcript: s.transcript, createdAt: s.startedAt, analytics: null, version,
    };
  };

  app.post('/api/calls', { schema: { body: LogCallBodySchema, response: { 201: CallResponseSchema } } }, async (req, reply) => {
    const actor = await req.actor();
    const { leadId, startedAt, ...outcome } = req.body;
    const target = await lead(leadId);
    const callId = await store.nextId('call');
    const out = await handle(callAggregate, callStream(callId), {
      type: 'LogCall', data: { callId, leadId, startedAt: startedAt ?? null, ...outcome },
      meta: { now: now().toISOString(), actor: asActor(actor), lead: target.snapshot },
    }, requestContext(req, actor));
    return reply.code(201).send({ call: toDto(out.state, out.version, actor.fullName, target.name), version: out.version });
  });

  app.post('/api/calls/start', { schema: { body: StartCallBodySchema, response: { 201: CallResponseSchema } } }, async (req, reply) => {
    const actor = await req.actor();
    const target = await lead(req.body.leadId);
    const callId = await store.nextId('call');
    const out = await handle(callAggregate, callStream(callId), {
      type: 'StartCall', data: { callId, leadId: req.body.leadId },
      meta: { now: now().toISOString(), actor: asActor(actor), lead: target.snapshot },
    }, requestContext(req, actor));
    return reply.code(201).send({ call: toDto(out.state, out.version, actor.fullName, target.name), version: out.version });
  });

  app.post('/api/calls/:id/complete', {
    schema: { params: IdParamsSchema, body: CompleteCallBodySchema, response: { 200: CallResponseSchema } },
  }, async (req) => {
    const actor = await req.actor();
    const { durationSeconds, ...outcome } = req.body;
    const out = await handle(callAggregate, callStream(req.params.id), {
      type: 'CompleteCall', data: { callId: req.params.id, durationSeconds: durationSeconds ?? null, ...outcome },
      meta: { now: now().toISOString(), actor: asActor(actor) },
    }, requestContext(req, actor));
    const leadName = out.state.exists ? (await lead(out.state.leadId)).name : null;
    return { call: toDto(out.state, out.version, actor.fullName, leadName), version: out.version };
  });

  app.put('/api/call-script', { schema: { body: UpdateCallScriptBodySchema, response: { 200: CallScriptResponseSchema } } }, async (req) => {
    const actor = await req.actor();
    const teamId = req.body.teamId ?? actor.teamId;
    if (teamId === null) throw new ApiError(400, 'team_required', 'Name the team whose script this is.', { field: 'teamId' });
    const out = await handle(callScriptAggregate, callScriptStream(teamId), async () => ({
      type: 'UpdateCallScript' as const, data: { checkpoints: req.body.checkpoints },
      meta: { now: now().toISOString(), actor: asActor(actor), team: await loadTeam(pool, teamId) },
    }), requestContext(req, actor));
    return {
      script: { teamId, version: out.state.version, checkpoints: out.state.checkpoints, updatedAt: out.state.updatedAt },
      version: out.version,
    };
  });
};
