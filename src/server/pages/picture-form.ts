import * as z from 'zod/mini';
import { AVATAR_MAX_MEGABYTES } from '../../domain/avatar.ts';
import type { Locale } from '../../i18n/locales.ts';
import { messagesFor, translate, type MessageKey } from '../../i18n/translate.ts';
import type { AvatarPickerProps } from '../../islands/account/AvatarPicker.tsx';
import type { FormRefusal, FormUseCase } from '../http/form-post.ts';
import type { UseCaseContext } from '../use-cases/context.ts';
import { removeAvatar } from '../use-cases/remove-avatar.ts';
import { setAvatar } from '../use-cases/set-avatar.ts';
import { refuse } from '../validation-errors.ts';

const pictureFormSchema = z.object({
  remove: z.boolean(),
  image: z.optional(z.instanceof(Uint8Array)),
});
type PictureFormInput = z.infer<typeof pictureFormSchema>;

/**
 * My account's picture form without JavaScript: a multipart post of the file (kept as its middle square) or the
 * "Remove picture" button (`intent=remove`). The same use cases as `POST`/`DELETE /api/profile/avatar`.
 */
export function pictureForm(self: string) {
  return {
    takesPicture: true,
    schema: pictureFormSchema,
    fromForm: (form: URLSearchParams, picture?: Uint8Array) => ({
      remove: form.get('intent') === 'remove',
      ...(picture ? { image: picture } : {}),
    }),
    run: async (ctx: UseCaseContext, input: PictureFormInput) => {
      if (input.remove) {
        await removeAvatar.run(ctx);
        return 'removed' as const;
      }
      if (!input.image) throw refuse('image', 'avatar_error_missing');
      await setAvatar.run(ctx, { image: input.image });
      return 'saved' as const;
    },
    next: (done: 'saved' | 'removed') => `${self}?picture-${done}`,
  } satisfies FormUseCase<PictureFormInput, 'saved' | 'removed'>;
}

const pickerKeys: MessageKey[] = [
  'avatar_title',
  'avatar_choose',
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

/** The picture island's props on My account: its words in the page's language, and a refused post's reason. */
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
    error: posted?.errors.image?.join(' ') ?? posted?.errors.form?.join(' ') ?? '',
    messages: {
      ...messagesFor(pickerKeys, locale),
      avatar_hint: translate('avatar_hint', locale, { megabytes: AVATAR_MAX_MEGABYTES }),
    },
  };
}
