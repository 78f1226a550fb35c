import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary: 'border border-border bg-surface text-foreground shadow-xs hover:bg-surface-muted',
  ghost: 'text-foreground hover:bg-surface-muted',
  destructive: 'bg-destructive text-white shadow-sm hover:opacity-90',
  link: 'text-primary-soft-foreground underline-offset-4 hover:underline px-0! h-auto!',
} as const;
const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-5 text-base',
  icon: 'size-9 rounded-lg',
} as const;

export type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof variants; size?: keyof typeof sizes };

/** The one button. `type` defaults to 'button' so a stray button never submits a form. */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors',
        'disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
        '[&_svg]:size-4 [&_svg]:shrink-0',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** Button looks for links and other elements (react-router's Link takes className). */
export const buttonClasses = (variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') =>
  cx('inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors [&_svg]:size-4', variants[variant], sizes[size]);
