/**
 * Spec 2.3's 'Or, Login with' area. What the third-party button does is not specified and no
 * provider is connected, so it is shown disabled and says so, rather than failing on click.
 */
export function ThirdPartySignUp() {
  return (
    <div className="mt-8 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs font-medium text-muted">
        <span className="h-px flex-1 bg-border" />
        Or, Login with
        <span className="h-px flex-1 bg-border" />
      </div>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby="third-party-hint"
        title="Google sign-up is not available yet"
        className="inline-flex h-11 w-full cursor-not-allowed items-center justify-center gap-2.5 rounded-lg border border-border bg-surface text-sm font-medium text-foreground opacity-70"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="size-4">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
          <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
        </svg>
        Sign up with Google
      </button>
      <p id="third-party-hint" className="text-center text-xs text-muted">Google sign-up is not available yet.</p>
    </div>
  );
}
