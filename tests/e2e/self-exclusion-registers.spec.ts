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

// The same registers are asked before an account exists: at sign-up (the visitor's country counts
// as well as the one typed, so a visitor from Great Britain is checked with GAMSTOP) and at pay
// and play's bank identification (a personal identity code the simulated registers list ends in
// 9999). A listed person is refused before anything is created, with the register named.
test('sign-up: a visitor from Great Britain listed with GAMSTOP is refused at Create account, the form kept', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-test-country': 'GB' });
  await page.goto('/en-UN/signup');
  await waitForShell(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const email = `signup-${String(Date.now())}+listed@example.com`;
  await main.getByLabel('First name').fill('Amelia');
  await main.getByLabel('Last name').fill('Jones');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(SEEDED_PASSWORD);
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByLabel('Mobile phone number').fill('40 765 4321');
  await main.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await main.getByRole('checkbox', { name: /cookie policy/ }).check();
  await main.getByRole('checkbox', { name: 'I am not a robot' }).check();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Create account' }).click();

  await expect(main.getByRole('alert')).toContainText(CASES[2].english);
  await expect(main.getByLabel('Mobile phone number')).toHaveValue('40 765 4321');
  await expectNoSeriousA11yViolations(page);
  // Nothing was created: the e-mail logs nobody in.
  const login = await page.request.post('/api/player/login', { data: { email, password: SEEDED_PASSWORD }, headers: { SiteContext: '1' } });
  expect(login.status()).toBe(401);
});

test('pay and play: a German bank identity listed in OASIS is refused after the bank, with the register named', async ({ page }) => {
  await page.goto('/en-JJ/signup/pnp');
  await waitForShell(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Deposit and play' })).toBeVisible();
  await main.getByRole('textbox', { name: /Or enter an amount/ }).fill('50');
  await main.getByRole('textbox', { name: /Limit/ }).fill('1000');
  await main.getByRole('button', { name: 'Identify with your bank' }).click();
  await expect(page).toHaveURL(/\/api\/bankid\/authorize\?session=/);
  await page.getByLabel('Personal identity code').fill('010190-9999');
  await page.getByRole('button', { name: 'Identify and pay' }).click();
  // The bank's page says it first (nothing was paid), then leads back to the site.
  await expect(page.getByRole('heading', { level: 1, name: 'Refused by the site' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('OASIS');
  await expect(page.getByRole('alert')).toContainText('Nothing was paid');
  await page.getByRole('link', { name: 'Back to the site' }).click();

  await expect(page).toHaveURL(/\/en-JJ\/signup\/callback\?/);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(CASES[1].english);
  await expectNoSeriousA11yViolations(page);
  // Not logged in.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
});
