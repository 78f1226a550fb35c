import { useSuspenseQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { demoAccountsQuery } from '../api/auth-queries';

/**
 * Spec 1: the sign-in screen shows the demo credentials; 'Use' fills the form. Only the demo
 * floor has them (the gateway answers none on any other floor), and then the box shows.
 * It suspends until they are known, so the screen appears once, whole, instead of jumping.
 */
export function DemoCredentials({ onUse }: { onUse: (username: string, password: string) => void }) {
  const { data: accounts } = useSuspenseQuery(demoAccountsQuery);
  if (accounts.length === 0) return null;
  const shared = accounts.every((a) => a.password === accounts[0]!.password) ? accounts[0]!.password : null;
  return (
    <section aria-labelledby="demo-credentials" className="rounded-xl border border-dashed border-border bg-surface-muted/60 p-4">
      <h2 id="demo-credentials" className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <KeyRound aria-hidden className="size-4 text-primary" />
        Demo credentials
      </h2>
      {shared !== null && (
        <p className="mt-1 text-xs text-muted">
          Password for every account: <code className="font-mono font-semibold text-foreground">{shared}</code>
        </p>
      )}
      <ul className="mt-3 flex flex-col gap-1.5">
        {accounts.map((a) => (
          <li key={a.username} className="flex items-center justify-between gap-3 text-sm">
            <span>
              <code className="font-mono font-semibold text-foreground">{a.username}</code>
              {shared === null && <> / <code className="font-mono text-foreground">{a.password}</code></>}
              <span className="text-muted"> · {a.label}</span>
            </span>
            <button
              type="button"
              onClick={() => onUse(a.username, a.password)}
              aria-label={`Use the ${a.username} account`}
              className="rounded-md px-2 py-1 text-xs font-medium text-primary-soft-foreground hover:bg-primary-soft"
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
