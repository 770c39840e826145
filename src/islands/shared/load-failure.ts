/**
 * The rule (docs/product-rules.md, Interface) for a part of the page that fails to load (a lazy island chunk
 * after a deploy, a dropped connection): reload the page once, guarded by a flag in session storage; a second
 * failure is only logged.
 */
export const RELOAD_FLAG = 'segara:reloaded-after-load-failure';

export interface LoadFailureEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  log: (message: string, error: unknown) => void;
}

function browserEnv(): LoadFailureEnv {
  return {
    storage: window.sessionStorage,
    reload: () => {
      window.location.reload();
    },
    log: (message, error) => {
      console.error(message, error);
    },
  };
}

/** Returns true when the page is being reloaded, false when the failure was only logged. */
export function handleLoadFailure(error: unknown, env: LoadFailureEnv = browserEnv()): boolean {
  if (env.storage.getItem(RELOAD_FLAG) !== null) {
    env.log('A part of this page failed to load again after a reload', error);
    return false;
  }
  env.storage.setItem(RELOAD_FLAG, String(Date.now()));
  env.reload();
  return true;
}

/** A dynamic import that follows the rule; a later successful load re-arms the one automatic reload. */
export function loadWithRecovery<T>(load: () => Promise<T>, env: LoadFailureEnv = browserEnv()): Promise<T> {
  return load().then(
    (module) => {
      env.storage.removeItem(RELOAD_FLAG);
      return module;
    },
    (error: unknown) => {
      handleLoadFailure(error, env);
      throw error;
    },
  );
}

/** Vite reports failed chunk preloads with this event; route it through the same rule. */
export function installLoadFailureRecovery(target: Window = window): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    handleLoadFailure((event as Event & { payload?: unknown }).payload);
  };
  target.addEventListener('vite:preloadError', listener);
  return () => {
    target.removeEventListener('vite:preloadError', listener);
  };
}
