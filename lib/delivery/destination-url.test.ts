import { describe, expect, it } from 'vitest';
import { maskDestinationUrl, parseDestinationUrl } from './destination-url';

describe('destination addresses', () => {
  it('accepts https anywhere and http only on this computer', () => {
    expect(parseDestinationUrl(' https://hooks.slack.com/services/T0/B0/xyz ')).toEqual({
      ok: true,
      url: 'https://hooks.slack.com/services/T0/B0/xyz',
    });
    expect(parseDestinationUrl('http://127.0.0.1:9000/hook')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:9000/hook',
    });
    expect(parseDestinationUrl('http://localhost:9000/hook')).toMatchObject({ ok: true });
    expect(parseDestinationUrl('http://example.com/hook')).toEqual({ ok: false, problem: 'insecure' });
    expect(parseDestinationUrl('http://127.0.0.1.evil.io/hook')).toEqual({ ok: false, problem: 'insecure' });
  });

  it('keeps a query (a token), drops a fragment, refuses credentials and other schemes', () => {
    expect(parseDestinationUrl('https://h.example/x?token=abc#frag')).toEqual({
      ok: true,
      url: 'https://h.example/x?token=abc',
    });
    expect(parseDestinationUrl('https://user:pw@h.example/x')).toEqual({ ok: false, problem: 'credentials' });
    expect(parseDestinationUrl('ftp://h.example/x')).toEqual({ ok: false, problem: 'scheme' });
    expect(parseDestinationUrl('hooks.slack.com/services/x')).toEqual({ ok: false, problem: 'scheme' });
    expect(parseDestinationUrl('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseDestinationUrl('https://a b')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('masks everything after the first path segment', () => {
    expect(maskDestinationUrl('https://hooks.slack.com/services/T0/B0/secret')).toBe(
      'https://hooks.slack.com/services/…',
    );
    expect(maskDestinationUrl('http://127.0.0.1:9000/hook')).toBe('http://127.0.0.1:9000/hook');
    expect(maskDestinationUrl('https://h.example/x?token=abc')).toBe('https://h.example/x/…');
  });
});
