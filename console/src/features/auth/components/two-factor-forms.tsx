import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TwoFactorDisableFormSchema, TwoFactorPasswordBodySchema, type TwoFactorDisableForm, type TwoFactorPasswordBody,
} from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, isApiError, serverMessage } from '../../../lib/api';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor-mutations';

/** A refusal the form can show beside a field (the server names it), else a toast. */
function showRefusal(error: unknown, fields: string[], setError: (field: string, message: string) => void, title: string) {
  const field = error instanceof ApiError ? error.body?.field : undefined;
  if (error instanceof ApiError && (error.status === 403 || error.status === 400) && field && fields.includes(field)) {
    return setError(field, serverMessage(error) ?? 'Not valid.');
  }
  toast({ title: isApiError(error, 429) ? 'Too many attempts' : title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
}

/** New recovery codes (the old ones stop working): the password again. */
export function RegenerateCodesForm({ onRenewed, onCancel }: { onRenewed: (codes: string[]) => void; onCancel: () => void }) {
  const renew = useRegenerateRecoveryCodes();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TwoFactorPasswordBody>({
    resolver: zodResolver(TwoFactorPasswordBodySchema), defaultValues: { password: '' },
  });
  const handleRenew = handleSubmit(({ password }) => renew.mutate(password, {
    onSuccess: (out) => onRenewed(out.recoveryCodes),
    onError: (error) => showRefusal(error, ['password'], (f, message) => setError(f as 'password', { message }, { shouldFocus: true }),
      'Could not make new recovery codes'),
  }));
  return (
    <form onSubmit={handleRenew} noValidate aria-label="New recovery codes" className="flex flex-col gap-4">
      <p className="text-sm text-muted">You get ten new codes; the ones you have now stop working.</p>
      <FormField label="Your password" error={errors.password?.message}>
        {(c) => <PasswordInput {...c} {...register('password')} autoComplete="current-password" autoFocus />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={renew.isPending}>{renew.isPending ? 'Making codes...' : 'Make new codes'}</Button>
      </div>
    </form>
  );
}

/** Turning it off: the password and a current code of the app. */
export function DisableTwoFactorForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TwoFactorDisableForm, unknown, { password: string; code: string }>({
    resolver: zodResolver(TwoFactorDisableFormSchema), defaultValues: { password: '', code: '' },
  });
  const handleDisable = handleSubmit((body) => disable.mutate(body, {
    onSuccess: onDisabled,
    onError: (error) => showRefusal(error, ['password', 'code'], (f, message) => setError(f as 'password' | 'code', { message }, { shouldFocus: true }),
      'Could not turn off two-factor sign-in'),
  }));
  return (
    <form onSubmit={handleDisable} noValidate aria-label="Turn off two-factor sign-in" className="flex flex-col gap-4">
      <p className="text-sm text-muted">Your password alone will sign you in again.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Your password" error={errors.password?.message}>
          {(c) => <PasswordInput {...c} {...register('password')} autoComplete="current-password" autoFocus />}
        </FormField>
        <FormField label="Code from your app" error={errors.code?.message}>
          {(c) => <Input {...c} {...register('code')} inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" maxLength={9} className="font-mono" />}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="destructive" disabled={disable.isPending}>{disable.isPending ? 'Turning off...' : 'Turn off'}</Button>
      </div>
    </form>
  );
}
