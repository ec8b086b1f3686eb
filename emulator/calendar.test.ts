/** The demo calendar: its events, read by the extension's own parser, and conditional requests. */
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../lib/calendar/ical-engine';
import { DEMO_CALENDAR_NAME, DEMO_LINKS } from './calendar';
import { SEED } from './index';
import { useEmulator } from './test/helpers';

const env = useEmulator();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function anchor(): Promise<number> {
  return (await env.api.get('/__emulator/calendar')).body.anchorMs;
}

describe('GET /__emulator/calendar.ics', () => {
  it('serves every kind of event relative to the clock; the parser keeps the meetings', async () => {
    const feedResponse = await fetch(`${env.api.url}/__emulator/calendar.ics`);
    expect(feedResponse.headers.get('content-type')).toContain('text/calendar');
    const text = await feedResponse.text();
    const at = await anchor();
    const now = (await env.api.get('/__emulator/clock')).body.nowMs;
    // The next quarter hour at least 10 minutes away: the first meeting has not begun during a test.
    expect(at - now).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(at - now).toBeLessThanOrEqual(25 * MINUTE);
    expect(at % (15 * MINUTE)).toBe(0);

    const feed = parseFeed(text, { from: at - HOUR, to: at + 22 * DAY, email: SEED.users.demo.email });
    expect(feed.name).toBe(DEMO_CALENDAR_NAME);
    const seen = feed.occurrences.map((o) => [o.title, o.startsAt - at, o.link.url]);
    expect(seen).toEqual([
      ['Weekly team sync', 0, DEMO_LINKS.weekly],
      ['Customer call', HOUR, DEMO_LINKS.zoom],
      ['Планёрка', 2 * HOUR, DEMO_LINKS.telemost],
      ['New York office hours', 3 * HOUR, DEMO_LINKS.timeZone],
      // Declined at 4 h and the all-day event are skipped; Safe Links unwrapped.
      ['Vendor demo (Outlook)', 5 * HOUR, DEMO_LINKS.safeLinks],
      ['Weekly team sync (moved)', 7 * DAY + 2 * HOUR, DEMO_LINKS.weekly],
      // The third week is cancelled.
      ['Weekly team sync', 21 * DAY, DEMO_LINKS.weekly],
    ]);
  });

  it('answers conditional requests with 304 until the calendar changes', async () => {
    const url = `${env.api.url}/__emulator/calendar.ics`;
    const first = await fetch(url);
    await first.text();
    const etag = first.headers.get('etag')!;
    const modified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"demo-/);
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(url, { headers: { 'If-Modified-Since': modified } })).status).toBe(304);

    const moved = await env.api.post('/__emulator/calendar', { starts_in_ms: 30_000 });
    expect(moved.status).toBe(200);
    const now = (await env.api.get('/__emulator/clock')).body.nowMs;
    expect(moved.body.anchorMs - now).toBeLessThanOrEqual(31_000);
    const changed = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await changed.text();
    const stats = (await env.api.get('/__emulator/calendar')).body;
    expect(stats).toMatchObject({ requests: 4, not_modified: 2 });
  });

  it('stays on the virtual clock when it advances and re-anchors on reset', async () => {
    const before = await anchor();
    await env.api.post('/__emulator/clock/advance', { ms: DAY });
    // A day later the first meeting is in the past (the weekly one comes back next week).
    expect(await anchor()).toBe(before);
    await env.api.post('/__emulator/reset');
    const now = (await env.api.get('/__emulator/clock')).body.nowMs;
    const after = await anchor();
    expect(after - now).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(after - now).toBeLessThanOrEqual(25 * MINUTE);
    expect((await env.api.post('/__emulator/calendar', { starts_in_ms: -1 })).status).toBe(400);
    expect((await env.api.post('/__emulator/calendar', { starts_in_ms: 0, unit_ms: 1 })).status).toBe(400);
  });

  it('shrinks the demo hour for tests', async () => {
    const moved = await env.api.post('/__emulator/calendar', { starts_in_ms: 10_000, unit_ms: 20_000 });
    expect(moved.body.unitMs).toBe(20_000);
    const at = moved.body.anchorMs;
    const text = await (await fetch(`${env.api.url}/__emulator/calendar.ics`)).text();
    const feed = parseFeed(text, { from: at - 1_000, to: at + 101_000, email: SEED.users.demo.email });
    expect(feed.occurrences.map((o) => (o.startsAt - at) / 1000)).toEqual([0, 20, 40, 60, 100]);
  });
});
