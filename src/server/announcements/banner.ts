import type { LiveAnnouncement } from '../../domain/announcements.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';

/**
 * The announcements a page shows, as the HTML that replaces its marker: one region named "Announcement", each
 * notice in the page's language (a warning is read out as one). Their text was sanitised before it
 * was stored (sanitise.ts); nothing here adds a script or a style attribute, so the pages keep their CSP and their
 * stylesheet (utilities and the `announcement-` rules of styles/global.css).
 */
export function announcementBannerHtml(shown: readonly LiveAnnouncement[], locale: Locale): string {
  if (shown.length === 0) return '';
  const region = translate(shown.length > 1 ? 'announcement_heading_many' : 'announcement_heading', locale);
  const notices = shown
    .map((announcement) => {
      const warning = announcement.level === 'warning';
      // A warning says so to a screen reader, and its border is the warning colour (a rule of its own: a utility
      // would override it). Few bytes: this goes into pages that must fit the first round trip.
      return (
        `<div class="announcement-body rounded-box border-2 bg-base-100 p-4 ${warning ? 'announcement-warning' : 'border-info'}">` +
        (warning ? `<p class="sr-only">${translate('announcement_level_warning', locale)}</p>` : '') +
        `${announcement.html[locale]}</div>`
      );
    })
    .join('');
  return `<section class="mx-auto grid max-w-6xl gap-2 px-4 pt-4" aria-label="${region}">${notices}</section>`;
}
