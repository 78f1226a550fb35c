import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';

/**
 * Spec 2.4's search box. The spec shows only the input; submitting opens the lead pool with
 * the text as its search filter, which is what a user typing here expects.
 */
export function SearchBox() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const search = text.trim();
    navigate(search ? `/leads?${new URLSearchParams({ search })}` : '/leads');
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="relative w-full max-w-md">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="Search leads, contacts, or calls"
        placeholder={mobile ? 'Search...' : 'Search leads, contacts, or calls'}
        className="h-10 w-full rounded-lg border border-border bg-surface-muted/60 pr-3 pl-9 text-sm text-foreground placeholder:text-muted focus-visible:border-ring focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40"
      />
    </form>
  );
}
