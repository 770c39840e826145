import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import ReactCrop, { type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { AVATAR_ACCEPT } from '../../domain/avatar.ts';
import { passengerInitials } from '../../domain/boarding-pass-payload.ts';
import type { Locale } from '../../i18n/locales.ts';
import { showNotification } from '../../stores/notifications.ts';
import { sessionEnded, sessionStarted, type CachedProfile } from '../../stores/session.ts';
import { callApi, type ApiAnswer } from '../shared/api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { croppedJpeg, dataUrlOf, startingCrop } from './crop-picture.ts';

export interface AvatarPickerProps {
  locale: Locale;
  /** My account's picture form (`?picture`): without JavaScript the file posts there. */
  action: string;
  csrf: string;
  /** Where an ended session leads. */
  home: string;
  avatarUrl: string | null;
  fullName: string;
  /** A refused plain post's reason (too big, not a picture), localized. */
  error: string;
  messages: Record<string, string>;
}

/**
 * My account's profile picture: the current one (or the initials), a file picker, and, once a picture is chosen,
 * a square crop (react-image-crop: drag, or the arrow keys on the square and on each handle) saved with
 * `POST /api/profile/avatar`. The browser sends only the cropped square; the server re-encodes it. Without
 * JavaScript the same form posts the whole file, and the server keeps its middle square.
 */
export default function AvatarPicker(props: AvatarPickerProps) {
  const t = (key: string) => props.messages[key] ?? key;
  const hydrated = useHydrated();
  const [avatarUrl, setAvatarUrl] = useState(props.avatarUrl);
  const [source, setSource] = useState<string>();
  const [crop, setCrop] = useState<PercentCrop>();
  const [error, setError] = useState(props.error);
  const [busy, setBusy] = useState(false);
  const [chosenName, setChosenName] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement>(null);

  // Each choice is numbered: a big file read slowly must not replace the smaller one chosen after it.
  const choice = useRef(0);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const current = ++choice.current;
    setError('');
    setCrop(undefined);
    setSource(undefined);
    setChosenName(file?.name);
    if (!file) return;
    dataUrlOf(file).then(
      (url) => {
        if (current === choice.current) setSource(url);
      },
      () => {
        if (current === choice.current) setError(t('avatar_preview_error'));
      },
    );
  };

  const reset = () => {
    choice.current += 1;
    setSource(undefined);
    setCrop(undefined);
    setChosenName(undefined);
    if (input.current) input.current.value = '';
  };

  const answered = (answer: ApiAnswer, done: string) => {
    if (answer.ok) {
      const profile = answer.body.data as CachedProfile;
      sessionStarted(profile);
      setAvatarUrl(profile.avatarUrl ?? null);
      reset();
      showNotification(t(done));
    } else if (answer.status === 401 || answer.status === 402) sessionEnded(t('session_expired'), props.home);
    else
      setError(
        answer.body.errors?.image?.join(' ') ?? answer.body.message ?? t('notification_generic_error'),
      );
  };

  const send = async (remove: boolean) => {
    if (remove) {
      answered(
        await callApi('/api/profile/avatar', { method: 'DELETE', locale: props.locale }),
        'avatar_removed',
      );
      return;
    }
    // A file chosen before the page was ready has no crop yet: it goes whole, and the server keeps its middle.
    const file = input.current?.files?.[0];
    const picture = image.current && crop ? await croppedJpeg(image.current, crop) : file;
    if (!picture) {
      setError(t('avatar_error_missing'));
      return;
    }
    const form = new FormData();
    form.append('image', picture, 'picture.jpg');
    answered(
      await callApi('/api/profile/avatar', { method: 'POST', form, locale: props.locale }),
      'avatar_saved',
    );
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    if (busy) return;
    const remove = (event.nativeEvent.submitter as HTMLButtonElement | null)?.dataset.remove === 'true';
    setBusy(true);
    setError('');
    send(remove)
      .catch(() => {
        setError(t('notification_generic_error'));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const loaded = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    setCrop(startingCrop(naturalWidth, naturalHeight));
  };

  const cropping = hydrated && source !== undefined;
  return (
    <form
      method="post"
      action={props.action}
      encType="multipart/form-data"
      onSubmit={hydrated ? onSubmit : undefined}
      className="grid gap-4"
      data-testid="avatar-form"
    >
      <input type="hidden" name="csrf" value={props.csrf} />
      <div className="flex flex-wrap items-center gap-4">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt={t('avatar_alt')}
            width={96}
            height={96}
            className="size-24 rounded-full border border-base-300 object-cover"
            data-testid="avatar-image"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-24 place-items-center rounded-full bg-primary text-3xl font-bold text-primary-content"
          >
            {passengerInitials(props.fullName)}
          </span>
        )}
        {/* The browser's own file button speaks the browser's language ("Choose File"): once the island runs,
            the input hides behind a button in the page's language, which says the chosen file's name. Without
            script the browser's input shows, as it alone can then say which file was chosen. */}
        <div className="grid gap-1">
          <label
            className={
              hydrated
                ? 'btn w-fit rounded-full btn-outline shadow-none has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary'
                : 'grid gap-1'
            }
          >
            <span className={hydrated ? undefined : 'font-semibold'}>{t('avatar_choose')}</span>
            <input
              ref={input}
              type="file"
              name="image"
              accept={AVATAR_ACCEPT}
              className={hydrated ? 'sr-only' : 'file-input w-full max-w-xs'}
              aria-describedby="avatar-chosen avatar-hint avatar-error"
              aria-invalid={error ? true : undefined}
              onChange={hydrated ? choose : undefined}
              data-testid="avatar-file"
            />
          </label>
          {hydrated && (
            <span id="avatar-chosen" className="text-sm break-all" data-testid="avatar-chosen">
              {chosenName ?? t('avatar_none_chosen')}
            </span>
          )}
        </div>
      </div>
      <p id="avatar-hint" className="text-sm">
        {t(cropping ? 'avatar_crop_hint' : 'avatar_hint')}
      </p>
      {cropping && (
        <ReactCrop
          {...(crop ? { crop } : {})}
          onChange={(_, percent) => {
            setCrop(percent);
          }}
          aspect={1}
          circularCrop
          keepSelection
          minWidth={48}
          ariaLabels={{
            cropArea: t('avatar_crop_area'),
            nwDragHandle: t('avatar_handle_nw'),
            nDragHandle: t('avatar_handle_n'),
            neDragHandle: t('avatar_handle_ne'),
            eDragHandle: t('avatar_handle_e'),
            seDragHandle: t('avatar_handle_se'),
            sDragHandle: t('avatar_handle_s'),
            swDragHandle: t('avatar_handle_sw'),
            wDragHandle: t('avatar_handle_w'),
          }}
          className="max-w-full justify-self-start"
        >
          <img
            ref={image}
            src={source}
            alt=""
            onLoad={loaded}
            onError={() => {
              reset();
              setError(t('avatar_preview_error'));
            }}
            className="max-h-96"
            data-testid="avatar-crop-image"
          />
        </ReactCrop>
      )}
      <p id="avatar-error" role="alert" className="text-error empty:hidden" data-testid="avatar-error">
        {error}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn rounded-full btn-primary"
          disabled={busy}
          data-testid="avatar-save"
        >
          {t('avatar_save')}
        </button>
        {cropping && (
          <button type="button" className="btn rounded-full btn-ghost" onClick={reset}>
            {t('avatar_cancel')}
          </button>
        )}
        {avatarUrl && !cropping && (
          <button
            type="submit"
            formAction={`${props.action}-remove`}
            data-remove="true"
            className="btn rounded-full btn-outline btn-error"
            disabled={busy}
            data-testid="avatar-remove"
          >
            {t('avatar_remove')}
          </button>
        )}
      </div>
    </form>
  );
}
