import type { IndicativeRateTable } from '../domain/indicative-price.ts';
import type { GoogleConfig } from './auth/google.ts';
import type { AppleWalletConfig } from './wallets/apple-wallet.ts';
import type { GoogleWalletConfig } from './wallets/google-wallet.ts';
import type { BoardingPassKeys } from './boarding-pass/keys.ts';
import type { Database } from './db/client.ts';
import type { RateLimits } from './http/rate-limits.ts';
import type { Network } from './network.ts';
import type { PaymentGateway } from './payments/gateway.ts';

/**
 * What the process gives the use cases and their doors (the API, the pages' forms, the jobs): built once at start-up
 * (runtime.ts) and passed in; tests pass their own database and clock. Its own file, so that a use case's context can
 * name it without importing the HTTP app that is built from it.
 */
export interface AppDeps {
  database: () => Promise<Database>;
  network: Network;
  clock: () => Date;
  horizonDays: number;
  /** Seat locking for holds; off only in the concurrency tests that prove the lock matters. */
  lockSeats?: boolean;
  /** The gateway that issues virtual accounts and authenticates its callbacks, and how long a VA stays payable. */
  payments: {
    gateway: PaymentGateway;
    windowMinutes: number;
    /** Only with the sandbox gateway: signs the simulator's callbacks as the gateway would. */
    signSandboxCallback?: (body: string, now: Date) => string;
  };
  /** The public origin, for links in e-mails and documents. */
  siteUrl: string;
  /** Holds and check-order lookups per address and per code, counted in the database. */
  rateLimits: RateLimits;
  /** How many proxies of ours stand in front (TRUST_PROXY_HOPS; 0 or absent: none): see clientAddress. */
  proxyHops?: number;
  /** The boarding-pass signing keys; absent: the ones this process's environment configures. */
  boardingPassKeys?: () => BoardingPassKeys;
  /** The web app's own OAuth client (browser sessions log in through it); absent: this installation's. */
  webClient?: WebClient;
  /** The IP-to-country service that guesses the phone input's country (`{ip}` in it); absent: no guessing. */
  phoneCountryLookupUrl?: string | undefined;
  /** Sign in with Google: this installation's client at Google; absent, the button is hidden and the call 404. */
  google?: GoogleConfig | undefined;
  /** "Add to Google Wallet" for boarding passes: this installation's issuer; absent, the link is not offered. */
  googleWallet?: GoogleWalletConfig | undefined;
  /** "Add to Apple Wallet" for boarding passes: this installation's pass type certificate; absent, not offered. */
  appleWallet?: AppleWalletConfig | undefined;
  /** The key of the account e-mails' links; absent: this installation's (auth/account-links.ts). */
  linkSecret?: () => string;
  /** The agency's indicative SGD and MYR rates with their date (INDICATIVE_RATES); absent: no indicative price. */
  indicativeRates?: IndicativeRateTable | undefined;
  /** Wakes the mail job: use cases ask for it through `ctx.afterCommit(ctx.wakeMail)` once they queued a mail. */
  mailQueued?: () => void;
}

/** An OAuth client of ours: its id and secret (the web app's own, which browsers log in through). */
export interface WebClient {
  id: string;
  secret: () => string;
}
