import * as v from 'valibot';
import {
  BONUS_TYPES,
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_VERTICALS,
  isCashbackTrigger,
  TRIGGER_EVENTS,
  walletVerticalOf,
  type BonusType,
  type CampaignCategory,
  type CampaignStatus,
  type CampaignVertical,
  type TriggerEvent,
} from '../../machines/lib/bonuses';
import { DAY_MS } from '../../machines/lib/constants';
import type { MarketCode } from '../../machines/lib/markets';
import { CURRENCY_MINOR_UNITS, isCurrency, type BonusVertical } from '../../machines/lib/wallet';
import type { CampaignDisplayInfo } from '../../src/api/bonuses';
import { decimalToCents, LEDGER_BOUNDS } from '../../machines/lib/money';
import type { MarketBonusRules } from '../domain/settings';
import type { CampaignRow } from '../repositories/bonuses';
import type { Player } from './players';

// A campaign as the bonus engine reads it (migration 0025 `bonus_campaigns`, its JSON columns parsed
// once), and who it is offered to: behaviour.md §5 and §6, the market's bonus rules (server/domain/
// settings.ts MarketBonusRules) and responsible gambling. Pure: the rows come from
// server/repositories/bonuses.ts, the decisions go to server/services/bonuses*.ts.

const amountMap = v.record(v.string(), v.pipe(v.string(), v.regex(/^\d{1,16}(\.\d{1,2})?$/)));
const displaySchema = v.record(v.string(), v.object({ title: v.string(), description: v.string(), terms: v.string(), imageUrl: v.optional(v.nullable(v.string()), null) }));
const cashbackSchema = v.object({ percentage: v.number(), maxAmounts: v.optional(amountMap, {}), period: v.picklist(['INSTANT', 'DAILY', 'WEEKLY', 'TIMEFRAME']) });
const freeSpinGamesSchema = v.array(v.object({ gameId: v.string(), rounds: v.pipe(v.number(), v.integer(), v.minValue(1)) }));
const stringList = v.array(v.string());

export interface Campaign {
  id: string;
  vertical: CampaignVertical;
  walletVertical: BonusVertical;
  status: CampaignStatus;
  category: CampaignCategory;
  triggerEvent: TriggerEvent | null;
  bonusType: BonusType;
  betBonusType: number;
  wrMultiplier: number;
  bonusAmounts: Readonly<Record<string, string>> | null;
  bonusPercentage: number | null;
  maxBonusAmounts: Readonly<Record<string, string>> | null;
  bonusCode: string | null;
  partnerBonusCode: string | null;
  cashbackInfo: v.InferOutput<typeof cashbackSchema> | null;
  boosterGames: string[];
  boosterMultiplier: number | null;
  gameLimitations: string[];
  freeSpinGames: { gameId: string; rounds: number }[] | null;
  expiryDays: number;
  timeframeHours: number | null;
  linkedCampaignId: string | null;
  requiresAgreement: boolean;
  progressSteps: number;
  displayInfo: v.InferOutput<typeof displaySchema>;
  defaultLanguage: string;
  markets: string[];
  startsAt: Date | null;
  endsAt: Date | null;
}

export function campaignOf(row: CampaignRow): Campaign {
  const vertical = v.parse(v.picklist(CAMPAIGN_VERTICALS), row.vertical);
  return {
    id: row.id,
    vertical,
    walletVertical: walletVerticalOf(vertical),
    status: v.parse(v.picklist(CAMPAIGN_STATUSES), row.status),
    category: v.parse(v.picklist(CAMPAIGN_CATEGORIES), row.category),
    triggerEvent: row.trigger_event === null ? null : v.parse(v.picklist(TRIGGER_EVENTS), row.trigger_event),
    bonusType: v.parse(v.picklist(BONUS_TYPES), row.bonus_type),
    betBonusType: row.bet_bonus_type,
    wrMultiplier: Number(row.wr_multiplier),
    bonusAmounts: row.bonus_amounts === null ? null : v.parse(amountMap, row.bonus_amounts),
    bonusPercentage: row.bonus_percentage === null ? null : Number(row.bonus_percentage),
    maxBonusAmounts: row.max_bonus_amounts === null ? null : v.parse(amountMap, row.max_bonus_amounts),
    bonusCode: row.bonus_code,
    partnerBonusCode: row.partner_bonus_code,
    cashbackInfo: row.cashback_info === null ? null : v.parse(cashbackSchema, row.cashback_info),
    boosterGames: v.parse(stringList, row.booster_games),
    boosterMultiplier: row.booster_multiplier === null ? null : Number(row.booster_multiplier),
    gameLimitations: v.parse(stringList, row.game_limitations),
    freeSpinGames: row.free_spin_games === null ? null : v.parse(freeSpinGamesSchema, row.free_spin_games),
    expiryDays: row.expiry_days,
    timeframeHours: row.timeframe_hours,
    linkedCampaignId: row.linked_campaign_id,
    requiresAgreement: row.requires_agreement,
    progressSteps: row.progress_steps,
    displayInfo: v.parse(displaySchema, row.display_info),
    defaultLanguage: row.default_language,
    markets: v.parse(stringList, row.markets),
    startsAt: row.starts_at === null ? null : new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
  };
}

