// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  findEventContainers,
  findEventTitle,
  mayChangeContainers,
  scanCalendar,
  scanEventLinks,
} from '@/lib/page/calendar-scan';

// jsdom has no layout: "shown" here means not hidden by attribute.
const isShown = (element: Element) => !element.closest('[hidden], [aria-hidden="true"]');

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

const googleEvent = `
  <div role="main"><div data-eventid="e1" role="button">10am Weekly sync</div></div>
  <div role="dialog" aria-modal="true" aria-label="Event details">
    <div><span role="heading" aria-level="1">Weekly sync</span></div>
    <div>Wednesday, March 4 ⋅ 10:00 – 11:00am</div>
    <div><a href="https://meet.google.com/abc-defg-hij?authuser=0&hs=122">Join with Google Meet</a></div>
    <div>meet.google.com/abc-defg-hij</div>
    <div class="description">
      Backup: <a href="https://www.google.com/url?q=https://us02web.zoom.us/j/81234567890?pwd%3Dabc&amp;sa=D&amp;source=calendar">Zoom</a>
      <br>Also: https://us02web.zoom.us/j/81234567890
      <br>Russian office: https://telemost.yandex.ru/j/12345678901234.
    </div>
  </div>`;

describe('calendar scan', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('finds each distinct meeting of the open event: anchors, redirect-wrapped anchors, text', () => {
    const [event, ...rest] = scanCalendar(page(googleEvent), { isShown });
    expect(rest).toEqual([]);
    expect(event?.container.getAttribute('role')).toBe('dialog');
    expect(event?.links.map((link) => link.url)).toEqual([
      'https://meet.google.com/abc-defg-hij',
      'https://us02web.zoom.us/j/81234567890?pwd=abc',
      'https://telemost.yandex.ru/j/12345678901234',
    ]);
  });

  it('keeps the Zoom link with the passcode whichever comes first', () => {
    page(
      `<div role="dialog">https://zoom.us/j/81234567890 and later https://zoom.us/j/81234567890?pwd=xyz</div>`,
    );
    expect(scanCalendar(document, { isShown })[0]?.links.map((link) => link.url)).toEqual([
      'https://zoom.us/j/81234567890?pwd=xyz',
    ]);
  });

  it('offers no bot for record-only services: their links (anchors and text) are not rows', () => {
    const element = document.createElement('div');
    element.innerHTML = `
      <a href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%7d">Join Teams</a>
      Jitsi: https://meet.jit.si/WeeklyStandup, Jazz: salutejazz.ru/calls/nlg7d4?psw=x,
      Talk: https://matrius.ktalk.ru/hpb5rfegc1tl
      <a href="https://us02web.zoom.us/j/81234567890">Zoom</a>`;
    expect(scanEventLinks(element).map((link) => link.service)).toEqual(['zoom']);
  });

  it('finds nothing in lookalikes, home pages and links of other hosts', () => {
    page(`<div role="dialog">
      <a href="https://meet.google.com.evil.test/abc-defg-hij">Join</a>
      <a href="https://evil.test/?u=https://zoom.us/j/81234567890">Join</a>
      https://meet.google.com/ https://zoom.us/ https://notzoom.us/j/81234567890
      <a href="javascript:alert('https://meet.google.com/abc-defg-hij')">x</a>
      Meeting ID: 812 3456 7890
    </div>`);
    expect(scanCalendar(document, { isShown })).toEqual([]);
  });

  it('skips hidden dialogs (a calendar keeps closed popovers in the DOM)', () => {
    page(`<div role="dialog" aria-hidden="true"><a href="https://meet.google.com/abc-defg-hij">Join</a></div>
      <div role="dialog" hidden><a href="https://meet.google.com/xyz-abcd-efg">Join</a></div>`);
    expect(scanCalendar(document, { isShown })).toEqual([]);
  });

  it('gives a link shown in a dialog to the dialog, not to the pane behind it', () => {
    page(`<main>
        <p>Agenda mentions https://zoom.us/j/81234567890</p>
        <div role="dialog"><a href="https://meet.google.com/abc-defg-hij">Join</a> https://zoom.us/j/81234567890</div>
      </main>`);
    const scans = scanCalendar(document, { isShown });
    expect(scans.map((scan) => [scan.container.tagName, scan.links.map((link) => link.service)])).toEqual([
      ['DIV', ['google_meet', 'zoom']],
    ]);
  });

  it('looks at dialogs before panes, an inner dialog before its frame', () => {
    page(
      `<div role="main" id="pane"></div><div role="dialog" id="outer"><div role="dialog" id="inner"></div></div>`,
    );
    expect(findEventContainers(document, { isShown }).map((element) => element.id)).toEqual([
      'inner',
      'outer',
      'pane',
    ]);
  });

  it('reads an Outlook detail pane with Safe Links', () => {
    page(`<div role="main"><h1>Design review</h1>
      <a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fzoom.us%2Fj%2F81234567890%3Fpwd%3Dq1&data=05">Join Zoom Meeting</a>
    </div>`);
    const [scan] = scanCalendar(document, { isShown });
    expect(scan?.links.map((link) => link.url)).toEqual(['https://zoom.us/j/81234567890?pwd=q1']);
    expect(findEventTitle(scan!.container)).toBe('Design review');
  });

  it('takes the title from the first heading, else the label', () => {
    const element = document.createElement('div');
    element.setAttribute('aria-label', 'Event: Standup');
    expect(findEventTitle(element)).toBe('Event: Standup');
    element.innerHTML = '<h2>  Standup\n  with  team </h2>';
    expect(findEventTitle(element)).toBe('Standup with team');
  });

  it('scans anchors of one container in document order', () => {
    const element = document.createElement('div');
    element.innerHTML = `<a href="https://telemost.yandex.ru/j/12345678901234">1</a> <a href="https://meet.google.com/abc-defg-hij">2</a>`;
    expect(scanEventLinks(element).map((link) => link.service)).toEqual(['telemost', 'google_meet']);
  });
});

