import { TEAM_MESSAGE_MAX } from '@leadfloor/contracts';
import { cx } from '../../../lib/cx';

/** The count shows from here on: well before the limit, so nobody is surprised by it. */
const SHOW_FROM = TEAM_MESSAGE_MAX - 500;
const count = (n: number) => n.toLocaleString('en-US');

export const nearLimit = (length: number) => length >= SHOW_FROM;

/** '3,812 / 4,000', and how many too many past the limit. */
export function CharacterCount({ length }: { length: number }) {
  const over = length - TEAM_MESSAGE_MAX;
  return (
    <span aria-live="polite" className={cx('ml-auto shrink-0 tabular-nums', over > 0 ? 'font-medium text-destructive-text' : 'text-muted')}>
      {count(length)} / {count(TEAM_MESSAGE_MAX)}
      {over > 0 && ` · ${count(over)} too many`}
    </span>
  );
}
