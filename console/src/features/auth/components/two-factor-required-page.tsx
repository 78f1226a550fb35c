import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { useLogout } from '../api/auth-mutations';
import { releaseFromSetup } from '../api/two-factor-mutations';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * What someone sees, whatever the path, while their floor requires two-factor sign-in and they
 * have not set it up: the server answers every other call 403 two_factor.setup_required. Once
 * their recovery codes are saved, who-am-I is read again and the app opens where they were.
 */
export function TwoFactorRequiredPage({ fullName }: { fullName: string }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const handleDone = () => {
    toast({ title: 'Two-factor sign-in is on', description: 'Thank you. Next time you sign in, enter the code from your app.', variant: 'success' });
    void releaseFromSetup(queryClient);
  };
  return (
    <div className="flex min-h-dvh flex-col bg-background px-4 py-6 sm:px-8">
      <title>Set up two-factor sign-in · LeadFloor</title>
      <header className="flex items-center justify-between gap-3">
        <Logo />
        <Button variant="ghost" size="sm" disabled={logout.isPending} onClick={() => logout.mutate()}>Sign out</Button>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-6 py-8">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
            <ShieldAlert aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">Set up two-factor sign-in</h1>
            <p className="mt-1 text-sm text-muted">
              {fullName}, your floor now asks everyone for a code from an authenticator app at sign-in. Set it up to continue.
            </p>
          </div>
        </div>
        <Card aria-labelledby="two-factor-setup-title">
          <CardHeader titleId="two-factor-setup-title" title="Two-factor sign-in" description="Takes about a minute." />
          <CardContent>
            <TwoFactorSetup onDone={handleDone} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
