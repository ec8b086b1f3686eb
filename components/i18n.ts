import { browser } from 'wxt/browser';

/** Looks up a message from public/_locales; falls back to the key so a gap is visible, not blank. */
export function t(key: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key as never, substitutions) || key;
}
