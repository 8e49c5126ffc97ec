import type { Kysely } from 'kysely';
import { LANGUAGE_CODES, type LanguageCode } from '../../machines/lib/markets';
import type { Database } from '../db/schema';
import { insertCampaignIfMissing, type NewCampaignRow } from '../repositories/bonuses';
import { catalogOptionsFromEnv, generateGames } from './catalog/games';
import { textIn, type Localised } from './catalog/localised';

// The seeded bonus campaigns (issue 24): one for every trigger and category the engine runs, with
// display info in all 17 content languages (machines/lib/markets.ts LANGUAGE_CODES, written once per
// written language as the catalog's texts are, server/content/catalog/localised.ts). Inserted when
// missing on every start (server/content/seed.ts), so an operator's data folder gets them too, and an
// operator's edits of a seeded campaign (its row in bonus_campaigns) stay.
//
// - welcome-first-deposit (FIRST_DEPOSIT, 100 % up to 100, chosen with the deposit), second..fifth
//   deposit reloads, reload-next-deposit (NEXT_DEPOSIT, LIVE_CASINO);
// - registration-free-spins (REGISTRATION within 72 h, betBonusType -1: 20 rounds on two demo slots);
// - manual-casino-10 (MANUAL, 10 in the account currency, claimable on the rewards page), its linked
//   follow-up linked-casino-20 (LINKED_CAMPAIGN: offered once manual-casino-10 converted),
//   manual-free-bet (FREE_BET, sticky, its terms agreed first), friday-special (SPECIFIC_DAY, its day the campaign's window);
// - WELCOME50 (MANUAL_BONUS_CODE: the bonus-code page's code, 50 in the account currency, 10x);
// - cashback-weekly and cashback-daily (CASHBACK_WEEKLY / _DAILY, activated by the player),
//   cashback-timeframe (CASHBACK_TIMEFRAME, 72 h periods, live casino), and cashback-instant /
//   cashback-booster as DRAFT: the engine pays both (server/services/bonuses.ts settleCashback:
//   the instant one from its last payment, the booster daily with its games counting double), but
//   a brand offers one cashback at a time, so the operator switches one of them on in place of the
//   daily one (its status) rather than show a player three cashback cards at once;
// - optin-sports-reload (OPT_IN, NEXT_DEPOSIT: credited with each deposit once opted in);
// - tournament-prize (TOURNAMENT: never in a regular list, behaviour.md §5).
// Amounts are per currency (every currency of machines/lib/wallet.ts); wagering at most 10x where a
// campaign is for every market (GB's cap, server/domain/settings.ts MARKET_BONUS_RULES).

type Texts = { title: Localised; description: Localised };

const AMOUNTS = (eur: number): Record<string, string> => {
  // Whole units of each currency, roughly the EUR amount's worth.
  const rates: Record<string, number> = { EUR: 1, BRL: 5, CAD: 1.5, CLP: 1000, INR: 90, NZD: 1.8, NOK: 11, SEK: 11, GBP: 1, PHP: 60, TRY: 35, JPY: 160 };
  return Object.fromEntries(Object.entries(rates).map(([currency, rate]) => [currency, `${String(Math.round(eur * rate))}.00`]));
};

const TERMS: Localised = {
  en: 'Wager {wr}x the bonus within {days} days. Bonus terms apply.',
  fi: 'Kierrätä bonus {wr} kertaa {days} päivän kuluessa. Bonusehdot ovat voimassa.',
  no: 'Omsett bonusen {wr} ganger innen {days} dager. Bonusvilkår gjelder.',
  de: 'Setze den Bonus innerhalb von {days} Tagen {wr}-mal um. Es gelten die Bonusbedingungen.',
  fr: 'Misez le bonus {wr} fois en {days} jours. Conditions du bonus applicables.',
  es: 'Apuesta el bono {wr} veces en {days} días. Aplican los términos del bono.',
  pt: 'Aposte o bónus {wr} vezes em {days} dias. Aplicam-se os termos do bónus.',
  ptBR: 'Aposte o bônus {wr} vezes em {days} dias. Valem os termos do bônus.',
  ja: '{days}日以内にボーナスを{wr}回賭けてください。ボーナス規約が適用されます。',
  tl: 'Itaya ang bonus nang {wr} beses sa loob ng {days} araw. May bisa ang mga tuntunin ng bonus.',
  tr: 'Bonusu {days} gün içinde {wr} kez çevirin. Bonus şartları geçerlidir.',
  pl: 'Obróć bonus {wr} razy w ciągu {days} dni. Obowiązuje regulamin bonusu.',
};

