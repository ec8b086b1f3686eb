/**
 * Host access for a service that is not on this machine. `browser.permissions.request` must run
 * inside the click handler (a user gesture) before any `await`, so handlers call
 * `requestServiceAccess` first thing. Loopback services are granted by the manifest: no request.
 */
import { browser } from 'wxt/browser';
import { isGrantedByManifest, originPattern } from '@/lib/permissions';

/** Resolves true when the extension may reach `url`; asks the user for non-loopback origins. */
export function requestServiceAccess(url: string): Promise<boolean> {
  if (isGrantedByManifest(url)) return Promise.resolve(true);
  try {
    return browser.permissions.request({ origins: [originPattern(url)] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

/**
 * Asks for origins the background reported missing (`service.origins`: the service and its upload
 * storage). Call first thing in a click handler; resolves true when nothing is missing any more.
 */
export function requestMissingOrigins(missing: readonly string[]): Promise<boolean> {
  if (missing.length === 0) return Promise.resolve(true);
  try {
    return browser.permissions.request({ origins: [...missing] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}
