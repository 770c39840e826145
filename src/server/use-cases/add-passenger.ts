import { localizePath } from '../../i18n/locales.ts';
import { passengerSchema } from '../../schemas/booking-details.ts';
import { defineUseCase } from './use-case.ts';
import { savePassenger } from './save-passenger.ts';

/** Use case: add a passenger to the account's Passenger list (its passport checked from today). */
export const addPassenger = defineUseCase({
  name: 'add-passenger',
  input: passengerSchema,
  run: savePassenger,
  route: { method: 'POST', path: '/passengers', caller: 'account', status: 201 },
  form: { next: (_saved, ctx) => `${localizePath('/passenger-list', ctx.locale)}?saved` },
  refusals: [401, 403, 409, 422],
});
