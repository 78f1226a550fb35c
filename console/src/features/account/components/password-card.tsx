import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema, type ChangePasswordForm } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, isApiError, serverMessage } from '../../../lib/api';
import { useChangePassword } from '../api/account-mutations';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = new Set<keyof ChangePasswordForm>(['currentPassword', 'newPassword']);

/** Password change: the current one, then a new one by registration's rules; every other session ends. */
export function PasswordCard() {
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY,
  });

  const handleChange = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, {
      onSuccess: ({ endedSessions }) => {
        reset(EMPTY);
        toast({
          title: 'Password changed',
          description: endedSessions > 0
            ? `You were signed out of ${endedSessions} other ${endedSessions === 1 ? 'session' : 'sessions'}.`
            : 'You stay signed in here.',
          variant: 'success',
        });
      },
      onError: (error) => {
        if (isApiError(error, 429)) {
          toast({ title: 'Too many attempts', description: serverMessage(error) ?? 'Please try again later.', variant: 'destructive' });
          return;
        }
        if (error instanceof ApiError && (error.body?.errors?.length ?? 0) > 0) {
          for (const { field, message } of error.body?.errors ?? []) {
            if (FIELDS.has(field as keyof ChangePasswordForm)) setError(field as keyof ChangePasswordForm, { message });
          }
          return;
        }
        toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to change your password. Please try again.', variant: 'destructive' });
      },
    }));

  return (
    <Card aria-labelledby="password-title">
      <CardHeader titleId="password-title" title="Password" description="Changing it signs you out everywhere else." />
      <CardContent>
        <form onSubmit={handleChange} noValidate aria-label="Change password" className="flex flex-col gap-4">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            {(c) => <PasswordInput {...c} {...register('currentPassword')} autoComplete="current-password" />}
          </FormField>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="New password" hint="At least 6 characters." error={errors.newPassword?.message}>
              {(c) => <PasswordInput {...c} {...register('newPassword')} autoComplete="new-password" />}
            </FormField>
            <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
              {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>{change.isPending ? 'Changing...' : 'Change password'}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
