import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, registerFreshPlayer as registerPlayer, screenshot } from './helpers';

// The EDD questionnaire on the verification tab (product.md §3 "EDD questionnaire", "KYC level";
// behaviour.md §5 the EDD completeness rule; §7 /player/questionnaire/answer). Each test registers a
// fresh player through the platform's own sign-up calls (logged in by the completion's cookie) and
// plays the operator who asks for the questionnaire (POST /api/test/edd), so no seeded player changes.


/** Registers and logs in a new Finnish player in `language`; answers the player's e-mail. */
async function registerFreshPlayer(request: APIRequestContext, tag: string, languageCode: string): Promise<string> {
  return (await registerPlayer(request, { tag: `edd-${tag}`, firstName: 'Eeva', lastName: 'Selvitys', password: 'Aurora-Edd-1', languageCode })).email;
}

/** The operator asks the player for the questionnaire (the KYC level EDD_PENDING). */
async function askForEdd(request: APIRequestContext, email: string): Promise<void> {
  const asked = await request.post('/api/test/edd', { data: { email, status: 'requested' } });
  expect(asked.status(), await asked.text()).toBe(200);
}

async function openVerification(page: Page, langmarket: string, heading: string): Promise<Locator> {
  await page.goto(`/${langmarket}/my-account/account/verification`);
  await waitForShell(page);
  const region = page.getByRole('region', { name: heading });
  await expect(region).toBeVisible();
  return region;
}

const field = (region: Locator, label: string) => region.getByLabel(label, { exact: true });

