import * as v from 'valibot';
import { expect } from 'vitest';
import type { createApp } from '../../../server/app';
import { json } from './platform';

// Helpers of the responsible-gambling server tests (issue 13; src/api/responsibleGambling.ts).

type App = ReturnType<typeof createApp>;

/** A player's call under /api: GET without a body, any other method with a JSON one. */
export function rgCall(app: App, token: string, method: 'GET' | 'PATCH', path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** A call that must answer 200, parsed with the contract's schema. */
export async function rgOk<TSchema extends v.GenericSchema>(
  app: App,
  token: string,
  method: 'GET' | 'PATCH',
  path: string,
  schema: TSchema,
  body?: unknown,
): Promise<v.InferOutput<TSchema>> {
  const response = await rgCall(app, token, method, path, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await json(response));
}
