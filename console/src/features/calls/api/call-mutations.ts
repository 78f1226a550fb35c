import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CallResponseSchema, CallScriptResponseSchema, type LogCallBody, type UpdateCallScriptBodySchema } from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { callKeys } from './call-queries';

/**
 * POST /api/calls: a finished call. The answer's version is then read back from the call log
 * (the gateway waits until its read model has it, up to 2 s), so the lists refetched after it
 * already show the call: an agent never logs a call and then misses it in the log.
 */
export function useLogCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LogCallBody) => {
      const { call, version } = await api.post('/api/calls', body, CallResponseSchema, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
      try {
        const read = await api.get(`/api/calls/${call.id}`, CallResponseSchema, { params: { minVersion: version } });
        queryClient.setQueryData(callKeys.detail(call.id), read);
        return read.call;
      } catch {
        return call; // logged all the same; the live update refreshes the lists when the log has it
      }
    },
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: callKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: callKeys.trends() }),
    ]),
  });
}

/** PUT /api/call-script (managers). The team's calls are re-analysed in the background; live updates bring the new figures. */
export function useUpdateCallScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateCallScriptBodySchema>) => api.put('/api/call-script', body, CallScriptResponseSchema),
    onSuccess: ({ script }) => queryClient.setQueryData(callKeys.script(script.teamId), script),
  });
}
