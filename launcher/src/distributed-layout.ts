// Which processes `npm run start:distributed` runs, and on which ports. How many gateways,
// projectors and workers is the operator's choice (flags), so the form can be scaled out on one
// machine; the command service and the relay run once (the relay's advisory lock would leave a
// second one waiting).

export type PartEntry = 'command-service' | 'query-service' | 'projector' | 'relay' | 'worker';
export type LayoutPart = { name: string; entry: PartEntry; env: Record<string, string> };
export type Scale = { gateways: number; projectors: number; workers: number };

export const DEFAULT_SCALE: Scale = { gateways: 2, projectors: 1, workers: 1 };
const MAX_OF_A_KIND = 16;

export const SCALE_USAGE = 'usage: npm run start:distributed [-- --gateways=N] [--projectors=N] [--workers=N]  (each 1-16; defaults 2, 1, 1)';

/** Reads `--gateways=N`, `--projectors=N` and `--workers=N`; anything else is an error naming it. */
export function parseScale(args: string[]): Scale {
  const scale = { ...DEFAULT_SCALE };
  for (const arg of args) {
    const m = /^--(gateways|projectors|workers)=(\d+)$/.exec(arg);
    if (!m) throw new Error(`unknown or malformed option ${JSON.stringify(arg)}\n${SCALE_USAGE}`);
    const n = Number(m[2]);
    if (n < 1 || n > MAX_OF_A_KIND) throw new Error(`--${m[1]} must be between 1 and ${MAX_OF_A_KIND}, not ${m[2]}\n${SCALE_USAGE}`);
    scale[m[1] as keyof Scale] = n;
  }
  return scale;
}

/** `name`, or `name-1`, `name-2`… when there are several. */
const named = (name: string, i: number, of: number) => (of === 1 ? name : `${name}-${i + 1}`);

/**
 * The parts in start order. Gateways listen on `port`, `port`+1…; the command service on the
 * port after the last gateway (with the default two gateways: `port`+2).
 */
export function distributedLayout(scale: Scale, port: number, commandServiceUrl?: string): { parts: LayoutPart[]; gatewayPorts: number[]; commandServiceUrl: string } {
  const gatewayPorts = Array.from({ length: scale.gateways }, (_, i) => port + i);
  const commandPort = port + scale.gateways;
  const commandUrl = commandServiceUrl ?? `http://127.0.0.1:${commandPort}`;
  const parts: LayoutPart[] = [
    { name: 'command-service', entry: 'command-service', env: { PORT: String(commandPort) } },
    // A lone gateway keeps the name the README's table uses for the pair: query-service-1.
    ...gatewayPorts.map((p, i) => ({ name: `query-service-${i + 1}`, entry: 'query-service' as const, env: { COMMAND_SERVICE_URL: commandUrl, PORT: String(p) } })),
    ...Array.from({ length: scale.projectors }, (_, i) => ({ name: named('projector', i, scale.projectors), entry: 'projector' as const, env: {} })),
    { name: 'relay', entry: 'relay', env: {} },
    ...Array.from({ length: scale.workers }, (_, i) => ({ name: named('worker', i, scale.workers), entry: 'worker' as const, env: {} })),
  ];
  return { parts, gatewayPorts, commandServiceUrl: commandUrl };
}
