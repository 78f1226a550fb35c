import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date as it resizes, so a chart draws at
 * its real size (text in an SVG stretched by a viewBox would grow and shrink with it).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
