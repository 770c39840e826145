import { useStore } from '@nanostores/react';
import { useEffect, useRef, type PointerEvent } from 'react';
import { notification_close } from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import {
  $notification,
  COMPONENT_DEFAULT_TIMEOUT_MS,
  NEVER,
  SWIPE_DISMISS_PX,
  hideNotification,
  showNoticeLeftForThisPage,
} from '../../stores/notifications.ts';
import { bindLoginDialog } from '../account/login-dialog.ts';
import { installLoadFailureRecovery } from '../shared/load-failure.ts';
import { registerServiceWorker } from '../shared/service-worker.ts';
import { sessionHinted } from '../shared/session-hint.ts';
import { useCountdown } from './use-countdown.ts';

interface Props {
  locale: Locale;
  /** Used when a notification does not name its own timeout. */
  timeout?: number;
}

const colorClass = {
  success: 'bg-success text-success-content',
  info: 'bg-info text-info-content',
  warning: 'bg-warning text-warning-content',
  error: 'bg-error text-error-content',
} as const;

/** The global snackbar: top of the screen, close button, timeout, swipe to dismiss, paused while hovered. */
export default function NotificationHost({ locale, timeout = COMPONENT_DEFAULT_TIMEOUT_MS }: Props) {
  const state = useStore($notification);
  const effectiveTimeout = state.timeout ?? timeout;
  const countdown = useCountdown(
    state.visible && effectiveTimeout !== NEVER ? effectiveTimeout : null,
    hideNotification,
    state,
  );
  const swipeStartY = useRef<number | null>(null);

  useEffect(() => installLoadFailureRecovery(), []);
  // The offline copy of My trips: registered from here, the one island every page with islands hydrates.
  useEffect(() => {
    registerServiceWorker();
  }, []);
  // The header's login dialog, where the page has one: bound from here because every page with an island hydrates
  // this host, so the dialog costs no script request of its own before someone opens it.
  useEffect(() => {
    bindLoginDialog();
  }, []);
  useEffect(() => {
    showNoticeLeftForThisPage();
    // Logged out by a plain form (or the session expired): no profile stays cached in this tab. Here, because
    // every page with an island mounts this host; the session store itself loads only where it is used.
    try {
      if (!sessionHinted()) sessionStorage.removeItem('segara:session');
    } catch {
      // Storage refused: nothing was cached either.
    }
  }, []);

  if (!state.visible) return <div role="status" aria-live="polite" className="sr-only" />;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('button')) return;
    swipeStartY.current = event.clientY;
    // Keep receiving moves when the finger (or mouse) leaves the snackbar mid-swipe.
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStartY.current === null) return;
    if (Math.abs(event.clientY - swipeStartY.current) > SWIPE_DISMISS_PX) {
      swipeStartY.current = null;
      hideNotification();
    }
  };
  const endSwipe = () => {
    swipeStartY.current = null;
  };

  return (
    <div className="fixed inset-x-0 top-3 z-50 flex justify-center px-3">
      <div
        role={state.color === 'error' ? 'alert' : 'status'}
        aria-live={state.color === 'error' ? 'assertive' : 'polite'}
        data-testid="notification"
        data-color={state.color}
        className={`${colorClass[state.color]} flex w-full max-w-lg touch-none items-center justify-between gap-3 rounded-2xl px-4 py-3 shadow-lg select-none`}
        onMouseEnter={countdown.pause}
        onMouseLeave={countdown.resume}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endSwipe}
        onPointerCancel={endSwipe}
      >
        <span className="text-base">{state.message}</span>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label={notification_close({}, { locale })}
          onClick={hideNotification}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
