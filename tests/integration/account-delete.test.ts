import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { oauthTokens, savedPassengers, users } from '../../src/server/db/schema/accounts.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

const start = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('deleting an account (DELETE /api/profile) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, start);
    await registerTestWebClient(handle.db);
  });
  afterAll(() => drop());

  it('asks for the password and the confirmation, then deletes the account and its passports, not its bookings', async () => {
    const user = await confirmedAccount(handle.db, { email: 'gita@example.com' });
    const browser = new TestBrowser(app);
    await browser.request('/api/session');
    await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'gita@example.com', password: ACCOUNT_PASSWORD },
    });
    await browser.request('/api/passengers', {
      method: 'POST',
      json: {
        fullName: 'Gita Savitri',
        dateOfBirth: '1992-08-17',
        passportNumber: 'E9876543',
        passportIssued: '2023-01-05',
        passportExpiry: '2033-01-05',
        passportCountry: 'ID',
      },
    });
    const { id: bookingId } = await bookingReadyToPay(app, { date: '2026-11-24' });
    await handle.db.update(bookings).set({ userId: user.id }).where(eq(bookings.id, bookingId));

    const wrong = await browser.request('/api/profile', {
      method: 'DELETE',
      json: { currentPassword: 'Bukan-Sandi-1!', confirm: true },
    });
    expect(wrong.status).toBe(422);
    const unconfirmed = await browser.request('/api/profile', {
      method: 'DELETE',
      json: { currentPassword: ACCOUNT_PASSWORD },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({
      errors: { confirm: ['Tick the box to confirm you want to delete your account'] },
    });
    expect(await handle.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    const deleted = await browser.request('/api/profile', {
      method: 'DELETE',
      json: { currentPassword: ACCOUNT_PASSWORD, confirm: true },
    });
    expect(deleted.status).toBe(204);
    expect(browser.cookies.has('segara_session')).toBe(false);
    expect(await handle.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await handle.db.select().from(savedPassengers).where(eq(savedPassengers.userId, user.id))).toEqual(
      [],
    );
    expect(await handle.db.select().from(oauthTokens).where(eq(oauthTokens.userId, user.id))).toEqual([]);
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ id: bookingId, userId: null });
    const again = new TestBrowser(app);
    await again.request('/api/session');
    const login = await again.request('/api/session', {
      method: 'POST',
      json: { email: 'gita@example.com', password: ACCOUNT_PASSWORD },
    });
    expect(login.status).toBe(400);
  });
});
