/**
 * How the product says several messages in a row (a reason and its example, a form's general errors): as
 * sentences, with a full stop after each one that does not already end one. The last is left as written, so a
 * message that ends with an example ("For example: 0812-345-678") gets no stop glued to the number.
 */
export function asSentences(messages: readonly string[]): string {
  const said = messages.map((message) => message.trim()).filter((message) => message !== '');
  return said
    .map((message, index) => (index < said.length - 1 && !/[.!?…]$/u.test(message) ? `${message}.` : message))
    .join(' ');
}

/**
 * What a field shows of its reasons: the first, alone. The schemas check the most basic first ("is required"
 * before "is not valid"), and a field that lists every rule it breaks reads as a wall of text.
 */
export function firstReason(reasons: readonly string[]): string[] {
  return reasons.slice(0, 1);
}
