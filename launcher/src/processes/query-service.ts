// One gateway replica, for the distributed form: `tsx launcher/src/processes/query-service.ts`.
import { randomBytes } from 'node:crypto';
import { commandRoutes } from '@leadfloor/command-service/app';
import { seededDemoSignIns } from '@leadfloor/command-service/seed/demo-sign-ins';
import { startQueryServer } from '@leadfloor/query-service/server';
import { runProcess } from './run-process';

await runProcess('query-service', (ctx) => startQueryServer({
  ...ctx,
  // This replica proxies writes; its API document lists them from command-service's own plugin.
  describeWrites: (app, pool) => app.register(commandRoutes, {
    pool, bodyLimit: ctx.config.BODY_LIMIT, secureCookies: ctx.config.NODE_ENV === 'production',
    // Described, never served here: no secret is ever encrypted with this throwaway key.
    twoFactorKey: randomBytes(32),
  }),
  // DEMO=true on a database `npm run seed` made: the sign-in screen offers the demo sign-ins.
  demoAccounts: ctx.config.DEMO ? seededDemoSignIns : undefined,
}));
