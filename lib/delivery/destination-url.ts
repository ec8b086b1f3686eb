/**
 * What a person pastes as a destination address, made into the URL deliveries go to, or the
 * reason it cannot be used. Pure: the options page checks as the person types, the background
 * checks again (it never trusts what a page sent).
 *
 * - `https://` anywhere; plain `http://` only on this computer (loopback), so a protocol never
 *   crosses the network unencrypted.
 * - No user name or password in the URL; a query is kept (many webhooks carry a token there).
 */
import { isLoopbackHost } from '@/lib/url/service-url';

export type DestinationUrlProblem = 'empty' | 'invalid' | 'scheme' | 'insecure' | 'credentials';

export type DestinationUrlResult = { ok: true; url: string } | { ok: false; problem: DestinationUrlProblem };

export const DESTINATION_URL_MAX = 2048;

export function parseDestinationUrl(input: string): DestinationUrlResult {
  const value = input.trim();
  if (value === '') return { ok: false, problem: 'empty' };
  if (/\s/.test(value) || value.length > DESTINATION_URL_MAX) return { ok: false, problem: 'invalid' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? 'invalid' : 'scheme' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' };
  if (url.hostname === '') return { ok: false, problem: 'invalid' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, problem: 'insecure' };
  url.hash = '';
  return { ok: true, url: url.href };
}

/** The address as shown after it was added: its site and first path segment, never the secret part. */
export function maskDestinationUrl(url: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  const more = segments.length > 1 || parsed.search !== '';
  return `${parsed.origin}/${segments[0] ?? ''}${more ? '/…' : ''}`;
}
