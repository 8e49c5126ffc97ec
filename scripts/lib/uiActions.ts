// How a player sends a flow's events on the real screens, for the Playwright skeletons that
// `npm run paths <flow> --playwright` writes (scripts/paths.ts). Per flow: where the flow starts,
// who may open it, and per event type the control that sends it, by ARIA role and accessible name.
// Names are message ids of the English catalog (locales/en/messages.po), so a changed English text
// changes the skeletons with it; `{placeholders}` in a text match anything. An event without a row
// (a call's answer, a timer) becomes a comment that says what must happen instead.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EventObject } from 'xstate';
import { formatPayload } from './machinePaths';

/** A container to look in first (a section, a list row, a fieldset), by role and name. */
export interface UiScope {
  role: 'region' | 'listitem' | 'group' | 'dialog' | 'form';
  names: readonly string[];
}

export type UiAction =
  /** Click (check, uncheck) the control with this role whose name is one of these messages. */
  | { role: 'button' | 'link' | 'radio' | 'checkbox' | 'tab'; names: readonly string[]; do?: 'click' | 'check' | 'uncheck'; within?: UiScope }
  /** Fill the control with this role and name with one of the event's fields (select an option of a combobox). */
  | { role: 'textbox' | 'spinbutton' | 'combobox'; names: readonly string[]; fill: string; within?: UiScope }
  /** Anything else: a Playwright statement (or several, or a comment) built from the event. */
  | { code: (event: EventObject) => string };

export interface FlowUi {
  /** The page that starts the flow, below the language and market. */
  path: string;
  /** A seeded player to log in as (README), or null for a visitor. */
  player: string | null;
  /** What the tester must know before the first step (comments in the skeleton's start). */
  notes?: readonly string[];
  /** Event type -> how the player sends it. */
  actions: Readonly<Record<string, UiAction>>;
}

const field = (event: EventObject, name: string): unknown => (event as unknown as Record<string, unknown>)[name];

/** The simulated cashier's methods are named as the payment brands (server/content/payment-methods.ts). */
const METHOD_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', skrill: 'Skrill', trustly: 'Trustly', mastercard: 'Mastercard' };
const methodSelect: UiAction = {
  code: (event) => {
    const id = String(field(event, 'methodId'));
    return `await page.getByRole('radio', { name: ${quote(METHOD_NAMES[id] ?? id)} }).check();`;
  },
};
/** A comment for an event the player does not send with a control (the page or the browser does). */
const says = (text: (event: EventObject) => string): UiAction => ({ code: (event) => `// ${text(event)}` });

/** A reward card's button (src/features/rewards/RewardCard.tsx), on the card of the event's campaign. */
const onCard = (id: string): UiAction => ({
  code: (event) => `await page.locator('[data-testid="reward"][data-campaign="${String(field(event, 'campaignId'))}"]').getByRole('button', { name: ${accessibleName([id])} }).click();`,
});

/** How code entry (machines/codeVerification.machine.ts, a child of the flow) ended, as the player does it. */
const codeEntryEnds: UiAction = {
  code: (event) => {
    const output = field(event, 'output') as { outcome?: string; reason?: string } | undefined;
    const code = `await ${locator('textbox', ['code.label'])}.fill('TODO: the code sent');`;
    switch (output?.outcome) {
      case 'verified':
        return `${code} await ${locator('button', ['code.submit'])}.click(); // Code entry: the code the platform sent (tests/e2e/helpers.ts reads the simulated provider's last one).`;
      case 'blocked':
        return `// Code entry is blocked (${String(output.reason)}): wrong codes until the platform refuses more, or too many codes asked for (${locator('button', ['code.resend'])}).`;
      case 'cancelled':
        return `await ${locator('button', ['common.back'])}.click();`;
      default:
        return `// Code entry ends: ${formatPayload(output)}.`;
    }
  },
};

