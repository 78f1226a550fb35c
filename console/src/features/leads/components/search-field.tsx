import { Search } from 'lucide-react';
import { DebouncedInput } from '../../../components/debounced-input';

/**
 * The pool's search box. Typing stays local and reaches the filters (and the server) once the
 * user pauses; a change from elsewhere (a removed chip, Reset All Filters) replaces the text.
 */
export function SearchField({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  return (
    <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <DebouncedInput
        type="search"
        aria-label="Search leads"
        placeholder="Search by name, email, phone, notes..."
        value={value}
        onCommit={onCommit}
        className="pl-9"
      />
    </div>
  );
}
