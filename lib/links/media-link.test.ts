import { describe, expect, it } from 'vitest';
import { MEDIA_LINKS } from './fixtures';
import { MEDIA_EXTENSIONS, parseMediaLink } from './index';

describe('parseMediaLink: direct media links', () => {
  it.each(MEDIA_LINKS.map((c) => [c.source, c.input, c.expected] as const))(
    '%s: %s',
    (_source, input, expected) => {
      expect(parseMediaLink(input)).toEqual(expected);
    },
  );

  it('returns links that parse back to themselves', () => {
    for (const { expected } of MEDIA_LINKS) expect(parseMediaLink(expected.url)).toEqual(expected);
  });

  it.each(MEDIA_EXTENSIONS)('accepts %s in any case and titles with it in lower case', (extension) => {
    const result = parseMediaLink(`https://example.com/Call${extension.toUpperCase()}`);
    expect(result?.extension).toBe(extension);
    expect(result?.suggestedTitle).toBe(`Call${extension}`);
  });

  it('cuts long names to a 255-character title that still ends with the extension', () => {
    const name = 'й'.repeat(200);
    const result = parseMediaLink(`https://example.com/${name}.webm`);
    // 200 Cyrillic letters percent-encode to 2000 characters: too long for the by-URL limit.
    expect(result).toBeNull();

    const short = parseMediaLink(`https://example.com/${'x'.repeat(200)}.webm`);
    expect(short?.suggestedTitle).toBe(`${'x'.repeat(200)}.webm`);
  });

  it('never splits a character when cutting the title', () => {
    const emoji = '😀'.repeat(10);
    const result = parseMediaLink(`https://example.com/${emoji}.mp3`);
    expect(result?.suggestedTitle).toBe(`${emoji}.mp3`);
  });

  it('keeps titles within 255 characters for the longest acceptable link', () => {
    const result = parseMediaLink(`https://e.io/${'n'.repeat(255 - 'https://e.io/.mp3'.length)}.mp3`);
    expect(result?.url.length).toBe(255);
    expect(result?.suggestedTitle.length).toBeLessThanOrEqual(255);
    expect(result?.suggestedTitle.endsWith('.mp3')).toBe(true);
  });
});

const NOT_MEDIA: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['executable with a media-like name', 'https://example.com/meeting.mp3.exe'],
  ['extension only in the query', 'https://example.com/download?file=meeting.mp3'],
  ['extension only in the fragment', 'https://example.com/player#meeting.mp3'],
  ['unsupported format', 'https://example.com/meeting.flac'],
  ['directory', 'https://example.com/meeting.mp3/'],
  ['no dot', 'https://example.com/mp3'],
  ['longer extension', 'https://example.com/a.mp3x'],
  ['no scheme', 'example.com/meeting.mp3'],
  ['ftp', 'ftp://example.com/meeting.mp3'],
  ['file', 'file:///home/user/meeting.mp3'],
  ['data URL', 'data:audio/mp3;base64,AAAA.mp3'],
  ['blob URL', 'blob:https://example.com/1234.mp3'],
  ['credentials', 'https://user:pass@example.com/meeting.mp3'],
  ['localhost', 'http://localhost/meeting.mp3'],
  ['IPv4 literal', 'http://127.0.0.1/meeting.mp3'],
  ['IPv6 literal', 'http://[::1]/meeting.mp3'],
  ['local network name', 'http://nas.local/meeting.mp3'],
  ['non-default port', 'https://example.com:8443/meeting.mp3'],
  ['longer than the by-URL limit', `https://example.com/${'a'.repeat(240)}.mp3`],
  ['a meeting link', 'https://meet.google.com/abc-defg-hij'],
  ['a video page', 'https://www.youtube.com/watch?v=BaW_jenozKc'],
];

describe('parseMediaLink: everything else', () => {
  it.each(NOT_MEDIA)('%s: %s', (_name, input) => {
    expect(parseMediaLink(input)).toBeNull();
  });

  it('reads the current location when called without an argument (none in Node)', () => {
    expect(parseMediaLink()).toBeNull();
  });
});
