import { describe, expect, it } from 'vitest';
import { findMeetingLinks, parseMeetingLink } from '../meetings';
import {
  CALENDAR_LOOKALIKES,
  CALENDAR_PAGES,
  LOOKALIKES,
  MEDIA_LINKS,
  MEETING_LINKS,
  VIDEO_PAGES,
} from './fixtures';
import { detectCalendarPage, parseMediaLink, parseVideoPage, unwrapLink } from './index';

/** Each detector with its own positive inputs; every detector must reject the others'. */
const DETECTORS = [
  { name: 'parseMeetingLink', detect: parseMeetingLink, own: MEETING_LINKS.map((c) => c.input) },
  { name: 'parseVideoPage', detect: parseVideoPage, own: VIDEO_PAGES.map((c) => c.input) },
  { name: 'parseMediaLink', detect: parseMediaLink, own: MEDIA_LINKS.map((c) => c.input) },
  { name: 'detectCalendarPage', detect: detectCalendarPage, own: CALENDAR_PAGES.map((c) => c.input) },
] as const;

const FOREIGN_PAIRS = DETECTORS.flatMap((detector) =>
  DETECTORS.filter((other) => other !== detector).flatMap((other) =>
    other.own.map((input) => [detector.name, other.name, input] as const),
  ),
);

describe('cross-matrix: no detector fires on another detector’s URLs', () => {
  it.each(FOREIGN_PAIRS)('%s rejects a %s positive: %s', (name, _owner, input) => {
    const detector = DETECTORS.find((d) => d.name === name)!;
    expect(detector.detect(input)).toBeNull();
  });

  it.each([...VIDEO_PAGES, ...MEDIA_LINKS, ...CALENDAR_PAGES].map((c) => c.input))(
    'findMeetingLinks finds no meeting in %s',
    (input) => {
      expect(findMeetingLinks(input)).toEqual([]);
    },
  );

  it('checks every detector against every other detector’s whole list', () => {
    const total = DETECTORS.reduce((sum, d) => sum + d.own.length, 0);
    // Each positive is fed to every detector it does not belong to.
    expect(FOREIGN_PAIRS).toHaveLength((DETECTORS.length - 1) * total);
  });
});

describe('cross-matrix: lookalikes are rejected by every detector', () => {
  const LOOKALIKE_PAIRS = DETECTORS.flatMap((d) => LOOKALIKES.map((input) => [d.name, input] as const));

  it.each(LOOKALIKE_PAIRS)('%s rejects %s', (name, input) => {
    const detector = DETECTORS.find((d) => d.name === name)!;
    expect(detector.detect(input)).toBeNull();
  });

  it.each(LOOKALIKES)('findMeetingLinks finds nothing in %s', (input) => {
    expect(findMeetingLinks(input)).toEqual([]);
    expect(findMeetingLinks(`Join here: ${input} thanks`)).toEqual([]);
  });

  it.each(LOOKALIKES)('unwrapLink leaves %s as it is', (input) => {
    expect(unwrapLink(input)).toBe(input);
  });
});

describe('cross-matrix: each detector accepts its own URLs', () => {
  it.each(DETECTORS.flatMap((d) => d.own.map((input) => [d.name, input] as const)))(
    '%s accepts %s',
    (name, input) => {
      const detector = DETECTORS.find((d) => d.name === name)!;
      expect(detector.detect(input)).not.toBeNull();
    },
  );

  it.each(MEETING_LINKS)('findMeetingLinks finds exactly the meeting in $input', ({ input, expected }) => {
    expect(findMeetingLinks(`Agenda below.\n${input}\nSee you!`)).toEqual([expected]);
  });
});

describe('cross-matrix: calendar pages', () => {
  it.each(CALENDAR_PAGES)('detectCalendarPage names the app of $input', ({ input, expected }) => {
    expect(detectCalendarPage(input)?.app).toBe(expected);
  });

  it.each(CALENDAR_LOOKALIKES)('detectCalendarPage rejects %s', (input) => {
    expect(detectCalendarPage(input)).toBeNull();
  });
});
