import { describe, expect, it } from 'vitest';
import { maskForLog, maskText, maskedEmail, maskedPhone } from '../../../src/domain/log-masking.ts';

describe('what a log line may say about a person', () => {
  it('masks e-mail addresses and phone numbers inside any text', () => {
    expect(maskText('mail to siti.rahma@example.co.id failed')).toBe('mail to s•••@example.co.id failed');
    expect(maskText('call +62 812-3456-7890 or 081234567890')).toBe('call •••890 or •••890');
    expect(maskText('SMS +6591234567 refused')).toBe('SMS •••567 refused');
  });

  it('leaves dates, times, ports, ids and amounts as they are', () => {
    const text =
      'sailing 2026-11-27T10:00:00Z on port 4321, booking K7M4QX, mail 550e8400-e29b-41d4-a716-446655440000, Rp 1250000';
    expect(maskText(text)).toBe(text);
  });

  it('hides a failed query’s parameters and the values of a violated key', () => {
    expect(maskText('Failed query: insert into x values ($1, $2)\nparams: A1234567,siti@example.co.id')).toBe(
      'Failed query: insert into x values ($1, $2) params: [hidden]',
    );
    expect(maskText('Key (contact_email)=(siti@example.co.id) already exists.')).toBe(
      'Key (contact_email)=([hidden]) already exists.',
    );
  });

  it('masks by key at any depth: addresses, phones, passports; hides secrets; records errors with their cause', () => {
    const cause = Object.assign(new Error('duplicate key'), { code: '23505' });
    const masked = maskForLog({
      contactEmail: 'siti@example.co.id',
      passengers: [{ phone: '+6281234567890', passportNumber: 'A1234567', passport: 'B7654321' }],
      token: 'abc',
      err: new Error('insert failed', { cause }),
    });
    expect(masked).toMatchObject({
      contactEmail: 's•••@example.co.id',
      passengers: [{ phone: '•••890', passportNumber: '•••••567', passport: '•••••321' }],
      token: '[hidden]',
      err: {
        type: 'Error',
        message: 'insert failed',
        cause: { type: 'Error', message: 'duplicate key', code: '23505' },
      },
    });
    expect(JSON.stringify(masked)).not.toMatch(/siti@|A1234567|B7654321|81234567890/);
  });

  it('hides the values a failed query carries as a field, whatever they are', () => {
    const failed = Object.assign(new Error('Failed query: insert ...'), {
      query: 'insert into booking_passengers (passport_number) values ($1)',
      params: ['A1234567'],
    });
    const masked = maskForLog({ err: failed });
    expect(masked).toMatchObject({ err: { params: '[hidden]', query: failed.query } });
    expect(JSON.stringify(masked)).not.toContain('A1234567');
  });

  it('hides a violated check’s whole row, and values with line breaks in them, in the message and the stack', () => {
    expect(maskText('Failing row contains (Siti Rahma, A1234567, 2030-01-01, 2020-01-01).')).toBe(
      'Failing row contains ([hidden]).',
    );
    const failed = new Error('Failed query: update bookings set x = $1\nparams: RT 02\nBatam 29444,A1234567');
    const masked = JSON.stringify(maskForLog({ err: failed }));
    expect(masked).not.toMatch(/Batam 29444|A1234567/);
    expect(masked).toContain('at '); // the stack's frames stay
  });

  it('ends on a cycle or a very deep value instead of overflowing the stack', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    let deep: Record<string, unknown> = { email: 'siti@example.co.id' };
    for (let level = 0; level < 50; level++) deep = { deep };
    expect(maskForLog({ loop, deep, err: Object.assign(new Error('x'), { loop }) })).toMatchObject({
      loop: { name: 'loop', self: '[cut]' },
    });
  });

  it('keeps a mail’s Message-ID, which names the message and not a person', () => {
    const messageId = '<27cec635-4776-e396-7560-0fbb14e5208e@segaraferry.example>';
    expect(maskForLog({ messageId })).toEqual({ messageId });
  });

  it('keeps too little of a short value to mean anything', () => {
    expect(maskedEmail('nobody')).toBe('[hidden]');
    expect(maskedPhone('12')).toBe('[hidden]');
  });
});
