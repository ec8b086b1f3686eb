// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseIsoDuration, readVideoDuration } from '@/lib/page/media-duration';
import { placeBeside } from '@/lib/page/placement';
import { themeForColor } from '@/lib/page/theme';

describe('video length', () => {
  it.each([
    ['PT12M30S', 750],
    ['PT1H58M', 7080],
    ['PT0M42S', 42],
    ['PT123M45S', 7425],
    ['P1DT2H', 93_600],
    ['PT1.5S', 1.5],
  ])('%s is %d s', (value, seconds) => {
    expect(parseIsoDuration(value)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', '12:30', 'PT0S', 'PTxS', null])('%j is not a length', (value) => {
    expect(parseIsoDuration(value)).toBeNull();
  });

  it('reads the player once it knows, else the page metadata', () => {
    document.body.innerHTML = '<video></video><meta itemprop="duration" content="PT12M30S">';
    expect(readVideoDuration(document)).toBe(750);
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'duration', { value: 754.2, configurable: true });
    expect(readVideoDuration(document)).toBe(754.2);
    Object.defineProperty(video, 'duration', { value: Number.POSITIVE_INFINITY, configurable: true });
    expect(readVideoDuration(document)).toBe(750); // a live stream has no length
    document.body.innerHTML = '';
    expect(readVideoDuration(document)).toBeNull();
  });

  it('is never a pre-roll ad’s, nor the previous video’s after in-page navigation', () => {
    document.body.innerHTML = `<meta itemprop="duration" content="PT12M30S">
      <div class="html5-video-player ad-showing"><video class="html5-main-video"></video></div>`;
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'duration', { value: 15, configurable: true });
    // The ad plays: the page's own length, not the ad's.
    expect(readVideoDuration(document)).toBe(750);
    video.parentElement!.classList.remove('ad-showing');
    expect(readVideoDuration(document)).toBe(15);
    // After in-page navigation: neither the stale metadata nor a player not yet loaded again.
    expect(readVideoDuration(document, { element: false, meta: false })).toBeNull();
    expect(readVideoDuration(document, { element: true, meta: false })).toBe(15);
    video.parentElement!.classList.add('ad-showing');
    expect(readVideoDuration(document, { element: true, meta: false })).toBeNull();
  });
});

describe('panel placement beside an event dialog', () => {
  const viewport = { width: 1280, height: 800 };
  const panel = { width: 300, height: 200 };

  it('goes right of the dialog when there is room', () => {
    expect(placeBeside({ top: 100, left: 400, width: 450, height: 300 }, panel, viewport)).toEqual({
      top: 100,
      left: 858,
    });
  });

  it('goes left when the dialog is at the right edge', () => {
    expect(placeBeside({ top: 100, left: 900, width: 370, height: 300 }, panel, viewport)).toEqual({
      top: 100,
      left: 592,
    });
  });

  it('goes below a wide dialog, then above, then into the corner', () => {
    expect(placeBeside({ top: 50, left: 100, width: 1100, height: 300 }, panel, viewport)).toEqual({
      top: 358,
      left: 900,
    });
    expect(placeBeside({ top: 500, left: 100, width: 1100, height: 280 }, panel, viewport)).toEqual({
      top: 292,
      left: 900,
    });
    expect(placeBeside({ top: 0, left: 0, width: 1280, height: 800 }, panel, viewport)).toEqual({
      top: 592,
      left: 972,
    });
  });

  it('never leaves the viewport', () => {
    const { top } = placeBeside({ top: 750, left: 100, width: 300, height: 40 }, panel, viewport);
    expect(top + panel.height).toBeLessThanOrEqual(viewport.height);
  });
});

describe('theme', () => {
  it.each([
    ['rgb(32, 33, 36)', 'dark'],
    ['rgb(15, 15, 15)', 'dark'],
    ['rgb(255, 255, 255)', 'light'],
    ['rgba(249, 249, 249, 1)', 'light'],
    ['rgba(0, 0, 0, 0)', null],
    ['transparent', null],
    ['', null],
  ])('%s is %s', (color, theme) => {
    expect(themeForColor(color)).toBe(theme);
  });
});
