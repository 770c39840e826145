import type { AnnouncementState } from '../../domain/announcements.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';

/** Where an announcement stands, in the reader's language: "Live", "Draft", ... */
export function announcementStateLabel(state: AnnouncementState, locale: Locale): string {
  return translate(`announcement_state_${state}`, locale);
}
