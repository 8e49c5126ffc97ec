// The flow registry (issue 22; docs/adding-a-flow.md): one entry per flow a route can start. The
// session (machines/session.machine.ts) types, guards, spawns and stops its flows from this table;
// the docs generator, the path-test harness, the static-shape test and the system-test fakes read
// it too. A flow's end stays a transition in the session's literal, where Stately draws it.
//
// This file is pure and small: the session imports it, and the session is on the home page. It
// names each flow's machine by a type import and a lazy `machine()` (for tools and tests in Node);
// the app never calls `machine()`: it loads each flow's provided machine with its route
// (src/app/flows/index.ts) and hands it to the session with `flow.loaded`.
import type { DoneActorEvent, InputFrom, OutputFrom } from 'xstate';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import type { AccessDetails, PlayerProfile } from '../src/api/player';
import type { BonusCodeInput, BonusCodeRouteInput } from './bonusCode.machine';
import type { DepositRouteInput } from './deposit.machine';
import type { EddInput } from './edd.machine';
import type { ExclusionInput, ExclusionRouteInput } from './exclusion.machine';
import type { GameLaunchInput, GameLaunchRouteInput } from './gameLaunch.machine';
import type { GamblingLimitsInput } from './gamblingLimits.machine';
import type { LanguageSettingInput } from './languageSetting.machine';
import { DEFAULT_JURISDICTION } from './lib/constants';
import type { SessionClaims } from './lib/identity';
import { LANGUAGES, MARKETS, type LangMarket, type MarketCode } from './lib/markets';
import { cashierCurrency, marketOfCountry, type CashierPlayer } from './lib/wallet';
import type { PayAndPlayInput } from './payAndPlay.machine';
import type { ProvinceChangeInput } from './provinceChange.machine';
import type { SignupInput } from './signup.machine';

/** Who may start a flow: a visitor only (its route sends a player elsewhere), a player only, or anyone. */
export type FlowWho = 'visitor' | 'player' | 'anyone';

/** What a flow's input is made of: the session's view of the player (SessionContext has these fields). */
export interface FlowSessionView {
  /** The route's language and market. */
  langMarket: LangMarket;
  authorized: boolean;
  claims: SessionClaims | null;
  profile: PlayerProfile | null;
  access: AccessDetails | null;
}

/** One registry entry: who may start the flow, its pure machine (lazily), its input from the session and the route. */
export interface FlowEntry<TMachine extends AnyStateMachine, TRoute> {
  who: FlowWho;
  /** The pure machine, for tools and tests (docs, paths, static shape); a separate chunk, never on the home page. */
  machine: () => Promise<TMachine>;
  /** The flow's input when the session spawns it: the route's input with what the session knows. */
  input: (session: FlowSessionView, route: TRoute) => InputFrom<TMachine>;
}

/**
 * A machine module for tools and tests (Node). The specifier is not written in the import, so the
 * bundler neither follows it nor splits the machines into chunks of their own for it: the home
 * page carries a name per flow, not a loader (the app loads the flows' provided machines in
 * src/app/flows/index.ts). The type comes from the caller's `typeof import(...)`.
 */
function load<TModule>(specifier: string): Promise<TModule> {
  return import(/* @vite-ignore */ specifier) as Promise<TModule>;
}

/** Types an entry from its machine and route input (`TRoute` undefined: the route gives none). */
function entry<TMachine extends AnyStateMachine, TRoute = undefined>(flow: FlowEntry<TMachine, TRoute>): FlowEntry<TMachine, TRoute> {
  return flow;
}

/** The market whose rules apply to the player: their country's (profile, else claims), else the route's. */
function playerMarketOf(session: Pick<FlowSessionView, 'profile' | 'claims' | 'langMarket'>): MarketCode {
  const country = session.profile?.countryCode ?? session.claims?.countryCode;
  return country === undefined ? session.langMarket.market : marketOfCountry(country);
}

/**
 * What the cashier flows know of the player (machines/lib/wallet.ts CashierPlayer), read from the
 * session the way the route guards read it: the access details (else the profile's copy of them),
 * the profile's currency, the multibrand claim, and the market of the player's country (the one
 * whose rules the platform applies to the player's money; the route's market when it is unknown).
 */
export function cashierPlayerOf(session: Pick<FlowSessionView, 'access' | 'profile' | 'claims' | 'langMarket'>): CashierPlayer {
  const access = session.access ?? session.profile?.access ?? null;
  return {
    currency: cashierCurrency(session.profile?.currencyCode),
    market: playerMarketOf(session),
    access: access === null ? null : { deposit: access.deposit, payout: access.payout, withdrawal: access.withdrawal },
    multibrandSuspended: session.claims?.multibrand?.suspended === true,
  };
}

/**
 * The game launch's view of the player (machines/gameLaunch.machine.ts): demo (fun money) when
 * nobody is logged in, real money otherwise (behaviour.md §5); the launch language as the platform
 * takes it (caf as fr, inen as en); the account currency, else the market's; the player's country,
 * else the visitor's as the access check saw it; that country as the jurisdiction (MT when unknown,
 * behaviour.md §9).
 */
