import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CircleAlert, Users } from 'lucide-react';
import { serverMessage } from '../../../lib/api';
import { inviteQuery } from '../api/auth-queries';

/** Which team an invite link joins, or why it no longer works (then signing up without it is offered). */
export function InviteBanner({ token }: { token: string }) {
  const invite = useQuery(inviteQuery(token));
  if (invite.isPending) return <p role="status" className="text-sm text-muted">Checking your invite...</p>;
  if (invite.error) {
    const message = serverMessage(invite.error) || 'We could not check this invite link.';
    return (
      <div role="alert" className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive-soft p-4 text-sm text-destructive-soft-foreground">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          {message}{' '}
          <Link to="/register" className="font-medium underline underline-offset-4">Sign up without an invite</Link>
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary-soft p-4 text-sm text-primary-soft-foreground">
      <Users aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>You&apos;re joining <span className="font-semibold">{invite.data.invite.teamName}</span>. Create your account to start with your team.</p>
    </div>
  );
}
