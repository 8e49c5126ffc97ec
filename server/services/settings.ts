import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { MARKET_CODES, type MarketCode } from '../../machines/lib/markets';
import { LIMIT_DURATIONS, marketRgRules, type MarketRgRules } from '../../machines/lib/responsibleGambling';
import type { Database } from '../db/schema';

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
} as const;

export interface PlatformSettings {
  /** Maintenance mode: the access check answers 503 and the app shows the maintenance page. */
  maintenance: boolean;
  /** ISO 3166-1 alpha-2 codes of countries the site may not be used from (403 on the access check). */
  restrictedCountries: readonly string[];
  /** The visitor's country when no trusted header names one. */
  defaultCountry: string;
  /**
   * Issue 13 "The compliance layer, per market": per market, the responsible-gambling rules that
   * differ from the market's defaults (machines/lib/responsibleGambling.ts MARKET_RG_RULES). An
   * operator switches a rule on or off here, without code; `rgRulesFor` reads the result.
   */
  marketRules: Partial<Record<MarketCode, Partial<MarketRgRules>>>;
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  maintenance: false,
  // Countries this operator holds no licence for; none is the origin of an enabled market
  // (machines/lib/markets.ts), so no market's own players are turned away.
  restrictedCountries: ['US', 'AU', 'IR', 'KP'],
  defaultCountry: 'MT',
  marketRules: {},
};

/** A market's responsible-gambling rules: its defaults with the platform's overrides (issue 13). */
export function rgRulesFor(settings: Pick<PlatformSettings, 'marketRules'>, market: MarketCode): MarketRgRules {
  return marketRgRules(market, settings.marketRules[market] ?? {});
}

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
    const rows = await db.selectFrom('platform_settings').select(['key', 'value']).execute();
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
        await db
          .insertInto('platform_settings')
          .values(entries)
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => ({
              value: eb.ref('excluded.value'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      return read();
    },
    async reset() {
      // Only the switches: other rows (the token signing secret) are not settings to reset.
      await db.deleteFrom('platform_settings').where('key', 'in', SETTING_KEYS).execute();
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
    default:
      break;
  }
}
