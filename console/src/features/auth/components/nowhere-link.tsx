import type { MouseEvent, ReactNode } from 'react';

/**
 * Spec 2.3: 'Forgot your password?' and the terms links go nowhere. They stay links (so the
 * page reads as specified) but say so in their tooltip instead of jumping to the top.
 */
export function NowhereLink({ title, children }: { title: string; children: ReactNode }) {
  const handleClick = (e: MouseEvent) => e.preventDefault();
  return (
    <a href="#" title={title} onClick={handleClick} className="text-sm font-medium text-primary-soft-foreground hover:underline">
      {children}
    </a>
  );
}
