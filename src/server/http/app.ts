import { Hono } from 'hono';
import { appVersion } from '../../app-version.ts';
import { api_not_found, notification_generic_error } from '../../paraglide/messages.js';
import { requestLocale } from './request-locale.ts';

/** The API: one Hono app behind `/api/*`, mounted by src/pages/api/[...path].ts and tested with `app.request()`. */
export function createApp() {
  const app = new Hono().basePath('/api');

  app.get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', version: appVersion });
  });

  app.notFound((c) => c.json({ message: api_not_found({}, { locale: requestLocale(c.req.raw) }) }, 404));
  app.onError((error, c) => {
    console.error(error);
    return c.json({ message: notification_generic_error({}, { locale: requestLocale(c.req.raw) }) }, 500);
  });

  return app;
}
