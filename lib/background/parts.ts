/**
 * The worker's parts: code that only some events need, kept out of background.js so that the
 * frequent wakes (the poll alarm every 30 s while a job runs) parse only what they use.
 *
 * - Chrome: each part is a classic script (`/worker-<name>.js`, built from
 *   `entrypoints/worker-<name>.ts`). A service worker may `importScripts` after its installation
 *   only scripts it imported while installing, so `installParts` imports every part in the install
 *   event; afterwards `part(name)` loads one synchronously, from the installed copy, the first time
 *   an event of this start needs it.
 * - Firefox: the background is a page, without `importScripts`; the manifest lists the parts after
 *   background.js (wxt.config.ts), so they are there before any event.
 *
 * A part takes the worker's own modules (lib/background/shared.ts), not copies.
 */

import type * as calendars from './parts/calendars';
import type * as deliveries from './parts/deliveries';
import type * as messages from './parts/messages';
import type * as textsRu from './parts/texts-ru';

export interface Parts {
  messages: typeof messages;
  deliveries: typeof deliveries;
  calendars: typeof calendars;
  'texts-ru': typeof textsRu;
}

export type PartName = keyof Parts;

export const PART_NAMES: readonly PartName[] = ['messages', 'texts-ru', 'deliveries', 'calendars'];

type Registry = { __mcParts?: Partial<Parts> };

function registry(): Partial<Parts> {
  const scope = globalThis as unknown as Registry;
  scope.__mcParts ??= {};
  return scope.__mcParts;
}

function scriptOf(name: PartName): string {
  return `/worker-${name}.js`;
}

/** Called by a part's script when it runs: what it offers. */
export function definePart<K extends PartName>(name: K, part: Parts[K]): void {
  registry()[name] = part;
}

/** A part, loaded now if this start of the worker has not loaded it yet. */
export function part<K extends PartName>(name: K): Parts[K] {
  const loaded = registry();
  if (!loaded[name]) {
    const scope = globalThis as unknown as { importScripts?: (...urls: string[]) => void };
    if (typeof scope.importScripts !== 'function') throw new Error(`worker part ${name} is missing`);
    scope.importScripts(scriptOf(name));
  }
  const found = loaded[name];
  if (!found) throw new Error(`worker part ${name} did not load`);
  return found as Parts[K];
}

/**
 * Chrome: imports every part while the worker installs, the only time new scripts may be imported;
 * registered in the worker's first turn.
 */
export function installParts(): void {
  const scope = globalThis as unknown as {
    importScripts?: (...urls: string[]) => void;
    addEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof scope.importScripts !== 'function' || typeof scope.addEventListener !== 'function') return;
  const importScripts = scope.importScripts;
  scope.addEventListener('install', () => {
    for (const name of PART_NAMES) importScripts(scriptOf(name));
  });
}
