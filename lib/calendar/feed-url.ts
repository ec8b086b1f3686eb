/**
 * What a person pastes as a calendar address, made into the URL the extension fetches, or the
 * reason it cannot be used. `webcal://` (how Google, Outlook and Apple offer subscriptions) means
 * https. Plain http only on this machine (loopback): the private address is a credential and
 * never crosses the network unencrypted. The query is kept (Yandex's export link carries its
 * token there); a user name or password in the URL is refused; the fragment is dropped.
 */
import { isLoopbackHost } from '@/lib/url/service-url';

export type FeedUrlProblem = 'empty' | 'invalid' | 'scheme' | 'insecure' | 'credentials';

export type FeedUrlResult = { ok: true; url: string } | { ok: false; problem: FeedUrlProblem };

export const FEED_URL_MAX = 4096;

export function parseFeedUrl(input: string): FeedUrlResult {
  const value = input.trim();
  if (value === '') return { ok: false, problem: 'empty' };
  if (/\s/.test(value) || value.length > FEED_URL_MAX) return { ok: false, problem: 'invalid' };
  const candidate = /^webcals?:\/\//i.test(value) ? value.replace(/^webcals?:/i, 'https:') : value;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, problem: 'insecure' };
  url.hash = '';
  return { ok: true, url: url.href };
}

/** The address as shown in lists: origin and the start of the path, never the secret part. */
export function maskFeedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const first = parsed.pathname.split('/').filter(Boolean)[0];
    return `${parsed.origin}/${first ? `${first}/…` : ''}`;
  } catch {
    return '…';
  }
}
