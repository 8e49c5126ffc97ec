// The whole actor system (ARCHITECTURE.md "The actor system", issue 8 "Tests"): the session with its
// real children — access check, cookie consent, toasts, login, idle timer and the flows — and only
// their outside calls faked, along the journeys a player makes. Each journey asserts what its end
// promises: who is logged in, which children exist, what the UI was told.
import { describe, expect, it } from 'vitest';
import type { CodeVerified } from '../../machines/codeVerification.machine';
import { IDLE_CHECK_MS } from '../../machines/lib/constants';
import { isAuthorized } from '../../machines/session.guards';
import { walletRefOf } from '../../machines/session.machine';
import { walletIsStale, walletTotalCents } from '../../machines/wallet.machine';
import type { WalletResponse } from '../../src/api/wallet';
import { LOGGED_IN } from './lib/identity';
import { settle } from './lib/pathCoverage';
import { anonymous, childIds, loadPlayer, runningFlows, sessionSystem as system } from './lib/sessionSystem';

describe('the whole actor system along the journeys a player makes', () => {
  it('anonymous → login → idle logout: the login modal ends in the session, the idle timer logs out and a toast says why', async () => {
    const run = system();
    await anonymous(run);
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);

    run.session.send({ type: 'login.open', redirect: '/online-casino' });
    const login = run.session.getSnapshot().context.loginRef;
    expect(run.session.system.get('toast')).toBe(run.session.getSnapshot().context.toastRef);
    login?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.resolve('authenticate', LOGGED_IN);
    await settle();
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.session.getSnapshot().context.loginRef).toBeNull();
    expect(run.emitted).toEqual([{ type: 'session.loggedIn', redirect: '/online-casino' }]);
    expect(childIds(run)).toContain('idleTimer');
    await loadPlayer(run);

    while (!run.session.getSnapshot().matches({ resolved: 'loggingOut' })) {
      run.clock.increment(IDLE_CHECK_MS);
      await settle();
    }
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    const end = run.session.getSnapshot();
    expect(end.value).toEqual({ resolved: 'anonymous' });
    expect(end.context.claims).toBeNull();
    expect(end.context.idToken).toBeNull();
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);
    expect(end.context.toastRef.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['session.idleLoggedOut']);
    expect(run.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'idle' });
  });

  it('anonymous → sign-up → authorised: the sign-up flow is the session child "signup", and its automatic login authorises the player', async () => {
    const run = system();
    await anonymous(run);
    run.session.send({
      type: 'flow.start',
      flow: 'signup',
      input: {
        languageCode: 'en',
        values: {
          firstName: 'Aino',
          lastName: 'Virtanen',
          email: 'aino@example.com',
          password: 'Aurora-Player-1',
          countryCode: 'MT',
          phonePrefix: '+356',
          phoneBody: '21234567',
          cpf: '',
          termsAndConditions: true,
          cookiePolicyAccepted: true,
          marketingOptIn: false,
        },
      },
    });
    const signup = run.session.getSnapshot().context.flows.signup;
    expect(signup).not.toBeNull();
    expect(run.session.system.get('signup')).toBe(signup);
    expect(childIds(run)).toContain('signup');

    // Malta needs no code: Details → ContactInfo → register → the automatic login.
    signup?.send({ type: 'step.next' });
    signup?.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', 'captcha-token');
    await settle();
    signup?.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', 3);
    await settle();
    run.fakes.resolve('register', { playerId: 42, token: 'registration-secret', verification: 'NONE' });
    await settle();
    run.fakes.resolve('completeRegistration', LOGGED_IN);
    await settle();

    const end = run.session.getSnapshot();
    expect(isAuthorized(end)).toBe(true);
    expect(end.context.claims).toEqual(LOGGED_IN.claims);
    // The Complete step stays on screen: the done flow's ref stays until its route stops it.
    expect(signup?.getSnapshot().status).toBe('done');
    expect(end.context.flows.signup).toBe(signup);
    run.session.send({ type: 'flow.stop', flow: 'signup' });
    expect(runningFlows(run)).toEqual([]);
  });

  it('pay-and-play → authorised: the bank identity of a known player logs in and the UI is sent to the saved target', async () => {
    const run = system();
    await anonymous(run);
    run.session.send({
      type: 'flow.start',
      flow: 'payAndPlay',
      input: { langmarket: 'fi-FI', target: '/online-casino', amount: null, callback: { code: 'one-time', sessionId: 'pnp-1', error: null } },
    });
    expect(run.session.system.get('payAndPlay')).toBe(run.session.getSnapshot().context.flows.payAndPlay);
    run.fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp1:test' });
    await settle();
    run.fakes.resolve('verifyCode', { email: 'player@example.com', mobilePhone: '+358401234567', playerId: 1001 });
    await settle();
    run.fakes.resolve('loginPlayer', LOGGED_IN);
    await settle();

    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.session.getSnapshot().context.claims).toEqual(LOGGED_IN.claims);
    expect(run.emitted.at(-1)).toEqual({ type: 'ui.navigate', href: '/fi-FI/online-casino' });
  });

  it('authorised → a 401 → anonymous, with every running flow stopped and its systemId free again', async () => {
    const run = system();
    run.fakes.resolve('restoreSession', LOGGED_IN);
    await settle();
    await loadPlayer(run);
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    run.session.send({ type: 'flow.start', flow: 'passwordChange' });
    const phone = run.session.getSnapshot().context.flows.phoneChange;
    const password = run.session.getSnapshot().context.flows.passwordChange;
    expect(runningFlows(run)).toEqual(['phoneChange', 'passwordChange']);
    // A phone change in progress: the code was requested.
    phone?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '501234567' });

    run.session.send({ type: 'session.unauthorized' });
    expect(runningFlows(run)).toEqual([]);
    expect(phone?.getSnapshot().status).toBe('stopped');
    expect(password?.getSnapshot().status).toBe('stopped');
    expect(run.session.system.get('phoneChange')).toBeUndefined();
    expect(run.session.system.get('passwordChange')).toBeUndefined();
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.session.getSnapshot().context.logoutReason).toBe('unauthorized');
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);
  });

  it('logout while a flow runs: the flow stops with the session; a phone change that ended first reloads the profile and restarts', async () => {
    const run = system();
    run.fakes.resolve('restoreSession', LOGGED_IN);
    await settle();
    await loadPlayer(run);
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    const first = run.session.getSnapshot().context.flows.phoneChange;
    first?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '501234567' });
    run.fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-1' });
    await settle();
    // The popup's code entry is the flow's own child, the one code-verification machine.
    const codeEntry = first?.getSnapshot().children.codeVerification;
    codeEntry?.send({ type: 'code.change', code: '123456' });
    codeEntry?.send({ type: 'code.submit' });
    run.fakes.resolve('verifyCode', { key: null } satisfies CodeVerified);
    await settle();

    // The session's transition: the profile loads again, a toast says so, a fresh flow is ready.
    const afterChange = run.session.getSnapshot();
    expect(afterChange.matches({ resolved: { authorized: { profile: 'loading' } } })).toBe(true);
    expect(afterChange.context.toastRef.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['phoneChange.done']);
    const second = afterChange.context.flows.phoneChange;
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(run.session.system.get('phoneChange')).toBe(second);
    await loadPlayer(run);

    // The player logs out while the new flow waits for a code.
    second?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '509999999' });
    run.session.send({ type: 'session.logout' });
    expect(second?.getSnapshot().status).toBe('stopped');
    expect(runningFlows(run)).toEqual([]);
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'player' });
    // A visitor cannot start an account flow.
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    expect(runningFlows(run)).toEqual([]);
  });

  it('login → balance shown → deposit → pushed balance → logout closes the socket', async () => {
    const run = system();
    await anonymous(run);
    run.session.send({ type: 'login.open', redirect: null });
    run.session.getSnapshot().context.loginRef?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.resolve('authenticate', LOGGED_IN);
    await settle();
    await loadPlayer(run);

    // The wallet is the session's child "wallet" while the player is authorised: the balance is shown.
    const wallet = walletRefOf(run.session.getSnapshot());
    expect(wallet).toBeDefined();
    expect(run.session.system.get('wallet')).toBe(wallet);
    const balance = (main: string, version: number): WalletResponse => ({
      currency: 'EUR',
      version,
      balanceMap: { MAIN: { cash: main }, LOCKED: { cash: '0.00' }, BONUS: [{ vertical: 'SPORTS', bonus: '2.50' }] },
    });
    run.fakes.resolve('fetchWallet', balance('100.00', 7));
    run.fakes.resolve('fetchSocketToken', { token: 'live.token.1' });
    await settle();
    expect(walletTotalCents(wallet!.getSnapshot())).toBe(10_250);
    // The live connection is open with the socket token.
    expect(run.sockets).toHaveLength(1);
    expect(run.sockets[0]?.token).toBe('live.token.1');
    run.sockets[0]?.push({ type: 'socket.opened' });
    expect(wallet!.getSnapshot().hasTag('live')).toBe(true);

    // The cashier: the route starts the deposit flow; check, methods, amount, request, the provider.
    run.session.send({ type: 'flow.start', flow: 'deposit', input: { depositId: null, returnPath: '/en-UN/deposit' } });
    const deposit = run.session.getSnapshot().context.flows.deposit;
    expect(run.session.system.get('deposit')).toBe(deposit);
    expect(deposit?.getSnapshot().context.player).toMatchObject({ currency: 'EUR', access: { deposit: true, payout: true } });
    run.fakes.resolve('check', { result: 'SUCCESS', daysLeftToVerifyDocuments: null, limitLeft: null, limitType: null, resetOn: null, limitWarning: false });
    await settle();
    run.fakes.resolve('loadPaymentMethods', {
      methods: [{ id: 'visa', kind: 'card', name: 'Visa', logo: { src: '/visa.svg', width: 64, height: 40 } }],
      recentMethodIds: ['visa'],
    });
    await settle();
    deposit?.send({ type: 'amount.change', value: '50' });
    deposit?.send({ type: 'deposit.submit' });
    expect(run.fakes.calls.at(-1)).toEqual({
      id: 'requestDeposit',
      input: { amount: '50.00', methodId: 'visa', idempotencyKey: 'idem-key-1', returnPath: '/en-UN/deposit' },
    });
    run.fakes.resolve('requestDeposit', { result: 'SUCCESS', depositId: 'dep-1', redirectUrl: '/api/simulated-payments/pay?payment=dep-1' });
    await settle();
    expect(run.redirects).toEqual(['/api/simulated-payments/pay?payment=dep-1']);

    // Back from the provider: the route starts the flow again with the deposit's id; it settles.
    run.session.send({ type: 'flow.start', flow: 'deposit', input: { depositId: 'dep-1', returnPath: '/en-UN/deposit' } });
    const back = run.session.getSnapshot().context.flows.deposit;
    expect(back).not.toBe(deposit);
    expect(deposit?.getSnapshot().status).toBe('stopped');
    // Meanwhile the platform pushes the new balance (the next version): the header moves at once.
    run.sockets[0]?.push({ type: 'socket.message', message: { type: 'WALLET_BALANCE', ...balance('150.00', 8) } });
    expect(walletTotalCents(wallet!.getSnapshot())).toBe(15_250);
    run.fakes.resolve('depositStatus', { depositId: 'dep-1', status: 'SUCCESS', amount: '50.00', currency: 'EUR', methodId: 'visa', result: null });
    await settle();
    expect(back?.getSnapshot().value).toBe('succeeded');
    // The settled deposit asks the wallet again; an answer older than the push changes nothing.
    expect(run.fakes.isPending('fetchWallet')).toBe(true);
    run.fakes.resolve('fetchWallet', balance('100.00', 7));
    await settle();
    expect(walletTotalCents(wallet!.getSnapshot())).toBe(15_250);
    expect(walletIsStale(wallet!.getSnapshot())).toBe(false);

    // A change of the player's attributes pushed on the socket: the session loads the player again.
    run.sockets[0]?.push({ type: 'socket.message', message: { type: 'PLAYER_ATTRIBUTE_CHANGE', attributes: { deposit: false } } });
    expect(run.session.getSnapshot().matches({ resolved: { authorized: { profile: 'loading', access: 'loading' } } })).toBe(true);
    expect(walletRefOf(run.session.getSnapshot())).toBe(wallet);

    // Logout: the flow and the wallet stop, and the live connection is closed.
    run.session.send({ type: 'session.logout' });
    expect(run.sockets.every((socket) => socket.closed)).toBe(true);
    expect(wallet!.getSnapshot().status).toBe('stopped');
    expect(back?.getSnapshot().status).toBe('stopped');
    expect(run.session.system.get('wallet')).toBeUndefined();
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);
  });
});
