import { eq } from 'drizzle-orm';
import { fromAgencyWallClock } from '../../domain/agency.ts';
import { dataRequestDue } from '../../domain/data-requests.ts';
import { localizePath } from '../../i18n/locales.ts';
import {
  dataRequestAnswerSchema,
  dataRequestSchema,
  type DataRequestAnswerInput,
  type DataRequestInput,
} from '../../schemas/data-request.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { dataRequests } from '../db/schema/data-requests.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { dataRequestAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * An agent records a traveller's personal-data request (it came by e-mail to the privacy address, or at the
 * counter): its legal due date counts from when it was received, never later than now. Audited.
 */
async function record(ctx: UseCaseContext, input: DataRequestInput): Promise<{ id: string }> {
  const agent = staffOf(ctx, 'agent');
  const now = ctx.clock();
  const receivedAt = fromAgencyWallClock(input.receivedAt);
  if (!receivedAt || receivedAt > now) throw refuse('receivedAt', 'data_request_error_received');
  return ctx.db.transaction(async (tx) => {
    const values = {
      kind: input.kind,
      email: input.email.toLowerCase(),
      details: input.details,
      receivedAt,
      dueAt: dataRequestDue(input.kind, receivedAt),
      recordedBy: agent.staffId,
    };
    const [row] = await tx.insert(dataRequests).values(values).returning({ id: dataRequests.id });
    const id = row?.id ?? '';
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'data_request.recorded',
      subject: { type: 'data_request', id },
      after: { kind: values.kind, receivedAt, dueAt: values.dueAt },
      at: now,
    });
    return { id };
  });
}

/** Use case: record a personal-data request (an agent, from the console's data requests). */
export const staffDataRequestRecord = defineUseCase({
  name: 'staff-data-request-record',
  input: dataRequestSchema,
  run: record,
  route: { method: 'POST', path: '/staff/data-requests', caller: 'staff', status: 201 },
  form: { next: (done, ctx) => localizePath(`/staff/data-requests/${done.id}`, ctx.locale) },
  refusals: [401, 403, 422],
});

/** An agent records how a request was answered, once: done, or refused with the reason the law allows. */
async function answer(ctx: UseCaseContext, input: DataRequestAnswerInput & { id: string }): Promise<void> {
  const agent = staffOf(ctx, 'agent');
  const now = ctx.clock();
  await lockingTransaction(ctx.db, async (tx) => {
    const [request] = await tx.select().from(dataRequests).where(eq(dataRequests.id, input.id)).for('update');
    if (!request) throw refuse('request', 'data_request_not_found');
    if (request.outcome) throw refuse('request', 'data_request_answered');
    await tx
      .update(dataRequests)
      .set({ outcome: input.outcome, answer: input.answer, answeredAt: now, answeredBy: agent.staffId })
      .where(eq(dataRequests.id, input.id));
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'data_request.answered',
      subject: { type: 'data_request', id: input.id },
      reason: input.answer,
      after: { outcome: input.outcome, late: now > request.dueAt },
      at: now,
    });
  });
}

/** Use case: answer a personal-data request (an agent, from the request's console page). */
export const staffDataRequestAnswer = defineUseCase({
  name: 'staff-data-request-answer',
  input: dataRequestAnswerSchema,
  address: dataRequestAddress,
  run: answer,
  route: { method: 'PUT', path: '/staff/data-requests/:id/answer', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/staff/data-requests/${input.id}`, ctx.locale)}?answered`,
  },
  refusals: [401, 403, 404, 409],
});
