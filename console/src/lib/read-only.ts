import { createContext, useContext } from 'react';

/**
 * Why the screen offers no writes right now (the floor shown as it was at a past instant), or
 * null when it does. A screen that shows the past provides the reason; every claim button, drag
 * handle and editor under it reads it and stays disabled, saying why.
 */
export const ReadOnlyContext = createContext<string | null>(null);

export const useReadOnly = (): string | null => useContext(ReadOnlyContext);
