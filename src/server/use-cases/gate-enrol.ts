import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { gateEnrolSchema } from '../../schemas/gate.ts';
import { gateDevices } from '../db/schema/gate.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { staffOf, type StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Use case: a phone's enrolment. The agent signed in on it types the set-up code; the answer's token is shown this
 * once and kept by the scanner. A code is used once: two phones typing it at the same moment enrol one.
 */
export const gateEnrol = defineUseCase({
  name: 'gate-enrol',
  input: gateEnrolSchema,
  async run(ctx: StaffContext, input) {
    const agent = staffOf(ctx, 'agent');
    const now = ctx.clock();
    const typed = Buffer.from(`${input.code.slice(0, 4)}-${input.code.slice(4)}`);
    // Few devices wait for enrolment at a time: each live code is computed and compared in constant time.
    const waiting = await ctx.db
      .select({ id: gateDevices.id, name: gateDevices.name, setUpId: gateDevices.setUpId })
      .from(gateDevices)
      .where(
        and(
          isNotNull(gateDevices.setUpId),
          gt(gateDevices.setUpExpiresAt, now),
          isNull(gateDevices.revokedAt),
        ),
      );
    const device = waiting.find((candidate) => {
      const code = Buffer.from(ctx.staff.deviceSetUpCode(ctx.linkSecret(), candidate.setUpId ?? ''));
      return code.length === typed.length && timingSafeEqual(code, typed);
    });
    if (!device?.setUpId) throw refuse('code', 'gate_error_code');
    const { token, hash } = ctx.staff.newToken();
    return ctx.db.transaction(async (tx) => {
      // Only while the code is still unused: a second phone with the same code finds it gone.
      const [enrolled] = await tx
        .update(gateDevices)
        .set({
          tokenHash: hash,
          enrolledAt: now,
          enrolledBy: agent.staffId,
          setUpId: null,
          setUpExpiresAt: null,
        })
        .where(and(eq(gateDevices.id, device.id), eq(gateDevices.setUpId, device.setUpId ?? '')))
        .returning({ id: gateDevices.id });
      if (!enrolled) throw refuse('code', 'gate_error_code');
      await writeAudit(tx, {
        by: ctx.actor,
        action: 'gate_device.enrolled',
        subject: { type: 'gate_device', id: device.id },
        at: now,
      });
      return { deviceId: device.id, name: device.name, token };
    });
  },
  route: { method: 'POST', path: '/gate/enrolment', caller: 'staff', status: 201 },
  formless: "the device token goes into the scanner's own storage, which a plain form's answer cannot reach",
  refusals: [401, 403, 422],
});
