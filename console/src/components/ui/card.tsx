import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** A surface panel; CardHeader, CardContent and CardFooter lay out its parts. */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cx('flex flex-col rounded-xl border border-border bg-surface shadow-xs', className)} {...props} />;
}

type CardHeaderProps = { title: ReactNode; description?: ReactNode; action?: ReactNode; titleId?: string; className?: string };

export function CardHeader({ title, description, action, titleId, className }: CardHeaderProps) {
  return (
    <header className={cx('flex items-start justify-between gap-3 px-5 pt-5', className)}>
      <div className="min-w-0">
        <h2 id={titleId} className="text-base font-semibold text-foreground">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {action}
    </header>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('flex-1 px-5 py-4', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'footer'>) {
  return <footer className={cx('flex items-center border-t border-border px-5 py-3 text-sm', className)} {...props} />;
}
