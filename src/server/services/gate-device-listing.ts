import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { gateDevices } from '../db/schema/gate.ts';
import type { StaffSecurity } from '../use-cases/ports.ts';

export interface GateDeviceListing {
  id: string;
  name: string;
  state: 'waiting' | 'code_expired' | 'enrolled' | 'revoked';
  /** While it waits for its phone: the set-up code to type there, and until when it works. */
  setUpCode?: string;
  setUpExpiresAt?: Date;
  enrolledAt?: Date;
  lastSeenAt?: Date;
  revokedAt?: Date;
}

/** The gate devices, newest first, as the admins' console lists them (`/staff/gate-devices`). */
export async function gateDeviceListing(
  db: Database,
  security: Pick<StaffSecurity, 'deviceSetUpCode'>,
  linkSecret: string,
  now: Date,
): Promise<GateDeviceListing[]> {
  const rows = await db.select().from(gateDevices).orderBy(desc(gateDevices.addedAt));
  return rows.map((row): GateDeviceListing => {
    const live = row.setUpId && row.setUpExpiresAt && row.setUpExpiresAt > now ? row.setUpId : undefined;
    const state = row.revokedAt ? 'revoked' : row.enrolledAt ? 'enrolled' : live ? 'waiting' : 'code_expired';
    return {
      id: row.id,
      name: row.name,
      state,
      ...(live && state === 'waiting' && row.setUpExpiresAt
        ? { setUpCode: security.deviceSetUpCode(linkSecret, live), setUpExpiresAt: row.setUpExpiresAt }
        : {}),
      ...(row.enrolledAt ? { enrolledAt: row.enrolledAt } : {}),
      ...(row.lastSeenAt ? { lastSeenAt: row.lastSeenAt } : {}),
      ...(row.revokedAt ? { revokedAt: row.revokedAt } : {}),
    };
  });
}
