import {
  CreateCustomFieldBodySchema, CustomFieldParamsSchema, CustomFieldResponseSchema, IdParamsSchema, LeadCustomFieldsResponseSchema,
  SetLeadCustomFieldsBodySchema, UpdateCustomFieldBodySchema,
} from '@leadfloor/contracts';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { activeFieldsFor, customFieldStream } from './custom-field-set';
import { customFieldAggregate } from './decide-custom-field';
import { checkFieldValues } from './field-values';

export type CustomFieldRouteDeps = { store: EventStore; handle: HandleCommand; now: () => Date };

const problems = {
  403: 'Only a manager defines custom fields (custom_field.manager_only).',
  404: 'No such field (custom_field.not_found).',
  409: 'The name is taken for this lead type (custom_field.name_taken), or a select field has no options (custom_field.options_required).',
} as const;

/**
 * Managers define the floor's custom fields (POST, PATCH; the list is the gateway's read), and a
 * lead's holder or a manager sets a lead's values (PUT /api/leads/{id}/custom-fields), checked
 * against the active fields of the lead's type: a bad value is a 400 naming the field.
 */
export const customFieldRoutes: FastifyPluginAsyncZod<CustomFieldRouteDeps> = async (app, { store, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);

  app.post('/api/custom-fields', {
    schema: { headers: IdempotencyKeyHeaders, body: CreateCustomFieldBodySchema, response: { 201: CustomFieldResponseSchema }, problems },
  }, async (req, reply) => {
    const actor = await req.actor();
    const fieldId = await store.nextId('custom_field');
    const out = await handle(customFieldAggregate, customFieldStream, {
      type: 'DefineCustomField', data: { fieldId, ...req.body }, meta: { now: now().toISOString(), actor },
    }, requestContext(req, actor));
    return reply.code(201).send({ field: out.state.fields.find((f) => f.id === fieldId)!, version: out.version });
  });

  app.patch('/api/custom-fields/:id', {
    schema: { params: CustomFieldParamsSchema, headers: IdempotencyKeyHeaders, body: UpdateCustomFieldBodySchema, response: { 200: CustomFieldResponseSchema }, problems },
  }, async (req) => {
    const actor = await req.actor();
    const out = await handle(customFieldAggregate, customFieldStream, {
      type: 'ChangeCustomField', data: { fieldId: req.params.id, changes: req.body }, meta: { now: now().toISOString(), actor },
    }, requestContext(req, actor));
    return { field: out.state.fields.find((f) => f.id === req.params.id)!, version: out.version };
  });

  app.put('/api/leads/:id/custom-fields', {
    schema: {
      params: IdParamsSchema, headers: IdempotencyKeyHeaders, body: SetLeadCustomFieldsBodySchema, response: { 200: LeadCustomFieldsResponseSchema },
      problems: {
        400: 'A value that does not fit its field, an unknown field, or a required field cleared (validation_failed, with `field`).',
        403: 'Only the holder or a manager changes a lead (lead.not_claimer).', 404: 'No such lead (lead.not_found).',
      },
    },
  }, async (req) => {
    const actor = await req.actor();
    const { state: fieldSet } = await loadState(store, customFieldAggregate, customFieldStream);
    const out = await handle(leadAggregate, leadStream(req.params.id), (lead) => {
      if (lead.exists) {
        const checked = checkFieldValues(activeFieldsFor(fieldSet, lead.leadType), req.body.values, { complete: false });
        if (!checked.ok) throw new ApiError(400, 'validation_failed', checked.message, { field: `values.${checked.field}` });
      }
      return [{
        type: 'SetLeadCustomFields' as const, data: { leadId: req.params.id, values: req.body.values },
        meta: { now: now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, fields: fieldSet.fields },
      }];
    }, requestContext(req, actor));
    const lead = out.state;
    if (!lead.exists) throw new ApiError(404, 'lead.not_found', 'No such lead.');
    return { values: lead.customFields, fields: activeFieldsFor(fieldSet, lead.leadType), version: out.version };
  });
};
