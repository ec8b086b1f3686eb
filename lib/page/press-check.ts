/**
 * Whether a press on a page control counts (a page must not trick a person into sending a bot):
 * a page can draw something over our control with `pointer-events: none`, so that a click meant
 * for the page's picture lands on our button. A press counts when the button was seen visible and
 * unobscured (IntersectionObserver v2 `isVisible`, Chromium), or from the keyboard (the person
 * put the focus there); otherwise it is a question, and a second press on the same button a
 * little later (not the second click of a double click) confirms it. Pure: the caller observes.
 */

/** The second press must come at least this long after the first, and no later than `CONFIRM_WITHIN_MS`. */
export const CONFIRM_AFTER_MS = 400;
export const CONFIRM_WITHIN_MS = 15_000;

export type PressVerdict = 'press' | 'confirm';

export interface PressCheck {
  /**
   * `visible`: the last visibility seen for the button (true, false, or undefined when unknown);
   * `keyboard`: the press came from the keyboard; `now`: ms.
   */
  check(
    button: object,
    press: { visible: boolean | undefined; keyboard: boolean; now: number },
  ): PressVerdict;
}

export function createPressCheck(): PressCheck {
  const asked = new WeakMap<object, number>();
  return {
    check(button, { visible, keyboard, now }) {
      if (keyboard || visible === true) {
        asked.delete(button);
        return 'press';
      }
      const since = now - (asked.get(button) ?? Number.NEGATIVE_INFINITY);
      if (since >= CONFIRM_AFTER_MS && since <= CONFIRM_WITHIN_MS) {
        asked.delete(button);
        return 'press';
      }
      // A double click's second press keeps the question open without resetting it.
      if (since > CONFIRM_WITHIN_MS) asked.set(button, now);
      return 'confirm';
    },
  };
}
