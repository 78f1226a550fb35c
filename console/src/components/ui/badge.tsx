import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';

const tones = {
  neutral: 'bg-surface-muted text-foreground',
  primary: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-success-soft text-success-soft-foreground',
  warning: 'bg-warning-soft text-warning-soft-foreground',
  destructive: 'bg-destructive-soft text-destructive-soft-foreground',
  outline: 'border border-border text-muted',
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3', tones[tone], className)}
      {...props}
    />
  );
}