const T = {
  welcome: {
    title: { en: 'Welcome bonus', fi: 'Tervetuliaisbonus', no: 'Velkomstbonus', de: 'Willkommensbonus', fr: 'Bonus de bienvenue', es: 'Bono de bienvenida', pt: 'Bónus de boas-vindas', ptBR: 'Bônus de boas-vindas', ja: 'ウェルカムボーナス', tl: 'Welcome bonus', tr: 'Hoş geldin bonusu', pl: 'Bonus powitalny' },
    description: { en: '100% on your first deposit', fi: '100 % ensimmäisestä talletuksesta', no: '100 % på første innskudd', de: '100 % auf deine erste Einzahlung', fr: '100 % sur votre premier dépôt', es: '100 % en tu primer depósito', pt: '100% no primeiro depósito', ptBR: '100% no primeiro depósito', ja: '初回入金に100%', tl: '100% sa unang deposito mo', tr: 'İlk yatırımına %100', pl: '100% od pierwszej wpłaty' },
  },
  reload: {
    title: { en: 'Deposit reload', fi: 'Talletusbonus', no: 'Innskuddsbonus', de: 'Einzahlungsbonus', fr: 'Bonus de recharge', es: 'Bono de recarga', pt: 'Bónus de recarga', ptBR: 'Bônus de recarga', ja: 'リロードボーナス', tl: 'Reload bonus', tr: 'Yatırım bonusu', pl: 'Bonus od wpłaty' },
    description: { en: 'A bonus on this deposit', fi: 'Bonus tästä talletuksesta', no: 'Bonus på dette innskuddet', de: 'Ein Bonus auf diese Einzahlung', fr: 'Un bonus sur ce dépôt', es: 'Un bono en este depósito', pt: 'Um bónus neste depósito', ptBR: 'Um bônus neste depósito', ja: 'この入金へのボーナス', tl: 'Bonus sa depositong ito', tr: 'Bu yatırıma bonus', pl: 'Bonus od tej wpłaty' },
  },
  freeSpins: {
    title: { en: '20 free spins', fi: '20 ilmaiskierrosta', no: '20 gratisspinn', de: '20 Freispiele', fr: '20 tours gratuits', es: '20 giros gratis', pt: '20 rodadas grátis', ptBR: '20 giros grátis', ja: 'フリースピン20回', tl: '20 libreng spin', tr: '20 bedava dönüş', pl: '20 darmowych spinów' },
    description: { en: 'Free spins on two slots for new players', fi: 'Ilmaiskierroksia kahteen kolikkopeliin uusille pelaajille', no: 'Gratisspinn på to spilleautomater for nye spillere', de: 'Freispiele an zwei Automaten für neue Spieler', fr: 'Tours gratuits sur deux machines pour les nouveaux joueurs', es: 'Giros gratis en dos tragamonedas para nuevos jugadores', pt: 'Rodadas grátis em duas slots para novos jogadores', ptBR: 'Giros grátis em dois caça-níqueis para novos jogadores', ja: '新規プレイヤー向け2機種のフリースピン', tl: 'Libreng spin sa dalawang slot para sa bagong manlalaro', tr: 'Yeni oyunculara iki slotta bedava dönüş', pl: 'Darmowe spiny na dwóch automatach dla nowych graczy' },
  },
  manual: {
    title: { en: 'Casino bonus', fi: 'Kasinobonus', no: 'Kasinobonus', de: 'Casino-Bonus', fr: 'Bonus casino', es: 'Bono de casino', pt: 'Bónus de casino', ptBR: 'Bônus de cassino', ja: 'カジノボーナス', tl: 'Casino bonus', tr: 'Casino bonusu', pl: 'Bonus kasynowy' },
    description: { en: 'Claim it now and play', fi: 'Lunasta nyt ja pelaa', no: 'Hent den nå og spill', de: 'Jetzt holen und spielen', fr: 'Réclamez-le et jouez', es: 'Reclámalo ahora y juega', pt: 'Resgate agora e jogue', ptBR: 'Resgate agora e jogue', ja: '今すぐ受け取ってプレイ', tl: 'Kunin na at maglaro', tr: 'Hemen al ve oyna', pl: 'Odbierz teraz i graj' },
  },
  linked: {
    title: { en: 'Next level bonus', fi: 'Seuraavan tason bonus', no: 'Neste nivå-bonus', de: 'Bonus der nächsten Stufe', fr: 'Bonus niveau suivant', es: 'Bono del siguiente nivel', pt: 'Bónus do nível seguinte', ptBR: 'Bônus do próximo nível', ja: '次のレベルのボーナス', tl: 'Bonus sa susunod na antas', tr: 'Sonraki seviye bonusu', pl: 'Bonus kolejnego poziomu' },
    description: { en: 'Unlocked by completing the casino bonus', fi: 'Avautuu, kun kasinobonus on kierrätetty', no: 'Låses opp når kasinobonusen er omsatt', de: 'Freigeschaltet nach dem Casino-Bonus', fr: 'Débloqué après le bonus casino', es: 'Se desbloquea al completar el bono de casino', pt: 'Desbloqueado ao concluir o bónus de casino', ptBR: 'Liberado ao concluir o bônus de cassino', ja: 'カジノボーナス達成で解放', tl: 'Mabubuksan kapag natapos ang casino bonus', tr: 'Casino bonusunu tamamlayınca açılır', pl: 'Odblokowany po ukończeniu bonusu kasynowego' },
  },
  freeBet: {
    title: { en: 'Free bet', fi: 'Ilmaisveto', no: 'Gratisspill', de: 'Gratiswette', fr: 'Pari gratuit', es: 'Apuesta gratis', pt: 'Aposta grátis', ptBR: 'Aposta grátis', ja: 'フリーベット', tl: 'Libreng taya', tr: 'Bedava bahis', pl: 'Darmowy zakład' },
    description: { en: 'A free bet on any sport', fi: 'Ilmaisveto mihin tahansa urheiluun', no: 'Gratisspill på valgfri sport', de: 'Eine Gratiswette auf jeden Sport', fr: 'Un pari gratuit sur tout sport', es: 'Una apuesta gratis en cualquier deporte', pt: 'Uma aposta grátis em qualquer desporto', ptBR: 'Uma aposta grátis em qualquer esporte', ja: 'どのスポーツにも使えるフリーベット', tl: 'Libreng taya sa anumang sport', tr: 'Her spora bedava bahis', pl: 'Darmowy zakład na dowolny sport' },
  },
  friday: {
    title: { en: 'Special day bonus', fi: 'Erikoispäivän bonus', no: 'Spesialdagsbonus', de: 'Bonus zum besonderen Tag', fr: 'Bonus du jour spécial', es: 'Bono del día especial', pt: 'Bónus do dia especial', ptBR: 'Bônus do dia especial', ja: '特別な日のボーナス', tl: 'Bonus sa espesyal na araw', tr: 'Özel gün bonusu', pl: 'Bonus na specjalny dzień' },
    description: { en: 'Only while the special day lasts', fi: 'Vain erikoispäivän ajan', no: 'Kun mens spesialdagen varer', de: 'Nur solange der besondere Tag dauert', fr: 'Seulement pendant le jour spécial', es: 'Solo mientras dure el día especial', pt: 'Só enquanto durar o dia especial', ptBR: 'Só enquanto durar o dia especial', ja: '特別な日の間だけ', tl: 'Habang tumatagal ang espesyal na araw lamang', tr: 'Sadece özel gün boyunca', pl: 'Tylko w specjalny dzień' },
  },
  code: {
    title: { en: 'Bonus code WELCOME50', fi: 'Bonuskoodi WELCOME50', no: 'Bonuskode WELCOME50', de: 'Bonuscode WELCOME50', fr: 'Code bonus WELCOME50', es: 'Código de bono WELCOME50', pt: 'Código de bónus WELCOME50', ptBR: 'Código de bônus WELCOME50', ja: 'ボーナスコード WELCOME50', tl: 'Bonus code WELCOME50', tr: 'Bonus kodu WELCOME50', pl: 'Kod bonusowy WELCOME50' },
    description: { en: 'A bonus for your code', fi: 'Bonus koodillasi', no: 'En bonus for koden din', de: 'Ein Bonus für deinen Code', fr: 'Un bonus pour votre code', es: 'Un bono por tu código', pt: 'Um bónus pelo seu código', ptBR: 'Um bônus pelo seu código', ja: 'コードでボーナス', tl: 'Bonus para sa code mo', tr: 'Kodun için bonus', pl: 'Bonus za Twój kod' },
  },
  cashback: {
    title: { en: 'Cashback', fi: 'Cashback', no: 'Cashback', de: 'Cashback', fr: 'Cashback', es: 'Cashback', pt: 'Cashback', ptBR: 'Cashback', ja: 'キャッシュバック', tl: 'Cashback', tr: 'Nakit iade', pl: 'Cashback' },
    description: { en: 'A share of your net losses back', fi: 'Osa nettotappioistasi takaisin', no: 'En andel av nettotapet tilbake', de: 'Ein Teil deiner Nettoverluste zurück', fr: 'Une part de vos pertes nettes remboursée', es: 'Parte de tus pérdidas netas de vuelta', pt: 'Parte das suas perdas líquidas de volta', ptBR: 'Parte das suas perdas líquidas de volta', ja: '純損失の一部を還元', tl: 'Bahagi ng net na talo mo pabalik', tr: 'Net kayıplarının bir kısmı geri', pl: 'Część strat netto z powrotem' },
  },
  optIn: {
    title: { en: 'Sports reload (opt in)', fi: 'Urheilubonus (liity)', no: 'Sportsbonus (meld deg på)', de: 'Sport-Reload (Teilnahme)', fr: 'Recharge sport (inscription)', es: 'Recarga deportes (inscríbete)', pt: 'Recarga desporto (adesão)', ptBR: 'Recarga esportes (adesão)', ja: 'スポーツリロード（参加制）', tl: 'Sports reload (sumali)', tr: 'Spor yatırım bonusu (katıl)', pl: 'Reload sportowy (zapisz się)' },
    description: { en: 'Opt in: 50% on each deposit', fi: 'Liity: 50 % jokaisesta talletuksesta', no: 'Meld deg på: 50 % på hvert innskudd', de: 'Teilnehmen: 50 % auf jede Einzahlung', fr: 'Inscrivez-vous : 50 % sur chaque dépôt', es: 'Inscríbete: 50 % en cada depósito', pt: 'Adira: 50% em cada depósito', ptBR: 'Participe: 50% em cada depósito', ja: '参加で毎回の入金に50%', tl: 'Sumali: 50% sa bawat deposito', tr: 'Katıl: her yatırıma %50', pl: 'Zapisz się: 50% od każdej wpłaty' },
  },
  tournament: {
    title: { en: 'Tournament prize', fi: 'Turnauspalkinto', no: 'Turneringspremie', de: 'Turnierpreis', fr: 'Prix du tournoi', es: 'Premio del torneo', pt: 'Prémio do torneio', ptBR: 'Prêmio do torneio', ja: 'トーナメント賞品', tl: 'Premyo sa tournament', tr: 'Turnuva ödülü', pl: 'Nagroda turniejowa' },
    description: { en: 'Awarded to tournament winners', fi: 'Turnauksen voittajille', no: 'Til turneringsvinnerne', de: 'Für Turniersieger', fr: 'Pour les gagnants du tournoi', es: 'Para los ganadores del torneo', pt: 'Para os vencedores do torneio', ptBR: 'Para os vencedores do torneio', ja: 'トーナメント優勝者へ', tl: 'Para sa mga nanalo sa tournament', tr: 'Turnuva kazananlarına', pl: 'Dla zwycięzców turnieju' },
  },
} satisfies Record<string, Texts>;

