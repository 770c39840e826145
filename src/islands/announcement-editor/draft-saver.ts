import type { Locale } from '../../i18n/locales.ts';
import type { AnnouncementDraftInput } from '../../schemas/announcement.ts';
import { callApi } from '../shared/api.ts';
import { debouncedSaver } from './autosave.ts';

export type Saving =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/**
 * The editor's saves through the API: the first creates the announcement (POST), which gives it its id and its
 * address in the bar; every later one saves it (PUT). Debounced (autosave.ts): 300 ms after the last change.
 */
export function announcementDraftSaver(options: {
  id: string | undefined;
  locale: Locale;
  listPath: string;
  onState: (saving: Saving) => void;
  onErrors: (errors: Record<string, string[]>) => void;
  onCreated: (id: string) => void;
  t: (key: string) => string;
}) {
  let id = options.id;
  return debouncedSaver<AnnouncementDraftInput>(async (draft) => {
    options.onState({ state: 'saving' });
    try {
      const answer = await callApi(id ? `/api/staff/announcements/${id}` : '/api/staff/announcements', {
        method: id ? 'PUT' : 'POST',
        json: draft,
        locale: options.locale,
      });
      if (answer.ok) {
        const created = (answer.body as { id?: string }).id;
        if (!id && created) {
          id = created;
          history.replaceState(history.state, '', `${options.listPath}/${created}`);
          options.onCreated(created);
        }
        options.onErrors({});
        options.onState({ state: 'saved' });
        return;
      }
      options.onErrors(answer.body.errors ?? {});
      options.onState({
        state: 'failed',
        message: answer.body.message ?? options.t('announcement_not_saved'),
      });
    } catch {
      options.onState({ state: 'failed', message: options.t('announcement_offline') });
    }
  });
}
