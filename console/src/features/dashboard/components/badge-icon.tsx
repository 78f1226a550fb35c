import { Check, Lock, Pencil, Star, Users, Zap, type LucideIcon } from 'lucide-react';

// Spec 2.5: the icon values a badge may carry; anything else shows a lock.
const ICONS: Record<string, LucideIcon> = { lightning: Zap, star: Star, check: Check, users: Users, pencil: Pencil };

export function BadgeIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Lock;
  return <Icon aria-hidden className={className} />;
}
