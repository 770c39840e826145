import * as m from '../../../paraglide/messages.js';
import { agencyTime } from '../../../domain/agency.ts';
import { formatPortTime } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { roleAllows, type StaffRole } from '../../../domain/staff.ts';
import type { Database } from '../../../server/db/client.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { useCasePorts } from '../../../server/http/use-case-ports.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { staffPage } from '../../../server/http/pages/staff-page.ts';
import { auditEntries } from '../../../server/services/audit.ts';
import { staffMemberOf } from '../../../server/services/staff-session.ts';
import { staffSignOut } from '../../../server/use-cases/staff-sign-out.ts';
import { staffDashboard } from '../../../server/views/staff-dashboard.ts';

/** The audit log's filters on the console, by the family of actions each shows. */
export const auditFilters = [
  'payment.',
  'refund.',
  'anomaly.',
  'sailing.',
  'staff.',
  'announcement.',
  'booking.',
  'data_request.',
] as const;

/** A filter's name in the reader's language: `refund.` is "Refunds". */
export const auditFilterLabel = (filter: (typeof auditFilters)[number], locale: Locale) =>
  translate(`staff_audit_filter_${filter.slice(0, -1)}` as MessageKey, locale);

/**
 * `/staff`, the console's start: who is signed in, "Sign out" (its form posts here), the manager's dashboard
 * (server/views/staff-dashboard.ts), and the audit log, newest first, filtered by a family of actions
 * (`?show=refund.`) and a booking's code (`?booking=K7M4QX`). Nobody signed in as staff: the sign-in page.
 */
export async function serveStaffConsole(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  const posted = await submitForm(page.form, staffSignOut);
  if (posted instanceof Response) return posted;
  if (!page.actor) return astro.redirect(localizePath('/staff/login', locale));
  const db = await deps.database();
  const asked = astro.url.searchParams.get('show') ?? '';
  const show = auditFilters.find((filter) => filter === asked);
  const code = (astro.url.searchParams.get('booking') ?? '').trim().slice(0, 6).toUpperCase();
  const rows = await auditEntries(db, {
    ...(show ? { action: show } : {}),
    ...(code ? { bookingCode: code } : {}),
    limit: 50,
  });
  const dashboard = await staffDashboard(
    { db, network: deps.network, calendar: useCasePorts.calendar, now: deps.clock() },
    locale,
    { admin: page.actor.role === 'admin' },
  );
  return {
    csrf: page.csrf,
    dashboard,
    ...(await consoleBar(db, page.actor, locale)),
    show: show ?? '',
    code,
    rows: rows.map((row) => ({
      id: row.id,
      when: formatPortTime(agencyTime(row.at), locale),
      what: translate(`audit_${row.action.replace('.', '_')}` as MessageKey, locale),
      who: `${translate(`staff_actor_${row.actorKind}` as MessageKey, locale)}${row.actorKind === 'gateway' && row.actorId ? ` (${row.actorId})` : ''}`,
      about: `${translate(`audit_subject_${row.subjectType}` as MessageKey, locale)} ${row.subjectId.slice(0, 8)}`,
      reason: row.reason,
    })),
  };
}

/** What the console's bar shows (components/staff/StaffBar.astro): who is signed in, and whether they are an admin. */
export async function consoleBar(
  db: Database,
  actor: { staffId: string; role: StaffRole },
  locale: Locale,
): Promise<{ greeting: string; admin: boolean }> {
  const t = { locale };
  const member = await staffMemberOf(db, actor.staffId);
  const role = actor.role === 'admin' ? m.staff_role_admin({}, t) : m.staff_role_agent({}, t);
  return {
    greeting: m.staff_signed_in_as({ name: member?.fullName ?? '', role }, t),
    admin: actor.role === 'admin',
  };
}

/**
 * The console's entry to a page that needs `needed` (an agent's work is open to admins too): nobody signed in goes
 * to the sign-in page; a staff member without the role gets a 403 with the console's bar; else the page, the bar
 * and the database.
 */
export async function consoleEntry(astro: PageAstro, needed: StaffRole) {
  const { locale, deps } = astro.locals;
  const page = await staffPage(astro);
  if (!page.actor) return astro.redirect(localizePath('/staff/login', locale));
  const db = await deps.database();
  const bar = { csrf: page.csrf, ...(await consoleBar(db, page.actor, locale)) };
  if (!roleAllows(page.actor.role, needed)) {
    astro.response.status = 403;
    return { allowed: false as const, bar };
  }
  return { allowed: true as const, bar, page, db };
}
