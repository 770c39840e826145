/** The part of Google's sign-in library (`google.accounts.oauth2`) this site uses: the popup code client. */
export interface GoogleCodeClient {
  requestCode(): void;
}
export interface GoogleOAuth2 {
  initCodeClient(config: {
    client_id: string;
    scope: string;
    ux_mode: 'popup';
    callback: (response: { code?: string; error?: string }) => void;
    error_callback?: (error: { type?: string }) => void;
  }): GoogleCodeClient;
}

declare global {
  interface Window {
    google?: { accounts?: { oauth2?: GoogleOAuth2 } };
  }
}

/** The message the promise rejects with when the library cannot be had (the wording). */
export const LIBRARY_FAILED = 'the authorization library failed to load';

let loading: Promise<GoogleOAuth2> | undefined;

/**
 * Google's library, loaded once and only when someone is about to use it (a pointer over the button, focus, a
 * touch): no request to Google for anyone who never signs in with it. A failed load (offline, blocked) rejects with
 * LIBRARY_FAILED and may be tried again.
 */
export function loadGoogleLibrary(url: string): Promise<GoogleOAuth2> {
  const ready = window.google?.accounts?.oauth2;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = undefined;
      reject(new Error(LIBRARY_FAILED));
    };
    script.onerror = fail;
    script.onload = () => {
      const library = window.google?.accounts?.oauth2;
      if (library) resolve(library);
      else fail();
    };
    document.head.append(script);
  });
  return loading;
}
