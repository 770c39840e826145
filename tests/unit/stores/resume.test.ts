import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../support/memory-storage.ts';
import { resumePath } from '../../../src/scripts/login-needed.ts';
import {
  forgetResumePoint,
  keepResumePoint,
  RESUME_RECORD_KEY,
  resumePoint,
} from '../../../src/stores/resume.ts';

let tab: MemoryStorage;
beforeEach(() => {
  tab = new MemoryStorage();
  Object.defineProperty(globalThis, 'sessionStorage', { value: tab, configurable: true });
});

describe('"Continue where you were"', () => {
  it('keeps the draft without passwords, and the start page reads the same page the store does', () => {
    keepResumePoint(
      { path: '/id/my-account', draftKey: 'resume:tag:/id/my-account' },
      { fullName: 'Dewi', password: 'Kapal-Feri-2026!', currentPassword: 'x', csrf: 't' },
    );
    expect(JSON.parse(tab.getItem('segara:draft:resume:tag:/id/my-account') ?? '{}')).toEqual({
      fullName: 'Dewi',
    });
    expect(resumePoint()?.path).toBe('/id/my-account');
    expect(resumePath(tab)).toBe(resumePoint()?.path);
  });

  it('never leads elsewhere: the store and the start page refuse the same records', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil', '/ok?x=1', 42]) {
      tab.setItem(RESUME_RECORD_KEY, JSON.stringify({ path, draftKey: 'k' }));
      expect(resumePoint()).toBeUndefined();
      expect(resumePath(tab)).toBeUndefined();
    }
    tab.setItem(RESUME_RECORD_KEY, '{not json');
    expect(resumePoint()).toBeUndefined();
    expect(resumePath(tab)).toBeUndefined();
  });

  it('forgets the point and its draft once its page is open again, or at a logout', () => {
    keepResumePoint(
      { path: '/passenger-list/new', draftKey: 'resume:a:/passenger-list/new' },
      { fullName: 'X' },
    );
    forgetResumePoint('/my-account'); // another page: kept
    expect(resumePoint()).toBeDefined();
    forgetResumePoint('/passenger-list/new');
    expect(resumePoint()).toBeUndefined();
    expect(tab.items.size).toBe(0);
    keepResumePoint({ path: '/my-account', draftKey: 'resume:a:/my-account' }, { fullName: 'X' });
    forgetResumePoint();
    expect(tab.items.size).toBe(0);
  });
});
