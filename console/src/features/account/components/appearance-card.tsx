import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { useTheme, type Theme } from '../../../lib/theme';

const CHOICES: { value: Theme; label: string; Icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

/** Spec 4's theme: light, dark, or following the system; saved in this browser, as the top bar's switch saves it. */
export function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  return (
    <Card aria-labelledby="appearance-title">
      <CardHeader titleId="appearance-title" title="Appearance" description="Saved in this browser. System follows your device’s setting." />
      <CardContent>
        <div role="radiogroup" aria-labelledby="appearance-title" className="grid grid-cols-3 gap-2">
          {CHOICES.map(({ value, label, Icon }) => (
            <label
              key={value}
              className={cx(
                'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-3 py-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
                theme === value ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border text-foreground hover:bg-surface-muted',
              )}
            >
              <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => setTheme(value)} className="sr-only" />
              <Icon aria-hidden className="size-5" />
              {label}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
