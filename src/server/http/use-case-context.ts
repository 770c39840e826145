import type { Locale } from '../../i18n/locales.ts';
import { serverLinkSecret } from '../auth/account-links.ts';
import type { AppDeps } from '../deps.ts';
import type { Actor, BookingAccess, BrowserSession, UseCaseContext } from '../use-cases/context.ts';
import { clientAddress } from './client-address.ts';
import { useCasePorts } from './use-case-ports.ts';
import { observeUseCase, type UseCaseOutcome } from '../observability/metrics.ts';
import { Refused } from '../validation-errors.ts';

/**
 * The context of one request, from the process's dependencies. `socketAddress`: Astro's, for page routes;
 * `session`: the calling browser's (none: a caller that keeps no cookies of ours).
 */
export async function useCaseContext(
  deps: AppDeps,
  request: Request,
  options: {
    locale: Locale;
    actor?: Actor;
    socketAddress?: string;
    access?: BookingAccess;
    session?: BrowserSession;
  },
): Promise<UseCaseContext> {
  const effects: (() => void)[] = [];
  const ctx: UseCaseContext = {
    ...useCasePorts,
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
    session: options.session ?? noBrowser,
    afterCommit: (effect) => effects.push(effect),
    wakeMail: () => deps.mailQueued?.(),
  };
  pending.set(ctx, effects);
  return ctx;
}

/** What each context's use case asked to run after it (`afterCommit`), until its door settles it. */
const pending = new WeakMap<UseCaseContext, (() => void)[]>();

/** Runs what `ctx.afterCommit` collected, once (`runUseCase`, after `run`). */
export function settleContext(ctx: UseCaseContext): void {
  for (const effect of pending.get(ctx)?.splice(0) ?? []) effect();
}

/** A caller that keeps no cookies of ours: nothing to change. */
export const noBrowser: BrowserSession = {
  logIn: () => Promise.resolve(),
  logInWithPassword: () => Promise.resolve({ refused: 'failed' as const }),
  logOut: () => undefined,
  keepHold: () => undefined,
  keepGrant: () => undefined,
  loggedInAs: undefined,
  staffToken: undefined,
  keepStaffSession: () => undefined,
  endStaffSession: () => undefined,
};

/**
 * Runs a use case as both doors do: `run`, then what it asked to happen afterwards (`ctx.afterCommit`), whether it
 * returned or refused (a refusal may follow a committed change, such as a hold found expired and its mail queued).
 */
export async function runUseCase<Input, Output>(
  useCase: { name: string; run: (ctx: UseCaseContext, input: Input) => Promise<Output> },
  ctx: UseCaseContext,
  input: Input,
): Promise<Output> {
  const started = performance.now();
  let outcome: UseCaseOutcome = 'failed';
  try {
    const output = await useCase.run(ctx, input);
    outcome = 'ok';
    return output;
  } catch (error) {
    if (error instanceof Refused) outcome = 'refused';
    throw error;
  } finally {
    observeUseCase(useCase.name, outcome, (performance.now() - started) / 1000);
    settleContext(ctx);
  }
}
