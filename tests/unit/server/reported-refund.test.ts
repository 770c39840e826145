import { describe, expect, it } from 'vitest';
import { reportedRefund } from '../../../src/server/payments/gateway.ts';

const ours = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe("a refund's outcome as a gateway reports it", () => {
  it('reads a success or a failure of one of our refunds', () => {
    expect(reportedRefund({ event: 'refund.succeeded', reference_id: ours, refund_id: 'rf-1' })).toEqual({
      kind: 'refund',
      refund: { refundId: ours, gatewayRefundId: 'rf-1', outcome: 'succeeded' },
    });
    const failed = reportedRefund({
      event: 'refund.failed',
      reference_id: ours,
      refund_id: 'rf-1',
      failure_code: 'X\n',
    });
    expect(failed).toMatchObject({ refund: { outcome: 'failed', failure: 'REFUND_FAILED' } });
  });

  it.each([
    ['a'.repeat(36), 'refund_not_ours'], // not a uuid: it would never reach the uuid column
    ['RF-123', 'refund_not_ours'],
    [undefined, 'refund_not_ours'],
  ])('keeps %j as an anomaly, never a database error', (reference, reason) => {
    expect(reportedRefund({ event: 'refund.succeeded', reference_id: reference, refund_id: 'rf-1' })).toEqual(
      {
        kind: 'anomaly',
        reason,
      },
    );
  });

  it('refuses a gateway refund id our column cannot keep', () => {
    expect(
      reportedRefund({ event: 'refund.failed', reference_id: ours, refund_id: 'x'.repeat(129) }),
    ).toEqual({
      kind: 'anomaly',
      reason: 'refund_id_not_storable',
    });
  });
});
