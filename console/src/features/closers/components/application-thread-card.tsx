import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { APPLICATION_MESSAGE_MAX, type Application } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format-date';
import { usePostMessage } from '../api/application-mutations';
import { loadOlderMessages, threadQuery } from '../api/thread-queries';
import { MessageComposer } from './message-composer';

/**
 * The conversation between the applicant and the job's owner, live: a message from the other
 * side appears without a reload (pushed over /ws), and what was missed while offline is read
 * when the connection comes back.
 */
export function ApplicationThreadCard({ application, meId }: { application: Application; meId: number }) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(application.id));
  const post = usePostMessage(application.id);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const newest = thread.data?.messages.at(-1)?.id;
  // A new message (sent, or pushed live) scrolls the conversation to it; an older page does not.
  useEffect(() => {
    if (newest !== undefined && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  const other = application.viewer.isApplicant ? application.job.ownerName : application.closerName;
  const handleOlder = () => {
    setLoadingOlder(true);
    void loadOlderMessages(queryClient, application.id).finally(() => setLoadingOlder(false));
  };
  return (
    <Card aria-labelledby="thread-title">
      <CardHeader titleId="thread-title" title="Messages"
        description={application.viewer.canMessage ? `Between you and ${other}` : `Between ${application.closerName} and ${application.job.ownerName}`} />
      <CardContent className="flex flex-col gap-4">
        {thread.isPending ? (
          <PanelLoading label="Loading messages" rows={3} />
        ) : thread.error ? (
          <PanelError error={thread.error} what="Messages" onRetry={() => void thread.refetch()} />
        ) : thread.data.messages.length === 0 ? (
          <PanelEmpty icon={<MessagesSquare aria-hidden className="size-5" />}>
            No messages yet.{application.viewer.canMessage ? ` Write to ${other} below.` : ''}
          </PanelEmpty>
        ) : (
          <>
            {thread.data.hasOlder && (
              <Button variant="ghost" size="sm" className="self-center" disabled={loadingOlder} onClick={handleOlder}>
                {loadingOlder ? 'Loading...' : 'Show older messages'}
              </Button>
            )}
            <ol ref={list} aria-label="Messages" aria-live="polite" className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto pr-1">
              {thread.data.messages.map((m) => {
                const mine = m.senderId === meId;
                return (
                  <li key={m.id} aria-label={`${mine ? 'You' : m.senderName}: ${m.content}`} className={cx('flex gap-2', mine && 'flex-row-reverse')}>
                    <UserAvatar fullName={m.senderName} avatarUrl={m.senderAvatarUrl} />
                    <div className={cx('max-w-[85%] min-w-0 rounded-2xl px-3.5 py-2', mine ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm bg-surface-muted text-foreground')}>
                      <p className="text-sm whitespace-pre-line break-words">{m.content}</p>
                      <p className={cx('mt-1 text-[0.6875rem]', mine ? 'text-primary-foreground' : 'text-muted')}>
                        {mine ? 'You' : m.senderName} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {application.viewer.canMessage ? (
          <MessageComposer label="Message" placeholder={`Write to ${other}`} sendLabel="Send message" max={APPLICATION_MESSAGE_MAX} onSend={(content) => post.mutateAsync(content)} />
        ) : (
          <p className="text-xs text-muted">Only the applicant and the job&apos;s owner write in this conversation.</p>
        )}
      </CardContent>
    </Card>
  );
}
