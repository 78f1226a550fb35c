import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLiveSocket, liveSocketUrl, MAX_RECONNECT_ATTEMPTS, PING_INTERVAL_MS, reconnectDelay, type LiveSocketOptions,
} from './live-socket';
import { getLiveStatus } from './live-status';

describe('reconnectDelay (spec 9: base 1 s, 1.5x backoff)', () => {
  it('follows 1000 ms × 1.5^(attempt−1) when the jitter is centred', () => {
    expect([1, 2, 3, 4, 5].map((a) => reconnectDelay(a, () => 0.5))).toEqual([1000, 1500, 2250, 3375, 5063]);
  });
  it('spreads each delay at most 20 % either side of the schedule', () => {
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
    expect(reconnectDelay(3, () => 0)).toBe(1800);
    expect(reconnectDelay(3, () => 1)).toBe(2700);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https and ws otherwise, on the same host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'floor.example' })).toBe('wss://floor.example/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: [number?, string?] | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function start(overrides: Partial<LiveSocketOptions> = {}) {
  const calls = { messages: [] as unknown[], opens: [] as boolean[], giveUps: 0, signedOut: 0 };
  const live = createLiveSocket({
    url: 'ws://test/ws',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0.5,
    onMessage: (m) => calls.messages.push(m),
    onOpen: ({ reconnected }) => calls.opens.push(reconnected),
    onGiveUp: () => calls.giveUps++,
    onSignedOut: () => calls.signedOut++,
    ...overrides,
  });
  return { live, calls };
}

describe('createLiveSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('pings every 30 seconds while open', () => {
    const { live } = start();
    latest().open();
    expect(getLiveStatus()).toBe('connected');
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(latest().sent.map((s) => JSON.parse(s).type)).toEqual(['ping', 'ping']);
    live.close();
  });

  it('passes contract messages on and ignores malformed ones', () => {
    const { live, calls } = start();
    latest().open();
    latest().onmessage?.({ data: '{not json' });
    latest().onmessage?.({ data: JSON.stringify({ type: 'broadcast', event: 'nope', data: {} }) });
    latest().onmessage?.({ data: JSON.stringify({ type: 'pong', timestamp: 1 }) });
    expect(calls.messages).toEqual([{ type: 'pong', timestamp: 1 }]);
    live.close();
  });

  it('reconnects after an unclean close on the backoff schedule and says it reconnected', () => {
    const { live, calls } = start();
    latest().open();
    latest().drop(1001);
    expect(getLiveStatus()).toBe('connecting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(calls.opens).toEqual([false, true]);
    live.close();
  });

  it('gives up after 5 failed reconnect attempts', () => {
    const { calls } = start();
    latest().open();
    latest().drop(1006);
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
      vi.advanceTimersByTime(reconnectDelay(attempt, () => 0.5));
      latest().drop(1006);
    }
    expect(FakeSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
    expect(calls.giveUps).toBe(1);
    expect(getLiveStatus()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
  });

  it('closes cleanly with 1000 Normal closure and does not reconnect', () => {
    const { live } = start();
    const socket = latest();
    socket.open();
    live.close();
    expect(socket.closedWith).toEqual([1000, 'Normal closure']);
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stops when the gateway says the session was signed out', () => {
    const { calls } = start();
    latest().open();
    latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(calls.signedOut).toBe(1);
  });
});
