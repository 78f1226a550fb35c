import { useState } from 'react';

/**
 * A button that opens a dialog whose code loads on first use: hovering or focusing the button
 * starts the download, a click opens it. `used` stays true once opened, so the dialog (and its
 * closing transition) stays mounted after the first open.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const prefetch = () => void load();
  return {
    open,
    used,
    close: () => setOpen(false),
    trigger: {
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => {
        setUsed(true);
        setOpen(true);
      },
    },
  };
}
