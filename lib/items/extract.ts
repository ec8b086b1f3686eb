/**
 * The action items of a protocol: every list item of a section of tasks (Action items, Next steps,
 * Tasks, To do, Задачи, Поручения, Следующие шаги, Кто что делает, …), every row of a table of
 * tasks (task | owner | due), and, anywhere else, a list item that gives work to a person of the
 * meeting ("Anna will…", "Tom to…", "Анна подготовит…", "Ответственный: …"). Decisions, summaries
 * and what someone said or did are not items.
 *
 * In a section of tasks a sub-heading, a bold label or a parent item that is only names
 * ("### Alex", "**Максим:**", "- Роман" with items under it) gives its items an owner, and is no
 * item itself; so is a short parent ending with ":" ("Backend:").
 *
 * Bounded: the protocol's first million characters, 20,000 lines, at most `ITEMS_MAX` items, each
 * line read to 1,000 characters. Pure: no network, no model, no browser API.
 */
import { type Day, meetingDayOf } from './days';
import { findDue } from './due';
import { type Block, type ListItemBlock, protocolBlocks, type TableBlock } from './markdown';
import { findOwner, infinitive, onlyNames } from './owner';
import { meetingPeople, mentions, type People, tokens } from './people';
import { type SectionKind, sectionKind, taskColumns } from './sections';
import { type ActionItem, ITEMS_MAX, type ItemsMeeting } from './types';

export { ITEMS_MAX };

interface Frame {
  level: number;
  kind: SectionKind;
  owners: number[] | null;
  title: string;
}

interface State {
  people: People;
  meetingDay: Day | null;
  language: string | null;
  frames: Frame[];
  label: Frame | null;
  /** Owners a parent list item gives the items nested in it. */
  parentOwners: Map<number, number[] | null>;
  items: ActionItem[];
}

function mode(state: State): SectionKind {
  if (state.label && state.label.kind !== 'unknown') return state.label.kind;
  for (let i = state.frames.length - 1; i >= 0; i -= 1) {
    const kind = (state.frames[i] as Frame).kind;
    if (kind !== 'unknown') return kind;
  }
  return 'unknown';
}

function sectionOwners(state: State): number[] | null {
  if (state.label?.owners) return state.label.owners;
  for (let i = state.frames.length - 1; i >= 0; i -= 1) {
    const frame = state.frames[i] as Frame;
    if (frame.owners) return frame.owners;
    if (frame.kind !== 'unknown') return null;
  }
  return null;
}

function section(state: State): string | null {
  return state.label?.title ?? state.frames[state.frames.length - 1]?.title ?? null;
}

function frameOf(state: State, level: number, title: string): Frame {
  const kind = sectionKind(title);
  const owners = kind === 'unknown' ? onlyNames(title, mentions(state.people, title)) : null;
  return { level, kind, owners, title };
}

const names = (state: State, owners: number[] | null) =>
  owners ? owners.map((i) => state.people.list[i]?.name ?? '').filter((n) => n !== '') : null;

function push(state: State, item: ActionItem): void {
  if (state.items.length < ITEMS_MAX) state.items.push(item);
}

function listItem(state: State, block: ListItemBlock): void {
  const kind = mode(state);
  const inTasks = kind === 'tasks';
  const inherited =
    block.parent !== null && state.parentOwners.has(block.parent)
      ? (state.parentOwners.get(block.parent) ?? null)
      : inTasks
        ? sectionOwners(state)
        : null;
  const words = tokens(block.text);
  const found = mentions(state.people, block.text, words);
  const named = onlyNames(block.text, found);
  if (block.hasChildren) {
    // "- Anna" with her items under it; "- Backend:" with its items.
    if (named) {
      state.parentOwners.set(block.bullet, named);
      return;
    }
    if (/[:：]$/.test(block.text) && words.length <= 3 && !infinitive(words[0]?.folded)) {
      state.parentOwners.set(block.bullet, inherited);
      return;
    }
  }
  if (block.text === '' || named) return;
  const owner = findOwner(block.text, words, found, inTasks);
  const due = findDue(block.text, { meetingDay: state.meetingDay, language: state.language });
  const isItem = inTasks || owner.assigns || (kind === 'mixed' && (owner.owners !== null || due !== null));
  if (!isItem) return;
  const owners = owner.rule !== null ? owner.owners : inherited;
  push(state, {
    text: block.text,
    owner: names(state, owners),
    ownerWords: owners ? (owner.rule !== null ? owner.words : null) : null,
    due: due?.date ?? null,
    dueWords: due?.words ?? null,
    bullet: block.bullet,
    row: null,
    checked: block.checked,
    section: section(state),
  });
}

const EMPTY_CELL = /^[\s\p{Pd}?.…]*$|^(?:tbd|tba|n\/a|none|нет|—)$/iu;

function table(state: State, block: TableBlock): void {
  const kind = mode(state);
  const columns = taskColumns(block.header, kind === 'tasks' || kind === 'mixed');
  if (!columns) return;
  block.rows.forEach((row, index) => {
    const text = row[columns.task] ?? '';
    if (EMPTY_CELL.test(text)) return;
    let owners: number[] | null = null;
    let ownerWords: string | null = null;
    if (columns.owner >= 0) {
      const cell = row[columns.owner] ?? '';
      const seen: number[] = [];
      for (const mention of mentions(state.people, cell))
        if (mention.people.length === 1 && !seen.includes(mention.people[0] as number))
          seen.push(mention.people[0] as number);
      if (seen.length > 0) {
        owners = seen;
        ownerWords = cell;
      }
    } else {
      const words = tokens(text);
      const owner = findOwner(text, words, mentions(state.people, text, words), true);
      owners = owner.owners;
      ownerWords = owner.words;
    }
    const cell = columns.due >= 0 ? (row[columns.due] ?? '') : '';
    const options = { meetingDay: state.meetingDay, language: state.language };
    const due = EMPTY_CELL.test(cell) ? findDue(text, options) : findDue(cell, { ...options, cell: true });
    push(state, {
      text,
      owner: names(state, owners),
      ownerWords: owners ? ownerWords : null,
      due: due?.date ?? null,
      dueWords: due?.words ?? null,
      bullet: null,
      row: { table: block.table, row: index },
      checked: null,
      section: section(state),
    });
  });
}

/**
 * The action items of `protocol` (the service's Markdown), in document order. Never throws; an
 * empty list when there are none.
 */
export function extractItems(protocol: string, meeting: ItemsMeeting): ActionItem[] {
  const state: State = {
    people: meetingPeople(meeting.names),
    meetingDay: meetingDayOf(meeting.createdAt),
    language: typeof meeting.language === 'string' ? meeting.language : null,
    frames: [],
    label: null,
    parentOwners: new Map(),
    items: [],
  };
  const blocks: Block[] = protocolBlocks(protocol);
  for (const block of blocks) {
    if (state.items.length >= ITEMS_MAX) break;
    switch (block.type) {
      case 'heading':
        while (
          state.frames.length > 0 &&
          (state.frames[state.frames.length - 1] as Frame).level >= block.level
        )
          state.frames.pop();
        state.frames.push(frameOf(state, block.level, block.text));
        state.label = null;
        break;
      case 'label':
        state.label = frameOf(state, 0, block.text);
        break;
      case 'item':
        listItem(state, block);
        break;
      case 'table':
        table(state, block);
        break;
    }
  }
  return state.items;
}
