import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';
import { testWalletSettings } from './tests/support/wallet-settings.ts';

const PORT = Number(process.env.E2E_PORT ?? 4322);
export const baseURL = `http://127.0.0.1:${PORT}`;
const E2E_DB = 'data/e2e-pglite';
/** Where the e2e server writes its e-mails (no SMTP_URL): the booking tests read them from here. */
export const E2E_OUTBOX = 'data/e2e-outbox';
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4490);
const OIDC_ISSUER = `http://127.0.0.1:${String(OIDC_PORT)}`;
/** Where the site loads Google's sign-in library from in the browser tests. */
export const GOOGLE_SCRIPT_URL = `${OIDC_ISSUER}/gsi/client`;

/**
 * CHROME_PATH when set; else Debian's headless shell (package `chromium-headless-shell`: the same Chromium engine
 * without the desktop browser around it, which is what Playwright itself runs headless tests in; about 30 % less
 * CPU than the full browser on these 2-core machines), else Debian's Chromium; else Playwright's own browser.
 */
function chromeExecutable(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((path) => path !== undefined && path !== '' && existsSync(path));
  if (found) return found;
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return bundled;
  throw new Error(
    'No Chromium for the browser tests. Install it (Debian: `apt-get install -y chromium-headless-shell`) or set CHROME_PATH ' +
      'to a Chrome or Chromium binary, e.g. CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome".',
  );
}

export default defineConfig({
  testDir: './tests',
  testMatch: ['e2e/**/*.spec.ts', 'perf/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2, // the machines have 2 cores; the server under test shares them
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    baseURL,
    locale: 'en-GB',
    // Each test's fresh context would install the service worker and download the offline set on its first page
    // with an island: work no other test needs. The specs about the worker allow it (installable, my-trips).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromeExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Most travellers are on a phone: everything runs at 360 px.
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true },
      // `npm test` runs the slow-network budgets on their own afterwards (scripts/run-tests.ts).
      ...(process.env.SLOW_NETWORK_LATER === '1' ? { testIgnore: ['**/perf/slow-network.spec.ts'] } : {}),
    },
    // On a desktop, only what is laid out differently there (tagged @layout): the header's links and its "Log in"
    // dialog instead of the phone menu, the theme switch, the results grid and its summary, the account's navigation.
    {
      name: 'desktop',
      testMatch: ['e2e/**/*.spec.ts'],
      grep: /@layout/,
      use: { viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: [
    {
      // Sign in with Google signs in against this local OpenID Connect provider (tests/e2e/oidc-provider.ts).
      command: 'node tests/e2e/oidc-provider.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production server on the production build (npm run test:e2e builds it with the test fixtures).
      // A fresh embedded database of its own, migrated and seeded like `npm start` does.
      command: `rm -rf ${E2E_DB} ${E2E_OUTBOX} && node scripts/db-setup.ts && node src/server/main.ts`,
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PGLITE_DIR: E2E_DB,
        // The test-only routes of an E2E_FIXTURES build answer only a server started with this too.
        E2E_FIXTURES: '1',
        OUTBOX_DIR: E2E_OUTBOX,
        SITE_URL: baseURL,
        // Every browser test books from 127.0.0.1; the limits themselves are proven by the integration tests.
        RATE_LIMIT_HOLDS: '100000',
        RATE_LIMIT_LOOKUPS: '100000',
        RATE_LIMIT_REGISTRATIONS: '100000',
        RATE_LIMIT_LOGINS: '100000',
        // The browser tests pay through the sandbox's simulator, on purpose.
        ALLOW_SANDBOX_GATEWAY: '1',
        // The agency's indicative rates, set today (UTC's today is never after Batam's), for a reader from Singapore.
        INDICATIVE_RATES: 'SGD=12150,MYR=3560',
        INDICATIVE_RATES_DATE: new Date().toISOString().slice(0, 10),
        GOOGLE_CLIENT_ID: 'segara-e2e.apps.example',
        GOOGLE_CLIENT_SECRET: 'segara-e2e-secret',
        GOOGLE_ISSUER: OIDC_ISSUER,
        GOOGLE_JWKS_URL: `${OIDC_ISSUER}/jwks`,
        GOOGLE_TOKEN_URL: `${OIDC_ISSUER}/token`,
        // The provider serves no library here: a test that wants one stands it in (google-sign-in.spec.ts).
        GOOGLE_SCRIPT_URL: GOOGLE_SCRIPT_URL,
        ...testWalletSettings(),
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
