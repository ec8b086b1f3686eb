/**
 * Google Meet: who is in the call and who is speaking, read from the call's tiles and the people
 * panel (public sources: Vexa `core/meetings/modules/gmeet-capture/src/gmeet-speakers.ts`, 2026;
 * meetingbot/meetingbot `src/bots/meet/src/bot.ts`; ../shared research in docs/page-names.md).
 *
 * - A participant is an element carrying `data-participant-id` (a tile, or a row of the people
 *   panel; the same id may appear in both). Its name is the tile's `span.notranslate`, else the
 *   value of `[data-self-name]`, else (a people-panel row) its `aria-label`.
 * - `data-self-name` on or inside the tile marks the user's own tile.
 * - Speaking is one of the obfuscated classes Meet puts on (or inside) a speaking tile
 *   (`Oaajhc`, `HX2H7`, `wEsLMd`, `OgVli`), on the participant's element or a descendant: no
 *   class is ever learned (Vexa removed that after it stuck every voice to one name).
 *
 * With the people panel open while a shared screen hides the tiles, the panel's rows are all
 * there is: the sample names who is present and says it saw no speaking marks (`speakingSeen:
 * false`), so the timeline keeps those minutes unobserved rather than silent (as Zoom's and
 * Telemost's readers give no sample without a tile).
 *
 * The page's own words differ by language: the people panel is labelled "Participants" or
 * "Участники", and the user's row ends in "(You)" or "(Вы)". Placeholders Meet shows instead of
 * a name ("Google Participant (…)", device paths) are not names.
 *
 * Bounded: at most `MAX_PARTICIPANTS` elements are looked at per sample. Never throws.
 */
import { MAX_PARTICIPANTS, type SampleParticipant } from '@/lib/page-names/timeline';
import { commonContainer, selfOrInside } from './dom';
import type { TimelineReader } from './types';

export const MEET_SPEAKING_CLASSES = ['Oaajhc', 'HX2H7', 'wEsLMd', 'OgVli'] as const;

const SPEAKING_SELECTOR = MEET_SPEAKING_CLASSES.map((name) => `.${name}`).join(',');
const PANEL_SELECTOR = '[aria-label="Participants"], [aria-label="Участники"]';
const NOT_A_NAME = /^Google Participant \(|spaces\/|devices\//;
const YOU_SUFFIX = /\s*\((?:You|Вы)\)\s*$/;
/** An element's text is read only this far: a name is short. */
const TEXT_LIMIT = 400;

function text(value: string | null | undefined): string {
  const cut = (value ?? '').slice(0, TEXT_LIMIT).replace(/\s+/g, ' ').trim();
  return cut.replace(YOU_SUFFIX, '').trim();
}

function usable(name: string): string {
  return name && !NOT_A_NAME.test(name) ? name : '';
}

function nameOf(element: Element, inPanel: boolean): string {
  const label = element.querySelector('span.notranslate');
  const shown = usable(text(label?.textContent));
  if (shown) return shown;
  const marker = element.hasAttribute('data-self-name') ? element : element.querySelector('[data-self-name]');
  const self = usable(text(marker?.getAttribute('data-self-name')));
  if (self) return self;
  return inPanel ? usable(text(element.getAttribute('aria-label'))) : '';
}

function speaking(element: Element): boolean {
  for (const name of MEET_SPEAKING_CLASSES) if (element.classList.contains(name)) return true;
  return element.querySelector(SPEAKING_SELECTOR) !== null;
}

function read(root: Document | Element, now: number) {
  const elements = root.querySelectorAll('[data-participant-id]');
  if (elements.length === 0) return null;
  const panel = selfOrInside(root, PANEL_SELECTOR);
  const byId = new Map<string, SampleParticipant & { name: string; self: boolean; fromTile: boolean }>();
  const speakingIds = new Set<string>();
  let tiles = 0;
  const count = Math.min(elements.length, MAX_PARTICIPANTS * 2);
  for (let i = 0; i < count; i += 1) {
    const element = elements[i]!;
    const id = (element.getAttribute('data-participant-id') ?? '').trim();
    if (!id) continue;
    const inPanel = panel?.contains(element) ?? false;
    if (!inPanel) tiles += 1;
    const name = nameOf(element, inPanel);
    const self = element.hasAttribute('data-self-name') || element.querySelector('[data-self-name]') !== null;
    const known = byId.get(id);
    if (!known) {
      if (byId.size >= MAX_PARTICIPANTS) continue;
      byId.set(id, { id, name, self, fromTile: !inPanel });
    } else {
      // A tile's name wins over a panel row's label; the self mark from either counts.
      if (name && (!known.name || (!inPanel && !known.fromTile))) {
        known.name = name;
        known.fromTile = !inPanel;
      }
      if (self) known.self = true;
    }
    if (speaking(element)) speakingIds.add(id);
  }
  if (byId.size === 0) return null;
  const present: SampleParticipant[] = [...byId.values()].map(({ id, name, self }) => ({
    id,
    ...(name && { name }),
    ...(self && { self }),
  }));
  // The panel's rows alone (a shared screen hides the tiles): who is there, not who speaks.
  if (tiles === 0 && speakingIds.size === 0) return { t: now, present, speaking: [], speakingSeen: false };
  return { t: now, present, speaking: [...speakingIds] };
}

export const googleMeetReader: TimelineReader = {
  read(root, now) {
    try {
      return read(root, now);
    } catch {
      // A page in the middle of changing (a detached node, an odd element): nothing seen this time.
      return null;
    }
  },
  /** The tiles' container and the people panel. */
  places(doc) {
    try {
      const panel = doc.querySelector(PANEL_SELECTOR);
      const all = doc.querySelectorAll('[data-participant-id]');
      const tiles: Element[] = [];
      for (let i = 0; i < all.length && i < MAX_PARTICIPANTS * 2; i += 1)
        if (!panel?.contains(all[i]!)) tiles.push(all[i]!);
      return [commonContainer(tiles), all.length > tiles.length ? panel : null].filter(
        (place) => place !== null,
      );
    } catch {
      return [];
    }
  },
};
