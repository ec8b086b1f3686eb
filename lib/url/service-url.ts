/**
 * What a person types as a service address, made into the URL the extension will use, or the
 * reason it cannot be used. Pure: the sign-in form, the options page and the background (which
 * never trusts what a page sent) all call it.
 *
 * - A bare host (`example.com`, `api.example.com:8443/base`) means `https://`, as in a browser's
 *   address bar; a bare loopback host (`localhost:8787`, `127.0.0.1:8787`) means `http://`.
 * - Plain `http://` only on this machine (loopback): a password and tokens never cross the
 *   network unencrypted.
 * - No user name or password in the URL: they would be stored and shown.
 * - Query and fragment have no meaning for a base URL and are refused; trailing slashes are
 *   dropped.
 */

export type ServiceUrlProblem = 'empty' | 'invalid' | 'scheme' | 'insecure' | 'credentials' | 'query';

export type ServiceUrlResult = { ok: true; url: string } | { ok: false; problem: ServiceUrlProblem };

/** localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(host);
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export function parseServiceUrl(input: string): ServiceUrlResult {
  const value = input.trim();
  if (value === '') return { ok: false, problem: 'empty' };
  if (/\s/.test(value)) return { ok: false, problem: 'invalid' };
  let candidate = value;
  if (!SCHEME.test(value)) {
    // `user:pass@host` without a scheme would parse as the scheme `user:`; a bare host gets one.
    const hostPart = value.split(/[/?#]/, 1)[0] ?? '';
    if (hostPart.includes('@')) return { ok: false, problem: 'credentials' };
    const hostname = hostPart.replace(/:\d*$/, '');
    candidate = `${isLoopbackHost(hostname) ? 'http' : 'https'}://${value}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' };
  if (url.hostname === '') return { ok: false, problem: 'invalid' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, problem: 'insecure' };
  if (url.search !== '' || url.hash !== '' || value.endsWith('?') || value.endsWith('#')) {
    return { ok: false, problem: 'query' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
