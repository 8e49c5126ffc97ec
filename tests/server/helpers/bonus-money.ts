import type { Kysely } from "kysely";
import type { Database } from "../../../server/db/schema";
import { findCampaign } from "../../../server/repositories/bonuses";
import { inTransaction } from "../../../server/repositories/transaction";
import { campaignOf } from "../../../server/services/bonuses-campaigns";
import {
  creditCampaign,
  type CreditOutcome,
} from "../../../server/services/bonuses";
import { lockWallet, toCents } from "../../../server/services/ledger";

// Helpers of the bonus money tests (issue 24): a campaign written as the operator's settings write
// one, and a bonus of it given to a player through the engine (server/services/bonuses.ts
// creditCampaign, the wallet locked), as a claim or a trigger gives it.

export interface TestCampaign {
  id: string;
  vertical?: "CASINO" | "LIVE_CASINO" | "SPORTS" | "FREE_SPINS";
  bonusType?: "STICKY" | "NON_STICKY";
  wrMultiplier?: number;
  gameLimitations?: string[];
  freeSpinGames?: { gameId: string; rounds: number }[];
  expiryDays?: number;
}

let campaigns = 0;

/** A running MANUAL campaign (ACTIVE, no dates) with the given rules; answers its id. */
export async function testCampaign(
  db: Kysely<Database>,
  campaign: Partial<TestCampaign> = {},
): Promise<string> {
  campaigns += 1;
  const id =
    campaign.id ?? `test-bonus-${String(process.pid)}-${String(campaigns)}`;
  await db
    .insertInto("bonus_campaigns")
    .values({
      id,
      vertical: campaign.vertical ?? "CASINO",
      status: "ACTIVE",
      category: "MANUAL",
      trigger_event: null,
      bonus_type: campaign.bonusType ?? "NON_STICKY",
      bet_bonus_type: campaign.freeSpinGames ? -1 : 0,
      wr_multiplier: String(campaign.wrMultiplier ?? 10),
      bonus_amounts: JSON.stringify({ EUR: "10.00" }),
      game_limitations: JSON.stringify(campaign.gameLimitations ?? []),
      free_spin_games: campaign.freeSpinGames
        ? JSON.stringify(campaign.freeSpinGames)
        : null,
      expiry_days: campaign.expiryDays ?? 30,
      display_info: JSON.stringify({
        en: { title: id, description: id, terms: id },
      }),
    })
    .execute();
  return id;
}

/** Gives the player a bonus of `amount` of the campaign (queued when `queue` and the vertical has an active one). */
export async function giveBonus(
  db: Kysely<Database>,
  playerId: number,
  campaignId: string,
  amount: string,
  options: { creditKey?: string; queue?: boolean; now?: Date } = {},
): Promise<CreditOutcome> {
  const row = await findCampaign(db, campaignId);
  if (!row) throw new Error(`no campaign ${campaignId}`);
  return inTransaction(db, async (trx) => {
    const wallet = await lockWallet(trx, playerId);
    if (!wallet) throw new Error(`no wallet of ${String(playerId)}`);
    return creditCampaign(trx, wallet, campaignOf(row), {
      creditKey:
        options.creditKey ?? `test:${String(playerId)}:${campaignId}:${amount}`,
      cents: toCents(amount),
      now: options.now ?? new Date(),
      whenActive: options.queue === true ? "queue" : "refuse",
    });
  });
}

/** The player's assignment of a campaign as the database holds it. */
export async function assignmentOf(
  db: Kysely<Database>,
  playerId: number,
  campaignId: string,
) {
  return db
    .selectFrom("bonus_assignments")
    .selectAll()
    .where("player_id", "=", playerId)
    .where("campaign_id", "=", campaignId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}
