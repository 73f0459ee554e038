import { ERROR_CODES } from '@minecloud/contract/errors';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../api/src/lib/totp.ts';
import { launchChromium, type OperatorCall, operatorSession } from './browser.ts';
import { type E2eServer, enrolOperator, startE2eServer } from './server.ts';

/**
 * Operators' passkeys in Chromium, through the DevTools virtual authenticator (docs/operations.md,
 * "Passkeys"): a finance operator enrols one on the account page, signs in with it; once the owner
 * requires passkeys of finance, password and code are refused; a removed passkey signs nobody in.
 * A server of its own: requiring passkeys of a role would change the shared server for every file.
 * Its pages are opened at `localhost`, the relying party without PUBLIC_ORIGIN (an IP address
 * never is one).
 */

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let owner: OperatorCall;
let consoleUrl: string;
const FIN = { username: 'pk-fin', password: 'pk-fin-e2e-password', secret: '' };

/** A new finance operator set up through the API: its own password, and TOTP enrolled. */
async function financeOperator(): Promise<string> {
  const created = await owner<{ password: string }>('POST', 'operators', { username: FIN.username, role: 'finance' });
  const first = await fetch(`${server.baseUrl}/admin-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: FIN.username, password: created.password }),
  });
  const { token } = ((await first.json()) as { data: { token: string } }).data;
  const as = operatorSession(server.baseUrl, token);
  await as('POST', 'auth/password', { current: created.password, next: FIN.password });
  FIN.secret = (await as<{ secret: string }>('POST', 'auth/totp/setup', {})).secret;
  await as('POST', 'auth/totp/enable', { code: totpCode(FIN.secret, totpStep(new Date())) });
  return token;
}

/** Opens the console signed out (the token lives in sessionStorage). */
async function signedOut() {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${consoleUrl}/login`);
}

async function passkeySignIn(): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/admin-api/auth/passkey/login'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  return ((await (await answer).json()) as { code: number }).code;
}

beforeAll(async () => {
  server = await startE2eServer({});
  consoleUrl = `${server.baseUrl.replace('127.0.0.1', 'localhost')}/admin`;
  owner = operatorSession(server.baseUrl, (await enrolOperator(server.baseUrl)).token);
  const token = await financeOperator();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // Signed in with password and code already (through the API): the session of the enrolment.
  await page.goto(`${consoleUrl}/login`);
  await page.evaluate((value) => sessionStorage.setItem('minecloud.admin.token', value), token);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('passkeys in the console', () => {
  it('enrols a passkey on the account page, and signs in with it', async () => {
    await page.goto(`${consoleUrl}/account`);
    await page.getByLabel('Name').fill('Virtual key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Virtual key', exact: true }).count()).toBe(1);

    await signedOut();
    expect(await passkeySignIn()).toBe(0);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('refuses password and code once the owner requires passkeys of the role', async () => {
    await owner('PUT', 'operators/passkey-policy', { roles: ['finance'] });
    await signedOut();
    await page.getByLabel('Username').fill(FIN.username);
    await page.getByLabel('Password').fill(FIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The enrolment took this step's code; the next step's is within the drift allowed.
    await page.getByLabel('Authenticator code').fill(totpCode(FIN.secret, totpStep(new Date()) + 1));
    const answer = page.waitForResponse((response) => response.url().endsWith('/admin-api/auth/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(((await (await answer).json()) as { code: number }).code).toBe(ERROR_CODES.passkeyRequired);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Your role signs in with a passkey');
  });

  it('refuses a passkey once it is removed', async () => {
    expect(await passkeySignIn()).toBe(0);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${consoleUrl}/account`);
    await page.getByRole('button', { name: 'Remove Virtual key' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No passkeys yet').waitFor();

    // The authenticator still holds it: the server no longer knows it.
    await signedOut();
    expect(await passkeySignIn()).toBe(ERROR_CODES.passkeyInvalid);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The passkey could not be verified');
  });
});
