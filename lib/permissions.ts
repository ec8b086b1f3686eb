/**
 * Site access the extension needs to talk to a service. In test and development builds
 * (`WXT_TEST_BUILD=1`, `wxt` dev) loopback services (the emulator) are covered by the manifest's
 * `host_permissions`; in a release build every origin, loopback included, is an optional host
 * permission that a page requests during the user's click:
 *
 * ```ts
 * await browser.permissions.request({ origins: [originPattern(serviceUrl)] });
 * ```
 *
 * The background never requests (it has no user gesture); it checks and refuses with
 * `{kind: 'permission-denied', origin}` when access is missing.
 */
import { browser } from 'wxt/browser';

/** The match pattern of a URL's origin, e.g. `https://api.example.com/*` (match patterns carry no port). */
export function originPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

/** The origin of a URL as shown to a person, e.g. `https://api.example.com`. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Whether this build's manifest grants the loopback hosts (wxt.config.ts): test and dev builds
 * only. A test build made with `WXT_TEST_ASK_LOOPBACK=1` asks for them like for any host (the
 * e2e of a storage on another host than the service's withholds them with Chrome's site access
 * and grants the service's alone: tests/e2e/record-here-storage-site.spec.ts).
 */
export const LOOPBACK_IN_MANIFEST: boolean =
  (import.meta.env?.WXT_TEST_BUILD === '1' && import.meta.env?.WXT_TEST_ASK_LOOPBACK !== '1') ||
  import.meta.env?.COMMAND === 'serve';

/**
 * True for `http://127.0.0.1:*` and `http://localhost:*` when this build's manifest grants them up
 * front; always false in a release build.
 */
export function isGrantedByManifest(url: string, loopbackInManifest = LOOPBACK_IN_MANIFEST): boolean {
  if (!loopbackInManifest) return false;
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && LOOPBACK_HOSTS.has(hostname);
  } catch {
    return false;
  }
}

/** Whether the extension may fetch from the URL's origin (without CORS): granted up front or by the user. */
export async function hasOriginAccess(url: string): Promise<boolean> {
  if (isGrantedByManifest(url)) return true;
  try {
    return await browser.permissions.contains({ origins: [originPattern(url)] });
  } catch {
    return false;
  }
}
