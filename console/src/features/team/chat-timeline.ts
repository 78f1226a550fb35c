import { differenceInMinutes, format, isSameDay, isSameYear, subDays } from 'date-fns';
import { TEAM_MESSAGE_EDIT_WINDOW_MINUTES, type TeamMessage, type User } from '@leadfloor/contracts';

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  /** `continued`: the same author a moment after their previous message, shown without name and picture. */
  | { kind: 'message'; key: string; message: TeamMessage; continued: boolean };

/** Messages by one author this close together read as one run. */
const RUN_MINUTES = 5;

/** 'Today', 'Yesterday', 'Monday, March 9', or 'March 9, 2025' for another year. */
export function dayLabel(at: Date, now: Date): string {
  if (isSameDay(at, now)) return 'Today';
  if (isSameDay(at, subDays(now, 1))) return 'Yesterday';
  return isSameYear(at, now) ? format(at, 'EEEE, MMMM d') : format(at, 'MMMM d, yyyy');
}

/** '2:05 PM'. */
export const timeLabel = (at: Date): string => format(at, 'h:mm a');
/** '2:05', beside a message that follows on from the one before. */
export const shortTimeLabel = (at: Date): string => format(at, 'h:mm');

/** The conversation as it reads: a day heading before each new day, runs of one author's messages. */
export function chatRows(messages: TeamMessage[], now: Date): ChatRow[] {
  const rows: ChatRow[] = [];
  let previous: TeamMessage | null = null;
  for (const message of messages) {
    const at = new Date(message.createdAt);
    const newDay = !previous || !isSameDay(new Date(previous.createdAt), at);
    if (newDay) rows.push({ kind: 'day', key: `day-${message.id}`, label: dayLabel(at, now) });
    const continued = !newDay && previous !== null && previous.authorId === message.authorId && !previous.deletedAt
      && differenceInMinutes(at, new Date(previous.createdAt)) < RUN_MINUTES;
    rows.push({ kind: 'message', key: `message-${message.id}`, message, continued });
    previous = message;
  }
  return rows;
}

const WINDOW_MS = TEAM_MESSAGE_EDIT_WINDOW_MINUTES * 60_000;

/** When the author's 15 minutes to edit or delete the message end. */
export const editWindowEnd = (message: Pick<TeamMessage, 'createdAt'>): number => Date.parse(message.createdAt) + WINDOW_MS;

/** The author, within 15 minutes of posting, while the message stands. */
export const mayEdit = (message: TeamMessage, me: Pick<User, 'id'>, now: number): boolean =>
  message.authorId === me.id && !message.deletedAt && now <= editWindowEnd(message);

/** The author within the same 15 minutes, or the team's manager at any time. */
export const mayDelete = (message: TeamMessage, me: Pick<User, 'id'>, now: number, managesTheTeam: boolean): boolean =>
  !message.deletedAt && (managesTheTeam || mayEdit(message, me, now));
