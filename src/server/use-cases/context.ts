import type { Locale } from '../../i18n/locales.ts';
import { serverLinkSecret } from '../auth/account-links.ts';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../http/app.ts';
import { clientAddress } from '../http/client-address.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { Network } from '../network.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

/**
 * Who is acting. Guests (identified by the unguessable booking id or by code + e-mail) and payment gateways (by
 * signature) and account holders (by their session); staff join with the staff console. Use cases decide by this
 * what they may do.
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'account'; userId: string }
  | { kind: 'gateway'; gateway: PaymentGateway['name'] };

/**
 * What every use case runs with: one shape, built once per request by its adapter (a JSON route or a form post),
 * so a use case never reaches for globals. Time is a clock, read when the use case decides (after its locks).
 */
export interface UseCaseContext {
  db: Database;
  clock: () => Date;
  network: Network;
  gateway: PaymentGateway;
  paymentWindowMinutes: number;
  rateLimits: RateLimits;
  /** The sailing locks of holds and after-sales changes; off only in the concurrency tests that prove they matter. */
  lockSeats: boolean;
  /** The reader's language: of the page, or of the API request. */
  locale: Locale;
  actor: Actor;
  /** The client's address, for rate limits (through trusted proxies as configured). */
  address: string;
  /** The key that signs and checks the links of account e-mails (auth/account-links.ts) and booking grants. */
  linkSecret: () => string;
  /** What the request carries that proves a booking beyond its link (domain/booking-access.ts). */
  access: BookingAccess;
}

/** Proof of bookings a request carries: its grants (auth/booking-access.ts) and the hold this browser made. */
export interface BookingAccess {
  grants: readonly string[];
  /** The booking this browser held last (its hold cookie): the one whose details it may make an account's. */
  heldHere?: string | undefined;
}

/** The context of one request, from the process's dependencies. `socketAddress`: Astro's, for page routes. */
export async function useCaseContext(
  deps: AppDeps,
  request: Request,
  options: { locale: Locale; actor?: Actor; socketAddress?: string; access?: BookingAccess },
): Promise<UseCaseContext> {
  return {
    db: await deps.database(),
    clock: deps.clock,
    network: deps.network,
    gateway: deps.payments.gateway,
    paymentWindowMinutes: deps.payments.windowMinutes,
    rateLimits: deps.rateLimits,
    lockSeats: deps.lockSeats ?? true,
    locale: options.locale,
    actor: options.actor ?? { kind: 'guest' },
    address: clientAddress(request, deps.proxyHops ?? 0, options.socketAddress),
    linkSecret: deps.linkSecret ?? serverLinkSecret,
    access: options.access ?? { grants: [] },
  };
}
