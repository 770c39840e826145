import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bookingAccessSchema } from '../../../src/schemas/booking-access.ts';
import { bookingDetailsSchema } from '../../../src/schemas/booking-details.ts';
import { cancellationSchema } from '../../../src/schemas/cancellation.ts';
import { formToInput } from '../../../src/schemas/form-to-input.ts';
import { holdRequestSchema } from '../../../src/schemas/hold.ts';
import { profileSchema, registerSchema } from '../../../src/schemas/account.ts';

const form = (fields: [string, string][]) => new URLSearchParams(fields);

/** The plain forms' posts, read through their use cases' schemas: the one mapping that replaced each `fromForm`. */
describe('formToInput', () => {
  it('reads nested fields and numbered rows, with a phone typed beside its country', () => {
    const posted = form([
      ['contact.fullName', 'Lim Wei Ling'],
      ['contact.email', 'lim@example.sg'],
      ['contact.phoneCountry', 'SG'],
      ['contact.phone', '8123 4567'],
      ['passengers.0.fullName', 'Lim Wei Ling'],
      ['passengers.0.dateOfBirth', '1990-05-14'],
      ['passengers.1.fullName', 'Tan Ah Kow'],
      ['saveToList.1', 'on'],
    ]);
    expect(formToInput(bookingDetailsSchema, posted)).toEqual({
      contact: { fullName: 'Lim Wei Ling', email: 'lim@example.sg', phone: '+6581234567' },
      passengers: [
        {
          fullName: 'Lim Wei Ling',
          dateOfBirth: '1990-05-14',
          passportNumber: '',
          passportIssued: '',
          passportExpiry: '',
          passportCountry: '',
        },
        {
          fullName: 'Tan Ah Kow',
          dateOfBirth: '',
          passportNumber: '',
          passportIssued: '',
          passportExpiry: '',
          passportCountry: '',
        },
      ],
      saveToList: [1],
    });
  });

  it('takes a phone without a country as the picker default (Indonesia) and keeps what it cannot read', () => {
    const read = (phone: string) =>
      formToInput(registerSchema, form([['phone', phone]])) as { phone: string };
    expect(read('0812 3456 7890').phone).toBe('+6281234567890');
    expect(read('not a number').phone).toBe('not a number');
  });

  it('leaves out an empty optional field and gives a required one as empty, so it hears "required"', () => {
    const posted = form([
      ['tickets', 'SGB-1001'],
      ['tickets', 'SGB-1002'],
      ['bank', ''],
      ['accountNumber', ''],
    ]);
    const input = formToInput(cancellationSchema, posted);
    expect(input).toEqual({ tickets: ['SGB-1001', 'SGB-1002'], accountNumber: '' });
    // The account number is the schema's to read (it strips spaces and dashes): blank means not given.
    expect(cancellationSchema.safeParse({ ...(input as object), agree: 'on' }).success).toBe(true);
    expect(formToInput(profileSchema, form([]))).toEqual({
      fullName: '',
      phone: '',
      gender: '',
      dateOfBirth: '',
      nationality: '',
    });
  });

  it('hands a box or a code the schema reads itself as posted, and a missing one as absent', () => {
    expect(formToInput(cancellationSchema, form([['agree', 'on']]))).toMatchObject({ agree: 'on' });
    expect(formToInput(cancellationSchema, form([]))).not.toHaveProperty('agree');
    const code = bookingAccessSchema.safeParse(formToInput(bookingAccessSchema, form([['code', '']])));
    expect(code.success || code.error.issues.map((issue) => issue.message)).toEqual([
      'booking_access_code_required',
    ]);
    expect(
      formToInput(
        bookingAccessSchema,
        form([
          ['code', '123 456'],
          ['attach', 'true'],
        ]),
      ),
    ).toEqual({
      code: '123 456',
      attach: true,
    });
  });

  it('leaves defaults to the schema and reads counts as the schema coerces them', () => {
    const input = formToInput(
      holdRequestSchema,
      form([
        ['out', ''],
        ['adults', '2'],
      ]),
    );
    expect(holdRequestSchema.safeParse(input)).toMatchObject({
      success: false, // one way needs its sailing: refused at `out`, not at a field the form did not send
      error: { issues: [{ path: ['out'], message: 'hold_error_out' }] },
    });
    expect(input).toMatchObject({ adults: '2', out: '' });
  });

  it('ignores rows past any real form and fields the schema does not name', () => {
    const schema = z.object({ rows: z.array(z.object({ name: z.string() })) });
    const posted = form([
      ['rows.0.name', 'a'],
      ['rows.99.name', 'far'],
      ['other', 'x'],
    ]);
    expect(formToInput(schema, posted)).toEqual({ rows: [{ name: 'a' }] });
  });
});
