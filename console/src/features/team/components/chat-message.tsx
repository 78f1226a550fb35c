import { useState } from 'react';
import type { TeamMessage, User } from '@leadfloor/contracts';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format-date';
import { messageParts, type ChatPerson } from '../chat-mentions';
import { shortTimeLabel, timeLabel } from '../chat-timeline';
import { EditMessageForm } from './edit-message-form';
import { MessageMenu } from './message-menu';

export type MessageActions = {
  onDelete: (message: TeamMessage) => void;
  onMakeTask: (message: TeamMessage) => void;
};

type ChatMessageProps = MessageActions & {
  message: TeamMessage;
  /** The same author a moment before: no name or picture again. */
  continued: boolean;
  me: Pick<User, 'id'>;
  /** Everyone's usernames, to show the mentions the text makes. */
  floor: Pick<User, 'id' | 'username'>[];
  /** Whom `@` offers when editing. */
  mentionable: ChatPerson[];
  nameOf: (userId: number) => string | undefined;
  managesTheTeam: boolean;
  /** Just jumped to from a search: it glows a moment. */
  highlighted: boolean;
};

/**
 * The text as typed: React writes it as text (markup stays characters), line breaks kept, long
 * words wrapped; mentions of the team's people stand out, a mention of me the most.
 */
function MessageText({ message, floor, meId }: { message: TeamMessage; floor: Pick<User, 'id' | 'username'>[]; meId: number }) {
  const parts = messageParts(message.content, floor, message.mentions.map((m) => m.userId), meId);
  return (
    <p className="text-sm leading-6 [overflow-wrap:anywhere] whitespace-pre-wrap text-foreground">
      {parts.map((p, i) => (p.kind === 'text' ? p.text : (
        <span key={i} className={cx('rounded px-0.5 font-medium',
          p.isMe ? 'bg-warning-soft font-semibold text-warning-soft-foreground' : 'bg-primary-soft text-primary-soft-foreground')}>
          {p.text}
        </span>
      )))}
      {message.editedAt && (
        <span className="ml-1.5 text-xs text-muted" title={`Edited ${formatDateTime(message.editedAt)}`}>(edited)</span>
      )}
    </p>
  );
}

/** One message of the conversation: who, when, the text (or that it was deleted), and its actions. */
export function ChatMessage({ message, continued, me, floor, mentionable, nameOf, managesTheTeam, highlighted, onDelete, onMakeTask }: ChatMessageProps) {
  const [editing, setEditing] = useState(false);
  const at = new Date(message.createdAt);
  const mentionsMe = !message.deletedAt && message.mentions.some((m) => m.userId === me.id);
  const time = <time dateTime={message.createdAt} title={formatDateTime(at)}>{timeLabel(at)}</time>;

  return (
    <li id={`chat-message-${message.id}`}
      className={cx('group relative flex gap-3 rounded-lg px-2 py-1 sm:px-3',
        continued ? '' : 'mt-3',
        mentionsMe ? 'bg-warning-soft/50 shadow-[inset_3px_0_0_var(--warning-soft-foreground)]' : 'hover:bg-surface-muted/60',
        highlighted && 'animate-[rank-flash_2.4s_ease-out]')}>
      <div className="w-8 shrink-0 pt-0.5">
        {continued ? (
          <span className="invisible block pt-1 text-[11px] leading-4 whitespace-nowrap text-muted tabular-nums group-hover:visible">
            <time dateTime={message.createdAt} title={formatDateTime(at)}>{shortTimeLabel(at)}</time>
          </span>
        ) : (
          <UserAvatar fullName={message.authorName} avatarUrl={message.authorAvatarUrl} size="sm" />
        )}
      </div>
      <div className="min-w-0 flex-1 pr-8">
        {!continued && (
          <p className="flex flex-wrap items-baseline gap-x-2 leading-5">
            <span className="text-sm font-semibold text-foreground">{message.authorName}</span>
            <span className="text-xs text-muted">{time}</span>
          </p>
        )}
        {editing ? (
          <EditMessageForm message={message} people={mentionable} meId={me.id} nameOf={nameOf} onDone={() => setEditing(false)} />
        ) : message.deletedAt ? (
          <p className="text-sm leading-6 text-muted italic">This message was deleted</p>
        ) : (
          <MessageText message={message} floor={floor} meId={me.id} />
        )}
      </div>
      {!message.deletedAt && !editing && (
        <div className="absolute top-0.5 right-1">
          <MessageMenu
            message={message}
            meId={me.id}
            managesTheTeam={managesTheTeam}
            onEdit={() => setEditing(true)}
            onDelete={() => onDelete(message)}
            onMakeTask={() => onMakeTask(message)}
          />
        </div>
      )}
    </li>
  );
}
