import type { Locale } from '../../../i18n/locales.ts';
import { serverBoardingPassKeys } from '../../boarding-pass/keys.ts';
import { boardingPassOf } from '../../documents/boarding-pass-of.ts';
import type { BoardingPassDocument } from '../../documents/boarding-pass.ts';
import type { AppDeps } from '../../deps.ts';
import { bookingById } from './booking-by-id.ts';

/**
 * The boarding pass a page's address names (`/booking/{id}/boarding-pass/{ticket}...`), in the page's language:
 * what the PDF and the wallets are made from. Undefined for an unknown booking or ticket, or one not checked in.
 */
export async function checkedInPass(
  deps: AppDeps,
  params: { id?: string | undefined; ticket?: string | undefined },
  locale: Locale,
): Promise<BoardingPassDocument | undefined> {
  const ticket = params.ticket ?? '';
  if (!/^[A-Z0-9-]{6,16}$/.test(ticket)) return undefined;
  const view = await bookingById(deps, params.id, locale);
  if (!view) return undefined;
  const signer = serverBoardingPassKeys().signer;
  return boardingPassOf(await deps.database(), deps.network, { ...view, locale }, ticket, signer);
}
