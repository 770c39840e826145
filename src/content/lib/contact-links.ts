/** Links to call or message a contact; pure, so pages, e-mails and tests build them the same way. */

/** `+62 778 470 2005` -> `tel:+627784702005`. */
export function telHref(phone: string): string {
  return `tel:${phone.replaceAll(' ', '')}`;
}

/**
 * A WhatsApp chat with `phone` (wa.me takes digits only). With `text`, the chat opens with that message typed,
 * ready to send: a page about a booking names its booking code there.
 */
export function whatsappHref(phone: string, text?: string): string {
  const chat = `https://wa.me/${phone.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}
