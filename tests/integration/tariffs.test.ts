import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { TARIFF_CACHE_MS, tariffs } from '../../src/server/db/queries/tariffs.ts';
import { paymentChannels } from '../../src/server/db/schema/network.ts';
import { upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { testDatabases } from '../support/databases.ts';

describe.each(testDatabases)('tariffs on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    await upsertNetwork(handle.db, loadNetworkData());
  });
  afterAll(() => drop());

  it('reads terminal charges and channel fees, and rereads them once the minute is over', async () => {
    const start = Date.now();
    const first = await tariffs(handle.db, start);
    expect(first.charges('BTC')).toEqual({
      terminalFee: { adult: 100_000, child: 100_000, infant: 0 },
      surcharge: { adult: 65_000, child: 65_000, infant: 0 },
    });
    expect(first.charges('XXX').terminalFee).toEqual({ adult: 0, child: 0, infant: 0 });
    expect(first.lowestTransactionFee).toBe(4500);
    expect(first.transactionFee('mandiri')).toBeGreaterThanOrEqual(4500);
    expect(first.transactionFee('nope')).toBeUndefined();

    await handle.db
      .update(paymentChannels)
      .set({ transactionFee: 3000 })
      .where(eq(paymentChannels.code, 'bni'));
    expect((await tariffs(handle.db, start + TARIFF_CACHE_MS - 1)).lowestTransactionFee).toBe(4500);
    expect((await tariffs(handle.db, start + TARIFF_CACHE_MS)).lowestTransactionFee).toBe(3000);
  });
});
