import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { TeamMessage } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDateTime } from '../../../lib/format-date';
import { useNow } from '../../../lib/use-now';
import { SEARCH_PAGE_SIZE, teamChatSearchQuery } from '../api/team-chat-queries';
import { searchExcerpt } from '../chat-search';
import { dayLabel, timeLabel } from '../chat-timeline';

/**
 * The messages of the team matching every word searched for (as word beginnings), newest
 * first, each with the words it matched marked in its context. Choosing one shows it in the
 * conversation.
 */
export function ChatSearchResults({ teamId, q, onOpen }: { teamId: number; q: string; onOpen: (message: TeamMessage) => void }) {
  const results = useQuery(teamChatSearchQuery(teamId, q));
  const now = useNow(60_000);

  if (results.isPending) return <div className="p-4"><PanelLoading label="Searching messages" rows={3} /></div>;
  if (results.error) return <PanelError error={results.error} what="Search results" onRetry={() => results.refetch()} />;
  const { messages, hasMore } = results.data;
  if (messages.length === 0) {
    return <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>No messages match “{q}”.</PanelEmpty>;
  }
  return (
    <div className="flex flex-col gap-2 px-2 py-3 sm:px-3">
      <p role="status" className="px-1 text-xs text-muted">
        {hasMore ? `The ${SEARCH_PAGE_SIZE} newest messages matching “${q}”` : `${messages.length} ${messages.length === 1 ? 'message matches' : 'messages match'} “${q}”`}
      </p>
      <ul aria-label="Search results" className="flex flex-col gap-1">
        {messages.map((m) => {
          const at = new Date(m.createdAt);
          return (
            <li key={m.id}>
              <button type="button" onClick={() => onOpen(m)}
                className="flex w-full gap-3 rounded-lg px-2 py-2 text-left hover:bg-surface-muted focus-visible:bg-surface-muted">
                <UserAvatar fullName={m.authorName} avatarUrl={m.authorAvatarUrl} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span className="text-sm font-semibold text-foreground">{m.authorName}</span>
                    <time dateTime={m.createdAt} title={formatDateTime(at)} className="text-xs text-muted">{dayLabel(at, now)}, {timeLabel(at)}</time>
                  </span>
                  <span className="mt-0.5 block text-sm leading-6 [overflow-wrap:anywhere] text-foreground">
                    {searchExcerpt(m.content, q).map((p, i) => (p.match
                      ? <mark key={i} className="rounded bg-warning-soft px-0.5 font-medium text-warning-soft-foreground">{p.text}</mark>
                      : <span key={i}>{p.text}</span>))}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
