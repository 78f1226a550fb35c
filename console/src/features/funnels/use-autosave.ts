import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveState = 'saved' | 'pending' | 'saving' | 'error';

/**
 * Saves the latest value a moment after the last change, one save at a time; a change made
 * during a save is saved after it. `flush` saves now (before publishing, or leaving the page),
 * and an unmount flushes what is left. `unsaved` is a value not stored yet: it is saved at once.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, { delayMs = 800, unsaved }: { delayMs?: number; unsaved?: { value: T } } = {}) {
  const [state, setState] = useState<AutosaveState>(unsaved ? 'pending' : 'saved');
  const latest = useRef<{ value: T } | null>(unsaved ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    running.current = running.current.then(async () => {
      const next = latest.current;
      if (!next) return;
      latest.current = null;
      setState('saving');
      try {
        await saveRef.current(next.value);
        setState(latest.current ? 'pending' : 'saved');
      } catch (error) {
        latest.current ??= next;
        setState('error');
        throw error;
      }
    });
    return running.current.catch(() => { running.current = Promise.resolve(); });
  }, []);

  const schedule = useCallback((value: T) => {
    latest.current = { value };
    setState('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delayMs);
  }, [delayMs, flush]);

  useEffect(() => {
    if (latest.current) void flush();
    return () => { if (latest.current) void flush(); };
  }, [flush]);

  return { state, schedule, flush, hasUnsaved: () => latest.current !== null };
}
