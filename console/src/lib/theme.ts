import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ThemeMode = 'light' | 'dark';

// Spec 3's local preferences; index.html's inline script reads the same keys before first paint.
const THEME_KEY = 'theme';
const MODE_KEY = 'theme-mode';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system'; // storage can be blocked (private modes, strict policies)
  }
}

const resolve = (theme: Theme): ThemeMode => (theme === 'system' ? (darkQuery().matches ? 'dark' : 'light') : theme);

function apply(theme: Theme): void {
  const mode = resolve(theme);
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  try {
    localStorage.setItem(MODE_KEY, mode);
  } catch {
    /* the page still switches; only persistence is lost */
  }
}

const listeners = new Set<() => void>();
let current: { theme: Theme; mode: ThemeMode } | null = null;
const snapshot = () => (current ??= { theme: readTheme(), mode: resolve(readTheme()) });
const notify = () => listeners.forEach((l) => l());

/** Saves and applies a choice; 'system' then follows the OS. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* see apply() */
  }
  apply(theme);
  current = { theme, mode: resolve(theme) };
  notify();
}

/**
 * Applies the saved choice and keeps following it for the page's lifetime: the OS switching
 * between light and dark (while the choice is 'system') and another tab changing the choice.
 * Called once at start-up, so every screen follows the OS, not only those showing the switch.
 */
export function startThemeSync(): void {
  apply(readTheme());
  darkQuery().addEventListener('change', () => {
    const theme = readTheme();
    if (theme !== 'system') return;
    apply(theme);
    current = { theme, mode: resolve(theme) };
    notify();
  });
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_KEY) setTheme(readTheme());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved theme and the mode actually shown. */
export function useTheme(): { theme: Theme; mode: ThemeMode; setTheme: typeof setTheme } {
  const { theme, mode } = useSyncExternalStore(subscribe, snapshot);
  return { theme, mode, setTheme };
}
