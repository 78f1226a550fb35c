import { useId, useState, type KeyboardEvent } from 'react';
import { Plus, Tag, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cleanTags, MAX_TAG_LENGTH, QUICK_TAGS, withTag } from '../lead-tags';

type TagEditorProps = {
  tags: readonly string[];
  /** Called with the cleaned list (trimmed, no empties, no duplicates) when it changes. */
  onChange: (tags: string[]) => void;
  /** Shows the tags only: editing is not permitted (spec 2.7). */
  readOnly?: boolean;
  disabled?: boolean;
};

/**
 * Spec 2.7's tag editor: Enter adds (the box stays open for the next tag), Escape cancels,
 * quick tags add in one click.
 */
export function TagEditor({ tags, onChange, readOnly, disabled }: TagEditorProps) {
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const headingId = useId();
  const current = cleanTags(tags);
  const quick = QUICK_TAGS.filter((q) => withTag(current, q) !== null);

  const add = (raw: string) => {
    const next = withTag(current, raw);
    if (next) onChange(next);
  };
  const cancel = () => {
    setText('');
    setAdding(false);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      // While a change is saving the list is about to change: keep the text for the next Enter.
      if (disabled) return;
      add(text);
      setText('');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancel();
    }
  };

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <span id={headingId} className="text-xs font-medium text-muted">Tags</span>
      {current.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {current.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-primary-soft-foreground">
              <Tag aria-hidden className="size-3" />
              {tag}
              {!readOnly && (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={disabled}
                  onClick={() => onChange(current.filter((t) => t !== tag))}
                  className="rounded-full p-0.5 hover:bg-primary/15 disabled:opacity-50"
                >
                  <X aria-hidden className="size-3" />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted">No tags yet.</p>
      )}
      {!readOnly && (
        <>
          {adding ? (
            <div className="flex items-center gap-2">
              <Input
                autoFocus
                aria-label="New tag"
                placeholder="Type a tag, Enter to add"
                maxLength={MAX_TAG_LENGTH}
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={handleKeyDown}
                className="h-8"
              />
              <Button variant="ghost" size="sm" onClick={cancel}>Cancel</Button>
            </div>
          ) : (
            <Button variant="secondary" size="sm" className="w-fit" disabled={disabled} onClick={() => setAdding(true)}>
              <Plus aria-hidden /> Add tag
            </Button>
          )}
          {quick.length > 0 && (
            <div role="group" aria-label="Quick tags" className="flex flex-wrap gap-1.5">
              {quick.map((q) => (
                <button
                  key={q}
                  type="button"
                  disabled={disabled}
                  onClick={() => add(q)}
                  className="rounded-full border border-dashed border-border px-2.5 py-0.5 text-xs text-muted hover:border-primary hover:text-foreground disabled:opacity-50"
                >
                  + {q}
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
