import type { TerminalOption } from './types.ts';

/**
 * From and To after the swap button: the destination becomes the origin, and the origin becomes the destination
 * if the new origin sails there (else To is emptied, so the form never offers a route the network lacks).
 */
export function swapRoute(
  terminals: readonly TerminalOption[],
  from: string,
  to: string,
): { from: string; to: string } {
  const origin = terminals.find((t) => t.code === to);
  // No origin chosen: To lists every terminal, so any known one stays valid.
  const valid = origin ? origin.destinations.includes(from) : terminals.some((t) => t.code === from);
  return { from: to, to: valid ? from : '' };
}
