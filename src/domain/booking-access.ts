/**
 * Who may act on a booking (docs/decisions/0008-booking-access.md). Its link (the unguessable id) lets anyone
 * who has it see the booking and check in, as an e-ticket in a forwarded e-mail must. What moves money or
 * changes a booking's sailing or owner needs proof on top: the logged-in owner, the booking code with its
 * contact e-mail (`contact`), or a one-time code e-mailed to that address (`mailbox`). Making a booking an
 * account's own needs the mailbox.
 */
export type AccessStrength = 'contact' | 'mailbox';

/** What each action needs beyond the link. */
export const accessNeeded = {
  cancel: 'contact',
  reschedule: 'contact',
  claim: 'contact',
  /** Manage booking's own step: proven there once, its changes open straight away. */
  manage: 'contact',
  attach: 'mailbox',
} as const satisfies Record<string, AccessStrength>;

export type AccessAction = keyof typeof accessNeeded;

/** Whether proof of `held` strength is enough for `needed`: the mailbox proves the contact address too. */
export function accessSuffices(held: AccessStrength, needed: AccessStrength): boolean {
  return held === 'mailbox' || needed === 'contact';
}

/** The one-time code: 6 digits, good for 10 minutes and 5 wrong tries, used once. */
export const ACCESS_CODE_DIGITS = 6;
export const ACCESS_CODE_MINUTES = 10;
export const ACCESS_CODE_TRIES = 5;
/** How long a browser (or an API client) keeps what it proved, before it is asked again. */
export const ACCESS_GRANT_MINUTES = 60;

/** The code from 4 bytes of an HMAC (any uniform 32-bit number): `000000` to `999999`, leading zeros kept. */
export function accessCodeOf(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return String(view.getUint32(0) % 10 ** ACCESS_CODE_DIGITS).padStart(ACCESS_CODE_DIGITS, '0');
}

/** A typed code as compared: spaces and dashes people add while copying are dropped. */
export function normalizeAccessCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * An address shown to whoever has the link, saying where the code goes without giving the address away:
 * `bayu.santoso@gmail.com` -> `ba•••@gmail.com`.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${email.slice(at)}`;
}

/** The last four characters of a bank account number, as the refund's confirmation shows it: `••••1234`. */
export function accountEnding(accountNumber: string): string {
  const digits = accountNumber.replace(/\s/g, '');
  return `••••${digits.slice(-4)}`;
}

/** A signed, time-limited proof of a booking a browser or client keeps (made by auth/booking-access.ts). */
export interface AccessGrant {
  token: string;
  bookingId: string;
  strength: AccessStrength;
  expiresAt: Date;
}
