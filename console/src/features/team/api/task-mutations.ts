import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TeamTaskCommandResponseSchema, TeamTasksResponseSchema, type CreateTeamTaskBody, type TeamTaskCommandResponse, type UpdateTeamTaskBody,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { taskKeys } from './task-queries';

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

/**
 * A task command, then its team's lists refetched once the read model has the change: the
 * gateway holds the first read (up to 2 s) until the task's row reaches the answered version,
 * so the list never shows the task as it was. The live message refetches them for everyone else.
 */
function useTaskCommand<V>(send: (vars: V) => Promise<TeamTaskCommandResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const out = await send(vars);
      await api.get(`/api/teams/${out.task.teamId}/tasks`, TeamTasksResponseSchema, { params: { limit: 1, taskId: out.task.id, minVersion: out.version } })
        .catch(() => undefined); // done all the same; the live update refreshes the lists when the model has it
      return out;
    },
    onSuccess: (out) => queryClient.invalidateQueries({ queryKey: taskKeys.team(out.task.teamId) }),
  });
}

export const useCreateTask = () =>
  useTaskCommand(({ teamId, body }: { teamId: number; body: CreateTeamTaskBody }) =>
    api.post(`/api/teams/${teamId}/tasks`, body, TeamTaskCommandResponseSchema, idempotent()));

export const useUpdateTask = () =>
  useTaskCommand(({ taskId, body }: { taskId: number; body: UpdateTeamTaskBody }) =>
    api.patch(`/api/team-tasks/${taskId}`, body, TeamTaskCommandResponseSchema, idempotent()));

export const useDeleteTask = () =>
  useTaskCommand(({ taskId }: { taskId: number }) => api.delete(`/api/team-tasks/${taskId}`, TeamTaskCommandResponseSchema, idempotent()));