export function gameLaunchInputOf(session: Pick<FlowSessionView, 'authorized' | 'profile' | 'claims' | 'langMarket'>, route: GameLaunchRouteInput): GameLaunchInput {
  const { visitorCountry, ...game } = route;
  const country = session.profile?.countryCode ?? session.claims?.countryCode ?? visitorCountry;
  return {
    ...game,
    demo: !session.authorized,
    language: LANGUAGES[session.langMarket.language].apiLanguage,
    currency: session.authorized ? cashierCurrency(session.profile?.currencyCode) : MARKETS[session.langMarket.market].currency,
    country: country ?? null,
    jurisdiction: country ?? DEFAULT_JURISDICTION,
  };
}

/**
 * The exclusion flow's input: the route's (or the panic button's) with the market whose rules apply
 * to the player (their country's, as for the cashier; the route's market when it is unknown).
 */
export function exclusionInputOf(session: Pick<FlowSessionView, 'profile' | 'claims' | 'langMarket'>, route: ExclusionRouteInput | undefined): ExclusionInput {
  return { panic: route?.panic === true, market: playerMarketOf(session) };
}

/**
 * The flows, one entry each. Adding a flow: its machine file, an entry here, one line in the
 * session's `flow.start` list (and its end, if the session acts on it), its route, its screen, its
 * tests (docs/adding-a-flow.md).
 */
export const FLOWS = {
  signup: entry({
    who: 'visitor',
    machine: () => load<typeof import('./signup.machine')>('./signup.machine').then((m) => m.signupMachine),
    input: (_, route: SignupInput) => route,
  }),
  payAndPlay: entry({
    who: 'visitor',
    machine: () => load<typeof import('./payAndPlay.machine')>('./payAndPlay.machine').then((m) => m.payAndPlayMachine),
    input: (_, route: PayAndPlayInput) => route,
  }),
  passwordReset: entry({
    who: 'anyone',
    machine: () => load<typeof import('./passwordReset.machine')>('./passwordReset.machine').then((m) => m.passwordResetMachine),
    input: () => undefined,
  }),
  phoneChange: entry({
    who: 'player',
    machine: () => load<typeof import('./phoneChange.machine')>('./phoneChange.machine').then((m) => m.phoneChangeMachine),
    input: () => undefined,
  }),
  passwordChange: entry({
    who: 'player',
    machine: () => load<typeof import('./passwordChange.machine')>('./passwordChange.machine').then((m) => m.passwordChangeMachine),
    input: () => undefined,
  }),
  deposit: entry({
    who: 'player',
    machine: () => load<typeof import('./deposit.machine')>('./deposit.machine').then((m) => m.depositMachine),
    input: (session, route: DepositRouteInput) => ({ ...route, player: cashierPlayerOf(session) }),
  }),
  withdraw: entry({
    who: 'player',
    machine: () => load<typeof import('./withdraw.machine')>('./withdraw.machine').then((m) => m.withdrawMachine),
    input: (session) => ({ player: cashierPlayerOf(session) }),
  }),
  // The bonus code page (issue 24): verify a code, the manual claim's availability, the claim (forfeit prompt included).
  bonusCode: entry({
    who: 'player',
    machine: () => load<typeof import('./bonusCode.machine')>('./bonusCode.machine').then((m) => m.bonusCodeMachine),
    input: (_, route: BonusCodeRouteInput | undefined): BonusCodeInput => ({ code: route?.code ?? null }),
  }),
  transactionHistory: entry({
    who: 'player',
    machine: () => load<typeof import('./transactionHistory.machine')>('./transactionHistory.machine').then((m) => m.transactionHistoryMachine),
    input: () => undefined,
  }),
  // Anyone: demo money for a visitor, real money for a player.
  gameLaunch: entry({
    who: 'anyone',
    machine: () => load<typeof import('./gameLaunch.machine')>('./gameLaunch.machine').then((m) => m.gameLaunchMachine),
    input: (session, route: GameLaunchRouteInput) => gameLaunchInputOf(session, route),
  }),
  gamblingLimits: entry({
    who: 'player',
    machine: () => load<typeof import('./gamblingLimits.machine')>('./gamblingLimits.machine').then((m) => m.gamblingLimitsMachine),
    input: (_, route: GamblingLimitsInput) => route,
  }),
  // No input (or `{ panic: false }`) from the gambling-limits page; `{ panic: true }` from the DE panic button.
  exclusion: entry({
    who: 'player',
    machine: () => load<typeof import('./exclusion.machine')>('./exclusion.machine').then((m) => m.exclusionMachine),
    input: (session, route: ExclusionRouteInput | undefined) => exclusionInputOf(session, route),
  }),
  marketingPreferences: entry({
    who: 'player',
    machine: () => load<typeof import('./marketingPreferences.machine')>('./marketingPreferences.machine').then((m) => m.marketingPreferencesMachine),
    input: () => undefined,
  }),
  // The player closes their own account (issue 23): the session logs them out at its end.
  accountClosure: entry({
    who: 'player',
    machine: () => load<typeof import('./accountClosure.machine')>('./accountClosure.machine').then((m) => m.accountClosureMachine),
    input: () => undefined,
  }),
  // The player's language (issue 23): the session switches the site to it at its end.
  languageSetting: entry({
    who: 'player',
    machine: () => load<typeof import('./languageSetting.machine')>('./languageSetting.machine').then((m) => m.languageSettingMachine),
    input: (session): LanguageSettingInput => ({ language: session.langMarket.language, market: session.langMarket.market, playerId: session.claims?.playerId ?? 0 }),
  }),
  // The EDD questionnaire (issue 23), in the page's language.
  edd: entry({
    who: 'player',
    machine: () => load<typeof import('./edd.machine')>('./edd.machine').then((m) => m.eddMachine),
    input: (session): EddInput => ({ language: session.langMarket.language }),
  }),
  // The document upload and the verification modal (issue 23): the account area and /deposit start both.
  verification: entry({
    who: 'player',
    machine: () => load<typeof import('./verification.machine')>('./verification.machine').then((m) => m.verificationMachine),
    input: () => undefined,
  }),
  verificationModal: entry({
    who: 'player',
    machine: () => load<typeof import('./verificationModal.machine')>('./verificationModal.machine').then((m) => m.verificationModalMachine),
    input: () => undefined,
  }),
  // The address and the Canadian province (issue 23): the province form is a Canadian player's only.
  addressChange: entry({
    who: 'player',
    machine: () => load<typeof import('./addressChange.machine')>('./addressChange.machine').then((m) => m.addressChangeMachine),
    input: () => undefined,
  }),
  provinceChange: entry({
    who: 'player',
    machine: () => load<typeof import('./provinceChange.machine')>('./provinceChange.machine').then((m) => m.provinceChangeMachine),
    input: (session): ProvinceChangeInput => ({ countryCode: session.profile?.countryCode ?? session.claims?.countryCode ?? null }),
  }),
  // The account's second factor (issue 23): passkeys, authenticator app, recovery codes.
  secondFactorSetup: entry({
    who: 'player',
    machine: () => load<typeof import('./secondFactorSetup.machine')>('./secondFactorSetup.machine').then((m) => m.secondFactorSetupMachine),
    input: () => undefined,
  }),
  // The rewards pages (issue 24): the ELIGIBLE and ACTIVE lists and every reward action, forfeit prompt included.
  rewards: entry({
    who: 'player',
    machine: () => load<typeof import('./rewards.machine')>('./rewards.machine').then((m) => m.rewardsMachine),
    input: () => undefined,
  }),
};

