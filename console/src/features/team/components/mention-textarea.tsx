import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { controlClasses } from '../../../components/ui/input';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { completeMention, mentionCandidates, mentionQueryAt, type ChatPerson } from '../chat-mentions';

type MentionTextareaProps = {
  value: string;
  onChange: (value: string) => void;
  /** Whom `@` offers: the team's members and its manager. */
  people: ChatPerson[];
  meId: number;
  /** Enter without Shift (Shift+Enter is a new line). */
  onEnter: () => void;
  onEscape?: () => void;
  label: string;
  placeholder?: string;
  /** While a write is under way: the text stays, focused, but cannot change. */
  readOnly?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** The textarea grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 200;

/**
 * A message's text box: Enter sends, Shift+Enter breaks the line, and `@` followed by a few
 * letters offers the team's people (arrows to move, Enter or Tab to take one, Escape to
 * dismiss), writing `@username ` in place.
 */
export function MentionTextarea({
  value, onChange, people, meId, onEnter, onEscape, label, placeholder, readOnly, autoFocus, invalid, describedBy, className, ref,
}: MentionTextareaProps) {
  const listId = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState(value.length);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ key: '', index: 0 });
  const nextCaret = useRef<number | null>(null);

  const mention = mentionQueryAt(value, caret);
  const candidates = mention && mention.start !== dismissedAt ? mentionCandidates(people, mention.query, meId) : [];
  const open = candidates.length > 0;
  const key = mention ? `${mention.start}:${mention.query}` : '';
  const index = active.key === key ? Math.min(active.index, candidates.length - 1) : 0;

  useLayoutEffect(() => {
    const el = box.current;
    if (!autoFocus || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    // Only on mounting: the editor opens with the caret after the text.
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
    if (nextCaret.current !== null) {
      el.setSelectionRange(nextCaret.current, nextCaret.current);
      nextCaret.current = null;
    }
  }, [value]);

  const pick = (person: ChatPerson) => {
    if (!mention) return;
    const done = completeMention(value, mention.start, caret, person.username);
    nextCaret.current = done.caret;
    setCaret(done.caret);
    onChange(done.text);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (open && mention) {
      const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
      if (move !== undefined) {
        e.preventDefault();
        setActive({ key, index: (index + move + candidates.length) % candidates.length });
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        pick(candidates[index]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      {open && (
        <ul id={listId} role="listbox" aria-label="People to mention"
          className="absolute bottom-full left-0 z-10 mb-2 max-h-64 w-full max-w-xs overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg">
          {candidates.map((p, i) => (
            <li key={p.id} id={`${listId}-${p.id}`} role="option" aria-selected={i === index}
              onMouseDown={(e) => e.preventDefault()} onClick={() => pick(p)}
              className={cx('flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm', i === index ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground hover:bg-surface-muted')}>
              <UserAvatar fullName={p.fullName} avatarUrl={p.avatarUrl} size="sm" className="size-7" />
              <span className="min-w-0 flex-1 truncate font-medium">{p.fullName}</span>
              <span className={cx('text-xs', i === index ? 'text-primary-soft-foreground' : 'text-muted')}>@{p.username}</span>
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${candidates[index]!.id}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        rows={1}
        value={value}
        placeholder={placeholder}
        readOnly={readOnly}
        onChange={(e) => {
          setCaret(e.target.selectionStart);
          onChange(e.target.value);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={handleKeyDown}
        onBlur={() => setDismissedAt(mention?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
        className={cx(controlClasses, 'block resize-none py-2 leading-6', className)}
      />
    </div>
  );
}
