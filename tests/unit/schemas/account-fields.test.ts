import { describe, expect, it } from 'vitest';
import { accountForms, type AccountFormKind } from '../../../src/schemas/account-fields.ts';
import { accountFormSchemas as schemas } from '../../../src/schemas/account.ts';
import { maxLengthsOf } from '../../../src/schemas/form-to-input.ts';
import { payloadOf } from '../../../src/islands/account/account-rules.ts';

/** Fields a form posts without showing them: the link's token, the booking a sign-up attaches. */
const hidden = new Set(['token', 'attach']);

/**
 * The account forms' field lists say how each field looks (label, kind, autocomplete); its name and what it takes
 * are the schema's. A field the schema does not read, or a field of the schema no form shows, fails here.
 */
describe('account form fields follow their schemas', () => {
  for (const [kind, fields] of Object.entries(accountForms) as [AccountFormKind, typeof accountForms.login][])
    it(`${kind}: the same field names as its schema`, () => {
      const shown = fields.filter((field) => field.kind !== 'shown').map((field) => field.name);
      const read = Object.keys(schemas[kind].shape).filter((name) => !hidden.has(name));
      expect(shown.sort()).toEqual(read.sort());
    });

  it("gives each field the schema's own length limit", () => {
    expect(maxLengthsOf(schemas.signUp)).toMatchObject({ fullName: 100, email: 254, attach: 64 });
    expect(maxLengthsOf(schemas.passenger)).toMatchObject({ fullName: 100 });
    expect(maxLengthsOf(schemas.login)).toEqual({ email: 254, password: 1024 });
  });

  it('sends the island its values as the server reads the plain form (one mapping, formToInput)', () => {
    const values = {
      fullName: 'Ana',
      email: 'ana@example.com',
      phoneCountry: 'SG',
      phone: '8123 4567',
      password: 'x',
      passwordConfirmation: 'x',
      agree: true,
    };
    expect(payloadOf('signUp', values)).toEqual({
      ...values,
      phoneCountry: undefined,
      phone: '+6581234567',
      agree: 'on',
    });
    // A shown field is not sent: the profile's e-mail is the login, changed nowhere here.
    expect(payloadOf('profile', { ...values, gender: '' })).not.toHaveProperty('email');
  });
});
