import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** Query string parameters, e.g. `{page: '1', per_page: '25', sort: 'name'}`. */
  query: Record<string, string>;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface MockReply {
  status: number;
  body?: unknown;
  /** A body sent as it is (a CSV file), instead of `body` as JSON. */
  text?: string;
  headers?: Record<string, string>;
}

type Handler = (call: RecordedCall, index: number) => MockReply | Promise<MockReply>;

/**
 * Replaces fetch with a small in-memory server: handlers keyed by "METHOD /path".
 * An array of replies answers successive calls in turn (the last one repeats).
 */
export function mockServer(routes: Record<string, Handler | MockReply | MockReply[]>) {
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      credentials: input instanceof Request ? input.credentials : init?.credentials,
      body,
    };
    calls.push(call);
    const key = `${request.method} ${url.pathname}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ message: `no mock for ${key}` }), { status: 404 });
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    const reply =
      typeof route === 'function'
        ? await route(call, index)
        : Array.isArray(route)
          ? route[Math.min(index, route.length - 1)]
          : route;
    const status = reply.status;
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: reply.headers });
    const hasBody = reply.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
