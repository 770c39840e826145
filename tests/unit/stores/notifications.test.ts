import { beforeEach, describe, expect, it } from 'vitest';
import {
  $notification,
  HELPER_TIMEOUT_MS,
  INITIAL_TIMEOUT_MS,
  clearNotifications,
  hideNotification,
  notifyApiError,
  setNotification,
  showNotification,
} from '../../../src/stores/notifications.ts';

const texts = {
  generic: 'An error occurred',
  fieldMessage: (field: string, message: string) => `${field}: ${message}`,
};

/** Reads every queued notification by closing them one by one. */
function drain(): string[] {
  const seen: string[] = [];
  while ($notification.get().visible) {
    seen.push($notification.get().message);
    hideNotification();
  }
  return seen;
}

describe('notification store', () => {
  beforeEach(clearNotifications);

  it('starts hidden, green, with the initial 3000 ms timeout', () => {
    expect($notification.get()).toEqual({
      visible: false,
      message: '',
      color: 'success',
      timeout: INITIAL_TIMEOUT_MS,
    });
    expect(INITIAL_TIMEOUT_MS).toBe(3000);
  });

  it('shows a message through the helper with a 2000 ms timeout in success colour', () => {
    showNotification('Saved');
    expect($notification.get()).toEqual({ visible: true, message: 'Saved', color: 'success', timeout: 2000 });
    expect(HELPER_TIMEOUT_MS).toBe(2000);
  });

  it('keeps an error until it is closed, whoever shows it; info and success keep their timeouts', () => {
    showNotification('Something went wrong', 'error');
    expect($notification.get()).toMatchObject({ color: 'error', timeout: -1 });
    hideNotification();
    showNotification('Heads up', 'info');
    expect($notification.get()).toMatchObject({ color: 'info', timeout: HELPER_TIMEOUT_MS });
  });

  it('lets a success take the place of the errors before it (what failed has now worked)', () => {
    showNotification('email: taken', 'error');
    showNotification('phone: too short', 'error');
    showNotification('Saved');
    expect(drain()).toEqual(['Saved']);
  });

  it('queues a second message until the first is hidden', () => {
    showNotification('first');
    showNotification('second', 'error', -1);
    expect($notification.get().message).toBe('first');
    hideNotification();
    expect($notification.get()).toMatchObject({
      visible: true,
      message: 'second',
      color: 'error',
      timeout: -1,
    });
    hideNotification();
    expect($notification.get().visible).toBe(false);
  });

  it('leaves the timeout to the component when none is given', () => {
    setNotification({ message: 'x', color: 'info', timeout: undefined });
    expect($notification.get().timeout).toBeUndefined();
  });
});

describe('API error notifications', () => {
  beforeEach(clearNotifications);

  it('shows one "field: message" notification per message of an errors map', () => {
    notifyApiError(
      {
        message: 'Invalid input',
        errors: { email: ['Email', 'Email must be valid'], phone: ['not a valid phone number'] },
      },
      texts,
    );
    expect($notification.get().color).toBe('error');
    expect(drain()).toEqual([
      'email: Email',
      'email: Email must be valid',
      'phone: not a valid phone number',
    ]);
  });

  it.each([
    [{ message: 'Sold out' }, 'Sold out'],
    [{ message: '' }, 'An error occurred'],
    [{ errors: {} }, 'An error occurred'],
    [{ errors: { email: [] }, message: 'Bad' }, 'Bad'],
    [null, 'An error occurred'],
    [{ message: 42 }, 'An error occurred'],
  ])('falls back to the server message or the generic text: %j', (body, shown) => {
    notifyApiError(body, texts);
    expect(drain()).toEqual([shown]);
  });
});
