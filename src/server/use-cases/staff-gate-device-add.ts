import { GATE_SET_UP_MINUTES } from '../../domain/gate.ts';
import { localizePath } from '../../i18n/locales.ts';
import { gateDeviceSchema } from '../../schemas/gate.ts';
import { gateDevices } from '../db/schema/gate.ts';
import { writeAudit } from '../services/audit.ts';
import { staffOf, type StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * The gate's scanning phones (docs/decisions/0014): an admin adds one and reads its one-use set-up code in the
 * console; an agent signed in on the phone trades the code for the device token the scanner keeps; an admin revokes
 * a lost phone, whose token then opens nothing.
 */

/** Use case: an admin adds a scanning phone; the answer carries its set-up code, good for 15 minutes. */
export const staffGateDeviceAdd = defineUseCase({
  name: 'staff-gate-device-add',
  input: gateDeviceSchema,
  async run(ctx: StaffContext, input) {
    const admin = staffOf(ctx, 'admin');
    const now = ctx.clock();
    const setUpId = ctx.staff.newToken().token;
    const expiresAt = new Date(now.getTime() + GATE_SET_UP_MINUTES * 60_000);
    return ctx.db.transaction(async (tx) => {
      const [device] = await tx
        .insert(gateDevices)
        .values({
          name: input.name,
          addedBy: admin.staffId,
          addedAt: now,
          setUpId,
          setUpExpiresAt: expiresAt,
        })
        .returning({ id: gateDevices.id });
      if (!device) throw new Error('inserting a gate device returned no row');
      await writeAudit(tx, {
        by: ctx.actor,
        action: 'gate_device.added',
        subject: { type: 'gate_device', id: device.id },
        after: { name: input.name },
        at: now,
      });
      return { id: device.id, setUpCode: ctx.staff.deviceSetUpCode(ctx.linkSecret(), setUpId), expiresAt };
    });
  },
  route: {
    method: 'POST',
    path: '/staff/gate-devices',
    caller: 'staff',
    status: 201,
    answer: (added) => ({ ...added, expiresAt: added.expiresAt.toISOString() }),
  },
  // The console lists the new device with its code (`/staff/gate-devices`), readable again until it is used.
  form: { next: (_added, ctx) => `${localizePath('/staff/gate-devices', ctx.locale)}?added` },
  refusals: [401, 403],
});
