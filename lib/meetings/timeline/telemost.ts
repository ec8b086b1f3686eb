/**
 * Who is in a Telemost call and who speaks, read from the call's document (since Telemost 3.0 the
 * call is drawn in a same-origin `/private-join/<id>` frame, lib/meetings/call-document.ts). The
 * structure, measured on telemost.360.yandex.ru on 2026-09-18 (adobrotvorskiy/cora
 * `docs/telemost_dom.md` @4c2d94a, "Плитки участников", "Active speaker", "Панель «Участники»"):
 *
 * - Tiles live under `.GoloomParticipantsRenderer`: a grid item `item_* newGridItem_*`, with
 *   `selfView_*` on the user's own tile, holds the video and an overlay `root_*` whose
 *   `avatarWithNameBlock_*` carries the name in `span[class*="TextName"][title]` (the title is
 *   the full name).
 * - Speaking is only the class `rootStroke_*` on that overlay (the green outline): no aria or
 *   data attribute. It comes about 0.4 s after speech starts and goes about 0.7 s after it ends.
 * - The participants panel (`[class*="participantsSidebar"]`, when open) lists everyone in rows
 *   `[class*="Participant_"]`: the name in `[class*="ParticipantTextData"]` beside a role
 *   (`[class*="ParticipantRole"]`, «соорганизатор»), and on the user's own row the microphone
 *   button `[data-testid="turn-on-mic-button"]`/`turn-off-mic-button` (other rows show only
 *   an icon with an aria-label).
 *
 * Classes are CSS-module classes (`rootStroke_AOhPP`): matched by their prefix. Names come from
 * attributes and classes, so English and Russian pages read alike. Telemost shows no stable
 * participant id, so a participant's id is the name shown (`#2` for a second tile with the very
 * same name). No named tile gives null: before joining, after leaving, a shared screen hiding
 * the tiles, or a page that changed; the panel alone says nobody is speaking, so it makes no
 * sample by itself. At most 500 tiles and 500 rows are read; only names and classes.
 */
import type { PageSample, SampleParticipant } from '@/lib/page-names/timeline';
import {
  boundedText,
  cleanName,
  hasClassPrefix,
  MAX_PARTICIPANTS,
  NameIds,
  READ_LIMIT,
  selfOrInside,
} from './dom';
import type { TimelineReader } from './types';

const GRID = 'GoloomParticipantsRenderer';
const NAMES = 'span[class*="TextName"][title]';
const SIDEBAR = '[class*="participantsSidebar"]';
const ROWS = `${SIDEBAR} [class*="Participant_"]`;
const OWN_MIC = '[data-testid="turn-on-mic-button"], [data-testid="turn-off-mic-button"]';
/** How far up from the name the tile's grid item is looked for. */
const MAX_DEPTH = 8;

interface Tile {
  speaking: boolean;
  self: boolean;
}

/** The speaking and own-tile marks between the name and its grid item. */
function tileMarks(name: Element): Tile {
  let speaking = false;
  let self = false;
  let node: Element | null = name.parentElement;
  for (let depth = 0; node && depth < MAX_DEPTH; depth += 1, node = node.parentElement) {
    if (hasClassPrefix(node, 'GoloomParticipantsRenderer')) break;
    if (hasClassPrefix(node, 'rootStroke')) speaking = true;
    if (hasClassPrefix(node, 'selfView')) self = true;
    if (hasClassPrefix(node, 'newGridItem') || hasClassPrefix(node, 'item')) break;
  }
  return { speaking, self };
}

/** A row's name: the text beside the role, without it. */
function rowName(row: Element): string {
  const data = row.querySelector('[class*="ParticipantTextData"]');
  if (!data) return '';
  let text = '';
  for (const child of data.childNodes) {
    if (text.length >= READ_LIMIT) break;
    if (child.nodeType === 3) text += child.nodeValue ?? '';
    else if (child.nodeType === 1 && !(child as Element).matches('[class*="ParticipantRole"]')) {
      text += ` ${boundedText(child as Element)} `;
    }
  }
  return cleanName(text.slice(0, READ_LIMIT));
}

export const telemostReader: TimelineReader = {
  /** The tiles' grid and the participants panel. */
  places(doc) {
    try {
      return [doc.getElementsByClassName(GRID)[0] ?? null, doc.querySelector(SIDEBAR)].filter(
        (place) => place !== null,
      );
    } catch {
      return [];
    }
  },
  read(doc, now): PageSample | null {
    try {
      const grid = selfOrInside(doc, `.${GRID}`);
      if (!grid) return null;
      const names = grid.querySelectorAll(NAMES);
      const ids = new NameIds();
      const present: SampleParticipant[] = [];
      const speaking: string[] = [];
      for (let i = 0; i < names.length && present.length < MAX_PARTICIPANTS; i += 1) {
        const element = names[i]!;
        const name = cleanName((element.getAttribute('title') ?? '').slice(0, READ_LIMIT));
        if (!name) continue;
        const id = ids.next(name);
        const marks = tileMarks(element);
        present.push({ id, name, self: marks.self });
        if (marks.speaking) speaking.push(id);
      }
      if (present.length === 0) return null;

      const known = new Map(present.map((entry) => [entry.id, entry]));
      const rowIds = new NameIds();
      const rows = doc.querySelectorAll(ROWS);
      for (let i = 0; i < rows.length && i < MAX_PARTICIPANTS; i += 1) {
        const row = rows[i]!;
        const name = rowName(row);
        if (!name) continue;
        const id = rowIds.next(name);
        const self = row.querySelector(OWN_MIC) !== null;
        const entry = known.get(id);
        if (entry) {
          if (self) entry.self = true;
        } else if (present.length < MAX_PARTICIPANTS) {
          const added = { id, name, self };
          known.set(id, added);
          present.push(added);
        }
      }
      return { t: now, present, speaking };
    } catch {
      return null;
    }
  },
};
