import { describe, expect, it } from 'vitest';
import {
  checkMessage,
  currentSender,
  isSupportedPage,
  type OwnExtension,
  pageKindOf,
  type Sender,
} from './senders';

const own: OwnExtension = { id: 'our-id', baseUrl: 'chrome-extension://our-id/' };
const tab = {
  id: 1,
  index: 0,
  pinned: false,
  highlighted: false,
  windowId: 1,
  active: true,
  incognito: false,
};

/** A page of ours or a site's, in the top frame of `tab`. */
const inTab = (url: string): Sender => ({ id: 'our-id', url, tab: tab as never, frameId: 0 });

const popup: Sender = { id: 'our-id', url: 'chrome-extension://our-id/popup.html' };
const optionsInTab = inTab('chrome-extension://our-id/options.html');
const meetTab = inTab('https://meet.google.com/abc-defg-hij');
const youtubeTab = inTab('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
const calendarTab = inTab('https://calendar.google.com/calendar/r');
const randomTab = inTab('https://example.com/');
const lookalikeTab = inTab('https://meet.google.com.evil.io/abc-defg-hij');
const otherExtension: Sender = { id: 'other-id', url: 'chrome-extension://other-id/popup.html' };
const otherExtensionPretending: Sender = { id: 'other-id', url: 'chrome-extension://our-id/popup.html' };
const meetWithoutTab: Sender = { id: 'our-id', url: 'https://meet.google.com/abc-defg-hij' };

const envelope = (type: string, payload: unknown) => ({ channel: 'meeting-capture', type, payload });

describe('sender checks', () => {
  it('ignores messages that are not ours', () => {
    expect(checkMessage({ hello: 1 }, popup, own)).toEqual({ ok: 'ignore' });
    expect(checkMessage('text', popup, own)).toEqual({ ok: 'ignore' });
    expect(checkMessage({ channel: 'other', type: 'session.get', payload: {} }, popup, own)).toEqual({
      ok: 'ignore',
    });
  });

  it('answers unknown types', () => {
    expect(checkMessage(envelope('nope', {}), popup, own)).toEqual({
      ok: false,
      error: { kind: 'unknown-message', type: 'nope' },
    });
    expect(checkMessage(envelope('toString', {}), popup, own)).toMatchObject({
      error: { kind: 'unknown-message' },
    });
  });

  it('privileged messages: extension pages only, also when opened in a tab', () => {
    for (const sender of [popup, optionsInTab]) {
      expect(checkMessage(envelope('session.get', {}), sender, own)).toMatchObject({ ok: true });
    }
    for (const sender of [meetTab, randomTab, otherExtension, otherExtensionPretending, {}]) {
      expect(checkMessage(envelope('session.get', {}), sender, own)).toEqual({
        ok: false,
        error: { kind: 'forbidden-sender', type: 'session.get' },
      });
    }
  });

  it('page-scoped messages: tabs on meeting, video and calendar pages only', () => {
    const payload = { link: 'https://meet.google.com/abc-defg-hij' };
    for (const sender of [meetTab, youtubeTab, calendarTab]) {
      expect(checkMessage(envelope('page.sendBot', payload), sender, own)).toMatchObject({ ok: true });
    }
    for (const sender of [randomTab, lookalikeTab, meetWithoutTab, popup, otherExtension]) {
      expect(checkMessage(envelope('page.sendBot', payload), sender, own)).toMatchObject({
        ok: false,
        error: { kind: 'forbidden-sender' },
      });
    }
  });

  it('the sender is checked before the payload, so a stranger learns nothing from validation', () => {
    expect(checkMessage(envelope('session.signIn', { bad: true }), randomTab, own)).toMatchObject({
      error: { kind: 'forbidden-sender' },
    });
  });

  it('validates payloads with the contract schemas and reports the issues', () => {
    const checked = checkMessage(
      envelope('session.signIn', { serviceUrl: 'ftp://x', email: '', password: 'p' }),
      popup,
      own,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok !== false) return;
    expect(checked.error.kind).toBe('invalid-message');
    const paths = (checked.error as { issues: Array<{ path: string }> }).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['serviceUrl', 'email']));
    expect(
      checkMessage(envelope('recordings.list', { spaceId: 1, limit: 500, offset: 0 }), popup, own),
    ).toMatchObject({ error: { kind: 'invalid-message' } });
  });

  it('supported pages follow the detectors, never substrings', () => {
    expect(isSupportedPage('https://zoom.us/j/1234567890')).toBe(true);
    expect(isSupportedPage('https://outlook.office.com/calendar/view/week')).toBe(true);
    expect(isSupportedPage('https://calendar.yandex.ru/week')).toBe(true);
    expect(isSupportedPage('https://calendar.google.com.evil.io/')).toBe(false);
    expect(isSupportedPage('https://www.youtube.com/')).toBe(false);
    expect(isSupportedPage('chrome-extension://our-id/popup.html')).toBe(false);
    expect(isSupportedPage('not a url')).toBe(false);
  });

  it('supported pages are the ones the content scripts act on: no redirect pages, no mail', () => {
    for (const url of [
      'https://outlook.live.com/mail/0/inbox',
      'https://outlook.office.com/mail/',
      'https://www.google.com/url?q=https://meet.google.com/abc-defg-hij',
      'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ',
      'https://vk.com/away.php?to=https%3A%2F%2Fvimeo.com%2F76979871',
      'https://www.youtube.com/redirect?q=https%3A%2F%2Fvimeo.com%2F76979871',
      'http://meet.google.com/abc-defg-hij',
      'https://user:pw@meet.google.com/abc-defg-hij',
      // A meeting link the detector knows, on a host no content script is loaded on.
      'https://zoom.us/rec/share/abc',
    ]) {
      expect(isSupportedPage(url), url).toBe(false);
    }
    expect(pageKindOf('https://meet.google.com/abc-defg-hij')).toBe('meeting');
    expect(pageKindOf('https://calendar.google.com/calendar/u/0/r')).toBe('calendar');
    expect(pageKindOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('video');
  });

  it('page messages come only from the top frame', () => {
    const inFrame: Sender = { ...meetTab, frameId: 3 };
    expect(checkMessage(envelope('page.context', {}), inFrame, own)).toEqual({
      ok: false,
      error: { kind: 'forbidden-sender', type: 'page.context' },
    });
    expect(checkMessage(envelope('page.context', {}), meetTab, own)).toMatchObject({ ok: true });
  });

  it("a page's address is its tab's now: pushState moves it within the document's origin, never off it", () => {
    const moved = (url: string, tabUrl: string, frameId = 0): Sender => ({
      id: 'our-id',
      url,
      tab: { ...tab, url: tabUrl } as never,
      frameId,
    });
    // Meet's home page, then a meeting by pushState: the meeting is the page.
    const home = moved('https://meet.google.com/', 'https://meet.google.com/abc-defg-hij');
    expect(currentSender(home).url).toBe('https://meet.google.com/abc-defg-hij');
    expect(checkMessage(envelope('page.context', {}), home, own)).toMatchObject({ ok: false });
    expect(checkMessage(envelope('page.context', {}), currentSender(home), own)).toMatchObject({ ok: true });
    // A meeting, then Meet's home page: no longer a meeting page.
    const left = currentSender(
      moved('https://meet.google.com/abc-defg-hij', 'https://meet.google.com/landing'),
    );
    expect(checkMessage(envelope('page.context', {}), left, own)).toMatchObject({ ok: false });
    // The tab went to another site meanwhile: the message is judged by the page it came from.
    const away = moved('https://meet.google.com/abc-defg-hij', 'https://zoom.us/j/1234567890');
    expect(currentSender(away).url).toBe('https://meet.google.com/abc-defg-hij');
    // A frame is never its tab; no tab URL, or an unreadable one, leaves the sender as it is.
    const frame = moved('https://meet.google.com/', 'https://meet.google.com/abc-defg-hij', 2);
    expect(currentSender(frame).url).toBe('https://meet.google.com/');
    expect(currentSender(meetTab)).toBe(meetTab);
    expect(currentSender(moved('https://meet.google.com/', 'not a url')).url).toBe(
      'https://meet.google.com/',
    );
    expect(currentSender(popup)).toBe(popup);
  });
});
