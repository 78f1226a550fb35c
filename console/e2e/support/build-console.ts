import { buildConsole as build } from '../../build/build-console';

/**
 * The production build into console/dist, where the gateway serves it from; E2E_CONSOLE_DIR
 * builds elsewhere (the backend is pointed at it), so that two suites on one checkout do not
 * overwrite each other's build.
 */
export const buildConsole = () => build(process.env.E2E_CONSOLE_DIR ? { outDir: process.env.E2E_CONSOLE_DIR } : {});
