import { describe, expect, it } from 'vitest';
import { CONFIRM_AFTER_MS, CONFIRM_WITHIN_MS, createPressCheck } from '@/lib/page/press-check';

describe('a press on a page control', () => {
  it('counts when the button was seen visible, or from the keyboard', () => {
    const check = createPressCheck();
    const button = {};
    expect(check.check(button, { visible: true, keyboard: false, now: 0 })).toBe('press');
    expect(check.check(button, { visible: false, keyboard: true, now: 0 })).toBe('press');
  });

  it('covered or unknown: asks, and a second press a little later confirms', () => {
    const check = createPressCheck();
    const button = {};
    expect(check.check(button, { visible: false, keyboard: false, now: 1000 })).toBe('confirm');
    // The second click of a double click is no confirmation.
    expect(check.check(button, { visible: false, keyboard: false, now: 1100 })).toBe('confirm');
    expect(check.check(button, { visible: false, keyboard: false, now: 1000 + CONFIRM_AFTER_MS })).toBe(
      'press',
    );
    // Confirmed once: the next covered press asks again.
    expect(check.check(button, { visible: undefined, keyboard: false, now: 5000 })).toBe('confirm');
    expect(
      check.check(button, { visible: undefined, keyboard: false, now: 5000 + CONFIRM_WITHIN_MS + 1 }),
    ).toBe('confirm');
  });

  it('a confirmation belongs to its button', () => {
    const check = createPressCheck();
    const [a, b] = [{}, {}];
    expect(check.check(a, { visible: false, keyboard: false, now: 0 })).toBe('confirm');
    expect(check.check(b, { visible: false, keyboard: false, now: 1000 })).toBe('confirm');
    expect(check.check(a, { visible: false, keyboard: false, now: 1000 })).toBe('press');
  });
});
