import type { Kysely } from 'kysely';
import {
  DOCUMENT_TYPES,
  documentTypeStatuses,
  kycLevelOf,
  requestDocumentTypeStatusOf,
  requiredDocumentTypes,
  type CashierKyc,
  type DocumentRequest,
  type DocumentStatus,
  type DocumentType,
  type DocumentTypeStatuses,
  type EddState,
  type KycDocument,
  type KycLevel,
} from '../../machines/lib/kyc';
import type { Database } from '../db/schema';
import { documentRequestRows, playerDocumentRows, type DocumentRow } from '../repositories/documents';
import { findEddRow } from '../repositories/edd';
import { findPlayerById } from '../repositories/players';
import type { Player } from './players';

// The player's KYC level and document types' statuses (product.md §3 "KYC level", player profile
// requestDocumentTypeStatus), read from the documents, the operator's requests and the EDD
// questionnaire with machines/lib/kyc.ts's rules. The profile (server/services/account.ts), the
// documents (server/services/documents.ts), the cashier (server/services/cashier.ts) and the live
// connection's PLAYER_ATTRIBUTE_CHANGE (server/http/wallet-live.ts) read it from here.

/** The player's KYC as the rules read it. */
export interface PlayerKyc {
  kycStatus: KycLevel;
  requestDocumentTypeStatus: string;
  statuses: DocumentTypeStatuses;
  requests: DocumentRequest[];
  rows: DocumentRow[];
}

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

function kycDocumentOf(row: DocumentRow): KycDocument | null {
  if (!isDocumentType(row.document_type)) return null;
  return {
    documentType: row.document_type,
    documentStatus: row.status as DocumentStatus,
    subType: row.sub_type,
    updatedAt: new Date(row.uploaded_at ?? row.updated_at),
  };
}

/**
 * The EDD questionnaire's state (server/repositories/edd.ts): its answers sent or accepted; asked
 * and not answered is an open request of EDD_QUESTIONNAIRE.
 */
async function eddOf(db: Kysely<Database>, playerId: number): Promise<{ edd: EddState; requestedAt: Date | null }> {
  const row = await findEddRow(db, playerId);
  if (!row) return { edd: 'none', requestedAt: null };
  if (row.status === 'requested') return { edd: 'none', requestedAt: row.requestedAt };
  return { edd: row.status, requestedAt: row.requestedAt };
}

/** The player's documents, requests, type statuses and KYC level (product.md §3). */
export async function kycOfPlayer(db: Kysely<Database>, player: Pick<Player, 'id' | 'kyc_status'>): Promise<PlayerKyc> {
  const [rows, requestRows, edd] = await Promise.all([playerDocumentRows(db, player.id), documentRequestRows(db, player.id), eddOf(db, player.id)]);
  const documents = rows.map(kycDocumentOf).filter((document): document is KycDocument => document !== null);
  const requests: DocumentRequest[] = requestRows
    .filter((row) => isDocumentType(row.document_type))
    .map((row) => ({ documentType: row.document_type as DocumentType, subType: row.sub_type === '' ? null : row.sub_type, requestedAt: new Date(row.requested_at) }));
  if (edd.requestedAt !== null && edd.edd !== 'approved') {
    requests.push({ documentType: 'EDD_QUESTIONNAIRE', subType: null, requestedAt: edd.requestedAt });
  }
  const statuses = documentTypeStatuses(documents, requests, edd.edd);
  return { kycStatus: kycLevelOf(player.kyc_status, statuses), requestDocumentTypeStatus: requestDocumentTypeStatusOf(statuses), statuses, requests, rows };
}

/** The channel a KYC change is announced on (server/http/wallet-live.ts listens). */
export { PLAYER_ATTRIBUTES_CHANNEL } from '../repositories/documents';

/** The attributes a PLAYER_ATTRIBUTE_CHANGE carries (behaviour.md §7): the KYC level and the types' statuses; null when the player is gone. */
export async function playerKycAttributes(db: Kysely<Database>, playerId: number): Promise<Record<string, string> | null> {
  const player = await findPlayerById(db, playerId);
  if (!player) return null;
  const kyc = await kycOfPlayer(db, player);
  return { kycStatus: kyc.kycStatus, requestDocumentTypeStatus: kyc.requestDocumentTypeStatus };
}

/** What the cashier reads of the player's KYC (machines/lib/kyc.ts cashierDocumentsResult). */
export async function cashierKycOf(db: Kysely<Database>, player: Player): Promise<CashierKyc> {
  const kyc = await kycOfPlayer(db, player);
  const required = new Set(requiredDocumentTypes(kyc.statuses));
  const open = kyc.requests.filter((request) => required.has(request.documentType));
  return {
    kycStatus: kyc.kycStatus,
    statuses: kyc.statuses,
    requestedTypes: [...new Set(kyc.requests.map((request) => request.documentType))],
    oldestOpenRequestAt: open.length === 0 ? null : new Date(Math.min(...open.map((request) => request.requestedAt.getTime()))),
    countryCode: player.country_code,
  };
}

