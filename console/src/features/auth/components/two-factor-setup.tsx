import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import {
  TwoFactorEnableBodySchema, TwoFactorPasswordBodySchema,
  type TwoFactorEnableBody, type TwoFactorPasswordBody, type TwoFactorSetupResponse,
} from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../api/two-factor-mutations';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type Props = {
  /** After the recovery codes are saved. */
  onDone: () => void;
  onCancel?: () => void;
};

/**
 * Setting up two-factor sign-in, in three steps: the password again; the QR code (or the key,
 * for typing in) and a code from the app to confirm; the recovery codes, shown once.
 */
export function TwoFactorSetup({ onDone, onCancel }: Props) {
  const [enrolment, setEnrolment] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodesPanel codes={codes} onDone={onDone} />;
  if (enrolment) return <ConfirmStep enrolment={enrolment} onConfirmed={setCodes} onRestart={() => setEnrolment(null)} onCancel={onCancel} />;
  return <PasswordStep onStarted={setEnrolment} onCancel={onCancel} />;
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (e: TwoFactorSetupResponse) => void; onCancel?: () => void }) {
  const start = useStartTwoFactorSetup();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TwoFactorPasswordBody>({
    resolver: zodResolver(TwoFactorPasswordBodySchema), defaultValues: { password: '' },
  });
  const handleStart = handleSubmit(({ password }) => start.mutate(password, {
    onSuccess: onStarted,
    onError: (error) => {
      if (isApiError(error, 403)) return setError('password', { message: serverMessage(error) ?? 'The password is incorrect.' }, { shouldFocus: true });
      toast({ title: 'Could not start the setup', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    },
  }));
  return (
    <form onSubmit={handleStart} noValidate aria-label="Start the setup" className="flex flex-col gap-4">
      <p className="text-sm text-muted">You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
      <FormField label="Your password" hint="To make sure it is you." error={errors.password?.message}>
        {(c) => <PasswordInput {...c} {...register('password')} autoComplete="current-password" autoFocus />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && <Button variant="ghost" onClick={onCancel}>Cancel</Button>}
        <Button type="submit" disabled={start.isPending}>{start.isPending ? 'Checking...' : 'Continue'}</Button>
      </div>
    </form>
  );
}

function ConfirmStep({ enrolment, onConfirmed, onRestart, onCancel }: {
  enrolment: TwoFactorSetupResponse; onConfirmed: (codes: string[]) => void; onRestart: () => void; onCancel?: () => void;
}) {
  const enable = useEnableTwoFactor();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TwoFactorEnableBody, unknown, { code: string }>({
    resolver: zodResolver(TwoFactorEnableBodySchema), defaultValues: { code: '' },
  });
  const handleConfirm = handleSubmit(({ code }) => enable.mutate(code, {
    onSuccess: (out) => onConfirmed(out.recoveryCodes),
    onError: (error) => {
      if (isApiError(error, 403)) return setError('code', { message: serverMessage(error) ?? 'That code is not valid.' }, { shouldFocus: true });
      if (isApiError(error, 409) && error.code === 'two_factor.setup_expired') {
        toast({ title: 'Setup expired', description: serverMessage(error) ?? 'Start again.', variant: 'destructive' });
        return onRestart();
      }
      toast({ title: 'Could not turn on two-factor sign-in', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    },
  }));
  const handleCopyKey = () => navigator.clipboard.writeText(enrolment.manualKey.replace(/ /g, '')).then(
    () => toast({ title: 'Key copied', variant: 'success' }),
    () => toast({ title: 'Could not copy', description: 'Select the key and copy it.', variant: 'destructive' }),
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={enrolment.qrCodeDataUrl}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 self-center rounded-xl border border-border bg-white p-2 sm:self-start"
        />
        <ol className="flex min-w-0 list-decimal flex-col gap-2 pl-5 text-sm text-foreground marker:text-muted">
          <li>Open your authenticator app and add an account.</li>
          <li>Scan the QR code. If you cannot scan it, type this key instead:
            <span className="mt-1.5 flex flex-wrap items-center gap-2">
              {/* Wraps between groups of four, never inside one: a key is read and typed a group at a time. */}
              <code aria-label="Setup key" className="rounded-md bg-surface-muted px-2 py-1 font-mono text-sm text-foreground">
                {enrolment.manualKey.split(' ').map((group, i) => <Fragment key={i}>{i > 0 && ' '}<span className="inline-block">{group}</span></Fragment>)}
              </code>
              <Button variant="ghost" size="sm" onClick={() => void handleCopyKey()}><Copy aria-hidden />Copy key</Button>
            </span>
            <span className="mt-1 block text-xs text-muted">Account {enrolment.accountName} at {enrolment.issuer}, time-based.</span>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
      </div>
      <form onSubmit={handleConfirm} noValidate aria-label="Confirm with a code" className="flex flex-col gap-4">
        <FormField label="6-digit code" hint={`Confirm by ${formatDateTime(enrolment.expiresAt)}, or start again.`} error={errors.code?.message}>
          {(c) => (
            <Input {...c} {...register('code')} inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" maxLength={9}
              className="max-w-48 font-mono text-lg tracking-[0.3em]" />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel && <Button variant="ghost" onClick={onCancel}>Cancel</Button>}
          <Button type="submit" disabled={enable.isPending}>{enable.isPending ? 'Verifying...' : 'Verify and turn on'}</Button>
        </div>
      </form>
    </div>
  );
}
