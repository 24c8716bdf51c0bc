/**
 * The browser's fetch-based server-sent event reader (packages/ui-kit/src/api/eventStream.ts), run in Node
 * against a real HTTP server: frames split anywhere, the Bearer token read from the session store, a 401
 * answered by one refresh and a reconnection with the new token, an immediate reconnection after a stream
 * that lived, doubling delays after failures and streams cut at once, sign-out and close stop it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The session store persists to localStorage: an in-memory one for Node, installed first.
import './support/local-storage';
import { openEventStream, SseParser, type StreamEvent } from '../packages/ui-kit/src/api/eventStream';
import { useSession } from '../packages/ui-kit/src/api/session';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const server = createServer((req, res) => handler(req, res));
let base = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls relative /api/v1 paths, as in the browser.
  globalThis.fetch = ((url: string, init?: RequestInit) => realFetch(`${base}${url}`, init)) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => useSession.setState({ accessToken: 'token-1', refreshToken: 'refresh-1' }));

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const streamHead = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

describe('SseParser', () => {
  test('events, multi-line data, ids, comments and retry, however the text is split', () => {
    const text = ': connected\nretry: 5000\n\nid: 1\nevent: notification\ndata: {"a":1}\n\n: ping\n\ndata: line one\ndata: line two\r\n\r\nevent: x\ndata\n\n';
    const expected: StreamEvent[] = [
      { event: 'notification', data: '{"a":1}', id: '1' },
      { event: 'message', data: 'line one\nline two', id: '1' },
      { event: 'x', data: '', id: '1' },
    ];
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new SseParser();
      expect([cut, [...p.feed(text.slice(0, cut)), ...p.feed(text.slice(cut))]]).toEqual([cut, expected]);
      expect(p.retryMs).toBe(5000);
    }
    const chars = new SseParser();
    expect([...text].flatMap((c) => chars.feed(c))).toEqual(expected);
  });

  test('CRLF and CR line ends and multi-byte text, split at every byte as the network delivers it', () => {
    // Each frame ends its lines with \r\n (or a lone \r): a cut between \r and \n must not end the event early.
    const text =
      'id: 7\r\nevent: notification\r\ndata: {"title":"Phê duyệt"}\r\ndata: Nguyễn Văn Quân\r\n\r\n' +
      'data: một\rdata: hai\r\rretry: 2500\r\n: ping\r\n\r\ndata: ba\n\n';
    const expected: StreamEvent[] = [
      { event: 'notification', data: '{"title":"Phê duyệt"}\nNguyễn Văn Quân', id: '7' },
      { event: 'message', data: 'một\nhai', id: '7' },
      { event: 'message', data: 'ba', id: '7' },
    ];
    const bytes = new TextEncoder().encode(text);
    // As the reader does: bytes through a streaming decoder (a character cut in two waits for its second half).
    const read = (chunks: Uint8Array[]) => {
      const decoder = new TextDecoder();
      const p = new SseParser();
      const events = chunks.flatMap((c) => p.feed(decoder.decode(c, { stream: true })));
      return { events, retry: p.retryMs };
    };
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect([cut, read([bytes.slice(0, cut), bytes.slice(cut)])]).toEqual([cut, { events: expected, retry: 2500 }]);
    }
    expect(read([...bytes].map((b) => Uint8Array.of(b)))).toEqual({ events: expected, retry: 2500 });
  });
});

describe('openEventStream', () => {
  test('sends the Bearer token, delivers events, and on 401 refreshes once and reconnects with the new token', async () => {
    const auth: string[] = [];
    let refreshBody = '';
    handler = (req, res) => {
      if (req.url === '/api/v1/auth/refresh') {
        req.on('data', (c: Buffer) => {
          refreshBody += c.toString();
        });
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { accessToken: 'token-2', refreshToken: 'refresh-2' } }));
        });
        return;
      }
      auth.push(req.headers.authorization ?? '');
      if (req.headers.authorization !== 'Bearer token-2') {
        res.writeHead(401);
        res.end('{}');
        return;
      }
      streamHead(res);
      res.write('event: notification\ndata: {"n":');
      setTimeout(() => res.write('1}\n\n'), 20);
    };
    const events: StreamEvent[] = [];
    let opened = 0;
    const close = openEventStream('/notifications/stream', {
      onEvent: (e) => events.push(e),
      onOpen: () => {
        opened++;
      },
    });
    await until(() => events.length === 1);
    close();
    expect(auth).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(JSON.parse(refreshBody)).toEqual({ refreshToken: 'refresh-1' });
    expect(useSession.getState()).toMatchObject({ accessToken: 'token-2', refreshToken: 'refresh-2' });
    expect(events).toEqual([{ event: 'notification', data: '{"n":1}', id: null }]);
    expect(opened).toBe(1);
  });

  test('a stream that lived a while is opened again at once with the current token; failures and streams cut at once wait longer each time', async () => {
    const seen: { at: number; auth: string }[] = [];
    let mode: 'lived' | 'drop' | 'short' = 'lived';
    handler = (req, res) => {
      seen.push({ at: Date.now(), auth: req.headers.authorization ?? '' });
      if (mode === 'drop') {
        req.socket.destroy();
        return;
      }
      streamHead(res);
      res.write(`data: ${seen.length}\n\n`);
      if (seen.length === 1) useSession.setState({ accessToken: 'token-9' }); // refreshed meanwhile by another call
      if (mode === 'short') res.end();
      else setTimeout(() => res.end(), 200);
    };
    const events: string[] = [];
    const close = openEventStream('/s', { onEvent: (e) => events.push(e.data), minDelayMs: 300, maxDelayMs: 4000, stableMs: 100 });
    await until(() => seen.length >= 3);
    mode = 'drop';
    const from = seen.length;
    await until(() => seen.length >= from + 3, 10_000);
    mode = 'short';
    await until(() => seen.length >= from + 5, 10_000);
    close();
    expect(events.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(seen[0]!.auth).toBe('Bearer token-1');
    expect(seen[1]!.auth).toBe('Bearer token-9');
    const gap = (i: number) => seen[i]!.at - seen[i - 1]!.at;
    // After a stream that lived (200 ms ≥ stableMs): at once, not after the smallest delay (150 to 300 ms).
    expect(gap(1) - 200).toBeLessThan(140);
    expect(gap(2) - 200).toBeLessThan(140);
    // Then every attempt fails or is cut at once: delays drawn from [150, 300], [300, 600], [600, 1200], [1200, 2400] ms.
    const waits = [from + 1, from + 2, from + 3, from + 4].map(gap);
    expect(waits[0]).toBeGreaterThanOrEqual(145);
    expect(waits[1]).toBeGreaterThanOrEqual(295);
    expect(waits[2]).toBeGreaterThanOrEqual(595);
    expect(waits[3]).toBeGreaterThanOrEqual(1195);
    const count = seen.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(seen.length).toBe(count); // closed: no more attempts
  });

  test('signing out aborts the open stream and waits; signing in opens it again; close ends it for good', async () => {
    const open: ServerResponse[] = [];
    const auth: string[] = [];
    handler = (req, res) => {
      auth.push(req.headers.authorization ?? '');
      streamHead(res);
      res.write(': connected\n\n');
      open.push(res);
    };
    let aborted = 0;
    const close = openEventStream('/s', { onEvent: () => undefined, minDelayMs: 50 });
    await until(() => auth.length === 1);
    open[0]!.on('close', () => {
      aborted++;
    });
    useSession.setState({ accessToken: null, refreshToken: null });
    await until(() => aborted === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(auth).toHaveLength(1);
    useSession.setState({ accessToken: 'token-3', refreshToken: 'r' });
    await until(() => auth.length === 2);
    expect(auth[1]).toBe('Bearer token-3');
    open[1]!.on('close', () => {
      aborted++;
    });
    close();
    await until(() => aborted === 2);
    useSession.setState({ accessToken: 'token-4' });
    await new Promise((r) => setTimeout(r, 300));
    expect(auth).toHaveLength(2);
  });
});
