import * as m from '../../../paraglide/messages.js';
import { agencyTime } from '../../../domain/agency.ts';
import { localizePath } from '../../../i18n/locales.ts';
import type { Locale } from '../../../i18n/locales.ts';
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

/** What the site did with the callback, in the page's words; an answer it does not name is shown as sent. */
const outcomes: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  confirmed: m.sandbox_outcome_confirmed,
  already_paid: m.sandbox_outcome_already_paid,
  underpaid: m.sandbox_outcome_underpaid,
  late_seats_gone: m.sandbox_outcome_late_seats_gone,
  duplicate: m.sandbox_outcome_duplicate,
  unknown: m.sandbox_outcome_unknown,
  ignored: m.sandbox_outcome_ignored,
  anomaly: m.sandbox_outcome_anomaly,
  unverified: m.sandbox_outcome_unverified,
  unreachable: m.sandbox_outcome_unreachable,
};

/**
 * /booking/sandbox, the sandbox gateway's simulator (server/http/pages/sandbox-page.ts): it exists only while the sandbox
 * is the active gateway (else undefined, a 404), and is never cached.
 */
export async function serveSandbox(astro: PageAstro) {
  const state = await sandboxPage(astro.locals.deps, astro.request);
  if (state.kind === 'not_found') return undefined;
  astro.response.headers.set('Cache-Control', 'no-store');
  const { va, result } = state;
  const { locale } = astro.locals;
  const said = result && 'httpStatus' in result ? outcomes[result.outcome] : undefined;
  return {
    outcome: result && 'httpStatus' in result ? (said ? said({}, { locale }) : result.outcome) : undefined,
    state,
    va,
    result,
    since: va ? agencyTime(va.since) : undefined,
    action: localizePath('/booking/sandbox', astro.locals.locale),
    statusLabel,
    refusal,
  };
}
