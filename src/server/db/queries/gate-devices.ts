import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { gateDevices } from '../schema/gate.ts';

/** The enrolled, unrevoked device a token's hash names, marked as seen at `now`; undefined for any other. */
export async function gateDeviceByToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [device] = await db
    .update(gateDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(gateDevices.tokenHash, tokenHash), isNull(gateDevices.revokedAt)))
    .returning({ id: gateDevices.id });
  return device?.id;
}
