import { expect, expectNoSeriousA11yViolations, test, waitForShell } from './fixtures';
import { expectFitsViewport, SEEDED_PASSWORD, shown } from './helpers';

// Issue 23 "Beyond the spec": a player a national self-exclusion register lists is refused at
// login, in the market's language, with the register named and how to leave it. The seeded
// register-listed players (server/services/seed-players.ts) are listed by the simulated registers
// (server/providers/simulated-registers.ts: an e-mail ending in +listed).

const CASES = [
  {
    market: 'PP (Sweden)',
    langmarket: 'en-PP',
    language: 'en',
    email: 'spelpaus+listed@example.com',
    register: 'Spelpaus',
    leave: 'spelpaus.se',
    english:
      'You are registered in Spelpaus, the Swedish self-exclusion register, so you cannot play with us. Your exclusion lasts at least the period you chose; once it has passed, you can end it at spelpaus.se.',
  },
  {
    market: 'JJ (Germany)',
    langmarket: 'de-JJ',
    language: 'de',
    email: 'oasis+listed@example.com',
    register: 'OASIS',
    leave: 'Regierungspräsidium Darmstadt',
    english:
      'You are registered in OASIS, the German gambling exclusion register, so you cannot play with us. An exclusion lasts at least 3 months; after that, you can have it lifted by a written request to us or to the Regierungspräsidium Darmstadt, which runs OASIS.',
  },
  {
    market: 'GG (Great Britain)',
    langmarket: 'en-GG',
    language: 'en',
    email: 'gamstop+listed@example.com',
    register: 'GAMSTOP',
    leave: 'gamstop.co.uk',
    english:
      'You are registered with GAMSTOP, the UK self-exclusion scheme, so you cannot play with us. Your exclusion lasts the period you chose (6 months, 1 year or 5 years); once it has ended, ask GAMSTOP at gamstop.co.uk to remove you.',
  },
] as const;

for (const { market, langmarket, language, email, register, leave, english } of CASES) {
  test(`${market}: a player listed in ${register} is refused at login with the register named, in the market's language`, async ({ page }) => {
    await page.goto(`/${langmarket}`);
    await waitForShell(page);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: shown(language, 'Log in') }).click();
    const dialog = page.getByRole('dialog', { name: shown(language, 'Log in') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: shown(language, 'E-mail') }).fill(email);
    await dialog.getByLabel(shown(language, 'Password')).fill(SEEDED_PASSWORD);
    await dialog.getByRole('button', { name: shown(language, 'Log in') }).click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(shown(language, english));
    await expect(alert).toContainText(register);
    await expect(alert).toContainText(leave);
    // Not logged in: the dialog stays with the e-mail typed, and the header still offers to log in.
    await expect(dialog.getByRole('textbox', { name: shown(language, 'E-mail') })).toHaveValue(email);
    await expectNoSeriousA11yViolations(page);
    // The long refusal wraps inside the dialog on the narrowest phone.
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      await expect(alert).toBeVisible();
      await expectFitsViewport(page, `the ${register} refusal at ${String(width)} px`, dialog.getByRole('button', { name: shown(language, 'Log in') }));
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(banner.getByRole('button', { name: shown(language, 'Log in') })).toBeVisible();
  });
}
