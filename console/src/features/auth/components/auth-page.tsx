import { useLocation } from 'react-router';
import { Logo } from '../../../components/logo';
import { prefetchDemoAccounts } from '../api/auth-queries';
import { AuthShowcase } from './auth-showcase';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ThirdPartySignUp } from './third-party-sign-up';

// This chunk loads while the current-user call is in flight (app-routes' preloading), so the
// demo credentials are usually known by the time the screen renders.
prefetchDemoAccounts();

/**
 * Spec 2.3's auth screen. The tab follows the URL path (/register is the registration tab;
 * /login, /auth and every gated path the sign-in tab), so there is no visible tab switch.
 */
export function AuthPage() {
  const registering = useLocation().pathname === '/register';
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <title>{registering ? 'Create account · LeadFloor' : 'Sign in · LeadFloor'}</title>
      <main className="flex flex-col px-5 py-8 sm:px-10 lg:px-16">
        <Logo />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {registering ? (
            <>
              <h1 className="text-3xl font-semibold tracking-tight text-foreground">Create your account</h1>
              <p className="mt-2 text-muted">Join your sales floor: claim leads, work your pipeline and climb the leaderboard.</p>
            </>
          ) : (
            <>
              <h1 className="text-3xl font-semibold tracking-tight text-foreground">Welcome back!</h1>
              <p className="mt-2 text-muted">Enter to get unlimited access to your sales data &amp; tools.</p>
            </>
          )}
          <div className="mt-8">{registering ? <RegisterForm /> : <LoginForm />}</div>
          <ThirdPartySignUp />
        </div>
      </main>
      <AuthShowcase />
    </div>
  );
}
