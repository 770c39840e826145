import { agencyTime } from '../../../domain/agency.ts';
import { formatDate } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { linkSecretOf } from '../../../server/auth/account-links.ts';
import { staffSecurity } from '../../../server/auth/staff-security.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { staffPage } from '../../../server/http/pages/staff-page.ts';
import { gateDeviceListing } from '../../../server/services/gate-device-listing.ts';
import { staffGateDeviceAdd } from '../../../server/use-cases/staff-gate-device-add.ts';
import { staffGateDeviceRevoke } from '../../../server/use-cases/staff-gate-device-revoke.ts';
import { consoleBar } from './_console.ts';

/** `21 November 2026, 17:05 WIB`: when, on the agency's clock. */
function when(instant: Date, locale: Locale): string {
  const local = agencyTime(instant);
  return `${formatDate(local.date, locale)}, ${local.time} ${local.zone}`;
}

/**
 * `/staff/gate-devices`, the admins' scanning phones (docs/decisions/0014): add one (its set-up code is listed
 * while it works), revoke one (its form posts here with `?revoke={id}`). Nobody signed in: the sign-in page; an
 * agent: 403.
 */
export async function serveGateDevices(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  if (!page.actor) return astro.redirect(localizePath('/staff/login', locale));
  if (page.actor.role !== 'admin') {
    astro.response.status = 403;
    return { allowed: false as const };
  }
  const revoking = astro.url.searchParams.get('revoke');
  const posted = revoking
    ? await submitForm(page.form, staffGateDeviceRevoke, { params: { id: revoking } })
    : await submitForm(page.form, staffGateDeviceAdd);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const db = await deps.database();
  const devices = await gateDeviceListing(db, staffSecurity, linkSecretOf(deps), deps.clock());
  const query = astro.url.searchParams;
  return {
    allowed: true as const,
    csrf: page.csrf,
    ...(await consoleBar(db, page.actor, locale)),
    posted,
    notice: query.has('added') ? ('added' as const) : query.has('revoked') ? ('revoked' as const) : undefined,
    devices: devices.map((device) => ({
      ...device,
      ...(device.setUpExpiresAt ? { codeUntil: when(device.setUpExpiresAt, locale) } : {}),
      ...(device.lastSeenAt ? { lastSeen: when(device.lastSeenAt, locale) } : {}),
    })),
  };
}