describe('which DOM changes are worth a new look', () => {
  function records(change: () => void, root: Node = document.body): Promise<MutationRecord[]> {
    return new Promise((resolve) => {
      const observer = new MutationObserver((found) => {
        observer.disconnect();
        resolve(found);
      });
      observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
      change();
    });
  }

  it('a dialog added, revealed or removed is; a live chat line is not', async () => {
    document.body.innerHTML =
      '<div id="chat"></div><div role="dialog" id="known" hidden></div><section id="frame"><div role="dialog"></div></section>';
    const chat = document.getElementById('chat')!;
    const known = document.getElementById('known')!;
    const line = await records(() => chat.append(document.createElement('p')));
    expect(line.some((record) => mayChangeContainers(record, [known]))).toBe(false);
    const text = await records(() => {
      chat.textContent = 'new message';
    });
    expect(text.some((record) => mayChangeContainers(record, [known]))).toBe(false);

    const added = await records(() => {
      const wrapper = document.createElement('div');
      wrapper.innerHTML = '<div role="dialog">Event</div>';
      document.body.append(wrapper);
    });
    expect(added.some((record) => mayChangeContainers(record, [known]))).toBe(true);
    const revealed = await records(() => known.removeAttribute('hidden'));
    expect(revealed.some((record) => mayChangeContainers(record, [known]))).toBe(true);
    const frameShown = await records(() =>
      document.getElementById('frame')!.setAttribute('aria-hidden', 'true'),
    );
    expect(frameShown.some((record) => mayChangeContainers(record, [known]))).toBe(true);
    const removed = await records(() => known.remove());
    expect(removed.some((record) => mayChangeContainers(record, [known]))).toBe(true);
  });

  it('lets a caller reuse the links it already read', () => {
    page('<div role="dialog"><a href="https://meet.google.com/abc-defg-hij">Join</a></div>');
    const cached = [{ service: 'zoom' as const, id: '81234567890', url: 'https://zoom.us/j/81234567890' }];
    expect(scanCalendar(document, { isShown, linksOf: () => cached })[0]?.links).toEqual(cached);
  });
});
