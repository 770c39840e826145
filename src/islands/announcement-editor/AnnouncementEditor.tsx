import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Locale } from '../../i18n/locales.ts';
import type { AnnouncementDraftInput } from '../../schemas/announcement.ts';
import { Field, inputClass } from '../shared/Field.tsx';
import { announcementDraftSaver, type Saving } from './draft-saver.ts';
import { RichText } from './RichText.tsx';

export interface AnnouncementEditorProps {
  locale: Locale;
  /** The announcement's id once it exists (its first save makes it). */
  id?: string | undefined;
  /** This page's path without an id: `/staff/announcements` or `/id/staff/announcements`. */
  listPath: string;
  csrf: string;
  values: AnnouncementDraftInput;
  /** Refusals of a plain post, by field. */
  errors: Record<string, string[]>;
  routes: { id: string; name: string }[];
  messages: Record<string, string>;
}

/**
 * The console's announcement form: where, how loud, when, and the text in both languages in the rich-text editor.
 * Every change is saved 300 ms after the last one (autosave.ts), the first save creating the announcement; Publish
 * posts the form as it stands (saved, then published). Without JavaScript the same form posts to its page.
 */
export default function AnnouncementEditor(props: AnnouncementEditorProps) {
  const { locale, listPath, csrf, routes, messages } = props;
  const t = (key: string) => messages[key] ?? key;
  const [id, setId] = useState(props.id);
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const [serverErrors, setServerErrors] = useState(props.errors);
  // A route is chosen from the start (the first one), so that choosing "One route's page" saves a whole draft.
  const form = useForm<AnnouncementDraftInput>({
    defaultValues: { ...props.values, routeId: props.values.routeId ?? routes[0]?.id },
  });
  const { register, control, setValue } = form;
  const values = useWatch({ control });

  const [saver] = useState(() =>
    announcementDraftSaver({
      id: props.id,
      locale,
      listPath,
      onState: setSaving,
      onErrors: setServerErrors,
      onCreated: setId,
      t,
    }),
  );

  // Each change after the first render is saved 300 ms after the last one.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    saver.change(form.getValues());
  }, [values, saver, form]);
  // Leaving with a change not yet saved: the browser asks first (a save sent as the page goes may be cut off).
  const leaving = useRef(false);
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!leaving.current && (saver.pending() || saver.saving())) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [saver]);

  const self = id ? `${listPath}/${id}` : `${listPath}/new`;
  const errorsOf = (field: keyof AnnouncementDraftInput) => serverErrors[field];
  const placement = values.placement ?? props.values.placement;
  const status =
    saving.state === 'saving'
      ? t('announcement_saving')
      : saving.state === 'saved'
        ? t('announcement_saved_now')
        : saving.state === 'failed'
          ? saving.message
          : '';

  return (
    <div className="grid gap-4">
      <form
        method="post"
        action={self}
        noValidate
        className="grid gap-4 rounded-box bg-base-100 p-5"
        data-testid="announcement-form"
        onSubmit={(event) => {
          const publishing = event.nativeEvent.submitter?.dataset.testid === 'announcement-publish';
          if (publishing) {
            leaving.current = true;
            return; // the browser posts the form
          }
          event.preventDefault();
          saver.change(form.getValues());
          void saver.flush();
        }}
      >
        <input type="hidden" name="csrf" value={csrf} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="announcement-placement"
            label={t('announcement_field_placement')}
            errors={errorsOf('placement')}
          >
            <select {...register('placement')} className={inputClass}>
              <option value="everywhere">{t('announcement_placement_everywhere')}</option>
              <option value="home">{t('announcement_placement_home')}</option>
              <option value="route">{t('announcement_placement_route')}</option>
            </select>
          </Field>
          {placement === 'route' ? (
            <Field id="announcement-route" label={t('announcement_field_route')} errors={errorsOf('routeId')}>
              <select {...register('routeId')} className={inputClass}>
                {routes.map((route) => (
                  <option key={route.id} value={route.id}>
                    {route.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <Field id="announcement-level" label={t('announcement_field_level')} errors={errorsOf('level')}>
            <select {...register('level')} className={inputClass}>
              <option value="info">{t('announcement_level_info')}</option>
              <option value="warning">{t('announcement_level_warning')}</option>
            </select>
          </Field>
          <Field
            id="announcement-starts"
            label={t('announcement_field_starts')}
            hint={t('announcement_time_hint')}
            errors={errorsOf('startsAt')}
          >
            <input type="datetime-local" {...register('startsAt')} className={inputClass} />
          </Field>
          <Field
            id="announcement-ends"
            label={t('announcement_field_ends')}
            hint={t('announcement_time_hint')}
            errors={errorsOf('endsAt')}
          >
            <input type="datetime-local" {...register('endsAt')} className={inputClass} />
          </Field>
        </div>
        {(['textEn', 'textId'] as const).map((name) => (
          <RichText
            key={name}
            name={name}
            label={t(name === 'textEn' ? 'announcement_field_text_en' : 'announcement_field_text_id')}
            value={values[name] ?? ''}
            onChange={(html) => {
              setValue(name, html, { shouldDirty: true });
            }}
            errors={errorsOf(name)}
            t={t}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          {id ? (
            // Publish posts the draft on the screen with it: the server saves it, then publishes it, so what goes
            // live is never an older text (a save still waiting, no script yet, a save the server refused).
            <button
              type="submit"
              formAction={`${self}?publish`}
              className="btn rounded-full shadow-none btn-lg btn-primary"
              data-testid="announcement-publish"
            >
              {t('announcement_publish')}
            </button>
          ) : null}
          <button
            type="submit"
            className="btn rounded-full btn-outline shadow-none"
            data-testid="announcement-save"
          >
            {t('announcement_save')}
          </button>
          <p role="status" className="text-sm" data-testid="announcement-status" data-state={saving.state}>
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}
