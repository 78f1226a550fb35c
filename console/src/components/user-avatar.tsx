import { cx } from '../lib/cx';
import { initials } from '../lib/initials';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-12 text-base', xl: 'size-24 text-3xl' } as const;

/** A user's picture, or their initials on a tinted disc. Decorative: the name is always shown beside it. */
export function UserAvatar({ fullName, avatarUrl, size = 'sm', className }: { fullName: string | null | undefined; avatarUrl?: string | null; size?: keyof typeof sizes; className?: string }) {
  const classes = cx('inline-flex shrink-0 items-center justify-center rounded-full font-semibold', sizes[size], className);
  if (avatarUrl) return <img src={avatarUrl} alt="" className={cx(classes, 'object-cover')} />;
  return (
    <span aria-hidden className={cx(classes, 'bg-primary-soft text-primary-soft-foreground')}>
      {initials(fullName)}
    </span>
  );
}