/** The signup form's fields: text fields by label, the country and dialing code as selects, the boxes checked or not. */
const SIGNUP_TEXT_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'signup.firstName.label',
  lastName: 'signup.lastName.label',
  email: 'common.email',
  password: 'common.password',
  phoneBody: 'signup.phoneBody.label',
  cpf: 'signup.cpf.label',
};
const SIGNUP_SELECTS: Readonly<Record<string, string>> = { countryCode: 'signup.country.label', phonePrefix: 'signup.phonePrefix.label' };
const SIGNUP_BOXES: Readonly<Record<string, string>> = {
  termsAndConditions: 'signup.terms.label',
  cookiePolicyAccepted: 'signup.cookiePolicy.label',
  marketingOptIn: 'signup.marketing.label',
};
const signupFieldChange: UiAction = {
  code: (event) => {
    const name = String(field(event, 'field'));
    const value = field(event, 'value');
    const text = SIGNUP_TEXT_FIELDS[name];
    if (text !== undefined) return `await ${locator('textbox', [text])}.fill(${formatPayload(String(value))});`;
    const select = SIGNUP_SELECTS[name];
    if (select !== undefined) return `await ${locator('combobox', [select])}.selectOption(${formatPayload(String(value))});`;
    const box = SIGNUP_BOXES[name];
    if (box !== undefined) return `await ${locator('checkbox', [box])}.${value === true ? 'check' : 'uncheck'}();`;
    return `// TODO: no control is mapped to the sign-up field ${name} (scripts/lib/uiActions.ts).`;
  },
};

/** A limit's row on the gambling-limits page (its heading names it: "Daily deposit limit"). */
const limitRow = (event: EventObject): UiScope => ({ role: 'listitem', names: [`limits.${String(field(event, 'kind'))}.${String(field(event, 'duration'))}`] });
const inLimitRow = (role: 'button', names: readonly string[]): UiAction => ({
  code: (event) => `await ${locator(role, names, limitRow(event))}.click();`,
});

/** A break's choice: its radio in its fieldset ("Time-out" > "3 months"). */
const BREAK_LEGENDS: Readonly<Record<string, string>> = { coolingOff: 'breaks.coolingOff.legend', timeout: 'breaks.timeout.legend', exclusion: 'breaks.exclusion.legend' };
const breakChoice: UiAction = {
  code: (event) => {
    const choice = field(event, 'choice') as { kind: string; days?: number; months?: number | 'indefinite' };
    const label =
      choice.kind === 'coolingOff'
        ? messageText('breaks.length.days', { days: choice.days ?? 0 })
        : choice.months === 'indefinite'
          ? messageText('breaks.length.indefinite')
          : messageText('breaks.length.months', { months: choice.months ?? 0 });
    const group = locator('group', [BREAK_LEGENDS[choice.kind] ?? choice.kind]);
    return `await ${group}.getByRole('radio', { name: ${exactName(label)} }).check(); await ${locator('button', ['signup.next'])}.click();`;
  },
};

const PENDING_SECTION: UiScope = { role: 'region', names: ['banking.pending.heading'] };
const ACTIVITY_SECTION: UiScope = { role: 'region', names: ['limits.activity.heading'] };

/** Marketing preferences: a fieldset per communication (its legend), a checkbox per channel in it. */
const MARKETING_COMMUNICATIONS: Readonly<Record<string, string>> = {
  BONUS_OFFER: 'account.marketing.communication.bonusOffer',
  NEWSLETTER: 'account.marketing.communication.newsletter',
  CASINO: 'account.marketing.communication.casino',
  RESPONSIBLE_GAMING: 'account.marketing.communication.responsibleGaming',
};
const MARKETING_CHANNELS: Readonly<Record<string, string>> = {
  EMAIL: 'common.email',
  SMS: 'account.marketing.channel.sms',
  MAIL: 'account.marketing.channel.mail',
  PHONE: 'account.marketing.channel.phone',
  PUSH_NOTIFICATION: 'account.marketing.channel.push',
};
const communicationGroup = (event: EventObject): string => {
  const communication = String(field(event, 'communication'));
  return locator('group', [MARKETING_COMMUNICATIONS[communication] ?? communication]);
};

