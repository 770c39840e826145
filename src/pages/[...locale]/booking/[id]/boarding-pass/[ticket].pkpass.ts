import type { APIRoute } from 'astro';
import { checkedInPass } from '../../../../../server/http/pages/checked-in-pass.ts';
import { translate } from '../../../../../i18n/translate.ts';
import { log } from '../../../../../server/observability/log.ts';
import {
  appleWalletPass,
  appleWalletUsable,
  PKPASS_MEDIA_TYPE,
  walletImagesFrom,
} from '../../../../../server/wallets/apple-wallet.ts';

export const prerender = false;

/**
 * "Add to Apple Wallet": one checked-in passenger's boarding pass as a signed `.pkpass`, which Safari on an iPhone
 * hands to Wallet by its media type (server/wallets/apple-wallet.ts), in the address's language. The booking's
 * unguessable id gives access, as for the PDF; 404 until that ticket is checked in, or without Apple's certificates.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { deps, locale } = locals;
  const wallet = deps.appleWallet;
  const pass = wallet && (await checkedInPass(deps, params, locale));
  if (!wallet || !pass) return new Response('Not found', { status: 404 });
  // A build without scripts/build-icons.ts's pictures (or `astro dev`), or the pass certificate expired.
  const pictures = await walletImagesFrom().catch((error: unknown) => {
    log.error({ err: error }, 'apple wallet: the pass pictures are missing from the built client');
    return undefined;
  });
  if (!pictures || !appleWalletUsable(wallet, deps.clock()))
    return new Response(translate('manage_apple_wallet_unavailable', locale), {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return new Response(new Uint8Array(appleWalletPass(pass, wallet, pictures)), {
    headers: {
      'Content-Type': PKPASS_MEDIA_TYPE,
      'Content-Disposition': `attachment; filename="boarding-pass-${pass.ticketNumber}.pkpass"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