function displayInfo(texts: Texts, wr: number, days: number): string {
  const terms = (language: LanguageCode) => textIn(TERMS, language).replace('{wr}', String(wr)).replace('{days}', String(days));
  return JSON.stringify(
    Object.fromEntries(LANGUAGE_CODES.map((language) => [language, { title: textIn(texts.title, language), description: textIn(texts.description, language), terms: terms(language), imageUrl: null }])),
  );
}

/** The first `count` slots of the catalog the platform serves (the demo provider plays them). */
function demoSlots(count: number): string[] {
  return generateGames(catalogOptionsFromEnv())
    .filter((game) => game.lobby === 'casino' && game.gameType === 'slot')
    .slice(0, count)
    .map((game) => game.id);
}

interface SeedCampaign {
  id: string;
  texts: Texts;
  row: Omit<NewCampaignRow, 'id' | 'display_info'>;
}

/** The seeded campaigns, relative to `now` where a window matters (the special day). */
export function seededCampaigns(now: Date): NewCampaignRow[] {
  const slots = demoSlots(2);
  const reload = (id: string, trigger: string, percentage: number, maxEur: number, wr: number, vertical = 'CASINO'): SeedCampaign => ({
    id,
    texts: id === 'welcome-first-deposit' ? T.welcome : T.reload,
    row: {
      vertical,
      status: 'ACTIVE',
      category: 'TRIGGERED',
      trigger_event: trigger,
      bonus_type: 'NON_STICKY',
      wr_multiplier: String(wr),
      bonus_percentage: String(percentage),
      max_bonus_amounts: JSON.stringify(AMOUNTS(maxEur)),
      expiry_days: 30,
    },
  });
  const campaigns: SeedCampaign[] = [
    reload('welcome-first-deposit', 'FIRST_DEPOSIT', 100, 100, 10),
    reload('second-deposit', 'SECOND_DEPOSIT', 50, 50, 10),
    reload('third-deposit', 'THIRD_DEPOSIT', 40, 40, 10),
    reload('fourth-deposit', 'FOURTH_DEPOSIT', 30, 30, 10),
    reload('fifth-deposit', 'FIFTH_DEPOSIT', 25, 25, 10),
    reload('reload-next-deposit', 'NEXT_DEPOSIT', 25, 50, 10, 'LIVE_CASINO'),
    {
      id: 'registration-free-spins',
      texts: T.freeSpins,
      row: {
        vertical: 'FREE_SPINS',
        status: 'ACTIVE',
        category: 'TRIGGERED',
        trigger_event: 'REGISTRATION',
        timeframe_hours: 72,
        bonus_type: 'NON_STICKY',
        bet_bonus_type: -1,
        wr_multiplier: '10',
        free_spin_games: JSON.stringify(slots.map((gameId) => ({ gameId, rounds: 10 }))),
        game_limitations: JSON.stringify(slots),
        expiry_days: 7,
      },
    },
    {
      id: 'manual-casino-10',
      texts: T.manual,
      row: { vertical: 'CASINO', status: 'ACTIVE', category: 'MANUAL', bonus_type: 'NON_STICKY', wr_multiplier: '10', bonus_amounts: JSON.stringify(AMOUNTS(10)), expiry_days: 14 },
    },
    {
      id: 'linked-casino-20',
      texts: T.linked,
      row: {
        vertical: 'CASINO',
        status: 'ACTIVE',
        category: 'MANUAL',
        trigger_event: 'LINKED_CAMPAIGN',
        linked_campaign_id: 'manual-casino-10',
        bonus_type: 'NON_STICKY',
        wr_multiplier: '10',
        bonus_amounts: JSON.stringify(AMOUNTS(20)),
        expiry_days: 14,
      },
    },
    {
      id: 'manual-free-bet',
      texts: T.freeBet,
      // Its terms are agreed first (the agreement POST: the consent and forfeit-then-consent flows).
      row: { vertical: 'FREE_BET', status: 'ACTIVE', category: 'MANUAL', bonus_type: 'STICKY', wr_multiplier: '1', bonus_amounts: JSON.stringify(AMOUNTS(5)), requires_agreement: true, expiry_days: 7 },
    },
    {
      id: 'friday-special',
      texts: T.friday,
      row: {
        vertical: 'LIVE_CASINO',
        status: 'ACTIVE',
        category: 'LOYALTY',
        trigger_event: 'SPECIFIC_DAY',
        bonus_type: 'NON_STICKY',
        wr_multiplier: '5',
        bonus_amounts: JSON.stringify(AMOUNTS(5)),
        expiry_days: 3,
        starts_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
        ends_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)),
      },
    },
    {
      id: 'welcome-code-50',
      texts: T.code,
      row: {
        vertical: 'CASINO',
        status: 'ACTIVE',
        category: 'MANUAL',
        trigger_event: 'MANUAL_BONUS_CODE',
        bonus_code: 'WELCOME50',
        partner_bonus_code: 'AURORA-WELCOME50',
        bonus_type: 'NON_STICKY',
        wr_multiplier: '10',
        bonus_amounts: JSON.stringify(AMOUNTS(50)),
        expiry_days: 30,
      },
    },
    ...(['WEEKLY', 'DAILY'] as const).map(
      (period): SeedCampaign => ({
        id: `cashback-${period.toLowerCase()}`,
        texts: T.cashback,
        row: {
          vertical: 'CASINO',
          status: 'ACTIVE',
          category: 'LOYALTY',
          trigger_event: `CASHBACK_${period}`,
          bonus_type: 'NON_STICKY',
          wr_multiplier: '1',
          cashback_info: JSON.stringify({ percentage: period === 'WEEKLY' ? 10 : 5, maxAmounts: AMOUNTS(period === 'WEEKLY' ? 100 : 20), period }),
          expiry_days: 7,
        },
      }),
    ),
    ...(['INSTANT', 'BOOSTER'] as const).map(
      (kind): SeedCampaign => ({
        id: `cashback-${kind.toLowerCase()}`,
        texts: T.cashback,
        row: {
          vertical: 'CASINO',
          status: 'DRAFT',
          category: 'LOYALTY',
          trigger_event: `CASHBACK_${kind}`,
          bonus_type: 'NON_STICKY',
          wr_multiplier: '1',
          cashback_info: JSON.stringify({ percentage: 5, maxAmounts: AMOUNTS(20), period: kind === 'INSTANT' ? 'INSTANT' : 'DAILY' }),
          booster_games: JSON.stringify(kind === 'BOOSTER' ? slots : []),
          booster_multiplier: kind === 'BOOSTER' ? '2' : null,
          expiry_days: 7,
        },
      }),
    ),
    {
      id: 'cashback-timeframe',
      texts: T.cashback,
      row: {
        vertical: 'LIVE_CASINO',
        status: 'ACTIVE',
        category: 'LOYALTY',
        trigger_event: 'CASHBACK_TIMEFRAME',
        timeframe_hours: 72,
        bonus_type: 'NON_STICKY',
        wr_multiplier: '1',
        cashback_info: JSON.stringify({ percentage: 5, maxAmounts: AMOUNTS(20), period: 'TIMEFRAME' }),
        expiry_days: 7,
      },
    },
    {
      id: 'optin-sports-reload',
      texts: T.optIn,
      row: {
        vertical: 'SPORTS',
        status: 'ACTIVE',
        category: 'OPT_IN',
        trigger_event: 'NEXT_DEPOSIT',
        bonus_type: 'NON_STICKY',
        wr_multiplier: '5',
        bonus_percentage: '50',
        max_bonus_amounts: JSON.stringify(AMOUNTS(25)),
        expiry_days: 14,
      },
    },
    {
      id: 'tournament-prize',
      texts: T.tournament,
      row: { vertical: 'CASINO', status: 'ACTIVE', category: 'LOYALTY', trigger_event: 'TOURNAMENT', bonus_type: 'NON_STICKY', wr_multiplier: '1', bonus_amounts: JSON.stringify(AMOUNTS(25)), expiry_days: 7 },
    },
  ];
  return campaigns.map((campaign) => ({
    ...campaign.row,
    id: campaign.id,
    display_info: displayInfo(campaign.texts, Number(campaign.row.wr_multiplier), campaign.row.expiry_days),
  }));
}

/** Inserts the seeded campaigns that are missing (every start). */
export async function seedBonusCampaigns(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const campaigns = seededCampaigns(now);
  // linked-casino-20 names manual-casino-10: the campaigns it links to go first.
  const ordered = [...campaigns.filter((row) => row.linked_campaign_id == null), ...campaigns.filter((row) => row.linked_campaign_id != null)];
  for (const row of ordered) await insertCampaignIfMissing(db, row);
  return ordered.length;
}
