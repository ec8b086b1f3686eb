// @vitest-environment jsdom
/**
 * Each calendar's adapter on its page as public code shows it (the fixtures' sources,
 * tests/fixtures/pages/*.html), and on the same page changed: what it then misses is named.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { findEventContainers, mayChangeContainers, scanCalendar } from '../calendar-scan';
import { CALENDAR_ADAPTERS, type CalendarAdapter, missingPart, panelParent } from '.';

// jsdom has no layout: "shown" here means not hidden by attribute or inline style.
const isShown = (element: Element) =>
  !element.closest('[hidden], [aria-hidden="true"], [style*="display: none"]');

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

const found = (adapter: CalendarAdapter) => findEventContainers(document, { isShown, adapter });

function attributeChange(target: Element, attributeName: string): MutationRecord {
  return { type: 'attributes', target, attributeName } as unknown as MutationRecord;
}

const GOOGLE_BUBBLE = (content: string, style = 'opacity: 1; transform: none;') => `
  <div role="main"><div role="button" data-eventid="ev-sync">10am Weekly sync</div></div>
  <div class="RDlrG" role="dialog" aria-modal="true" aria-label="Add video conferencing" style="display: none;">
    <a href="https://meet.google.com/zzz-zzzz-zzz">Use Google Meet</a>
  </div>
  <div class="RDlrG Inn9w iWO5td" role="dialog" jsname="ssXDle" data-chips-dialog="true" aria-modal="true" style="${style}">
    <div class="pw1uU" tabindex="0" aria-hidden="true"></div>
    <span class="kma42e" jsslot="">${content}</span>
  </div>`;
const GOOGLE_EVENT = `
  <div id="xDetDlg" data-eventid="ev-sync">
    <span id="rAECCd" role="heading" aria-level="1">Weekly sync</span>
    <div id="xDetDlgWhen">Wednesday, March 4⋅10:00 – 11:00am</div>
    <div id="xDetDlgVideo"><a href="https://meet.google.com/abc-defg-hij?authuser=0">Join with Google Meet</a></div>
  </div>`;

describe('Google Calendar adapter', () => {
  const google = CALENDAR_ADAPTERS.google;
  beforeEach(() => page(''));

  it('finds the shown bubble, not the hidden leftover dialog, and holds what it expects', () => {
    page(GOOGLE_BUBBLE(GOOGLE_EVENT));
    const [bubble, ...rest] = found(google);
    expect(bubble?.getAttribute('jsname')).toBe('ssXDle');
    expect(rest.map((element) => element.getAttribute('role'))).toEqual(['main']);
    expect(missingPart(google, bubble!)).toBeNull();
    expect(scanCalendar(document, { isShown, adapter: google })[0]?.links.map((link) => link.url)).toEqual([
      'https://meet.google.com/abc-defg-hij',
    ]);
  });

  it('a bubble hidden by its style holds no event; its style flip is a change worth a look', () => {
    page(GOOGLE_BUBBLE(GOOGLE_EVENT, 'display: none;'));
    expect(found(google).map((element) => element.getAttribute('role'))).toEqual(['main']);
    const bubble = document.querySelector('[jsname="ssXDle"]')!;
    expect(mayChangeContainers(attributeChange(bubble, 'style'), [], google)).toBe(true);
    // A style change anywhere else is the page's own business.
    const chip = document.querySelector('[data-eventid]')!;
    expect(mayChangeContainers(attributeChange(chip, 'style'), [], google)).toBe(false);
  });

  it('a page that changed: an event bubble without its title is named', () => {
    page(GOOGLE_BUBBLE(GOOGLE_EVENT.replace('role="heading"', 'class="title"')));
    expect(missingPart(google, found(google)[0]!)).toBe('event title');
  });
});

const YANDEX_POPUP = (visible: boolean, title = '<div class="qa-EventFormPreview-Title">Планёрка</div>') => `
  <div class="Popup2 Popup2_view_default"><div class="Menu">Настройки</div></div>
  <div class="Popup2 Popup2_view_default${visible ? ' Popup2_visible' : ''}">
    <div class="qa-EventFormPreview EventFormPreview__wrap--2Hh1a">
      ${title}
      <div class="qa-DatesField"><span class="EventDatesField__value">Среда, 4 марта, 15:00 – 16:00</span></div>
      <div class="qa-LocationField">https://telemost.yandex.ru/j/12345678901234</div>
      <div class="qa-DescriptionField">Повестка в чате.</div>
    </div>
  </div>`;

describe('Yandex Calendar adapter', () => {
  const yandex = CALENDAR_ADAPTERS.yandex;
  beforeEach(() => page(''));

  it('finds the role-less Popup2 preview while its class says visible', () => {
    page(YANDEX_POPUP(true));
    const [preview] = found(yandex);
    expect(preview?.classList.contains('qa-EventFormPreview')).toBe(true);
    expect(missingPart(yandex, preview!)).toBeNull();
    expect(scanCalendar(document, { isShown, adapter: yandex })[0]?.links.map((link) => link.url)).toEqual([
      'https://telemost.yandex.ru/j/12345678901234',
    ]);
  });

  it('a popup kept mounted without its visible class holds no event; its class flip is worth a look', () => {
    page(YANDEX_POPUP(false));
    expect(found(yandex)).toEqual([]);
    const popup = document.querySelectorAll('.Popup2')[1]!;
    expect(mayChangeContainers(attributeChange(popup, 'class'), [], yandex)).toBe(true);
    // Without the adapter (another calendar), a class change is never one.
    expect(mayChangeContainers(attributeChange(popup, 'class'), [], CALENDAR_ADAPTERS.outlook)).toBe(false);
  });

  it('a page that changed: a preview without its title part is named', () => {
    page(YANDEX_POPUP(true, '<div class="EventTitle">Планёрка</div>'));
    expect(missingPart(yandex, found(yandex)[0]!)).toBe('event title');
  });
});

const OUTLOOK_PEEK = (time = '<span aria-label="Time">Wed 3/4/2026 10:00 AM - 10:30 AM</span>') => `
  <div role="main" aria-label="calendar view, current time: 9:41 AM">
    <div role="button" data-calitemid="AAMk1" aria-label="Design review, 10:00 AM to 10:30 AM">Design review</div>
  </div>
  <div id="fluent-default-layer-host"><div class="ms-Layer">
    <div class="ms-Callout" data-app-section="CalendarItemPeek">
      <span aria-label="Title" role="heading">Design review</span>
      ${time}
      <span aria-label="Location">https://us06web.zoom.us/j/88395547586?pwd=Q1w2E3</span>
      <button title="View event">View event</button>
    </div>
  </div></div>`;
const OUTLOOK_MODAL = (
  body = '<div data-app-section="Form_Content">Join: <a href="https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fmeet.google.com%2Fxyz-abcd-efg&amp;reserved=0">Join</a></div>',
) => `
  <div id="fluent-default-layer-host"><div class="ms-Layer ms-Layer--fixed">
    <div class="ms-Modal" role="dialog" aria-modal="true" aria-label="Retrospective">
      <div class="ms-Overlay"></div>
      <div class="ms-Dialog-main"><div class="ms-Modal-scrollableContent">
        <div data-app-section="ReadingPane"><h1>Retrospective</h1>${body}</div>
      </div></div>
    </div>
  </div></div>`;

describe('Outlook adapter', () => {
  const outlook = CALENDAR_ADAPTERS.outlook;
  beforeEach(() => page(''));

  it('the peek card is an event: its location offers the meeting; the panel renders at the body', () => {
    page(OUTLOOK_PEEK());
    const scans = scanCalendar(document, { isShown, adapter: outlook });
    expect(scans.map((scan) => scan.container.getAttribute('data-app-section'))).toEqual([
      'CalendarItemPeek',
    ]);
    expect(scans[0]?.links.map((link) => link.url)).toEqual([
      'https://us06web.zoom.us/j/88395547586?pwd=Q1w2E3',
    ]);
    expect(missingPart(outlook, scans[0]!.container)).toBeNull();
    expect(panelParent(outlook, scans[0]!.container)).toBeNull();
  });

  it('the full event: the reading pane in the modal, its body behind Safe Links; the panel renders inside the focus trap', () => {
    page(OUTLOOK_MODAL());
    const [scan, ...rest] = scanCalendar(document, { isShown, adapter: outlook });
    expect(rest).toEqual([]);
    expect(scan?.container.getAttribute('data-app-section')).toBe('ReadingPane');
    expect(scan?.links.map((link) => link.url)).toEqual(['https://meet.google.com/xyz-abcd-efg']);
    expect(panelParent(outlook, scan!.container)?.className).toBe('ms-Dialog-main');
    expect(missingPart(outlook, scan!.container)).toBeNull();
  });

  it('a page that changed: a peek card without its time, a full event without its body, are named', () => {
    page(OUTLOOK_PEEK('<span class="time">Wed 3/4/2026 10:00 AM</span>'));
    expect(missingPart(outlook, found(outlook)[0]!)).toBe('peek card time');
    page(OUTLOOK_MODAL('<div data-app-section="Body">https://meet.google.com/xyz-abcd-efg</div>'));
    expect(missingPart(outlook, found(outlook)[0]!)).toBe('event body');
  });
});
