/**
 * Preact's hooks run a render's effects after the next paint: a requestAnimationFrame, with a timer
 * of 35 ms in case no frame comes, which then calls cancelAnimationFrame. A DOM test file that ends
 * within that time of its last render leaves the timer to fire after jsdom's globals are gone:
 * "cancelAnimationFrame is not defined", an unhandled error that fails the run though every test
 * passed (seen under load from components/search/add-past-meetings.test.ts). So a file with a DOM
 * waits that long, and more, before its environment is torn down.
 */
import { afterAll } from 'vitest';

/** Longer than Preact's own fallback (35 ms, preact/hooks `RAF_TIMEOUT`), with room for a loaded machine. */
const AFTER_PAINT_WAIT_MS = 150;

afterAll(async () => {
  if (typeof window === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, AFTER_PAINT_WAIT_MS));
});
