import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders and while the island hydrates (so both render the plain, JavaScript-free form and
 * match), true from the first render after: the moment the island may show its richer interface.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