/** product.md §3 campaignDisplayInfo in the player's language, else the campaign's default one. */
export function displayInfoFor(campaign: Campaign, language: string): CampaignDisplayInfo {
  const own = campaign.displayInfo[language];
  const chosen = own ?? campaign.displayInfo[campaign.defaultLanguage] ?? Object.values(campaign.displayInfo)[0];
  const used = own !== undefined ? language : campaign.displayInfo[campaign.defaultLanguage] !== undefined ? campaign.defaultLanguage : (Object.keys(campaign.displayInfo)[0] ?? language);
  return { language: used, title: chosen?.title ?? campaign.id, description: chosen?.description ?? '', terms: chosen?.terms ?? '', imageUrl: chosen?.imageUrl ?? null };
}

/** An amount of a currency's map in cents, whole units for a currency without minor units; null: none for this currency. */
export function amountIn(map: Readonly<Record<string, string>> | null, currency: string): bigint | null {
  const text = map?.[currency];
  if (text === undefined) return null;
  return decimalToCents(text, LEDGER_BOUNDS);
}

/** Cents a currency can hold: JPY and CLP whole units (rounded down: never more than the terms). */
export function holdable(cents: bigint, currency: string): bigint {
  if (isCurrency(currency) && CURRENCY_MINOR_UNITS[currency] === 0) return (cents / 100n) * 100n;
  return cents;
}

/** A deposit trigger of a numbered deposit (FIRST..FIFTH) or NEXT_DEPOSIT. */
export function isDepositTrigger(trigger: TriggerEvent | null): boolean {
  return trigger !== null && (trigger.endsWith('_DEPOSIT') || trigger === 'NEXT_DEPOSIT');
}

/** A campaign a player may be given again (each deposit, each cashback period); others once. */
export function isRepeatable(campaign: Campaign): boolean {
  return campaign.triggerEvent === 'NEXT_DEPOSIT' || (campaign.triggerEvent !== null && isCashbackTrigger(campaign.triggerEvent));
}

/** Running at `now`: ACTIVE, started, not ended. */
export function isRunning(campaign: Campaign, now: Date): boolean {
  return campaign.status === 'ACTIVE' && (campaign.startsAt === null || campaign.startsAt <= now) && (campaign.endsAt === null || campaign.endsAt > now);
}

/**
 * Why bonuses are not for this player now (responsible gambling first), or null: a time-out, a
 * cooling-off, a self-exclusion, a restricted, closed or blacklisted account (the bonuses access flag,
 * server/services/account-status.ts), a payout-risk flag or a suspended multibrand account
 * (behaviour.md §6), or a market that allows none (MarketBonusRules.bonuses).
 */
export function playerBonusRefusal(player: Pick<Player, 'status'>, bonusesAccess: boolean, multibrandSuspended: boolean, rules: MarketBonusRules): 'access' | 'market' | null {
  if (!bonusesAccess || player.status === 'PAYOUT' || multibrandSuspended) return 'access';
  if (!rules.bonuses) return 'market';
  return null;
}

/** What the market allows of this campaign: Sweden's first play only, a wagering cap, the campaign's markets. */
export function marketAllows(campaign: Campaign, market: MarketCode, rules: MarketBonusRules, everGivenABonus: boolean): boolean {
  if (campaign.markets.length > 0 && !campaign.markets.includes(market)) return false;
  if (rules.maxWrMultiplier !== null && campaign.wrMultiplier > rules.maxWrMultiplier) return false;
  if (rules.firstPlayOnly) {
    if (everGivenABonus) return false;
    if (campaign.triggerEvent !== 'REGISTRATION' && campaign.triggerEvent !== 'FIRST_DEPOSIT') return false;
  }
  return true;
}

/** A campaign can pay this currency: a fixed amount in it, a percentage, cashback or free spins. */
export function paysIn(campaign: Campaign, currency: string): boolean {
  if (campaign.freeSpinGames !== null) return true;
  if (campaign.cashbackInfo !== null) return true;
  if (campaign.bonusPercentage !== null) return true;
  return amountIn(campaign.bonusAmounts, currency) !== null;
}

/** When an assignment of the campaign given at `now` expires. */
export function expiryOf(campaign: Campaign, now: Date): Date {
  return new Date(now.getTime() + campaign.expiryDays * DAY_MS);
}
