import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from './ui/input';

const DEBOUNCE_MS = 300;

type DebouncedInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onCommit: (value: string) => void };

/**
 * A filter's or search's text box: typing stays local and reaches the address bar (and the server) once the
 * user pauses; a change from elsewhere (Clear filters) replaces the text.
 */
export function DebouncedInput({ value, onCommit, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const committed = useRef(value);
  // The latest callback, without restarting the pause timer whenever the parent re-renders
  // (live updates may re-render a page several times a second).
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  if (value !== seen) {
    // Render-time adjustment (not an effect): only an outside change overwrites what is typed.
    setSeen(value);
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }
  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  return <Input {...props} value={draft} onChange={(e) => setDraft(e.target.value)} />;
}
