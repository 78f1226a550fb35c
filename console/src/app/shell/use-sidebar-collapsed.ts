import { useCallback, useState } from 'react';

const KEY = 'sidebar-collapsed';

/** Whether the desktop sidebar is compact; remembered per browser so it survives reloads. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(KEY) === 'true';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(() => {
    setCollapsed((c) => {
      try {
        localStorage.setItem(KEY, String(!c));
      } catch {
        /* only persistence is lost */
      }
      return !c;
    });
  }, []);
  return [collapsed, toggle];
}
