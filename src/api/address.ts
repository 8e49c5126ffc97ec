import * as v from 'valibot';
import { addressSchema, CA_PROVINCES, type PlayerAddress, type ProvinceCode } from '../../machines/lib/address';
import { request } from './client';
import { FIELD_CODES } from './errors';

// The address and province contract (issue 23; product.md §3 "Account details": "address ... province
// forms", "Canadian provinces list (Ontario is ON)"; behaviour.md §7 "/player/address"). The platform
// parses the PUT bodies with the schemas below (server/routes/address.ts) and answers the response
// shapes; the app parses every answer with them. The rules are machines/lib/address.ts.
//
//   GET /player/address  -> { address: { streetAddress, postalCode, city } | null, countryCode }
//   PUT /player/address  { streetAddress, postalCode, city } -> the same answer (the address replaced)
//       the country is the player's own (not in the body); the postal code in its shape
//       (validation.postal_code), each field required (validation.required), at most its length
//       (validation.too_long), in its characters (validation.invalid)
//   GET /player/province -> { provinceCode }   (null: none given yet)
//   PUT /player/province { provinceCode } -> { provinceCode }  one of the 13 codes (validation.province);
//       the next id token carries it (claim province_code)
//
// Error codes: 400 error.request.invalid (not a JSON object, or too large: 413) | 400 error.validation
// (errors: [{ field, code }]) | 409 error.province.not_applicable (a player whose country is not
// Canada: the province calls only) | 401 / 403 of the session. A refusal changes nothing.

export const addressResponseSchema = v.object({
  address: v.nullable(v.object({ streetAddress: v.string(), postalCode: v.string(), city: v.string() })),
  /** The player's country (ISO 3166-1 alpha-2): the postal code's pattern is its. */
  countryCode: v.string(),
});
export type AddressResponse = { address: PlayerAddress | null; countryCode: string };

/** PUT /player/address: the whole address. */
export const addressRequestSchema = addressSchema;
export type AddressRequest = PlayerAddress;

/** PUT /player/province. */
export const provinceRequestSchema = v.strictObject({ provinceCode: v.picklist(CA_PROVINCES, FIELD_CODES.province) }, FIELD_CODES.invalid);
export type ProvinceRequest = { provinceCode: ProvinceCode };

export const provinceResponseSchema = v.object({ provinceCode: v.nullable(v.picklist(CA_PROVINCES)) });
export type ProvinceResponse = { provinceCode: ProvinceCode | null };

export const addressApi = {
  get: (signal?: AbortSignal): Promise<AddressResponse> => request('/player/address', addressResponseSchema, { auth: true, signal }),
  save: (address: AddressRequest, signal?: AbortSignal): Promise<AddressResponse> =>
    request('/player/address', addressResponseSchema, { method: 'PUT', body: address, auth: true, signal }),
  province: async (signal?: AbortSignal): Promise<ProvinceCode | null> =>
    (await request('/player/province', provinceResponseSchema, { auth: true, signal })).provinceCode,
  saveProvince: async (provinceCode: ProvinceCode, signal?: AbortSignal): Promise<ProvinceCode | null> =>
    (await request('/player/province', provinceResponseSchema, { method: 'PUT', body: { provinceCode } satisfies ProvinceRequest, auth: true, signal }))
      .provinceCode,
};
