import { describe, expect, it } from 'vitest';
import { findMeetingLinks, parseMeetingLink } from '../meetings';
import { parseMediaLink, parseVideoPage, unwrapLink } from './index';

/** Deterministic pseudo-random numbers (mulberry32) so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789',
  ...'ABCXYZ-_.~:/?#[]@!$&\'()*+,;=%<> \t\n"`{}|\\^',
  'https://',
  'zoommtg://',
  'meet.google.com/',
  'zoom.us/j/',
  'telemost.yandex.ru/j/',
  'youtu.be/',
  'www.google.com/url?q=',
  '%3A%2F%2F',
  '%',
  '%E2%80%AE',
  'ё',
  'о',
  '😀',
  '\u0000',
  '\ud800',
  '.mp3',
];

function garbage(next: () => number, maxParts: number): string {
  const parts = Math.floor(next() * maxParts);
  let text = '';
  for (let i = 0; i < parts; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

const DETECTORS = [parseMeetingLink, parseVideoPage, parseMediaLink] as const;

function checkShapes(input: string): void {
  const meeting = parseMeetingLink(input);
  if (meeting) {
    expect(['google_meet', 'zoom', 'telemost']).toContain(meeting.service);
    expect(meeting.url.length).toBeLessThanOrEqual(255);
    expect(meeting.url.startsWith('https://')).toBe(true);
  }
  const video = parseVideoPage(input);
  if (video) {
    expect(video.url.length).toBeLessThanOrEqual(2048);
    expect(video.url.startsWith('https://')).toBe(true);
  }
  const media = parseMediaLink(input);
  if (media) {
    expect(media.url.length).toBeLessThanOrEqual(255);
    expect(media.suggestedTitle.length).toBeLessThanOrEqual(255);
    expect(media.suggestedTitle.endsWith(media.extension)).toBe(true);
  }
  expect(typeof unwrapLink(input)).toBe('string');
  expect(Array.isArray(findMeetingLinks(input))).toBe(true);
}

describe('robustness: garbage in, nothing thrown', () => {
  it('handles 3000 random strings built from URL fragments', () => {
    const next = random(20240501);
    for (let i = 0; i < 3000; i++) {
      const input = garbage(next, 24);
      expect(() => checkShapes(input)).not.toThrow();
    }
  });

  it.each([
    '',
    ' ',
    '\u0000',
    '\ud800',
    '://',
    'https://',
    'https:///',
    'http://[',
    'https://%',
    'https://meet.google.com/%',
    'https://meet.google.com/%E0%A4%A',
    'https://zoom.us/j/%ZZ',
    'zoommtg://',
    'zoommtg://zoom.us',
    'https://rutube.ru/video/%%%/',
    'https://example.com/%E0%A4%A.mp3',
    '\u202ehttps://meet.google.com/abc-defg-hij',
  ])('survives %j', (input) => {
    expect(() => checkShapes(input)).not.toThrow();
  });

  it('treats non-string input as nothing', () => {
    const values: unknown[] = [undefined, null, 42, {}, [], Symbol('x')];
    for (const value of values) {
      const input = value as string;
      for (const detect of DETECTORS) expect(detect(input)).toBeNull();
      expect(findMeetingLinks(input)).toEqual([]);
      expect(unwrapLink(input)).toBe('');
    }
  });
});

describe('robustness: very long input', () => {
  const LONG = 100_000;

  it.each([
    ['letters', 'a'.repeat(LONG)],
    ['dots', '.'.repeat(LONG)],
    ['dotted labels', 'a.'.repeat(LONG / 2)],
    ['schemes', 'https://'.repeat(LONG / 8)],
    ['slashes', '/'.repeat(LONG)],
    ['percent signs', '%'.repeat(LONG)],
    ['grouped numbers', '/j/123 456 '.repeat(LONG / 11)],
    ['a Meet path', `https://meet.google.com/${'a'.repeat(LONG)}`],
    ['a Zoom query', `https://zoom.us/j/81234567890?pwd=${'a'.repeat(LONG)}`],
    ['a YouTube query', `https://www.youtube.com/watch?v=BaW_jenozKc&x=${'a'.repeat(LONG)}`],
    ['a media path', `https://example.com/${'a'.repeat(LONG)}.mp3`],
    ['nested wrappers', `https://www.google.com/url?q=${'https://www.google.com/url?q='.repeat(LONG / 30)}`],
  ])('stays safe on %s', (_name, input) => {
    // No wall-clock bound here (machines are noisy): a pattern that backtracks catastrophically on
    // 100,000 characters does not finish at all and fails on the test timeout.
    expect(() => checkShapes(input)).not.toThrow();
  });

  it('rejects over-long canonical links but keeps a long tracking query out of the canonical one', () => {
    expect(parseMeetingLink(`https://zoom.us/j/81234567890?pwd=${'a'.repeat(LONG)}`)).toBeNull();
    expect(parseVideoPage(`https://www.youtube.com/watch?v=BaW_jenozKc&x=${'a'.repeat(LONG)}`)?.url).toBe(
      'https://www.youtube.com/watch?v=BaW_jenozKc',
    );
    expect(parseMediaLink(`https://example.com/${'a'.repeat(LONG)}.mp3`)).toBeNull();
  });
});

describe('robustness: unicode hosts and whitespace', () => {
  it.each([
    'https://meet.gооgle.com/abc-defg-hij',
    'https://meеt.google.com/abc-defg-hij',
    'https://zооm.us/j/81234567890',
    'https://telemost.yаndex.ru/j/12345678901234',
    'https://youtubе.com/watch?v=BaW_jenozKc',
    'https://rutubе.ru/video/3eac3b4561676c17df9132a9a1e62e3e/',
    'https://xn--meet-google-com.evil.io/abc-defg-hij',
  ])('rejects the IDN lookalike %s', (input) => {
    for (const detect of DETECTORS) expect(detect(input)).toBeNull();
    expect(findMeetingLinks(input)).toEqual([]);
  });

  it('accepts full-width letters that URL parsing maps to the real host', () => {
    expect(parseMeetingLink('https://ｍｅｅｔ.google.com/abc-defg-hij')?.url).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
  });

  it.each([
    '\n\t https://zoom.us/j/81234567890 \u00a0',
    '\ufeffhttps://zoom.us/j/81234567890\r\n',
    ' zoom.us/j/81234567890 ',
  ])('trims whitespace around %j', (input) => {
    expect(parseMeetingLink(input)?.url).toBe('https://zoom.us/j/81234567890');
  });
});
