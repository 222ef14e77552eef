import { describe, expect, it } from 'vitest';
import { authApi, loadUser } from './session/api';
import { merchantSession } from '../test/fixtures';
import { mockServer } from '../test/mockServer';
import { api } from './api';
import { readCookie } from './csrf';
import { makeStore } from './store';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeWrite: build.mutation<unknown, void>({ query: () => ({ url: 'probe', method: 'POST', body: { a: 1 } }) }),
    probeRead: build.query<unknown, void>({ query: () => 'probe' }),
  }),
});

describe('API layer', () => {
  it('reads the anti-forgery cookie, URI-decoded', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeNull();
  });

  it('sends credentials, JSON and no-cache headers, and the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Ben%3D';
    const server = mockServer({ 'POST /api/probe': { status: 200, body: { ok: true } } });
    const store = makeStore();
    await store.dispatch(probe.endpoints.probeWrite.initiate()).unwrap();
    const [call] = server.callsTo('POST', '/api/probe');
    expect(call.headers.get('Accept')).toBe('application/json');
    expect(call.headers.get('cache-control')).toBe('no-cache');
    expect(call.headers.get('X-XSRF-TOKEN')).toBe('tok+en=');
    expect(call.credentials).toBe('include');
    expect(call.body).toEqual({ a: 1 });
  });

  it('on a 419 fetches a new cookie and retries once, with the new token', async () => {
    document.cookie = 'XSRF-TOKEN=stale';
    const server = mockServer({
      'POST /api/probe': (call) =>
        call.headers.get('X-XSRF-TOKEN') === 'fresh'
          ? { status: 200, body: { ok: true } }
          : { status: 419, body: { message: 'CSRF token mismatch.' } },
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=fresh';
        return { status: 204 };
      },
    });
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.probeWrite.initiate()).unwrap();
    expect(result).toEqual({ ok: true });
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/probe',
      'GET /sanctum/csrf-cookie',
      'POST /api/probe',
    ]);
  });

  it('retries a 419 only once', async () => {
    const server = mockServer({
      'POST /api/probe': { status: 419, body: { message: 'CSRF token mismatch.' } },
      'GET /sanctum/csrf-cookie': { status: 204 },
    });
    const store = makeStore();
    await expect(store.dispatch(probe.endpoints.probeWrite.initiate()).unwrap()).rejects.toMatchObject({ status: 419 });
    expect(server.callsTo('POST', '/api/probe')).toHaveLength(2);
    expect(server.callsTo('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('on a 401 forgets the session (the guard then sends the user to sign-in)', async () => {
    mockServer({
      'GET /api/user': { status: 200, body: merchantSession() },
      'GET /api/probe': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    const store = makeStore();
    await loadUser(store.dispatch);
    expect(store.getState().auth.status).toBe('authenticated');
    await store.dispatch(probe.endpoints.probeRead.initiate()).unwrap().catch(() => undefined);
    expect(store.getState().auth).toMatchObject({ status: 'guest', user: null, role: null });
  });

  it('fetches the anti-forgery cookie before signing in', async () => {
    const server = mockServer({
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=first';
        return { status: 204 };
      },
      'POST /api/login': { status: 200, body: merchantSession() },
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.ma', password: 'x', remember: true })).unwrap();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/login']);
    expect(server.calls[1].headers.get('X-XSRF-TOKEN')).toBe('first');
    expect(server.calls[1].body).toEqual({ email: 'a@b.ma', password: 'x', remember: true });
  });

  it('rethrows a failed user load and keeps the common routes (session stays unknown → guest by the caller)', async () => {
    mockServer({ 'GET /api/user': { status: 500, body: { message: 'boom' } } });
    const store = makeStore();
    await expect(loadUser(store.dispatch)).rejects.toMatchObject({ status: 500 });
  });
});
