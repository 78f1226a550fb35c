import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Search, X } from 'lucide-react';
import type { TeamMessage, TeamMessageCommandResponseSchema, User } from '@leadfloor/contracts';
import type { z } from 'zod';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { cx } from '../../../lib/cx';
import { chatPeopleQuery, loadOlderMessages, teamChatKeys, teamChatQuery } from '../api/team-chat-queries';
import type { ChatFeed } from '../chat-feed';
import { mentionablePeople } from '../chat-mentions';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { ChatSearchResults } from './chat-search-results';
import { DeleteMessageDialog } from './delete-message-dialog';

// The task form (and its form library) loads the first time someone makes a task from a message.
const CreateTaskDialog = lazy(() => import('./create-task-dialog').then((m) => ({ default: m.CreateTaskDialog })));

type ChatTeam = { id: number; name: string; managerId: number | null };
type Posted = z.infer<typeof TeamMessageCommandResponseSchema>;

/** The chat fills the window below where it starts, never shorter than this. */
const MIN_HEIGHT_PX = 380;
/** The page's padding under it. */
const BOTTOM_GAP_PX = 24;

/** Sizes the element to the rest of the window's height (the composer stays in view), and again on resize. */
function useFillViewport<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `${Math.max(MIN_HEIGHT_PX, window.innerHeight - top - BOTTOM_GAP_PX)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return ref;
}

/** The server's answer to one's post, as a message of the conversation until its announcement arrives. */
function sentMessage(answer: Posted, me: Pick<User, 'fullName' | 'avatarUrl'>, nameOf: (id: number) => string | undefined): TeamMessage {
  const { message: m } = answer;
  return {
    id: m.id, teamId: m.teamId, postedSeq: Number.MAX_SAFE_INTEGER, seq: 0, authorId: m.authorId, authorName: me.fullName,
    authorAvatarUrl: me.avatarUrl, content: m.content, mentions: m.mentionedUserIds.map((userId) => ({ userId, fullName: nameOf(userId) ?? '' })),
    createdAt: m.createdAt, editedAt: m.editedAt, deletedAt: m.deletedAt,
  };
}

/** One team's conversation: search, the messages, and the composer. */
export function TeamChat({ team, me, managesTheTeam }: { team: ChatTeam; me: User; managesTheTeam: boolean }) {
  const queryClient = useQueryClient();
  const chat = useQuery(teamChatQuery(team.id));
  const people = useQuery(chatPeopleQuery);
  const floor = people.data ?? [];
  const mentionable = mentionablePeople(floor, team);
  const nameOf = (userId: number) => floor.find((p) => p.id === userId)?.fullName;
  const box = useFillViewport<HTMLElement>();
  const [sent, setSent] = useState<TeamMessage[]>([]);
  const [deleting, setDeleting] = useState<TeamMessage | null>(null);
  /** The message a task is being made from; kept while the dialog closes, so it does not change under the closing animation. */
  const [taskFrom, setTaskFrom] = useState<{ message: TeamMessage; open: boolean } | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [focus, setFocus] = useState<{ id: number; nonce: number } | null>(null);
  /** On a phone the search field takes the header's place while in use. */
  const [searchOpen, setSearchOpen] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const searching = searchOpen || q !== '';

  const handlePosted = (answer: Posted) => {
    const held = new Set(queryClient.getQueryData<ChatFeed>(teamChatKeys.feed(team.id))?.messages.map((m) => m.id));
    setSent((list) => [...list.filter((m) => !held.has(m.id)), sentMessage(answer, me, nameOf)]);
  };
  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  const clearSearch = () => {
    setTyped('');
    setQ('');
    setSearchOpen(false);
  };
  /** From a search result to the message in the conversation, reading older pages until it is there. */
  const openInConversation = async (message: TeamMessage) => {
    clearSearch();
    try {
      for (;;) {
        const feed = queryClient.getQueryData<ChatFeed>(teamChatKeys.feed(team.id));
        if (!feed || !feed.hasOlder || feed.messages.some((m) => m.id === message.id)) break;
        await loadOlderMessages(queryClient, team.id);
      }
    } catch {
      // An older page could not be read: the conversation shows what it holds, with its own retry at the top.
    }
    setFocus({ id: message.id, nonce: Date.now() });
  };

  return (
    <Card ref={box} aria-labelledby="team-chat-title" className="min-h-0 overflow-hidden">
      <header className="flex items-center gap-2 border-b border-border px-4 py-2.5 sm:gap-4 sm:py-3">
        <div className={cx('min-w-0 flex-1', searching && 'hidden sm:block')}>
          <h2 id="team-chat-title" className="truncate text-base font-semibold text-foreground">{team.name}</h2>
          <p className="hidden text-xs text-muted sm:block">
            {mentionable.length > 0 ? `${mentionable.length} people: the team and its manager` : "The team's conversation"}
          </p>
        </div>
        <form role="search" onSubmit={handleSearch} className={cx('relative w-full sm:w-72', searching ? 'block' : 'hidden sm:block')}>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <Input ref={searchBox} type="search" aria-label="Search messages" placeholder="Search messages" value={typed} maxLength={200}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === '') setQ('');
            }}
            onKeyDown={(e) => e.key === 'Escape' && clearSearch()}
            className="h-9 pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden" />
          {(typed || searching) && (
            <button type="button" aria-label="Clear search" onClick={clearSearch}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-muted hover:bg-surface-muted hover:text-foreground">
              <X aria-hidden className="size-4" />
            </button>
          )}
        </form>
        {!searching && (
          <Button variant="ghost" size="icon" aria-label="Search messages" className="sm:hidden" onClick={() => {
            setSearchOpen(true);
            requestAnimationFrame(() => searchBox.current?.focus());
          }}>
            <Search aria-hidden />
          </Button>
        )}
      </header>

      {q ? (
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          <div className="border-b border-border px-2 py-1.5">
            <Button variant="ghost" size="sm" onClick={clearSearch}>
              <ArrowLeft aria-hidden />
              Back to the conversation
            </Button>
          </div>
          <ChatSearchResults teamId={team.id} q={q} onOpen={(m) => void openInConversation(m)} />
        </div>
      ) : chat.isPending ? (
        <div className="min-h-0 flex-1 p-4"><PanelLoading label="Loading messages" rows={4} /></div>
      ) : chat.error ? (
        <div className="min-h-0 flex-1"><PanelError error={chat.error} what="Messages" onRetry={() => chat.refetch()} /></div>
      ) : (
        <ChatMessageList feed={chat.data} sent={sent} me={me} floor={floor} mentionable={mentionable} nameOf={nameOf}
          managesTheTeam={managesTheTeam} teamName={team.name} focus={focus} onDelete={setDeleting}
          onMakeTask={(message) => setTaskFrom({ message, open: true })} />
      )}

      <ChatComposer teamId={team.id} teamName={team.name} people={mentionable} meId={me.id} onPosted={handlePosted} />
      <DeleteMessageDialog teamId={team.id} message={deleting} onClose={() => setDeleting(null)} />
      {taskFrom && (
        <Suspense fallback={null}>
          <CreateTaskDialog key={taskFrom.message.id} teamId={team.id} open={taskFrom.open} onClose={() => setTaskFrom((t) => t && { ...t, open: false })}
            initial={{ title: taskFrom.message.content, sourceMessageId: taskFrom.message.id }} />
        </Suspense>
      )}
    </Card>
  );
}
