import { createConnection, createServer, type Socket } from 'node:net';

// The balancer the README puts in front of the gateway replicas, as small as it gets: a TCP
// proxy on loopback that hands each new connection (HTTP or WebSocket alike) to the next replica
// in turn, skipping one that refuses connections (down or restarting). A connection already
// proxied dies with its replica, as it would behind any layer-4 balancer.

export type Balancer = { url: string; close(): Promise<void> };

export async function startBalancer(backendPorts: number[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<Socket>();
  const track = (s: Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
  };

  const server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    client.pause();
    // Each connection tries every replica once, starting from the next one in turn.
    const first = next++;
    const tryBackend = (tries: number) => {
      if (tries === backendPorts.length || client.destroyed) {
        client.destroy();
        return;
      }
      const port = backendPorts[(first + tries) % backendPorts.length]!;
      const upstream = createConnection({ host: '127.0.0.1', port });
      let connected = false;
      upstream.on('error', () => {
        upstream.destroy();
        if (connected) client.destroy();
        else tryBackend(tries + 1); // refused: that replica is down, try the next
      });
      upstream.once('connect', () => {
        connected = true;
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const s of open) s.destroy();
      server.close(() => resolve());
    }),
  };
}
