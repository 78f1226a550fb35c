import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';
import { controlClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx(controlClasses, 'min-h-20 py-2', className)} {...props} />;
}
