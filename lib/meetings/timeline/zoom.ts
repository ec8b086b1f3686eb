/**
 * Who is in a Zoom web-client call and who speaks, read from the call's document (the same-origin
 * `iframe#webclient`, lib/meetings/call-document.ts). The structure, as public sources show it:
 *
 * - Video tiles are "video frames": `.speaker-active-container__video-frame` (speaker view: the
 *   large tile, the last speaker other than the user), `.speaker-bar-container__video-frame` (the strip
 *   of small tiles above it, and the strip beside a shared screen) and
 *   `.gallery-video-container__video-frame` (gallery view). Vexa-ai/vexa
 *   `core/meetings/modules/zoom-capture/src/zoom-speakers.ts` @4647c96; the room's hierarchy in
 *   unnat7779/Zoom-Clone-Scaler_Ai-task `docs/requirements/05-meeting-room.md` @533f29f §1, §3.
 * - A tile's name is the `<span>` of its name tag `.video-avatar__avatar-footer` (after the
 *   microphone or network icon); a tile without video also shows it in `.video-avatar__avatar-name`.
 * - Speaking: the frame's `--active` modifier (`.speaker-bar-container__video-frame--active`,
 *   `.gallery-video-container__video-frame--active`, the green ring; in gallery view only with
 *   more than two participants). Speaker view's large frame shows the last speaker other than the
 *   user (Zoom's "Show me as an active speaker" is off by default, §12), even while the user or
 *   nobody speaks, and in a call of two always the other person: by itself it is no speaking
 *   mark (it would give the user's voice the other person's name), only when it is ringed.
 * - The participants panel (`#wc-container-right`, while open) lists everyone in rows
 *   `.participants-li`: the name in `.participants-item__display-name`, and a separate label
 *   `.participants-item__name-label` with the roles, which marks the user's own row: "(Me)",
 *   "(Host, me)" in English, "(Я)", "(Организатор, Я)" in Russian (a Zoom web client's list
 *   quoted in public code, index ids 48016006712 and 11602189876). Tiles carry no such mark, so
 *   the user's own tile is known only while the panel is open.
 *
 * Zoom shows no participant id in the document, so a participant's id is the name shown (`#2` for
 * a second participant with the very same name). A page with no named tile gives null: before
 * joining, after leaving, a shared screen hiding the tiles, or a page that changed. The list
 * alone names people but cannot say who speaks, so it makes no sample by itself. At most 500
 * tiles and 500 rows are read; only names and classes, never other text.
 */
import type { PageSample, SampleParticipant } from '@/lib/page-names/timeline';
import { boundedText, cleanName, commonContainer, MAX_PARTICIPANTS, NameIds } from './dom';
import type { TimelineReader } from './types';

/** The kinds of video frame, each `<kind>__video-frame` (the large frame is read last). */
const FRAME_KINDS = ['speaker-bar-container', 'gallery-video-container', 'speaker-active-container'];
const ACTIVE = '__video-frame--active';
const ROWS = 'participants-li';

/** The words of a row's label that mean the user's own row, English and Russian. */
const SELF_WORDS = new Set(['me', 'я']);

function tileName(frame: Element): string {
  const footer = frame.getElementsByClassName('video-avatar__avatar-footer')[0];
  if (footer) {
    const spans = footer.getElementsByTagName('span');
    for (let i = 0; i < spans.length && i < 4; i += 1) {
      const name = cleanName(boundedText(spans[i]));
      if (name) return name;
    }
  }
  return cleanName(boundedText(frame.getElementsByClassName('video-avatar__avatar-name')[0]));
}

function ringed(frame: Element): boolean {
  return (frame.getAttribute('class') ?? '').split(/\s+/).some((token) => token.endsWith(ACTIVE));
}

/** True for a row label such as "(Host, me)" or "(Организатор, Я)". */
export function isSelfLabel(label: string): boolean {
  const inner = /\(([^)]*)\)/.exec(label)?.[1];
  if (!inner) return false;
  return inner.split(',').some((word) => SELF_WORDS.has(word.trim().toLocaleLowerCase()));
}

interface Seen {
  id: string;
  name: string;
  self: boolean;
}

function readTiles(doc: Document | Element): { tiles: Seen[]; speaking: string[] } {
  const ids = new NameIds();
  const tiles: Seen[] = [];
  const speaking = new Set<string>();
  const known = new Set<string>();
  const take = (id: string, name: string, frame: Element) => {
    if (!known.has(id)) {
      if (tiles.length >= MAX_PARTICIPANTS) return;
      known.add(id);
      tiles.push({ id, name, self: false });
    }
    if (ringed(frame)) speaking.add(id);
  };
  // The large frame shows someone who may be in the strip too: it is read last, as that person.
  for (const kind of FRAME_KINDS) {
    const frames = doc.getElementsByClassName(`${kind}__video-frame`);
    const large = kind === 'speaker-active-container';
    for (let i = 0; i < frames.length && i < MAX_PARTICIPANTS; i += 1) {
      const frame = frames[i]!;
      const name = tileName(frame);
      if (!name) continue;
      take(large && known.has(name) ? name : ids.next(name), name, frame);
    }
  }
  return { tiles, speaking: [...speaking] };
}

function readRows(doc: Document | Element): Seen[] {
  const ids = new NameIds();
  const rows = doc.getElementsByClassName(ROWS);
  const out: Seen[] = [];
  for (let i = 0; i < rows.length && out.length < MAX_PARTICIPANTS; i += 1) {
    const row = rows[i]!;
    const name = cleanName(boundedText(row.getElementsByClassName('participants-item__display-name')[0]));
    if (!name) continue;
    const label = boundedText(row.getElementsByClassName('participants-item__name-label')[0], 80);
    out.push({ id: ids.next(name), name, self: isSelfLabel(label) });
  }
  return out;
}

/** The first `MAX_PARTICIPANTS` elements of a class. */
function byClass(doc: Document, name: string): Element[] {
  return Array.from(doc.getElementsByClassName(name)).slice(0, MAX_PARTICIPANTS);
}

export const zoomReader: TimelineReader = {
  /** The video frames' container and the participants list. */
  places(doc) {
    try {
      const frames = FRAME_KINDS.flatMap((kind) => byClass(doc, `${kind}__video-frame`));
      return [commonContainer(frames), commonContainer(byClass(doc, ROWS))].filter((place) => place !== null);
    } catch {
      return [];
    }
  },
  read(doc, now): PageSample | null {
    try {
      const { tiles, speaking } = readTiles(doc);
      if (tiles.length === 0) return null;
      const rows = readRows(doc);
      const present: SampleParticipant[] = [];
      const index = new Map<string, SampleParticipant>();
      for (const seen of [...tiles, ...rows]) {
        const known = index.get(seen.id);
        if (known) {
          if (seen.self) known.self = true;
          continue;
        }
        if (present.length >= MAX_PARTICIPANTS) continue;
        const entry: SampleParticipant = { id: seen.id, name: seen.name, self: seen.self };
        index.set(seen.id, entry);
        present.push(entry);
      }
      return { t: now, present, speaking };
    } catch {
      return null;
    }
  },
};
