import { formatRupiah } from '../../../i18n/format.ts';
import { localizePath } from '../../../i18n/locales.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { sandboxCheckoutPage } from '../../../server/http/pages/sandbox-checkout-page.ts';

/**
 * /booking/sandbox-checkout?id=…, the sandbox gateway's hosted card page and QRIS simulator
 * (server/http/pages/sandbox-checkout-page.ts): only while the sandbox is the active gateway, never cached.
 */
export async function serveSandboxCheckout(astro: PageAstro) {
  const state = await sandboxCheckoutPage(astro.locals.deps, astro.request);
  if (state.kind === 'not_found') return undefined;
  if (state.kind === 'redirect') return astro.redirect(state.to, 303);
  astro.response.headers.set('Cache-Control', 'no-store');
  const { locale } = astro.locals;
  return {
    ...state,
    amount: formatRupiah(state.checkout.amount, locale),
    action: `${localizePath('/booking/sandbox-checkout', locale)}?id=${encodeURIComponent(state.checkout.id)}`,
    back: state.checkout.cancelUrl,
    refunds: state.refunds.map((refund) => ({ ...refund, amount: formatRupiah(refund.amount, locale) })),
  };
}
