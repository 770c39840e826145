import type { LiveAnnouncement } from '../../domain/announcements.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';

/**
 * The announcements a page shows, as the HTML that replaces its marker: one region headed "Announcement", each
 * notice in the page's language with its level (a warning is read out as one). Their text was sanitised before it
 * was stored (sanitise.ts); nothing here adds a script or a style attribute, so the pages keep their CSP and their
 * stylesheet (utilities and the `announcement-` rules of styles/global.css).
 */
export function announcementBannerHtml(shown: readonly LiveAnnouncement[], locale: Locale): string {
  if (shown.length === 0) return '';
  const heading = translate(shown.length > 1 ? 'announcement_heading_many' : 'announcement_heading', locale);
  const notices = shown
    .map((announcement) => {
      const label = translate(
        announcement.level === 'warning' ? 'announcement_level_warning' : 'announcement_level_info',
        locale,
      );
      return (
        // A warning's border is the warning colour (a rule of its own: a utility would override it).
        `<div class="rounded-box border-2 bg-base-100 p-4 ${announcement.level === 'warning' ? 'announcement-warning' : 'border-info'}">` +
        `<p class="sr-only">${label}</p>` +
        `<div class="announcement-body">${announcement.html[locale]}</div></div>`
      );
    })
    .join('');
  return (
    `<section class="mx-auto grid max-w-6xl gap-2 px-4 pt-4" aria-labelledby="announcements-heading">` +
    `<h2 id="announcements-heading" class="sr-only">${heading}</h2>${notices}</section>`
  );
}
