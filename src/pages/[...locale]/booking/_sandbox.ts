import * as m from '../../../paraglide/messages.js';
import { agencyTime } from '../../../domain/agency.ts';
import { localizePath } from '../../../i18n/locales.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { sandboxPage } from '../../../server/http/pages/sandbox-page.ts';

/** A virtual account's standing, as the simulator shows it. */
const statusLabel = {
  open: m.sandbox_status_pending,
  paid: m.sandbox_status_paid,
  expired: m.sandbox_status_expired,
  closed: m.sandbox_status_closed,
} as const;

/** Why the simulated bank would not take the money. */
const refusal = {
  paid: m.sandbox_refused_paid,
  expired: m.sandbox_refused_expired,
  closed: m.sandbox_refused_closed,
} as const;

/**
 * /booking/sandbox, the sandbox gateway's simulator (server/http/pages/sandbox-page.ts): it exists only while the sandbox
 * is the active gateway (else undefined, a 404), and is never cached.
 */
export async function serveSandbox(astro: PageAstro) {
  const state = await sandboxPage(astro.locals.deps, astro.request);
  if (state.kind === 'not_found') return undefined;
  astro.response.headers.set('Cache-Control', 'no-store');
  const { va, result } = state;
  return {
    state,
    va,
    result,
    since: va ? agencyTime(va.since) : undefined,
    action: localizePath('/booking/sandbox', astro.locals.locale),
    statusLabel,
    refusal,
  };
}
