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

export type UiAction =
  /** Click the control with this role whose name is one of these messages. */
  | { role: 'button' | 'link' | 'radio' | 'checkbox' | 'tab'; names: readonly string[]; do?: 'click' | 'check' }
  /** Fill the control with this role and name with one of the event's fields. */
  | { role: 'textbox' | 'spinbutton' | 'combobox'; names: readonly string[]; fill: string }
  /** Anything else: a Playwright statement (or several) built from the event. */
  | { code: (event: EventObject) => string };

export interface FlowUi {
  /** The page that starts the flow, below the language and market. */
  path: string;
  /** A seeded player to log in as (README), or null for a visitor. */
  player: string | null;
  /** Event type -> how the player sends it. */
  actions: Readonly<Record<string, UiAction>>;
}

export const FLOW_UIS: Readonly<Record<string, FlowUi>> = {
  deposit: {
    path: '/en-UN/my-account/banking/deposit',
    player: 'player@example.com',
    actions: {
      'amount.change': { role: 'textbox', names: ['banking.amount.label'], fill: 'value' },
      'method.select': {
        code: (event) => {
          const id = String((event as { methodId?: unknown }).methodId);
          // The simulated cashier's methods are named as the payment brands (server/providers).
          const name = { visa: 'Visa', skrill: 'Skrill' }[id] ?? id;
          return `await page.getByRole('radio', { name: '${name}' }).check();`;
        },
      },
      'deposit.submit': { role: 'button', names: ['banking.deposit.submitAmount', 'banking.deposit.submit'] },
      'deposit.clear': { role: 'button', names: ['common.tryAgain', 'banking.deposit.another'] },
      'deposit.refresh': { role: 'button', names: ['banking.deposit.checkAgain'] },
      'verification.postpone': { role: 'button', names: ['banking.deposit.postpone'] },
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

/** A regular expression (as source) matching any of the messages, placeholders matching anything. */
export function accessibleName(ids: readonly string[]): string {
  const texts = ids.map((id) => {
    const text = englishCatalog().get(id);
    if (text === undefined) throw new Error(`locales/en/messages.po has no message ${id}`);
    return escape(text).replace(/\\\{[^}]*\\\}/g, '.+');
  });
  return `/^(?:${texts.join('|')})$/`;
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
  const name = accessibleName(action.names);
  if ('fill' in action) {
    const value = (event as unknown as Record<string, unknown>)[action.fill];
    return `await page.getByRole('${action.role}', { name: ${name} }).fill(${formatPayload(String(value))});`;
  }
  return `await page.getByRole('${action.role}', { name: ${name} }).${action.do ?? 'click'}();`;
}
