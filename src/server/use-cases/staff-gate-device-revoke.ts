import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { gateDevices } from '../db/schema/gate.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { staffOf, type StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** A device's id in the address (`/staff/gate-devices/{id}/...`); 404 when it is not one. */
const deviceAddress = (params: Record<string, string | undefined>) => {
  const id = params.id ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw refuse('device', 'gate_device_not_found');
  return { deviceId: id };
};

/** Use case: an admin revokes a scanning phone (lost, or retired): its token opens nothing from now on. */
export const staffGateDeviceRevoke = defineUseCase({
  name: 'staff-gate-device-revoke',
  input: z.object({}),
  address: deviceAddress,
  async run(ctx: StaffContext, input) {
    staffOf(ctx, 'admin');
    const now = ctx.clock();
    await ctx.db.transaction(async (tx) => {
      const [device] = await tx
        .select({ revokedAt: gateDevices.revokedAt })
        .from(gateDevices)
        .where(eq(gateDevices.id, input.deviceId))
        .for('update');
      if (!device) throw refuse('device', 'gate_device_not_found');
      if (device.revokedAt) throw refuse('device', 'gate_device_revoked');
      await tx
        .update(gateDevices)
        .set({ revokedAt: now, setUpId: null, setUpExpiresAt: null })
        .where(eq(gateDevices.id, input.deviceId));
      await writeAudit(tx, {
        by: ctx.actor,
        action: 'gate_device.revoked',
        subject: { type: 'gate_device', id: input.deviceId },
        at: now,
      });
    });
  },
  route: { method: 'POST', path: '/staff/gate-devices/:id/revocation', caller: 'staff', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/gate-devices', ctx.locale)}?revoked` },
  refusals: [401, 403, 404, 409],
});
