import { localizePath } from '../../i18n/locales.ts';
import { passengerSchema } from '../../schemas/booking-details.ts';
import { passengerAddress } from './addresses.ts';
import { defineUseCase } from './use-case.ts';
import { savePassenger } from './save-passenger.ts';

/** Use case: change a passenger of the account's list (the address names it; another account's is not found). */
export const changePassenger = defineUseCase({
  name: 'change-passenger',
  input: passengerSchema,
  address: passengerAddress,
  run: savePassenger,
  route: { method: 'PUT', path: '/passengers/:id', caller: 'account' },
  form: { next: (_saved, ctx) => `${localizePath('/passenger-list', ctx.locale)}?saved` },
  refusals: [401, 403, 404, 422],
});
