import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { MARKET_CODES } from '../../machines/lib/markets';
import { LIMIT_DURATIONS } from '../../machines/lib/responsibleGambling';
import type { Database } from '../db/schema';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../domain/settings';
import { deleteSettings, settingRows, upsertSettings } from '../repositories/platform-settings';

export { bonusRulesFor, DEFAULT_PLATFORM_SETTINGS, rgRulesFor, type MarketBonusRules, type PlatformSettings } from '../domain/settings';

// Platform-wide switches stored in `platform_settings`, one row a key. A key with no row has its
// default, so a fresh database and "reset" (test mode) both mean the defaults below.

const countryCode = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/));

const settingSchemas = {
  maintenance: v.boolean(),
  restrictedCountries: v.array(countryCode),
  defaultCountry: countryCode,
  marketRules: v.record(
    v.picklist(MARKET_CODES),
    v.strictObject({
      sessionBar: v.optional(v.boolean()),
      swedishBadges: v.optional(v.boolean()),
      panicButton: v.optional(v.boolean()),
      limitsAtRegistration: v.optional(v.picklist(['none', 'offered', 'required'])),
      limitsPromptAtFirstDeposit: v.optional(v.boolean()),
      requiredDepositLimit: v.optional(v.nullable(v.union([v.picklist(LIMIT_DURATIONS), v.literal('any')]))),
      requiredActivityLimit: v.optional(v.boolean()),
      maxDepositLimit: v.optional(v.record(v.picklist(LIMIT_DURATIONS), v.pipe(v.number(), v.minValue(1)))),
      increaseDelayHours: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 31))),
      increaseNotBeforePeriodEnd: v.optional(v.boolean()),
      withdrawalCancellation: v.optional(v.boolean()),
      timeoutMonthChoices: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3)))),
    }),
  ),
  // Issue 24: server/domain/settings.ts MarketBonusRules.
  bonusRules: v.record(
    v.picklist(MARKET_CODES),
    v.strictObject({
      bonuses: v.optional(v.boolean()),
      firstPlayOnly: v.optional(v.boolean()),
      manualClaim: v.optional(v.boolean()),
      maxWrMultiplier: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1000)))),
    }),
  ),
} as const;

type SettingKey = keyof PlatformSettings;
const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];

export interface SettingsStore {
  read(): Promise<PlatformSettings>;
  update(patch: Partial<PlatformSettings>): Promise<PlatformSettings>;
  /** Back to the defaults (drops every stored value). */
  reset(): Promise<PlatformSettings>;
}

export function createSettingsStore(db: Kysely<Database>): SettingsStore {
  const read = async (): Promise<PlatformSettings> => {
    const rows = await settingRows(db);
    const settings: PlatformSettings = { ...DEFAULT_PLATFORM_SETTINGS };
    for (const row of rows) applyStored(settings, row.key, row.value);
    return settings;
  };

  return {
    read,
    async update(patch) {
      const entries = SETTING_KEYS.filter((key) => patch[key] !== undefined).map((key) => ({
        key,
        value: JSON.stringify(v.parse(settingSchemas[key], patch[key])),
        updated_at: new Date(),
      }));
      if (entries.length > 0) {
        await upsertSettings(db, entries);
      }
      return read();
    },
    async reset() {
      // Only the switches: other rows (the token signing secret) are not settings to reset.
      await deleteSettings(db, SETTING_KEYS);
      return read();
    },
  };
}

/** A stored value that no longer parses (an older shape) is ignored: the default stands. */
function applyStored(settings: PlatformSettings, key: string, value: unknown): void {
  switch (key) {
    case 'maintenance': {
      const parsed = v.safeParse(settingSchemas.maintenance, value);
      if (parsed.success) settings.maintenance = parsed.output;
      break;
    }
    case 'restrictedCountries': {
      const parsed = v.safeParse(settingSchemas.restrictedCountries, value);
      if (parsed.success) settings.restrictedCountries = parsed.output;
      break;
    }
    case 'defaultCountry': {
      const parsed = v.safeParse(settingSchemas.defaultCountry, value);
      if (parsed.success) settings.defaultCountry = parsed.output;
      break;
    }
    case 'marketRules': {
      const parsed = v.safeParse(settingSchemas.marketRules, value);
      if (parsed.success) settings.marketRules = parsed.output;
      break;
    }
    case 'bonusRules': {
      const parsed = v.safeParse(settingSchemas.bonusRules, value);
      if (parsed.success) settings.bonusRules = parsed.output;
      break;
    }
    default:
      break;
  }
}
