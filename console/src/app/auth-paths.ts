/** Spec 2.2's signed-out routes. */
export const AUTH_PATHS = ['/login', '/register', '/auth'] as const;
export const isAuthPath = (pathname: string): boolean => (AUTH_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
