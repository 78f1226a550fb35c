import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

type PageHeaderProps = {
  heading: ReactNode;
  subheading?: ReactNode;
  /** Buttons at the right (wrap below the heading on small screens). */
  actions?: ReactNode;
  /** Where the optional back link goes, and its label (spec 2.4: default 'Back'). */
  backTo?: string;
  backLabel?: string;
};

/** Every page's title block: spec 2.4's generic header. The heading is the page's h1. */
export function PageHeader({ heading, subheading, actions, backTo, backLabel = 'Back' }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4">
      {/* React 19 hoists <title> into <head>: the tab names the page. */}
      {typeof heading === 'string' && <title>{`${heading} · LeadFloor`}</title>}
      {backTo && (
        <Link to={backTo} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-muted hover:text-foreground">
          <ArrowLeft aria-hidden className="size-4" />
          {backLabel}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">{heading}</h1>
          {subheading && <p className="mt-1 text-sm text-muted sm:text-base">{subheading}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}
