import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALE, distributedLayout, parseScale } from './distributed-layout';

describe('the distributed form\'s layout', () => {
  it('runs by default what docker-compose.yml runs: two gateways, one projector, relay and worker', () => {
    const { parts, gatewayPorts, commandServiceUrl } = distributedLayout(parseScale([]), 3000);
    expect(parts.map((p) => p.name)).toEqual(['command-service', 'query-service-1', 'query-service-2', 'projector', 'relay', 'worker']);
    expect(gatewayPorts).toEqual([3000, 3001]);
    expect(parts[0]!.env).toEqual({ PORT: '3002' });
    expect(commandServiceUrl).toBe('http://127.0.0.1:3002');
    expect(parts.filter((p) => p.entry === 'query-service').map((p) => p.env.COMMAND_SERVICE_URL)).toEqual([commandServiceUrl, commandServiceUrl]);
  });

  it('scales gateways, projectors and workers by flag; the command service moves past the last gateway', () => {
    const scale = parseScale(['--gateways=3', '--projectors=3', '--workers=2']);
    expect(scale).toEqual({ gateways: 3, projectors: 3, workers: 2 });
    const { parts, gatewayPorts } = distributedLayout(scale, 4000, 'http://commands:9000');
    expect(gatewayPorts).toEqual([4000, 4001, 4002]);
    expect(parts.map((p) => p.name)).toEqual([
      'command-service', 'query-service-1', 'query-service-2', 'query-service-3',
      'projector-1', 'projector-2', 'projector-3', 'relay', 'worker-1', 'worker-2',
    ]);
    expect(parts[0]!.env.PORT).toBe('4003');
    expect(parts.find((p) => p.name === 'query-service-3')!.env).toEqual({ PORT: '4002', COMMAND_SERVICE_URL: 'http://commands:9000' });
    expect(parts.filter((p) => p.entry === 'relay')).toHaveLength(1);
  });

  it('refuses unknown flags and counts out of range, with the usage', () => {
    expect(() => parseScale(['--projector=3'])).toThrow(/unknown or malformed option "--projector=3"[\s\S]*usage:/);
    expect(() => parseScale(['--projectors=0'])).toThrow(/--projectors must be between 1 and 16, not 0/);
    expect(() => parseScale(['--gateways=17'])).toThrow(/between 1 and 16/);
    expect(() => parseScale(['--workers=two'])).toThrow(/malformed/);
    expect(parseScale(['--projectors=1'])).toEqual(DEFAULT_SCALE);
  });
});
