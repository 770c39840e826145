import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** The plain form's fields (`contact.fullName`, `passengers.0.passportNumber`, ...) as the details payload. */
export function detailsFromForm(form: URLSearchParams) {
  const field = (name: string) => form.get(name) ?? '';
  const typedPhone = field('contact.phone').trim();
  const parsedPhone = typedPhone
    ? parsePhoneNumberFromString(typedPhone, (field('contact.phoneCountry') || 'ID') as CountryCode)
    : undefined;
  const passengers = [];
  for (let index = 0; form.has(`passengers.${String(index)}.fullName`) && index < 18; index++) {
    const of = (name: string) => field(`passengers.${String(index)}.${name}`);
    passengers.push({
      fullName: of('fullName'),
      passportNumber: of('passportNumber'),
      passportIssued: of('passportIssued'),
      passportExpiry: of('passportExpiry'),
      passportCountry: of('passportCountry'),
    });
  }
  return {
    contact: {
      fullName: field('contact.fullName'),
      email: field('contact.email'),
      phone: parsedPhone?.isValid() ? parsedPhone.number : typedPhone,
    },
    passengers,
  };
}
