import { beforeEach, describe, expect, it } from 'vitest';
import {
  $notification,
  clearNotifications,
  dismissNotification,
  hideNotification,
  showNotification,
} from '../../../src/stores/notifications.ts';

const fix = 'Please correct the highlighted fields.';

/** Every notification still to be seen, the one on screen first. */
function drain(): string[] {
  const seen: string[] = [];
  while ($notification.get().visible) {
    seen.push($notification.get().message);
    hideNotification();
  }
  return seen;
}

describe('dismissing a notification', () => {
  beforeEach(clearNotifications);

  it('takes it off the screen and brings the next one', () => {
    showNotification(fix, 'error');
    showNotification('Saved');
    dismissNotification(fix);
    expect($notification.get()).toMatchObject({ visible: true, message: 'Saved', color: 'success' });
    expect(drain()).toEqual(['Saved']);
  });

  it('takes every queued copy out, and leaves other messages in order', () => {
    showNotification('Saved');
    showNotification(fix, 'error');
    showNotification('Other', 'info');
    showNotification(fix, 'error');
    dismissNotification(fix);
    expect(drain()).toEqual(['Saved', 'Other']);
  });

  it('does nothing when the message is not there', () => {
    showNotification('Saved');
    dismissNotification(fix);
    expect(drain()).toEqual(['Saved']);
    dismissNotification(fix);
    expect($notification.get().visible).toBe(false);
  });
});
