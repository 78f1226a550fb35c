import { useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import type { Session } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format-date';
import { relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { useEndSessions } from '../api/account-mutations';
import { sessionsQuery } from '../api/account-queries';

const MOBILE = /\b(iOS|iPadOS|Android)\b/;

function SessionRow({ session, now, ending, onEnd }: { session: Session; now: Date; ending: boolean; onEnd: () => void }) {
  const Icon = MOBILE.test(session.device) ? Smartphone : Monitor;
  return (
    <li aria-label={session.device} className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-muted"><Icon aria-hidden className="size-4" /></span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {session.device}
          {session.current && <Badge tone="success">This device</Badge>}
        </p>
        <p className="text-xs text-muted">
          {session.current ? 'Active now' : `Last seen ${relativeTime(session.lastSeenAt, now)}`} · Signed in {formatDateTime(session.createdAt)}
          {session.persistent ? ' · Remembered for 30 days' : ''}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" disabled={ending} onClick={onEnd} aria-label={`Sign out ${session.device}`}>Sign out</Button>
      )}
    </li>
  );
}

/** Where you are signed in: each session's browser and last activity; end any but this one. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery);
  const end = useEndSessions();
  const now = useNow();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const endSessions = (id?: string) => end.mutate(id, {
    onSuccess: ({ endedSessions }) => toast({
      title: 'Signed out',
      description: `${endedSessions} ${endedSessions === 1 ? 'session was' : 'sessions were'} signed out.`,
      variant: 'success',
    }),
    onError: () => toast({ title: 'Error', description: 'Failed to sign the session out. Please try again.', variant: 'destructive' }),
  });
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        titleId="sessions-title"
        title="Sessions"
        description="Where your account is signed in."
        action={others > 0 ? <Button variant="secondary" size="sm" disabled={end.isPending} onClick={() => endSessions()}>Sign out other sessions</Button> : undefined}
      />
      <CardContent>
        {sessions.isPending ? (
          <PanelLoading label="Loading sessions" rows={2} />
        ) : sessions.error ? (
          <PanelError error={sessions.error} what="Sessions" onRetry={() => sessions.refetch()} />
        ) : (
          <ul aria-label="Signed-in sessions" className="divide-y divide-border">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} now={now} ending={end.isPending} onEnd={() => endSessions(s.id)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
