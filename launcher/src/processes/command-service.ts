// command-service alone, for the distributed form: `tsx launcher/src/processes/command-service.ts`.
import { startCommandServer } from '@leadfloor/command-service/server';
import { runProcess } from './run-process';

await runProcess('command-service', startCommandServer);
