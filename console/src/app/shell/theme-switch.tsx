import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { Popover, popoverItemClasses } from '../../components/ui/popover';
import { useTheme, type Theme } from '../../lib/theme';

const OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Spec 4's theme choice: light, dark or system (follows the OS), saved in this browser. */
export function ThemeSwitch() {
  const { theme, mode, setTheme } = useTheme();
  const CurrentIcon = theme === 'system' ? Monitor : mode === 'dark' ? Moon : Sun;
  return (
    <Popover
      trigger={<CurrentIcon aria-hidden className="size-5" />}
      triggerLabel={`Theme: ${OPTIONS.find((o) => o.value === theme)?.label}`}
      triggerClassName="flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-foreground"
      panelLabel="Theme"
      panelClassName="sm:w-44"
    >
      {({ close }) => (
        <ul>
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <li key={value}>
              <button
                type="button"
                aria-pressed={theme === value}
                onClick={() => {
                  setTheme(value);
                  close();
                }}
                className={popoverItemClasses}
              >
                <Icon aria-hidden className="size-4 text-muted" />
                <span className="flex-1">{label}</span>
                {theme === value && <Check aria-hidden className="size-4 text-primary" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
}
