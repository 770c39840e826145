import { Hono, type Context } from 'hono';
import { savedPassengersOf } from '../../services/saved-passengers.ts';
import { deletePassenger, passengerIdSchema, savePassenger } from '../../use-cases/save-passenger.ts';
import { issuesToErrors, refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { accountContext, accountHolder } from '../credentials.ts';
import { noStore } from '../json-body.ts';
import { fieldErrors } from '../errors.ts';

/**
 * The account holder's Passenger list, with their bearer token or session cookie:
 * GET /api/passengers: the saved passengers, under `data`.
 * POST /api/passengers: add one (201, its id); PUT /api/passengers/{id}: change one; DELETE: remove one (204).
 * Another account's passenger answers 404, as one that does not exist.
 */
export function passengersRoutes(deps: AppDeps) {
  const holderContext = async (c: Context) => (await accountContext(c, deps)).ctx;
  const save = async (c: Context, id?: string) => {
    const ctx = await holderContext(c);
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    // Which passenger is the address's to say, never the body's (a POST adds, whatever it carries).
    const fields = Object.fromEntries(Object.entries(body ?? {}).filter(([name]) => name !== 'id'));
    const parsed = savePassenger.input.safeParse({ ...fields, ...(id !== undefined ? { id } : {}) });
    if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
    const saved = await savePassenger.run(ctx, parsed.data);
    return c.json({ id: saved.id }, id ? 200 : 201);
  };

  return new Hono()
    .use('/passengers', noStore)
    .use('/passengers/*', noStore)
    .get('/passengers', async (c) => {
      const holder = await accountHolder(c, deps);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await savedPassengersOf(await deps.database(), holder.userId) });
    })
    .post('/passengers', (c) => save(c))
    .put('/passengers/:id', (c) => {
      const id = c.req.param('id');
      if (!passengerIdSchema.safeParse({ id }).success) throw refuse('passenger', 'api_passenger_not_found');
      return save(c, id);
    })
    .delete('/passengers/:id', async (c) => {
      const id = { id: c.req.param('id') };
      if (!deletePassenger.input.safeParse(id).success) throw refuse('passenger', 'api_passenger_not_found');
      await deletePassenger.run(await holderContext(c), id);
      return c.body(null, 204);
    });
}
