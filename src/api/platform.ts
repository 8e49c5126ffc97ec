import * as v from 'valibot';
import { request } from './client';

// Access check (behaviour.md §4 "Other states", product.md §2 "Whole-app screens"):
// GET /api/player/access/context answers
//   200 { countryCode, maintenance: false }             the site may be used;
//   403 { code: 'error.access.restricted', message }   the visitor's country is restricted;
//   503 { code: 'error.maintenance', message }         the platform is in maintenance.

// The two codes live with the machine that reads them (machines/lib/accessCodes.ts); re-exported here
// so the client and the server keep one spelling.
export { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../machines/lib/accessCodes';

export const accessContextSchema = v.object({
  countryCode: v.string(),
  maintenance: v.boolean(),
});
export type AccessContext = v.InferOutput<typeof accessContextSchema>;

export const platformApi = {
  accessContext: (signal?: AbortSignal) => request('/player/access/context', accessContextSchema, { signal }),
};
