import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../src/api/auth';

// Issue 8 "A quiet console": restoring a session that does not exist is a normal answer (204, or
// 200 without a token), which the app reads as "no session", not as a failed request.

function answer(status: number, body?: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authApi.refresh', () => {
  it('resolves null on 204 No Content', async () => {
    const fetch = answer(204);
    await expect(authApi.refresh()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/player/session/refresh', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it('resolves null on a 200 without a token', async () => {
    answer(200, { idToken: null });
    await expect(authApi.refresh()).resolves.toBeNull();
  });

  it('resolves the token and last login when there is a session', async () => {
    answer(200, { idToken: 'a.b.c', lastAuth: null });
    await expect(authApi.refresh()).resolves.toEqual({ idToken: 'a.b.c', lastAuth: null });
  });

  it('still fails on a real error', async () => {
    answer(500, { code: 'error.system.error', message: 'boom' });
    await expect(authApi.refresh()).rejects.toMatchObject({ status: 500, code: 'error.system.error' });
  });
});
