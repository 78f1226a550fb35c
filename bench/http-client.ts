import http from 'node:http';

export type HttpReply = { status: number; body: string; setCookie: string[] };
export type HttpClient = {
  request(method: string, path: string, body?: unknown, cookie?: string): Promise<HttpReply>;
  close(): void;
};

/** A keep-alive HTTP/1.1 client for the bench's loopback server (node:http, no extra dependency). */
export function httpClient(base: string, maxSockets = 256): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  return {
    request: (method, path, body, cookie) => new Promise<HttpReply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {};
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      if (cookie) headers.cookie = cookie;
      const req = http.request(`${base}${path}`, { method, agent, headers, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({
          status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), setCookie: res.headers['set-cookie'] ?? [],
        }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on('error', reject);
      req.end(payload);
    }),
    close: () => agent.destroy(),
  };
}
