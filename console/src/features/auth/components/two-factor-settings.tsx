import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { useCurrentUser } from '../../../lib/current-user';
import { formatLongDate } from '../../../lib/format-date';
import { twoFactorStatusQuery } from '../api/two-factor-queries';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { DisableTwoFactorForm, RegenerateCodesForm } from './two-factor-forms';
import { TwoFactorPolicyCard } from './two-factor-policy-card';
import { TwoFactorSetup } from './two-factor-setup';

type Mode = { kind: 'view' } | { kind: 'setup' } | { kind: 'renew' } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/**
 * /settings' two-factor section: the user's own second factor (set it up, renew the recovery
 * codes, turn it off) and, for a manager, the floor's rule.
 */
export function TwoFactorSettings() {
  const { user } = useCurrentUser();
  return (
    <>
      <TwoFactorCard />
      {user?.role === 'manager' && <TwoFactorPolicyCard />}
    </>
  );
}

function TwoFactorCard() {
  const { data: status, isPending, error, refetch } = useQuery(twoFactorStatusQuery);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const view = () => setMode({ kind: 'view' });

  const badge = status && (status.enabled
    ? <Badge tone="success"><ShieldCheck aria-hidden />On</Badge>
    : <Badge tone={status.floorRequired ? 'warning' : 'neutral'}><ShieldAlert aria-hidden />Off</Badge>);

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader
        titleId="two-factor-title"
        title="Two-factor sign-in"
        description="A code from an authenticator app at every sign-in, on top of your password."
        action={badge}
      />
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <PanelLoading label="Loading two-factor sign-in" rows={2} />
        ) : error ? (
          <PanelError error={error} what="Two-factor sign-in" onRetry={() => refetch()} />
        ) : mode.kind === 'setup' ? (
          <TwoFactorSetup onCancel={view} onDone={() => {
            view();
            toast({ title: 'Two-factor sign-in is on', description: 'Next time you sign in, enter the code from your app.', variant: 'success' });
          }} />
        ) : mode.kind === 'codes' ? (
          <RecoveryCodesPanel codes={mode.codes} onDone={view} />
        ) : mode.kind === 'renew' ? (
          <RegenerateCodesForm onRenewed={(codes) => setMode({ kind: 'codes', codes })} onCancel={view} />
        ) : mode.kind === 'disable' ? (
          <DisableTwoFactorForm onCancel={view} onDisabled={() => {
            view();
            toast({ title: 'Two-factor sign-in is off', description: 'Your password alone signs you in now.' });
          }} />
        ) : status.enabled ? (
          <>
            <p className="text-sm text-foreground">
              On since {status.enabledAt ? formatLongDate(status.enabledAt) : 'recently'}.{' '}
              <span className={status.recoveryCodesLeft <= 2 ? 'font-medium text-destructive-text' : 'text-muted'}>
                {status.recoveryCodesLeft} of 10 recovery codes left.
              </span>
            </p>
            {status.floorRequired && <p className="text-sm text-muted">Your floor requires two-factor sign-in, so it stays on.</p>}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setMode({ kind: 'renew' })}>New recovery codes</Button>
              {!status.floorRequired && <Button variant="ghost" onClick={() => setMode({ kind: 'disable' })}>Turn off</Button>}
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">
              {status.floorRequired
                ? 'Your floor requires two-factor sign-in. Set it up to keep using LeadFloor.'
                : 'Off. Someone who learns your password could sign in as you. Set it up in a minute with an authenticator app.'}
            </p>
            <div className="flex justify-end">
              <Button onClick={() => setMode({ kind: 'setup' })}>Set up two-factor sign-in</Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
