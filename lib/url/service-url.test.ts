import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseServiceUrl } from './service-url';

describe('parseServiceUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://api.example.com///  ', 'https://api.example.com'],
    ['https://api.example.com:8443/base/', 'https://api.example.com:8443/base'],
    ['example.com', 'https://example.com'],
    ['Example.COM/base', 'https://example.com/base'],
    ['api.example.com:8443', 'https://api.example.com:8443'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:8787/', 'http://localhost:8787'],
    ['localhost:8787', 'http://localhost:8787'],
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.1.2.3:9000', 'http://127.1.2.3:9000'],
    ['http://[::1]:8787', 'http://[::1]:8787'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
  ])('%s is used as %s', (input, url) => {
    expect(parseServiceUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['http://example.com', 'insecure'],
    ['http://192.168.1.10:8000', 'insecure'],
    ['http://127.0.0.1.evil.io', 'insecure'],
    ['http://localhost.evil.io', 'insecure'],
    ['ftp://example.com', 'scheme'],
    ['javascript://example.com', 'scheme'],
    ['https://user:secret@example.com', 'credentials'],
    ['https://user@example.com', 'credentials'],
    ['user:secret@example.com', 'credentials'],
    ['http://user:secret@127.0.0.1:8787', 'credentials'],
    ['https://example.com/?a=1', 'query'],
    ['https://example.com/#x', 'query'],
    ['https://exa mple.com', 'invalid'],
    ['https://', 'invalid'],
    ['https://[bad', 'invalid'],
  ])('%j is refused: %s', (input, problem) => {
    expect(parseServiceUrl(input)).toEqual({ ok: false, problem });
  });

  it('never echoes a password it refused', () => {
    expect(JSON.stringify(parseServiceUrl('https://me:hunter2@example.com'))).not.toContain('hunter2');
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.255.255.254', '[::1]', 'app.localhost'])('%s is loopback', (h) =>
    expect(isLoopbackHost(h)).toBe(true),
  );
  it.each(['127.0.0.1.nip.io', '128.0.0.1', '10.0.0.1', 'localhost.com', '0.0.0.0', '127.0.0.256'])(
    '%s is not',
    (h) => expect(isLoopbackHost(h)).toBe(false),
  );
});
