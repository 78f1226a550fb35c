import { useState } from 'react';
import { Check } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { cx } from '../../../lib/cx';
import { MAX_TAG_LENGTH, QUICK_TAGS, cleanTags, withTag } from '../lead-tags';

/**
 * Spec 2.6's tag chips: a lead must carry every chosen tag. The quick tags toggle in one
 * click; any other tag can be typed (Enter adds it).
 */
export function TagFilter({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const [text, setText] = useState('');
  const chosen = new Set(value.map((t) => t.toLocaleLowerCase()));
  const custom = value.filter((t) => !QUICK_TAGS.some((q) => q.toLocaleLowerCase() === t.toLocaleLowerCase()));
  const toggle = (tag: string) =>
    onChange(chosen.has(tag.toLocaleLowerCase()) ? value.filter((t) => t.toLocaleLowerCase() !== tag.toLocaleLowerCase()) : cleanTags([...value, tag]));

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">Tags</legend>
      <div className="flex flex-wrap gap-1.5">
        {[...QUICK_TAGS, ...custom].map((tag) => {
          const on = chosen.has(tag.toLocaleLowerCase());
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(tag)}
              className={cx(
                'inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors',
                on ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border text-muted hover:text-foreground',
              )}
            >
              {on && <Check aria-hidden className="size-3" />}
              {tag}
            </button>
          );
        })}
      </div>
      <Input
        aria-label="Filter by another tag"
        placeholder="Another tag, Enter to add"
        maxLength={MAX_TAG_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const next = withTag(value, text);
            if (next) onChange(next);
            setText('');
          } else if (e.key === 'Escape') {
            setText('');
          }
        }}
        className="h-9"
      />
    </fieldset>
  );
}
