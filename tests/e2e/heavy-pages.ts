/**
 * Heavy versions of the saved host pages, for the page-cost measurements
 * (tests/e2e/page-performance.spec.ts, scripts/profile-pages.ts): each family's saved page with
 * 2,000 extra elements and a DOM that changes ten times a second, as a live page does.
 */
import { fixture } from './page-support';

/** Makes a saved page heavy: many elements, and a DOM that keeps changing. */
export function heavy(html: string, setup: string): string {
  const load = `<script>
    (() => {
      const box = document.createElement('div');
      box.id = 'heavy';
      box.setAttribute('aria-hidden', 'true');
      box.style.cssText = 'position:absolute;left:-99999px;top:0;width:600px';
      const rows = [];
      for (let i = 0; i < 2000; i++) {
        const row = document.createElement('div');
        row.innerHTML = '<span class="author">Person ' + i + '</span> <span class="text">Message number ' + i + ' with <a href="/channel/' + i + '">a link</a></span>';
        rows.push(row);
      }
      box.append(...rows);
      document.body.append(box);
      let tick = 0;
      setInterval(() => {
        tick++;
        const row = document.createElement('div');
        row.textContent = 'Live message ' + tick;
        box.append(row);
        box.firstElementChild?.remove();
        box.children[tick % 100].querySelector?.('.text')?.replaceChildren('Edited ' + tick);
      }, 100);
      ${setup}
    })();
  </script>`;
  return html.replace('</body>', `${load}</body>`);
}

export const HEAVY_PAGES = [
  {
    family: 'meeting',
    url: 'https://meet.google.com/abc-defg-hij',
    origin: 'https://meet.google.com',
    body: heavy(fixture('meet-call.html'), ''),
    ours: 'meeting-capture-send-bot',
  },
  {
    family: 'calendar',
    url: 'https://calendar.google.com/calendar/u/0/r/week',
    origin: 'https://calendar.google.com',
    // The event dialog open, so the panel and its scans run all along.
    body: heavy(fixture('google-calendar.html'), "document.querySelector('.chip').click();"),
    ours: 'meeting-capture-calendar',
  },
  {
    family: 'video',
    url: 'https://www.youtube.com/watch?v=BaW_jenozKc',
    origin: 'https://www.youtube.com',
    body: heavy(fixture('youtube-watch.html'), ''),
    ours: 'meeting-capture-transcribe',
  },
] as const;

export type HeavyPage = (typeof HEAVY_PAGES)[number];

/** The load window: from navigation to this moment (the control is up well before). */
export const LOADED_AT_MS = 2500;
export const STEADY_MS = 3000;
