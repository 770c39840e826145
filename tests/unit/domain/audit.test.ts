import { describe, expect, it } from 'vitest';
import { HIDDEN, maskForAudit, maskedPassport } from '../../../src/domain/audit.ts';

describe('what the audit log keeps of a record', () => {
  it('hides secrets and masks passport numbers at any depth', () => {
    expect(
      maskForAudit({
        email: 'dewi@example.com',
        passwordHash: '$argon2id$...',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        recoveryCodes: ['a', 'b'],
        token: null,
        passengers: [{ fullName: 'Dewi', passportNumber: 'X1234567' }],
        contact: { passport_number: 'AB9876' },
        refund: { accountNumber: '0987654321', bank: 'BNI' },
      }),
    ).toEqual({
      email: 'dewi@example.com',
      passwordHash: HIDDEN,
      totpSecret: HIDDEN,
      recoveryCodes: HIDDEN,
      token: null,
      passengers: [{ fullName: 'Dewi', passportNumber: '•••••567' }],
      contact: { passport_number: '•••876' },
      refund: { accountNumber: '••••••4321', bank: 'BNI' },
    });
  });

  it('writes dates as ISO text and leaves out what JSON cannot hold', () => {
    expect(
      maskForAudit({ at: new Date('2026-11-26T10:00:00Z'), gone: undefined, big: 12n, run: () => 1 }),
    ).toEqual({ at: '2026-11-26T10:00:00.000Z', big: '12' });
  });

  it('keeps no passport date: they are erased with the number after travel, and the log keeps all for good', () => {
    expect(
      maskForAudit({
        passportNumber: 'X1234567',
        passportIssued: '2021-03-02',
        passportExpiry: '2031-03-01',
      }),
    ).toEqual({ passportNumber: '•••••567', passportIssued: HIDDEN, passportExpiry: HIDDEN });
  });

  it('masks a short passport number to its last 3 behind at least 3 dots', () => {
    expect(maskedPassport('A12')).toBe('•••A12');
    expect(maskedPassport('E7654321')).toBe('•••••321');
  });
});

describe("the audit log's words", () => {
  it('exist in both catalogues for every action, subject and kind of actor the code can write', async () => {
    const { auditActions, auditActorKinds, auditSubjects } = await import('../../../src/domain/audit.ts');
    for (const locale of ['en', 'id']) {
      const catalogue = (await import(`../../../messages/${locale}.json`)) as Record<string, unknown>;
      const keys = [
        ...auditActions.map((action) => `audit_${action.replace('.', '_')}`),
        ...auditSubjects.map((subject) => `audit_subject_${subject}`),
        ...auditActorKinds.map((kind) => `staff_actor_${kind}`),
      ];
      for (const key of keys) expect(typeof catalogue[key], `${locale}: ${key}`).toBe('string');
    }
  });
});
