import { Hono } from 'hono';
import { appVersion } from '../../app-version.ts';

/** The API: one Hono app behind `/api/*`, mounted by src/pages/api/[...path].ts and tested with `app.request()`. */
export function createApp() {
  const app = new Hono().basePath('/api');

  app.get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', version: appVersion });
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((error, c) => {
    console.error(error);
    return c.json({ message: 'An error occurred' }, 500);
  });

  return app;
}
