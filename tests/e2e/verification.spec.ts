import type { APIRequestContext, Locator } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, registerFreshPlayer as registerPlayer } from './helpers';

// Identity verification in the app (issue 23; product.md §2 "/my-account/account/verification",
// "A verification flow can open as a modal from the account page, the deposit page or modal, and
// the withdraw page or modal"; behaviour.md §4 "Document verification"). Each test registers a
// fresh player through the platform's sign-up calls and asks for documents through the test-mode
// operator endpoints (/api/test/documents/request and /review), so no seeded player is changed.

const ACCOUNT = '/en-UN/my-account/account';
const VERIFICATION = '/en-UN/my-account/account/verification';

/** A small real photo, made here (a JPEG the platform sniffs and re-encodes). */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 120, g: 140, b: 190 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Registers and logs in a new Finnish player (the session cookie lands in the page's context); its id. */
async function registerFreshPlayer(request: APIRequestContext, tag: string): Promise<number> {
  return (await registerPlayer(request, { tag: `verify-${tag}`, firstName: 'Veera', lastName: 'Varmennus', password: 'Aurora-Verify-1' })).playerId;
}

/** The operator asks the player for a document type (test mode). */
async function requestDocument(request: APIRequestContext, playerId: number, documentType: string): Promise<void> {
  const asked = await request.post('/api/test/documents/request', { data: { playerId, documentType } });
  expect(asked.status(), await asked.text()).toBe(200);
}

/** The operator's review of the player's newest document of a type under review (test mode). */
async function review(request: APIRequestContext, playerId: number, documentType: string, decision: 'accept' | 'reject', reason?: string): Promise<void> {
  const reviewed = await request.post('/api/test/documents/review', { data: { playerId, documentType, decision, ...(reason === undefined ? {} : { reason }) } });
  expect(reviewed.status(), await reviewed.text()).toBe(200);
}

/** Chooses the photo in the step's file input and sends it. */
async function uploadPhoto(scope: Locator, name = 'passport.jpg'): Promise<void> {
  await scope.getByLabel('Your file').setInputFiles({ name, mimeType: 'image/jpeg', buffer: await photo() });
  await expect(scope.getByTestId('chosen-file')).toContainText(name);
  await scope.getByRole('button', { name: 'Upload document' }).click();
}

test.describe('identity verification', () => {
  test('a proof of ID uploaded from the account page is under review, then verified without a reload', async ({ page }) => {
    const playerId = await registerFreshPlayer(page.request, 'account');
    await requestDocument(page.request, playerId, 'PROOF_OF_ID');

    await page.goto(ACCOUNT);
    await waitForShell(page);
    const summary = page.getByRole('region', { name: 'Identity verification' });
    await expect(summary.getByTestId('account-kyc')).toHaveText('We need documents to verify your account.');
    await summary.getByRole('button', { name: 'Verify now' }).click();

    // The modal lists what is asked for: the proof of ID, needed.
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('document-status-id')).toHaveText('Status: Needed');
    await expectNoSeriousA11yViolations(page);
    await modal.getByTestId('document-id').getByRole('button', { name: 'Upload' }).click();
    await expect(modal.getByRole('heading', { name: 'Upload: Proof of identity' })).toBeVisible();
    await uploadPhoto(modal);
    await expect(modal.getByRole('status').filter({ hasText: 'We have your document' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Back to my account' }).click();
    await expect(modal).toBeHidden();

    // The verification tab, by the account navigation: the proof of ID under review.
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Identity verification' }).click();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/account\/verification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
    const idRow = page.getByTestId('document-id');
    await expect(idRow.getByTestId('document-status-id')).toHaveText('Status: Under review');
    await expect(idRow).toContainText('passport.jpg: Under review');
    await expectNoSeriousA11yViolations(page);

    // The operator approves it: the page hears it on the wallet's live connection, no reload.
    await page.evaluate(() => {
      document.documentElement.dataset.notReloaded = 'yes';
    });
    await review(page.request, playerId, 'PROOF_OF_ID', 'accept');
    await expect(idRow.getByTestId('document-status-id')).toHaveText('Status: Approved', { timeout: 25_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.notReloaded)).toBe('yes');
  });

  test('a rejected document says why and what to do; a failed upload keeps the file for Try again', async ({ page }) => {
    const playerId = await registerFreshPlayer(page.request, 'reject');
    await requestDocument(page.request, playerId, 'PROOF_OF_ID');
    await page.goto(VERIFICATION);
    await waitForShell(page);
    const idRow = page.getByTestId('document-id');
    await idRow.getByRole('button', { name: 'Upload' }).click();
    const step = page.getByRole('region', { name: 'Upload: Proof of identity' });

    // The first try does not reach the platform: the error shows, the file stays, Try again sends it.
    let failNext = true;
    await page.route('**/api/player/documents', async (route) => {
      if (route.request().method() === 'POST' && failNext) {
        failNext = false;
        await route.abort('connectionreset');
      } else {
        await route.fallback();
      }
    });
    await uploadPhoto(step, 'blurry.jpg');
    await expect(step.getByRole('alert')).toHaveText('We could not reach the server. Check your connection and try again.');
    await expect(step.getByTestId('chosen-file')).toContainText('blurry.jpg');
    await expectNoSeriousA11yViolations(page);
    await step.getByRole('button', { name: 'Try again' }).click();
    await expect(step.getByRole('status').filter({ hasText: 'now under review' })).toBeVisible();
    await expect(idRow.getByTestId('document-status-id')).toHaveText('Status: Under review');

    // Rejected as blurry: the row says what to send instead.
    await review(page.request, playerId, 'PROOF_OF_ID', 'reject', 'BLURRY');
    await expect(idRow).toContainText('The photo is blurry. Hold the camera still, let it focus, and upload a sharp photo.', { timeout: 25_000 });
    await expect(idRow.getByTestId('document-status-id')).toHaveText('Status: Needed');

    // A file that is not an image behind a .jpg name: refused by the platform, translated.
    await idRow.getByRole('button', { name: 'Upload' }).click();
    await step.getByLabel('Your file').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo\n'.repeat(20)) });
    await step.getByRole('button', { name: 'Upload document' }).click();
    await expect(step.getByRole('alert')).toHaveText('This kind of file is not accepted. Upload a JPEG, PNG, WebP or HEIC photo, or a PDF.');
    await expect(step.getByTestId('chosen-file')).toContainText('notes.jpg');
  });

  test('a deposit that asks for documents opens the modal; after the upload the deposit resumes with the amount typed', async ({ page }) => {
    const playerId = await registerFreshPlayer(page.request, 'deposit');
    await requestDocument(page.request, playerId, 'PROOF_OF_ID');
    await page.goto('/en-UN/my-account/banking/deposit');
    await waitForShell(page);

    // Verify later: the cashier with the notice; the player chooses Visa and types 25, then verifies after all.
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Verify later and deposit now' }).click();
    await main.getByRole('radio', { name: 'Visa' }).check();
    const amount = main.getByRole('textbox', { name: 'Amount (EUR)' });
    await amount.fill('25');
    await expect(main.getByRole('button', { name: 'Deposit €25.00' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      await expectFitsViewport(page, `the postponed deposit at ${String(width)} px`, main.getByRole('button', { name: 'Upload documents' }));
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await main.getByRole('button', { name: 'Upload documents' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(modal).toContainText('Please verify your account within 30 days.');
    await expectNoSeriousA11yViolations(page);
    await modal.getByTestId('document-id').getByRole('button', { name: 'Upload' }).click();
    await uploadPhoto(modal);
    await expect(modal.getByRole('status').filter({ hasText: 'We have your document' })).toBeVisible();
    await modal.getByRole('button', { name: 'Continue with your deposit' }).click();
    await expect(modal).toBeHidden();

    // The deposit is checked again: nothing asked of the player any more, the cashier as the player left it.
    await expect(page.getByRole('button', { name: 'Upload documents' })).toHaveCount(0);
    await expect(main.getByText('Please verify your identity', { exact: false })).toHaveCount(0);
    await expect(amount).toHaveValue('25');
    await expect(main.getByRole('radio', { name: 'Visa' })).toBeChecked();
    await expect(main.getByRole('button', { name: 'Deposit €25.00' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('a withdrawal that needs documents: the modal, the upload, under review, approved, and the withdrawal goes on as typed', async ({ page }) => {
    const playerId = await registerFreshPlayer(page.request, 'withdraw');
    const credited = await page.request.post('/api/test/wallet/credit', { data: { playerId, amount: '50.00' } });
    expect(credited.status(), await credited.text()).toBe(200);
    await page.goto('/en-UN/my-account/banking/withdraw');
    await waitForShell(page);

    // The player types 20 to Visa; meanwhile the operator asks for the proof of ID: the request needs documents.
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Visa' }).check();
    const amount = main.getByRole('textbox', { name: 'Amount (EUR)' });
    await amount.fill('20');
    await requestDocument(page.request, playerId, 'PROOF_OF_ID');
    await main.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByRole('button', { name: 'Upload documents' }).click();
    const modal = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(modal).toContainText('Before you go on, we need to verify your documents.');
    await modal.getByTestId('document-id').getByRole('button', { name: 'Upload' }).click();
    await uploadPhoto(modal);
    await modal.getByRole('button', { name: 'Continue with your withdrawal' }).click();
    await expect(modal).toBeHidden();

    // Checked again: the proof is under review; the operator's approval lets the withdrawal go on, no reload.
    await expect(page.getByRole('button', { name: 'Upload documents' })).toHaveCount(0);
    await expect(page.getByLabel(/^Amount/)).toHaveCount(0);
    await page.evaluate(() => {
      document.documentElement.dataset.notReloaded = 'yes';
    });
    await review(page.request, playerId, 'PROOF_OF_ID', 'accept');
    await expect(amount).toHaveValue('20', { timeout: 25_000 });
    await expect(main.getByRole('radio', { name: 'Visa' })).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.dataset.notReloaded)).toBe('yes');
    await main.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(main.getByText('Your withdrawal of €20.00 has been requested and is pending.')).toBeVisible();
  });

  for (const width of [320, 375]) {
    test(`the verification tab and the modal fit ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      const playerId = await registerFreshPlayer(page.request, `fit${String(width)}`);
      await requestDocument(page.request, playerId, 'PROOF_OF_ADDRESS');
      await page.goto(VERIFICATION);
      await waitForShell(page);
      await expectFitsViewport(page, 'verification tab', page.getByTestId('document-address').getByRole('button', { name: 'Upload' }));
      await page.getByTestId('document-address').getByRole('button', { name: 'Upload' }).click();
      const step = page.getByRole('region', { name: 'Upload: Proof of address' });
      await step.getByLabel('What kind of document is it?').selectOption({ label: 'Utility bill' });
      await step.getByLabel('Your file').setInputFiles({ name: 'a-rather-long-file-name-of-a-utility-bill-scan.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await expectFitsViewport(page, 'proof of address step', step.getByRole('button', { name: 'Upload document' }));

      // The modal over the deposit tab (asked for a proof of address, the deposit prefers it).
      await page.goto('/en-UN/my-account/banking/deposit');
      await waitForShell(page);
      await expectFitsViewport(page, 'deposit asking for documents', page.getByRole('button', { name: 'Upload documents' }));
      await page.getByRole('button', { name: 'Upload documents' }).click();
      const modal = page.getByRole('dialog', { name: 'Verify your account' });
      await modal.getByTestId('document-address').getByRole('button', { name: 'Upload' }).click();
      await expectFitsViewport(page, 'verification modal', modal.getByLabel('Your file'));
    });
  }
});
