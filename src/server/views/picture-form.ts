import { asSentences, firstReason } from '../../i18n/sentences.ts';
import { AVATAR_MAX_MEGABYTES } from '../../domain/avatar.ts';
import type { Locale } from '../../i18n/locales.ts';
import { messagesFor, translate, type MessageKey } from '../../i18n/translate.ts';
import type { AvatarPickerProps } from '../../islands/account/AvatarPicker.tsx';
import type { FormRefusal } from '../http/form-post.ts';

const pickerKeys: MessageKey[] = [
  'avatar_title',
  'avatar_choose',
  'avatar_none_chosen',
  'avatar_save',
  'avatar_remove',
  'avatar_cancel',
  'avatar_crop_hint',
  'avatar_saved',
  'avatar_removed',
  'avatar_alt',
  'avatar_crop_area',
  'avatar_handle_nw',
  'avatar_handle_n',
  'avatar_handle_ne',
  'avatar_handle_e',
  'avatar_handle_se',
  'avatar_handle_s',
  'avatar_handle_sw',
  'avatar_handle_w',
  'avatar_preview_error',
  'avatar_error_missing',
  'session_expired',
  'notification_generic_error',
];

/**
 * The picture island's props on My account: its words in the page's language, and a refused post's reason. Without
 * JavaScript its form posts the file to `?picture` (use case set-avatar) and "Remove picture" to `?picture-remove`
 * (remove-avatar).
 */
export function pictureProps(
  locale: Locale,
  page: { action: string; csrf: string; home: string; avatarUrl: string | null; fullName: string },
  posted: FormRefusal | undefined,
): AvatarPickerProps {
  return {
    locale,
    action: `${page.action}?picture`,
    csrf: page.csrf,
    home: page.home,
    avatarUrl: page.avatarUrl,
    fullName: page.fullName,
    error: asSentences(firstReason(posted?.errors.image ?? posted?.errors.form ?? [])),
    messages: {
      ...messagesFor(pickerKeys, locale),
      avatar_hint: translate('avatar_hint', locale, { megabytes: AVATAR_MAX_MEGABYTES }),
    },
  };
}