/** A document step's row on the verification tab or in the modal (its heading names it: "Proof of identity"). */
const STEP_NAMES: Readonly<Record<string, string>> = {
  ID: 'verification.step.id',
  POA: 'verification.step.address',
  POP: 'verification.step.payment',
  SOW: 'verification.step.sow',
  OTHER: 'verification.step.other',
};
const stepUpload: UiAction = {
  code: (event) => {
    const step = String(field(event, 'step'));
    return `await ${locator('button', ['verification.upload.open'], { role: 'listitem', names: [STEP_NAMES[step] ?? step] })}.click();`;
  },
};

export const FLOW_UIS: Readonly<Record<string, FlowUi>> = {
  deposit: {
    path: '/en-UN/my-account/banking/deposit',
    player: 'player@example.com',
    actions: {
      'amount.change': { role: 'textbox', names: ['banking.amount.label'], fill: 'value' },
      'method.select': methodSelect,
      'bonus.select': says((event) => `The player picks the bonus ${formatPayload(field(event, 'bonusId'))} offered with the deposit (the bonus list of the cashier).`),
      'deposit.submit': { role: 'button', names: ['banking.deposit.submitAmount', 'banking.deposit.submit'] },
      'deposit.clear': { role: 'button', names: ['common.tryAgain', 'banking.deposit.another'] },
      'deposit.refresh': { role: 'button', names: ['banking.deposit.checkAgain'] },
      'verification.postpone': { role: 'button', names: ['banking.deposit.postpone'] },
      'deposit.resume': says(() => 'upload the documents in the verification modal (Upload documents), then Continue with your deposit: the modal resumes the deposit as typed'),
    },
  },
  // Issue 24: the bonus code page (a player with the manual-claim permission: every market but PP, JJ and LL).
  bonusCode: {
    path: '/en-UN/my-account/bonus-code',
    player: 'player@example.com',
    notes: ['WELCOME50 is the seeded code; a claim is refused with the forfeit prompt while a casino bonus is active.'],
    actions: {
      'code.change': { role: 'textbox', names: ['bonusCode.title'], fill: 'value' },
      'code.verify': { role: 'button', names: ['bonusCode.verify'] },
      'code.claim': { role: 'button', names: ['bonusCode.claim'] },
      'forfeit.confirm': { role: 'button', names: ['bonusCode.forfeit.confirm'] },
      'forfeit.cancel': { role: 'button', names: ['bonusCode.forfeit.cancel'] },
      'code.reset': { role: 'button', names: ['bonusCode.another'] },
    },
  },
  // Issue 24: the rewards pages (the offers; the Active tab, /my-account/rewards/active). A card is
  // found by its campaign (data-campaign); the forfeit prompt's buttons are the prompt's.
  rewards: {
    path: '/en-UN/my-account/rewards',
    player: 'player@example.com',
    notes: ['manual-casino-10 is a claimable casino bonus; registration-free-spins are refused with the forfeit prompt while it is active (its Forfeit bonus is on the Active tab).'],
    actions: {
      'rewards.retry': { role: 'button', names: ['common.tryAgain'] },
      'reward.claim': onCard('bonusCode.claim'),
      'reward.claimFreeSpins': onCard('rewards.claimFreeSpins'),
      'reward.consent': onCard('rewards.consent'),
      // The Active tab's link is named with its count ("Active 1").
      'reward.forfeit': {
        code: (event) =>
          `await page.getByRole('link', { name: /^${messageText('rewards.tabs.active')}/ }).click(); await ${locator('button', ['rewards.forfeit'])}.first().click(); // the active reward of assignment ${String(field(event, 'assignmentId'))}`,
      },
      'queued.claim': { role: 'button', names: ['rewards.queued.claim'] },
      'queued.forfeitAndClaim': { role: 'button', names: ['rewards.queued.forfeitAndClaim'] },
      'cashback.activate': onCard('rewards.cashback.activate'),
      'cashback.deactivate': onCard('rewards.cashback.deactivate'),
      'optIn.activate': onCard('rewards.optIn.activate'),
      'optIn.deactivate': onCard('rewards.optIn.deactivate'),
      // The prompt's confirm: Forfeit and claim (a claim refused), or Forfeit bonus (a card's forfeit).
      'forfeit.confirm': { code: () => `await page.getByRole('alertdialog').getByRole('button', { name: ${accessibleName(['bonusCode.forfeit.confirm', 'rewards.forfeit'])} }).click();` },
      'forfeit.cancel': { role: 'button', names: ['rewards.forfeit.keep'] },
    },
  },
  withdraw: {
    path: '/en-UN/my-account/banking/withdraw',
    player: 'player@example.com',
    notes: ["The factor step needs a player with the second factor on (the account page's Security section) and a method they have not paid in or out with."],
    actions: {
      'amount.change': { role: 'textbox', names: ['banking.amount.label'], fill: 'value' },
      'method.select': methodSelect,
      'withdraw.submit': { role: 'button', names: ['banking.withdraw.submit'] },
      'withdraw.clear': { role: 'button', names: ['common.tryAgain', 'banking.withdraw.another'] },
      'withdraw.resume': says(() => 'upload the documents in the verification modal (Upload documents), then Continue with your withdrawal: the modal resumes the withdrawal as typed'),
      'documents.reviewed': says(() => "the operator's review (POST /api/test/documents/review) reaches the page on the wallet socket and resumes the withdrawal"),
      // Issue 23: the factor step (a player with the second factor on, a method never used before).
      'factor.submit': {
        code: (event) => {
          const recovery = field(event, 'method') === 'recovery';
          return [
            ...(recovery ? [`await ${locator('button', ['secondFactor.useRecovery'])}.click();`] : []),
            `await ${locator('textbox', [recovery ? 'secondFactor.recoveryLabel' : 'secondFactor.totpLabel'])}.fill(${quote(String(field(event, 'code')))});`,
            `await ${locator('button', ['code.submit'])}.click();`,
          ].join(' ');
        },
      },
      'factor.passkey': { role: 'button', names: ['secondFactor.usePasskey'] },
      'factor.cancel': { role: 'button', names: ['banking.withdraw.factor.cancel'] },
      'pending.refresh': { role: 'button', names: ['common.tryAgain'], within: PENDING_SECTION },
      'pending.cancel': {
        code: (event) =>
          `await page.getByRole('listitem').filter({ hasText: ${formatPayload(String(field(event, 'referenceId')))} }).getByRole('button', { name: ${accessibleName(['banking.pending.cancel'])} }).click();`,
      },
    },
  },
  transactionHistory: {
    path: '/en-UN/my-account/banking/transactions',
    player: 'player@example.com',
    actions: {
      'history.filter': {
        code: (event) => {
          const filter = field(event, 'filter') as { category: string | null; status: string | null; hour: number | null };
          const select = (id: string, value: string | number | null) => `await ${locator('combobox', [id])}.selectOption(${formatPayload(value === null ? '' : String(value))});`;
          return [
            select('banking.history.category', filter.category),
            select('banking.history.status', filter.status),
            select('banking.history.timeFrame', filter.hour),
            `await ${locator('button', ['banking.history.apply'])}.click();`,
          ].join(' ');
        },
      },
      'history.clear': { role: 'button', names: ['banking.history.clear'] },
      'history.refresh': { role: 'button', names: ['banking.history.refresh'] },
      'history.more': { role: 'button', names: ['banking.history.more'] },
      'history.retry': { role: 'button', names: ['common.tryAgain'] },
      // The Refresh button sends history.refresh and pending.refresh together.
      'pending.refresh': { role: 'button', names: ['banking.history.refresh'] },
      'netPosition.refresh': says(() => 'The net position is asked for again with the filters (Apply filters) or a refresh of the page.'),
      'polling.stop': says(() => "The tab is hidden (the page follows document.hidden): e.g. page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))) with document.hidden true."),
      'polling.start': says(() => 'The tab is shown again (document.hidden false, visibilitychange).'),
    },
  },
  signup: {
    path: '/en-UN/signup',
    player: null,
    notes: [
      "The paths start with both steps' fields typed (scripts/lib/pathModels.ts, signup's TYPED: Aino Virtanen, aino@example.com,",
      "Aurora-Player-1, FI, +358 40 123 4567, the terms and the cookie policy accepted): type each step's fields before its Continue.",
      'The model walks Canadian French (caf) as the machine test does; the skeleton uses the English page.',
    ],
    actions: {
      'field.change': signupFieldChange,
      'step.next': { role: 'button', names: ['signup.next', 'signup.contact.submit', 'common.tryAgain'] },
      'step.back': { role: 'button', names: ['common.back', 'signup.duplicated.back', 'signup.unsupported.back'] },
      'captcha.solve': { role: 'checkbox', names: ['signup.captcha.label'], do: 'check' },
      'captcha.reset': { role: 'checkbox', names: ['signup.captcha.label'], do: 'uncheck' },
      'language.change': says((event) => `The site's language switcher: the page in ${formatPayload(field(event, 'languageCode'))} (the registration follows it).`),
      'block.acknowledge': { role: 'button', names: ['common.goHome'] },
      'complete.retry': { role: 'button', names: ['common.tryAgain'] },
      'xstate.done.actor.codeVerification': codeEntryEnds,
    },
  },
  payAndPlay: {
    path: '/en-FI/signup/pnp',
    player: null,
    notes: ["The model's other starts are the bank's return (/en-FI/signup/callback with the code, or cancelled): a path that starts there is the bank's answer."],
    actions: {
      'amount.change': { role: 'textbox', names: ['payAndPlay.amount.custom'], fill: 'value' },
      'limit.change': { role: 'textbox', names: ['payAndPlay.limit.amount'], fill: 'value' },
      'limit.duration': { role: 'combobox', names: ['payAndPlay.limit.period'], fill: 'duration' },
      'amount.submit': { role: 'button', names: ['payAndPlay.amount.submit'] },
      'update.change': {
        code: (event) => {
          const name = String(field(event, 'field'));
          const label = { email: 'common.email', phoneBody: 'payAndPlay.update.phoneBody' }[name];
          if (label !== undefined) return `await ${locator('textbox', [label])}.fill(${formatPayload(String(field(event, 'value')))});`;
          if (name === 'phonePrefix') return `await ${locator('combobox', ['phone.prefix.label'])}.selectOption(${formatPayload(String(field(event, 'value')))});`;
          return `// TODO: no control is mapped to the pay-and-play field ${name} (scripts/lib/uiActions.ts).`;
        },
      },
      'update.submit': { role: 'button', names: ['payAndPlay.update.submit'] },
      'verify.retry': { role: 'button', names: ['common.tryAgain'] },
      'login.retry': { role: 'button', names: ['common.tryAgain'] },
    },
  },
  gamblingLimits: {
    path: '/en-JJ/my-account/gambling-limits',
    player: 'de@example.com',
    actions: {
      'limit.edit': inLimitRow('button', ['limits.set', 'limits.change']),
      'limit.delete': inLimitRow('button', ['limits.remove']),
      'limit.cancelPending': inLimitRow('button', ['limits.pending.cancel']),
      'limit.change': { role: 'textbox', names: ['limits.field.label'], fill: 'value' },
      'limit.save': { role: 'button', names: ['limits.save'] },
      'limit.close': { role: 'button', names: ['limits.editCancel'] },
      'limits.retry': { role: 'button', names: ['common.tryAgain'] },
      'limits.refresh': says(() => 'The page asks again by itself when a pending change is due (its date passes: page.clock).'),
      'activity.change': {
        code: (event) => {
          const minutes = field(event, 'intervalMinutes');
          const label = typeof minutes === 'number' ? messageText('limits.activity.every', { minutes }) : messageText('limits.activity.off');
          return `await ${locator('region', ['limits.activity.heading'])}.getByRole('radio', { name: ${exactName(label)} }).check();`;
        },
      },
      'activity.save': { role: 'button', names: ['limits.activity.save'] },
      'activity.retry': { role: 'button', names: ['common.tryAgain'], within: ACTIVITY_SECTION },
    },
  },
  exclusion: {
    path: '/ca-CA/my-account/gambling-limits',
    player: 'ca@example.com',
    notes: ["The panic button (the model's other start, a German player) is on the home page for de@example.com: /en-JJ, then the panic button."],
    actions: {
      'exclusion.choose': breakChoice,
      'exclusion.confirm': { role: 'button', names: ['breaks.confirm.submit'] },
      'exclusion.back': { role: 'button', names: ['common.back'] },
      'exclusion.retry': { role: 'button', names: ['common.tryAgain'] },
    },
  },
  marketingPreferences: {
    path: '/en-UN/my-account/account',
    player: 'player@example.com',
    actions: {
      'preferences.choose': {
        code: (event) => {
          const box = `${communicationGroup(event)}.getByRole('checkbox', { name: ${accessibleName([MARKETING_CHANNELS[String(field(event, 'channel'))] ?? String(field(event, 'channel'))])} })`;
          return `await ${box}.${field(event, 'allowed') === true ? 'check' : 'uncheck'}();`;
        },
      },
      'preferences.chooseAll': {
        code: (event) => {
          const box = `${communicationGroup(event)}.getByRole('checkbox', { name: ${accessibleName(['account.marketing.allChannels'])} })`;
          return `await ${box}.${field(event, 'allowed') === true ? 'check' : 'uncheck'}();`;
        },
      },
      'preferences.save': { role: 'button', names: ['account.marketing.save'] },
      'preferences.retry': { role: 'button', names: ['common.tryAgain'] },
    },
  },
  verification: {
    path: '/en-UN/my-account/account/verification',
    player: 'player@example.com',
    notes: ['Ask the player for a document first: POST /api/test/documents/request { email, documentType } (test mode).'],
    actions: {
      'step.select': stepUpload,
      'documentType.select': { role: 'combobox', names: ['verification.documentType'], fill: 'documentType' },
      'depositMethod.select': { role: 'combobox', names: ['verification.depositMethod'], fill: 'depositMethod' },
      'file.choose': {
        code: (event) => {
          const file = field(event, 'file') as { name?: string; type?: string } | undefined;
          return `await page.getByLabel(${accessibleName(['verification.file'])}).setInputFiles({ name: ${quote(file?.name ?? 'document.jpg')}, mimeType: ${quote(file?.type ?? 'image/jpeg')}, buffer: photo });`;
        },
      },
      'upload.start': { role: 'button', names: ['verification.upload.send'] },
      'upload.retry': { role: 'button', names: ['common.tryAgain'] },
      'step.retry': { role: 'button', names: ['common.tryAgain'] },
      'documents.refresh': says(() => "the operator's review (POST /api/test/documents/review) reaches the page on the wallet socket"),
      'verification.clear': says(() => 'no control: leaving the account area stops the flow, entering it starts it afresh'),
    },
  },
  verificationModal: {
    path: '/en-UN/my-account/account',
    player: 'player@example.com',
    notes: ['Ask the player for a document first (POST /api/test/documents/request); the deposit and withdraw pages open the modal too (Upload documents).'],
    actions: {
      'modal.open': { role: 'button', names: ['account.verification.verifyNow', 'banking.documents.upload'] },
      'modal.uploaded': says(() => 'upload a document in the modal (the verification flow tells the modal)'),
      'modal.close': { role: 'button', names: ['ui.dialog.close'] },
      'modal.verifyLater': { role: 'button', names: ['verification.modal.later'] },
      'modal.terminate': {
        role: 'button',
        names: ['verification.modal.backToAccount', 'verification.modal.backToDeposit', 'verification.modal.backToWithdrawal'],
      },
      'forfeit.open': says(() => 'no screen opens the withdrawal-forfeit modal yet (no bonus to forfeit)'),
      'forfeit.close': says(() => 'no screen opens the withdrawal-forfeit modal yet'),
    },
  },
  addressChange: {
    path: '/en-UN/my-account/account',
    player: 'player@example.com',
    actions: {
      'address.submit': {
        code: (event) => {
          const address = (field(event, 'address') ?? {}) as Record<string, string>;
          const section: UiScope = { role: 'region', names: ['account.address.heading'] };
          return [
            `await ${locator('textbox', ['account.address.street'], section)}.fill(${quote(address.streetAddress ?? '')});`,
            `await ${locator('textbox', ['account.address.postalCode'], section)}.fill(${quote(address.postalCode ?? '')});`,
            `await ${locator('textbox', ['account.address.city'], section)}.fill(${quote(address.city ?? '')});`,
            `await ${locator('button', ['account.address.save'], section)}.click();`,
          ].join(' ');
        },
      },
      'address.retry': { role: 'button', names: ['common.tryAgain'], within: { role: 'region', names: ['account.address.heading'] } },
    },
  },
  provinceChange: {
    path: '/ca-CA/my-account/account',
    player: 'ca@example.com',
    notes: ['A player outside Canada (player@example.com) has no province form: the flow stays notApplicable.'],
    actions: {
      'province.choose': { role: 'combobox', names: ['account.province.label'], fill: 'provinceCode' },
      'province.save': { role: 'button', names: ['account.province.save'] },
      'province.retry': { role: 'button', names: ['common.tryAgain'], within: { role: 'region', names: ['account.province.heading'] } },
    },
  },
};

