import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';

/** A native checkbox tinted with the brand colour. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cx('size-4 rounded border-border accent-primary', className)} {...props} />;
}
