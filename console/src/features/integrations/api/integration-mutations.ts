import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ConnectCrmResponseSchema, CrmWriteResponseSchema, IntegrationsResponseSchema, LeadSourceSecretResponseSchema, LeadSourcesResponseSchema,
  LeadSourceWriteResponseSchema, SyncNowResponseSchema, WebhookCreatedResponseSchema, WebhooksResponseSchema, WebhookTestResponseSchema,
  type CreateLeadSourceBody, type CreateWebhookBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { integrationKeys } from './integration-queries';

/**
 * Every write here changes what the screen lists. The lists are read models, a moment behind:
 * `caughtUp` reads the changed row's list once it reflects the write's version (the gateway
 * waits, bounded), then the area is refetched, so the manager sees their own change at once.
 */
function useIntegrationMutation<A, R>(mutationFn: (args: A) => Promise<R>, caughtUp?: (result: R, args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: A) => {
      const result = await mutationFn(args);
      await caughtUp?.(result, args).catch(() => {});
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

const sourceCaughtUp = (id: number, version: number) => api.get('/api/lead-sources', LeadSourcesResponseSchema, { params: { limit: 1, awaitId: id, minVersion: version } });
const webhookCaughtUp = (id: number, version: number) => api.get('/api/webhooks', WebhooksResponseSchema, { params: { limit: 1, awaitId: id, minVersion: version } });
const crmCaughtUp = (version: number) => api.get('/api/integrations', IntegrationsResponseSchema, { params: { minVersion: version } });

export const useCreateLeadSource = () => useIntegrationMutation(
  (body: CreateLeadSourceBody) => api.post('/api/lead-sources', body, LeadSourceSecretResponseSchema), (r) => sourceCaughtUp(r.sourceId, r.version));
export const useRotateLeadSource = () => useIntegrationMutation(
  ({ id, signingSecret }: { id: number; signingSecret: string | null }) => api.post(`/api/lead-sources/${id}/rotate`, { signingSecret }, LeadSourceSecretResponseSchema),
  (r) => sourceCaughtUp(r.sourceId, r.version));
export const useSetLeadSourceEnabled = () => useIntegrationMutation(
  ({ id, enabled }: { id: number; enabled: boolean }) => api.post(`/api/lead-sources/${id}/${enabled ? 'enable' : 'disable'}`, {}, LeadSourceWriteResponseSchema),
  (r, { id }) => sourceCaughtUp(id, r.version));

export const useCreateWebhook = () => useIntegrationMutation(
  (body: CreateWebhookBody) => api.post('/api/webhooks', body, WebhookCreatedResponseSchema), (r) => webhookCaughtUp(r.webhookId, r.version));
export const useDeleteWebhook = () => useIntegrationMutation(
  (id: number) => api.delete(`/api/webhooks/${id}`, CrmWriteResponseSchema), (r, id) => webhookCaughtUp(id, r.version));
export const useTestWebhook = () => useIntegrationMutation((id: number) => api.post(`/api/webhooks/${id}/test`, {}, WebhookTestResponseSchema));

/** Starts HubSpot's OAuth flow: the caller sends the browser to the answer's URL. */
export const useConnectCrm = () =>
  useMutation({ mutationFn: (provider: string) => api.post(`/api/integrations/${provider}/connect`, { redirectUri: `${window.location.origin}/integrations/${provider}/callback` }, ConnectCrmResponseSchema) });
export const useFinishCrmConnect = () => useIntegrationMutation(
  ({ provider, code, state }: { provider: string; code: string; state: string }) => api.post(`/api/integrations/${provider}/callback`, { code, state }, CrmWriteResponseSchema),
  (r) => crmCaughtUp(r.version));
export const useDisconnectCrm = () => useIntegrationMutation(
  (provider: string) => api.post(`/api/integrations/${provider}/disconnect`, {}, CrmWriteResponseSchema), (r) => crmCaughtUp(r.version));
export const useSyncNow = () => useIntegrationMutation((provider: string) => api.post(`/api/integrations/${provider}/sync`, {}, SyncNowResponseSchema));