test.describe('EDD questionnaire', () => {
  test('de-AT: the lists in German, an incomplete answer is refused with what was typed kept, then sent', async ({ page }) => {
    const email = await registerFreshPlayer(page.request, 'de', 'de');
    await askForEdd(page.request, email);
    const region = await openVerification(page, 'de-AT', 'Über dich und deine Mittel');

    // The platform's lists, in German.
    await expect(field(region, 'Beruf').locator('option', { hasText: 'Sonstiges' })).toHaveCount(1);
    await expect(field(region, 'Woher das Geld stammt, mit dem du spielst').locator('option', { hasText: 'Gehalt oder Lohn' })).toHaveCount(1);
    await expect(field(region, 'Staatsangehörigkeit (optional)').locator('option', { hasText: 'Deutschland' })).toHaveCount(1);
    await expect(field(region, 'Jahreseinkommen').locator('option').nth(1)).toHaveText(/^Unter 20\.000\s€ im Jahr$/);
    await expectNoSeriousA11yViolations(page);

    // Other without its words: refused, the words' field marked and focused, the rest kept.
    await field(region, 'Beruf').selectOption({ label: 'Sonstiges' });
    await field(region, 'Jahreseinkommen').selectOption({ index: 3 });
    await field(region, 'Woher das Geld stammt, mit dem du spielst').selectOption({ label: 'Gehalt oder Lohn' });
    await field(region, 'Geburtsland (optional)').selectOption({ label: 'Österreich' });
    await field(region, 'Staatsangehörigkeit (optional)').selectOption({ label: 'Deutschland' });
    await region.getByRole('button', { name: 'Antworten senden' }).click();
    await expect(region.getByRole('alert')).toContainText('Einige Antworten fehlen.');
    const words = field(region, 'Dein Beruf');
    await expect(words).toHaveAttribute('aria-invalid', 'true');
    await expect(words).toBeFocused();
    await expect(region.getByText('Dies ist ein Pflichtfeld.')).toBeVisible();
    await expect(field(region, 'Beruf')).toHaveValue('OTHER');
    await expect(field(region, 'Jahreseinkommen')).toHaveValue('3');
    await expect(field(region, 'Woher das Geld stammt, mit dem du spielst')).toHaveValue('SALARY');
    await expect(field(region, 'Geburtsland (optional)')).toHaveValue('AT');
    await expect(field(region, 'Staatsangehörigkeit (optional)')).toHaveValue('DE');
    await expectNoSeriousA11yViolations(page);

    // Completed and sent: under review, and the answers read back after a reload.
    await words.fill('Tiefseetaucherin');
    await expect(words).not.toHaveAttribute('aria-invalid', 'true');
    await region.getByRole('button', { name: 'Antworten senden' }).click();
    await expect(region.getByRole('status')).toHaveText(/Deine Antworten liegen unserem Team zur Prüfung vor/);
    await expect(region.getByTestId('edd-answers')).toContainText('Tiefseetaucherin');
    await expect(region.getByTestId('edd-answers')).toContainText('Österreich');
    await expectNoSeriousA11yViolations(page);
    const again = await openVerification(page, 'de-AT', 'Über dich und deine Mittel');
    await expect(again.getByTestId('edd-answers')).toContainText('Tiefseetaucherin');
    await expect(again.getByTestId('edd-answers')).toContainText('Gehalt oder Lohn');
    await expect(again.getByRole('button', { name: 'Antworten ändern' })).toBeVisible();
    await screenshot(page, 'edd-de-AT-submitted');
  });

  test('fi-FI: nothing answered is refused field by field; filled by keyboard and sent in Finnish', async ({ page }) => {
    const email = await registerFreshPlayer(page.request, 'fi', 'fi');
    await askForEdd(page.request, email);
    const region = await openVerification(page, 'fi-FI', 'Tietoja sinusta ja varoistasi');
    await expect(field(region, 'Ammatti').locator('option', { hasText: 'Palkansaaja' })).toHaveCount(1);
    await expect(field(region, 'Kansalaisuus (vapaaehtoinen)').locator('option', { hasText: 'Ruotsi' })).toHaveCount(1);

    // Send with nothing chosen (Enter on the button): the three required answers are marked.
    const send = region.getByRole('button', { name: 'Lähetä vastaukset' });
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(region.getByRole('alert')).toContainText('Joitakin vastauksia puuttuu.');
    await expect(field(region, 'Ammatti')).toBeFocused();
    for (const label of ['Ammatti', 'Vuositulot', 'Mistä pelaamasi rahat ovat peräisin']) await expect(field(region, label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(region, 'Syntymämaa (vapaaehtoinen)')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    // By keyboard: each select takes the focus by Tab and its option by the arrow keys.
    await field(region, 'Ammatti').focus();
    await page.keyboard.press('ArrowDown'); // Palkansaaja, the first occupation
    await expect(field(region, 'Ammatti')).toHaveValue('EMPLOYED');
    await page.keyboard.press('Tab');
    await expect(field(region, 'Vuositulot')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(field(region, 'Vuositulot')).toHaveValue('2');
    await page.keyboard.press('Tab');
    await expect(field(region, 'Mistä pelaamasi rahat ovat peräisin')).toBeFocused();
    await page.keyboard.press('ArrowDown'); // Palkka
    await expect(field(region, 'Mistä pelaamasi rahat ovat peräisin')).toHaveValue('SALARY');
    await field(region, 'Kansalaisuus (vapaaehtoinen)').selectOption({ label: 'Suomi' });
    await expect(region.getByRole('alert')).toHaveCount(0);
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(region.getByRole('status')).toHaveText(/Tiimimme tarkistaa vastauksesi/);
    await expect(region.getByTestId('edd-answers')).toContainText('Palkansaaja');
    await expect(region.getByTestId('edd-answers')).toContainText('Suomi');
    await expectNoSeriousA11yViolations(page);

    // The platform holds it as under review (the KYC level EDD_UNDER_REVIEW).
    const stored = await page.request.post('/api/test/edd', { data: { email, status: 'approved' } });
    expect(stored.status()).toBe(200);
    expect(((await stored.json()) as { answers: { occupation: string; salaryRangeId: number; nationality: string } }).answers).toMatchObject({
      occupation: 'EMPLOYED',
      salaryRangeId: 2,
      nationality: 'FI',
    });
    const accepted = await openVerification(page, 'fi-FI', 'Tietoja sinusta ja varoistasi');
    await expect(accepted.getByRole('status')).toHaveText(/hyväksytty/);
    await expect(accepted.getByRole('button', { name: 'Muuta vastauksia' })).toHaveCount(0);
  });

  for (const width of [320, 375]) {
    test(`fits ${String(width)} px in German: the form with Other and its refusal, and the sent answers`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const email = await registerFreshPlayer(page.request, `w${String(width)}`, 'de');
      await askForEdd(page.request, email);
      const region = await openVerification(page, 'de-AT', 'Über dich und deine Mittel');
      const send = region.getByRole('button', { name: 'Antworten senden' });
      await expectFitsViewport(page, `EDD form at ${String(width)} px`, send);
      await field(region, 'Beruf').selectOption({ label: 'Freiberufler/in (Arzt, Anwalt, Ingenieur …)' });
      await field(region, 'Woher das Geld stammt, mit dem du spielst').selectOption({ label: 'Sonstiges' });
      await field(region, 'Geburtsland (optional)').selectOption({ label: 'Bosnien und Herzegowina' });
      await send.click();
      await expect(region.getByRole('alert')).toBeVisible();
      await expectFitsViewport(page, `EDD refusal at ${String(width)} px`, send);
      await field(region, 'Beschreibe, woher es stammt').fill('Tantiemen aus Buchveröffentlichungen');
      await field(region, 'Jahreseinkommen').selectOption({ index: 6 });
      await send.click();
      await expect(region.getByRole('status')).toHaveText(/Prüfung/);
      await expectFitsViewport(page, `EDD sent at ${String(width)} px`, region.getByRole('button', { name: 'Antworten ändern' }));
      await expectNoSeriousA11yViolations(page);
    });
  }
});
