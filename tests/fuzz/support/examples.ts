// One valid request body per route that reads one, for the fuzzer to mutate. A route without an example is still
// fuzzed from its schema alone; with one, hostile values reach its service and the database.
import { linkToken } from '../../../src/server/auth/account-links.ts';
import { TEST_LINK_SECRET } from '../../support/app.ts';
import { contact, passenger } from '../../support/booking-flow.ts';

// Signed with the tests' link key, for a link no database holds: fuzzed tokens get past the signature to the lookup.
const proveToken = linkToken(TEST_LINK_SECRET, {
  id: '6f1c2e0a-4b7d-4c3e-9a51-2d8e7f9b0c14',
  purpose: 'prove_address',
});

export const examples: Record<string, unknown> = {
  'POST /api/bookings': { trip: 'one_way', out: '00000000-0000-4000-8000-000000000000', adults: 1 },
  'POST /api/bookings/lookup': { code: 'K7M4QX', email: 'siti@example.co.id' },
  'POST /api/bookings/:id/payment': { bank: 'bni', agree: true },
  'POST /api/bookings/:id/check-in': { tickets: ['TK-K7M4QX-11A'] },
  'POST /api/bookings/:id/reschedule': {
    tickets: ['TK-K7M4QX-1D'],
    sailing: '00000000-0000-4000-8000-000000000000',
    payment: 'counter',
    agree: true,
  },
  'POST /api/bookings/:id/claim': { sailing: '00000000-0000-4000-8000-000000000000' },
  'POST /api/bookings/:id/access': { code: '123456' },
  'POST /api/bookings/:id/cancellation': {
    tickets: ['TK-K7M4QX-1D'],
    bank: 'BCA',
    accountNumber: '1234567890',
    accountHolder: 'Siti Rahayu',
    agree: true,
  },
  'POST /api/session': { email: 'siti@example.co.id', password: 'Kapal-Feri-2026!' },
  'POST /api/auth/register': {
    fullName: 'Siti Rahma',
    email: 'siti.new@example.co.id',
    phone: '+6281234567890',
    password: 'Kapal-Feri-2026!',
    passwordConfirmation: 'Kapal-Feri-2026!',
    agree: true,
  },
  'POST /api/recovery/forgot-password': { email: 'siti@example.co.id' },
  'POST /api/auth/prove-address': { token: proveToken },
  'PUT /api/bookings/:id/details': {
    contact,
    passengers: [passenger('Ana Putri'), passenger('Bima Putra')],
  },
};
