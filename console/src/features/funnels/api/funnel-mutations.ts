import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FunnelDetailSchema, FunnelPublishResultSchema, FunnelWriteResultSchema, SavedFunnelDraftSchema,
  type AddFunnelStepBody, type CreateFunnelBody, type EditFunnelBody, type EditFunnelStepBody, type FunnelDetail,
  type FunnelMetadata, type FunnelSplitTestBody, type FunnelVariant, type FunnelWriteResult,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { funnelKeys } from './funnel-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/**
 * A funnel write, then its reads refetched once the read model has the answered version (the
 * gateway holds a read with `minVersion` until then; a busy floor may take a few reads).
 */
function useFunnelWrite<V, R extends FunnelWriteResult = FunnelWriteResult>(send: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const out = await send(vars);
      for (let i = 0; i < 5; i++) {
        const seen = await api.get(`/api/funnels/${out.funnelId}`, FunnelDetailSchema, { params: { minVersion: out.version } }).catch(() => null);
        if (seen && seen.version >= out.version) {
          queryClient.setQueryData(funnelKeys.detail(out.funnelId), seen);
          break;
        }
      }
      return out;
    },
    onSettled: (out) => {
      void queryClient.invalidateQueries({ queryKey: funnelKeys.lists() });
      if (out) void queryClient.invalidateQueries({ queryKey: funnelKeys.detail(out.funnelId) });
    },
  });
}

export const useCreateFunnel = () => useFunnelWrite((body: CreateFunnelBody) => api.post('/api/funnels', body, FunnelWriteResultSchema, idempotent()));

export const useEditFunnel = (id: number) => useFunnelWrite((body: EditFunnelBody) => api.patch(`/api/funnels/${id}`, body, FunnelWriteResultSchema, idempotent()));

export const useSaveFunnelMetadata = (id: number) =>
  useFunnelWrite((body: FunnelMetadata) => api.put(`/api/funnels/${id}/metadata`, body, FunnelWriteResultSchema, idempotent()));

export const useAddFunnelStep = (id: number) =>
  useFunnelWrite((body: AddFunnelStepBody) => api.post(`/api/funnels/${id}/steps`, body, FunnelWriteResultSchema, idempotent()));

export const useEditFunnelStep = (id: number) =>
  useFunnelWrite(({ stepId, body }: { stepId: number; body: EditFunnelStepBody }) =>
    api.patch(`/api/funnels/${id}/steps/${stepId}`, body, FunnelWriteResultSchema, idempotent()));

export const useRemoveFunnelStep = (id: number) =>
  useFunnelWrite((stepId: number) => api.delete(`/api/funnels/${id}/steps/${stepId}`, FunnelWriteResultSchema, idempotent()));

/** Drag and drop: the list shows the new order at once, and the server's answer after. */
export function useMoveFunnelStep(id: number) {
  const queryClient = useQueryClient();
  const write = useFunnelWrite(({ stepId, position }: { stepId: number; position: number }) =>
    api.post(`/api/funnels/${id}/steps/${stepId}/move`, { position }, FunnelWriteResultSchema, idempotent()));
  return {
    ...write,
    mutate: (vars: { stepId: number; position: number }) => {
      queryClient.setQueryData<FunnelDetail>(funnelKeys.detail(id), (old) => {
        if (!old) return old;
        const steps = [...old.steps];
        const from = steps.findIndex((s) => s.id === vars.stepId);
        if (from < 0) return old;
        const [moved] = steps.splice(from, 1);
        steps.splice(vars.position, 0, moved!);
        return { ...old, steps: steps.map((s, position) => ({ ...s, position })) };
      });
      write.mutate(vars);
    },
  };
}

/** Autosave of one page; the builder keeps its own copy, so only the detail's draft flags go stale. */
export const saveFunnelDraft = (id: number, stepId: number, variant: FunnelVariant, content: unknown) =>
  api.put(`/api/funnels/${id}/steps/${stepId}/draft`, { variant, content }, SavedFunnelDraftSchema, idempotent());

export const usePublishFunnel = (id: number) =>
  useFunnelWrite(() => api.post(`/api/funnels/${id}/publish`, {}, FunnelPublishResultSchema, idempotent()));

export const useFunnelStatus = (id: number) =>
  useFunnelWrite((action: 'pause' | 'resume' | 'archive') => api.post(`/api/funnels/${id}/${action}`, {}, FunnelWriteResultSchema, idempotent()));

export const useSplitTest = (id: number) =>
  useFunnelWrite(({ stepId, body, running }: { stepId: number; body: FunnelSplitTestBody; running: boolean }) => (running
    ? api.put(`/api/funnels/${id}/steps/${stepId}/split-test`, body, FunnelWriteResultSchema, idempotent())
    : api.post(`/api/funnels/${id}/steps/${stepId}/split-test`, body, FunnelWriteResultSchema, idempotent())));

export const useEndSplitTest = (id: number) =>
  useFunnelWrite(({ stepId, winner }: { stepId: number; winner: FunnelVariant }) =>
    api.post(`/api/funnels/${id}/steps/${stepId}/split-test/end`, { winner }, FunnelWriteResultSchema, idempotent()));