let catalog: Map<string, string> | undefined;

/** The English catalog: message id -> text (one-line msgstr entries; ICU plurals are kept whole). */
export function englishCatalog(): Map<string, string> {
  if (catalog) return catalog;
  const file = fileURLToPath(new URL('../../locales/en/messages.po', import.meta.url));
  const text = readFileSync(file, 'utf8');
  catalog = new Map();
  const entry = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm;
  for (const [, id, message] of text.matchAll(entry)) if (id && message !== undefined) catalog.set(id, message.replace(/\\"/g, '"'));
  return catalog;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A message's text with its values: `{name}` replaced, an English ICU plural picked (one, other). */
export function messageText(id: string, values: Readonly<Record<string, string | number>> = {}): string {
  const text = englishCatalog().get(id);
  if (text === undefined) throw new Error(`locales/en/messages.po has no message ${id}`);
  const plural = /^\{(\w+), plural, one \{(.*?)\} other \{(.*)\}\}$/.exec(text);
  if (plural) {
    const [, name = '', one = '', other = ''] = plural;
    const count = Number(values[name]);
    return (count === 1 ? one : other).replace(/#/g, String(count));
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** A regular expression (as source) matching any of the messages, placeholders matching anything. */
export function accessibleName(ids: readonly string[]): string {
  const texts = ids.map((id) => {
    const text = englishCatalog().get(id);
    if (text === undefined) throw new Error(`locales/en/messages.po has no message ${id}`);
    // A message's tags (<0>a link</0>) are elements inside the control's name: their text counts.
    return escape(text.replace(/<\/?\d+>/g, '')).replace(/\\\{[^}]*\\\}/g, '.+');
  });
  return `/^(?:${texts.join('|')})$/`;
}

/** An exact name (a text already formatted, e.g. a plural). */
function exactName(text: string): string {
  return `/^${escape(text)}$/`;
}

/** `page.getByRole(...)` for a role and message ids, in a scope if given. */
function locator(role: string, ids: readonly string[], within?: UiScope): string {
  const inside = within === undefined ? 'page' : locator(within.role, within.names);
  return `${inside}.getByRole('${role}', { name: ${accessibleName(ids)} })`;
}

/** The Playwright statement that sends the event on the screen, or a comment saying what must happen. */
export function actionFor(ui: FlowUi | undefined, event: EventObject, described: string): string {
  const action = ui?.actions[event.type];
  if (!action) {
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      return `// The platform: ${described}. Arrange the player or the platform's state so that it answers so.`;
    }
    if (event.type.startsWith('xstate.after.')) return `// Time passes: ${described} (page.clock.runFor, after page.clock.install()).`;
    return `// TODO: no control is mapped to ${event.type} ${formatPayload(event)} (scripts/lib/uiActions.ts).`;
  }
  if ('code' in action) return action.code(event);
  const control = locator(action.role, action.names, action.within);
  if ('fill' in action) {
    const value = field(event, action.fill);
    return `await ${control}.${action.role === 'combobox' ? 'selectOption' : 'fill'}(${formatPayload(String(value))});`;
  }
  return `await ${control}.${action.do ?? 'click'}();`;
}
