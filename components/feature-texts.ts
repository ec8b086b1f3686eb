/**
 * The shape every feature's own text module shares (calendars, deliveries): its catalog in both
 * languages, read in the page language through a signal, and the words for an address the user
 * typed that does not parse. A feature's module is imported by that feature's views only, so a
 * page that does not show the feature does not carry its text.
 */
import { computed, type ReadonlySignal } from '@preact/signals';
import type { Catalog, Lang } from '@/lib/i18n';
import { lang } from './lang';

/** A feature's texts in the page language; read `.value` while rendering, to follow a switch. */
export function featureText<T extends Catalog>(texts: Record<Lang, T>): ReadonlySignal<T> {
  return computed(() => texts[lang.value]);
}

/** The texts of the address problems both parsers name (lib/calendar/feed-url, lib/delivery/destination-url). */
export interface AddressProblemTexts {
  errEmpty: string;
  errScheme: string;
  errInsecure: string;
  errCredentials: string;
  errInvalid: string;
}

/** A typed address that does not parse, in plain words; an unknown problem reads as not an address. */
export function describeAddressProblem(problem: string | undefined, t: AddressProblemTexts): string {
  switch (problem) {
    case 'empty':
      return t.errEmpty;
    case 'scheme':
      return t.errScheme;
    case 'insecure':
      return t.errInsecure;
    case 'credentials':
      return t.errCredentials;
    default:
      return t.errInvalid;
  }
}
