import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, MessagesSquare } from 'lucide-react';
import type { TeamMessage, User } from '@leadfloor/contracts';
import { PanelEmpty } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useNow } from '../../../lib/use-now';
import { loadOlderMessages } from '../api/team-chat-queries';
import type { ChatFeed } from '../chat-feed';
import type { ChatPerson } from '../chat-mentions';
import { chatRows } from '../chat-timeline';
import { ChatMessage, type MessageActions } from './chat-message';

/** Within this many pixels of the bottom counts as "at the bottom": new messages keep it there. */
const BOTTOM_SLACK_PX = 48;
/** Scrolled this close to the top, the next older page loads. */
const TOP_SLACK_PX = 160;

type ChatMessageListProps = MessageActions & {
  feed: ChatFeed;
  /** One's own posts the server took whose announcement has not come yet: shown at the bottom. */
  sent: TeamMessage[];
  me: Pick<User, 'id'>;
  floor: Pick<User, 'id' | 'username'>[];
  mentionable: ChatPerson[];
  nameOf: (userId: number) => string | undefined;
  managesTheTeam: boolean;
  teamName: string;
  /** A message to bring into view (from a search); `nonce` repeats a jump to the same one. */
  focus: { id: number; nonce: number } | null;
};

/**
 * The conversation, newest at the bottom. It opens at the bottom and stays there as messages
 * arrive while you are there; scrolled up, it keeps your place and counts what came in a "New
 * messages" button. Scrolling to the top (or the button there) loads the page before, keeping
 * what you were reading where it was.
 */
export function ChatMessageList({ feed, sent, me, floor, mentionable, nameOf, managesTheTeam, teamName, focus, onDelete, onMakeTask }: ChatMessageListProps) {
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom before an older page went in above, to put the reader back. */
  const anchor = useRef<number | null>(null);
  const shown = useRef<{ firstId: number | null; lastId: number | null } | null>(null);
  const loading = useRef(false);
  const [older, setOlder] = useState<'idle' | 'loading' | 'error'>('idle');
  const [unseen, setUnseen] = useState(0);
  /** The latest message from someone else, read out by screen readers as it arrives. */
  const [announcement, setAnnouncement] = useState('');
  const [highlighted, setHighlighted] = useState<{ id: number; nonce: number } | null>(null);

  const held = new Set(feed.messages.map((m) => m.id));
  const messages = [...feed.messages, ...sent.filter((m) => !held.has(m.id))];
  const rows = chatRows(messages, now);

  const loadOlder = async () => {
    const el = scroller.current;
    if (loading.current || !feed.hasOlder || !el) return;
    loading.current = true;
    anchor.current = el.scrollHeight - el.scrollTop;
    setOlder('loading');
    try {
      await loadOlderMessages(queryClient, feed.teamId);
      setOlder('idle');
    } catch {
      anchor.current = null;
      setOlder('error');
    } finally {
      loading.current = false;
    }
  };
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;

  const scrollToBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  // Keep the reader's place as messages come and go (DOM sync, before the browser paints).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firstId = messages[0]?.id ?? null;
    const last = messages.at(-1);
    const before = shown.current;
    shown.current = { firstId, lastId: last?.id ?? null };
    if (before === null) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    if (anchor.current !== null && firstId !== before.firstId) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    }
    // Messages after the one that was last: new posts (a message that only changed keeps its place).
    const previous = before.lastId === null ? -1 : messages.findIndex((m) => m.id === before.lastId);
    const arrived = last && last.id !== before.lastId && (before.lastId === null || previous >= 0) ? messages.slice(previous + 1) : [];
    const fromOthers = arrived.filter((m) => m.authorId !== me.id);
    const latest = fromOthers.at(-1);
    if (latest) setAnnouncement(`${latest.authorName}: ${latest.content}`);
    if (arrived.length > 0 && !atBottom.current && !arrived.some((m) => m.authorId === me.id)) {
      setUnseen((n) => n + arrived.length);
    } else if (atBottom.current || arrived.length > 0) {
      // At the bottom it stays there (a new message, or an edit that made the last one taller); one's own post brings it there.
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  });

  // A page too short to scroll, or a reader already at the top: keep loading older pages.
  useEffect(() => {
    const el = scroller.current;
    if (el && feed.hasOlder && older === 'idle' && el.scrollTop <= TOP_SLACK_PX) void loadOlderRef.current();
  }, [feed.hasOlder, feed.messages, older]);

  useLayoutEffect(() => {
    if (!focus) return;
    const target = document.getElementById(`chat-message-${focus.id}`);
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    atBottom.current = false;
    setHighlighted(focus);
  }, [focus]);

  const handleScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (atBottom.current && unseen > 0) setUnseen(0);
    if (el.scrollTop <= TOP_SLACK_PX && feed.hasOlder && older === 'idle') void loadOlder();
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scroller} data-chat-scroller onScroll={handleScroll} className="h-full overflow-y-auto overscroll-contain px-1 pb-3 sm:px-2">
        <div className="flex min-h-7 justify-center pt-3">
          {feed.hasOlder ? (
            older === 'loading' ? <Spinner label="Loading older messages" /> : (
              <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
                {older === 'error' ? "Couldn't load older messages. Try again" : 'Load older messages'}
              </Button>
            )
          ) : messages.length > 0 && <p className="text-xs text-muted">The beginning of the conversation</p>}
        </div>
        {messages.length === 0 ? (
          <PanelEmpty icon={<MessagesSquare aria-hidden className="size-5" />}>No messages yet. Say hello to {teamName}.</PanelEmpty>
        ) : (
          <ol aria-label="Messages">
            {rows.map((row) => (row.kind === 'day' ? (
              <li key={row.key} className="flex justify-center pt-3 pb-1">
                <span className="rounded-full border border-border bg-surface px-3 py-0.5 text-xs font-medium text-muted shadow-xs">{row.label}</span>
              </li>
            ) : (
              <ChatMessage key={row.key} message={row.message} continued={row.continued} me={me} floor={floor} mentionable={mentionable}
                nameOf={nameOf} managesTheTeam={managesTheTeam} onDelete={onDelete} onMakeTask={onMakeTask}
                highlighted={highlighted?.id === row.message.id} />
            )))}
          </ol>
        )}
      </div>
      <p aria-live="polite" className="sr-only">{announcement}</p>
      {unseen > 0 && (
        <button type="button" onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 z-20 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-primary px-4 py-1.5 text-sm font-medium text-primary-foreground shadow-lg hover:bg-primary-hover">
          <ArrowDown aria-hidden className="size-4" />
          {unseen === 1 ? '1 new message' : `${unseen} new messages`}
        </button>
      )}
    </div>
  );
}
