import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { RecoveryCodeFormSchema, TwoFactorCodeFormSchema, type RecoveryCodeForm, type TwoFactorCodeForm } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessage } from '../../../lib/api';
import { useLoginCode } from '../api/auth-mutations';
import { loginErrorToast } from '../auth-error-toasts';

type Props = {
  /** Back to the password: the pending sign-in expired or was spent, or the user chose to. */
  onRestart: () => void;
};

/**
 * The second step of a sign-in with two-factor sign-in on: the 6-digit code of the
 * authenticator app, or one of the recovery codes. A wrong code shows beside the field; an
 * expired or spent sign-in (five codes tried, or five minutes gone) goes back to the password.
 */
export function TwoFactorSignIn({ onRestart }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-surface-muted/60 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          {useRecovery ? <KeyRound aria-hidden className="size-5" /> : <ShieldCheck aria-hidden className="size-5" />}
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-foreground">Two-step verification</h2>
          <p className="mt-0.5 text-sm text-muted">
            {useRecovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
              : 'Open your authenticator app and enter the 6-digit code it shows for LeadFloor.'}
          </p>
        </div>
      </div>
      {useRecovery ? <RecoveryCodeStep key="recovery" onRestart={onRestart} /> : <AuthenticatorCodeStep key="code" onRestart={onRestart} />}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" onClick={() => setUseRecovery((v) => !v)}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button variant="link" onClick={onRestart}>Back to sign in</Button>
      </div>
    </div>
  );
}

function AuthenticatorCodeStep({ onRestart }: Props) {
  const form = useForm<TwoFactorCodeForm, unknown, { code: string }>({ resolver: zodResolver(TwoFactorCodeFormSchema), defaultValues: { code: '' } });
  const submit = useCodeSubmit((message) => form.setError('code', { message }, { shouldFocus: true }), onRestart);
  return (
    <form onSubmit={form.handleSubmit((v) => submit.send({ code: v.code }))} noValidate className="flex flex-col gap-4">
      <FormField label="Authentication code" error={form.formState.errors.code?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            maxLength={9}
            autoFocus
            className="font-mono text-lg tracking-[0.3em]"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full">
        {submit.isPending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

function RecoveryCodeStep({ onRestart }: Props) {
  const form = useForm<RecoveryCodeForm, unknown, { recoveryCode: string }>({ resolver: zodResolver(RecoveryCodeFormSchema), defaultValues: { recoveryCode: '' } });
  const submit = useCodeSubmit((message) => form.setError('recoveryCode', { message }, { shouldFocus: true }), onRestart);
  return (
    <form onSubmit={form.handleSubmit((v) => submit.send({ recoveryCode: v.recoveryCode }))} noValidate className="flex flex-col gap-4">
      <FormField label="Recovery code" error={form.formState.errors.recoveryCode?.message}>
        {(control) => (
          <Input {...control} {...form.register('recoveryCode')} autoComplete="off" spellCheck={false} placeholder="abcd-efgh-jkmn-pqrs" autoFocus className="font-mono" />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full">
        {submit.isPending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

/** Sends a code; a refusal of that code shows beside its field, anything else as spec 8's login toast. */
function useCodeSubmit(onInvalidCode: (message: string) => void, onRestart: () => void) {
  const login = useLoginCode();
  return {
    isPending: login.isPending,
    send: (body: { code: string } | { recoveryCode: string }) => login.mutate(body, {
      onError: (error) => {
        if (isApiError(error, 401) && error.code === 'two_factor.invalid_code') {
          onInvalidCode(serverMessage(error) ?? 'That code is not valid.');
          return;
        }
        const { focusPassword: _focus, ...message } = loginErrorToast(error);
        toast({ ...message, variant: 'destructive' });
        if (isApiError(error, 401) || isApiError(error, 429)) onRestart();
      },
    }),
  };
}
