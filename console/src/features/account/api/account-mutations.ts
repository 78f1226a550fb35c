import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ChangePasswordResponseSchema, EndedSessionsResponseSchema, ProfileUpdateResponseSchema,
  type ChangePasswordBody, type ProfilePatchBody, type User,
} from '@leadfloor/contracts';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/current-user';
import { accountKeys } from './account-queries';

/**
 * After a profile change: the profile, and who is signed in (the top bar shows the name and
 * picture), read again. The answer already holds the user, so the menu changes at once.
 */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return ({ user }: { user: User }) => {
    queryClient.setQueryData(sessionKeys.currentUser(), user);
    void queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
  };
}

export function useUpdateProfile() {
  const onSuccess = useProfileChanged();
  return useMutation({
    mutationFn: (patch: ProfilePatchBody) => api.patch('/api/profile', patch, ProfileUpdateResponseSchema),
    onSuccess,
  });
}

export function useUploadAvatar() {
  const onSuccess = useProfileChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload('/api/profile/avatar', form, ProfileUpdateResponseSchema);
    },
    onSuccess,
  });
}

export function useRemoveAvatar() {
  const onSuccess = useProfileChanged();
  return useMutation({ mutationFn: () => api.delete('/api/profile/avatar', ProfileUpdateResponseSchema), onSuccess });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post('/api/auth/change-password', body, ChangePasswordResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** Ends one session by its id, or (no id) every other session. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) => api.delete(id ? `/api/sessions/${encodeURIComponent(id)}` : '/api/sessions', EndedSessionsResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
