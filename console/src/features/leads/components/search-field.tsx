import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';

const DEBOUNCE_MS = 300;

/**
 * The pool's search box. Typing stays local and reaches the filters (and the server) once the
 * user pauses; a change from elsewhere (a removed chip, Reset All Filters) replaces the text.
 */
export function SearchField({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const committed = useRef(value);
  // The latest callback, without restarting the pause timer whenever the parent re-renders
  // (live updates may re-render the pool several times a second).
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  if (value !== seen) {
    // Render-time adjustment (not an effect): only an outside change overwrites what is typed.
    setSeen(value);
    if (value !== committed.current) setDraft(value);
  }

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <Input
        type="search"
        aria-label="Search leads"
        placeholder="Search by name, email, phone, notes..."
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