export type Flows = typeof FLOWS;
/** The flows a route can start (ARCHITECTURE.md "The actor system": on demand). */
export type FlowName = keyof Flows;
export const FLOW_NAMES = Object.keys(FLOWS) as FlowName[];

/** A flow's pure machine type (its provided machine, src/app/flows/, has the same type). */
export type FlowMachine<N extends FlowName> = Awaited<ReturnType<Flows[N]['machine']>>;
/** What a flow's route gives `flow.start` (undefined: nothing). */
export type FlowRouteInput<N extends FlowName> = Parameters<Flows[N]['input']>[1];

/** The flows a visitor, a player, anyone may start. */
export const VISITOR_FLOWS: readonly FlowName[] = FLOW_NAMES.filter((name) => FLOWS[name].who === 'visitor');
export const PLAYER_FLOWS: readonly FlowName[] = FLOW_NAMES.filter((name) => FLOWS[name].who === 'player');

/** Whether a session with this `authorized` flag may start the flow (its `who`). */
export function mayStart(flow: FlowName, authorized: boolean): boolean {
  const { who } = FLOWS[flow];
  return who === 'anyone' || (who === 'player') === authorized;
}

/** The running flows, by name; null when that flow is not running. A done flow stays until stopped. */
export type FlowRefs = { [N in FlowName]: ActorRefFrom<FlowMachine<N>> | null };

/** The flows' provided machines the session has been given (`flow.loaded`), by name; null until then. */
export type FlowLogics = { [N in FlowName]: FlowMachine<N> | null };

/** `flow.start`: which flow, with its route's input (the flows without input take none). */
export type FlowStart = {
  [N in FlowName]: undefined extends FlowRouteInput<N> ? { flow: N; input?: FlowRouteInput<N> } : { flow: N; input: FlowRouteInput<N> };
}[FlowName];

/** `flow.loaded`: a flow's provided machine, loaded with its route (src/app/flows/index.ts). */
export type FlowLoaded = { [N in FlowName]: { flow: N; logic: FlowMachine<N> } }[FlowName];

/** The flows' ends (XState types the done events of invoked actors from the config, not of spawned ones). */
export type FlowDoneEvent = { [N in FlowName]: DoneActorEvent<OutputFrom<FlowMachine<N>>, N> }[FlowName];

/** Every flow at null (none running, none loaded). */
export const NO_FLOWS: { readonly [N in FlowName]: null } = Object.fromEntries(FLOW_NAMES.map((name) => [name, null])) as {
  readonly [N in FlowName]: null;
};
