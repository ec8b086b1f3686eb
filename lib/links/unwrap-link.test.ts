import { describe, expect, it } from 'vitest';
import { REDIRECTS } from './fixtures';
import { unwrapLink } from './index';

describe('unwrapLink: known wrappers', () => {
  it.each(REDIRECTS.map((c) => [c.source, c.input, c.expected] as const))(
    '%s: %s',
    (_source, input, expected) => {
      expect(unwrapLink(input)).toBe(expected);
    },
  );

  it('unwraps deep nesting only a bounded number of times', () => {
    let link = 'https://meet.google.com/abc-defg-hij';
    for (let i = 0; i < 20; i++) link = `https://www.google.com/url?q=${encodeURIComponent(link)}`;
    const result = unwrapLink(link);
    expect(result.startsWith('https://www.google.com/url?q=')).toBe(true);
    expect(result.length).toBeLessThan(link.length);
  });
});

const UNCHANGED: ReadonlyArray<readonly [string, string]> = [
  ['not a link', 'hello world'],
  ['a plain link', 'https://meet.google.com/abc-defg-hij'],
  ['an unknown redirector', 'https://example.com/?url=https://zoom.us/j/81234567890'],
  ['Google search, not /url', 'https://www.google.com/search?q=https://meet.google.com/abc-defg-hij'],
  ['Google /url without a target', 'https://www.google.com/url?q=&sa=D'],
  ['Google /url to a script', 'https://www.google.com/url?q=javascript:alert(1)'],
  ['Google /url to a relative path', 'https://www.google.com/url?q=/search?q=zoom'],
  ['Safe Links without url', 'https://eur03.safelinks.protection.outlook.com/?data=05'],
  ['Facebook shim with a broken target', 'https://l.facebook.com/l.php?u=%E0%A4%A'],
  ['VK page that is not away.php', 'https://vk.com/away?to=https://zoom.us/j/81234567890'],
  [
    'Proofpoint v3 with a run we do not decode',
    'https://urldefense.com/v3/__https://a.example/x**Ay__;AAAA!!z$',
  ],
  ['Proofpoint v3 with too few replacements', 'https://urldefense.com/v3/__https://a.example/x*y*z__;JQ!!z$'],
  ['lookalike Google', 'https://www.google.com.evil.io/url?q=https://meet.google.com/abc-defg-hij'],
  ['Google /url over ftp', 'ftp://www.google.com/url?q=https://meet.google.com/abc-defg-hij'],
  ['percent garbage', '%%%%'],
];

describe('unwrapLink: everything else comes back unchanged', () => {
  it.each(UNCHANGED)('%s: %s', (_name, input) => {
    expect(unwrapLink(input)).toBe(input);
  });

  it('only trims surrounding whitespace of unknown input', () => {
    expect(unwrapLink('  <not a link>  ')).toBe('<not a link>');
    expect(unwrapLink('\n\thttps://example.com/a?b=1&amp;c=2 ')).toBe('https://example.com/a?b=1&amp;c=2');
    expect(unwrapLink('')).toBe('');
  });

  it('accepts whitespace and angle brackets around a wrapper', () => {
    expect(unwrapLink(' <https://slack-redir.net/link?url=https%3A%2F%2Fzoom.us%2Fj%2F81234567890> ')).toBe(
      'https://zoom.us/j/81234567890',
    );
  });
});
