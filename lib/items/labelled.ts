/**
 * The labelled protocols of lib/items/fixtures (their format: fixtures/README.md) and the score of
 * an extraction against them: items found and false, owners right, due dates right. Used by the
 * tests and by `npm run items -- bench`; reading the files is the caller's.
 */
import type { ActionItem } from './types';

export interface LabelledItem {
  /** The labelled line as written (list marker, or a table row's pipes, left in). */
  line: string;
  owner: string[] | null;
  due: string | null;
}

export interface LabelledProtocol {
  name: string;
  language: string;
  createdAt: string;
  people: string[];
  /** The protocol with the header and the labels taken out: what the extraction reads. */
  protocol: string;
  items: LabelledItem[];
}

const HEADER = /^\s*<!--([\s\S]*?)-->\s*\n/;
const LABEL = /[ \t]*<!--\s*item\b([^>]*)-->/;
const ATTRIBUTE = /(\w+)="([^"]*)"/g;

/** A labelled protocol from its file's text. */
export function parseLabelled(name: string, source: string): LabelledProtocol {
  const header = HEADER.exec(source);
  if (!header) throw new Error(`${name}: no header comment`);
  const fields = new Map<string, string>();
  for (const line of (header[1] ?? '').split('\n')) {
    const match = /^\s*([\w_]+):\s*(.*)$/.exec(line);
    if (match) fields.set(match[1] as string, (match[2] as string).trim());
  }
  const items: LabelledItem[] = [];
  const lines = source.slice(header[0].length).split('\n');
  const protocol = lines
    .map((line) => {
      const label = LABEL.exec(line);
      if (!label) return line;
      const attributes = new Map<string, string>();
      for (const [, key, value] of (label[1] ?? '').matchAll(ATTRIBUTE))
        attributes.set(key as string, value as string);
      const owner = attributes.get('owner');
      const clean = line.slice(0, label.index) + line.slice(label.index + label[0].length);
      items.push({
        line: clean.trim(),
        owner: owner ? owner.split(';').map((n) => n.trim()) : null,
        due: attributes.get('due') ?? null,
      });
      return clean;
    })
    .join('\n');
  return {
    name,
    language: fields.get('lang') ?? '',
    createdAt: fields.get('created_at') ?? '',
    people: (fields.get('people') ?? '')
      .split(';')
      .map((n) => n.trim())
      .filter((n) => n !== ''),
    protocol,
    items,
  };
}

/** Letters and digits only, lower case: how a labelled line and an extracted text are compared. */
function comparable(text: string): string {
  return text
    .replace(/\]\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export interface Tally {
  /** Labelled items. */
  items: number;
  /** Labelled items extracted. */
  found: number;
  /** Items extracted. */
  given: number;
  /** Items extracted that are no labelled item. */
  wrong: number;
  /** Labelled items found whose label names an owner, and of them those given exactly that owner. */
  ownerNamed: number;
  ownerRight: number;
  /** Labelled items found whose label names no owner, and of them those given one all the same. */
  ownerNone: number;
  ownerGiven: number;
  /** The same for due dates. */
  dueStated: number;
  dueRight: number;
  dueNone: number;
  dueGiven: number;
  /** What went wrong, one line each, for reading. */
  notes: string[];
}

export function emptyTally(): Tally {
  return {
    items: 0,
    found: 0,
    given: 0,
    wrong: 0,
    ownerNamed: 0,
    ownerRight: 0,
    ownerNone: 0,
    ownerGiven: 0,
    dueStated: 0,
    dueRight: 0,
    dueNone: 0,
    dueGiven: 0,
    notes: [],
  };
}

export function addTally(into: Tally, from: Tally): Tally {
  for (const key of Object.keys(into) as (keyof Tally)[]) {
    if (key === 'notes') into.notes.push(...from.notes);
    else into[key] += from[key];
  }
  return into;
}

const sameOwner = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((name) => b.includes(name));

/** The labelled item an extracted one is, by its text, or -1. */
function matchOf(labels: readonly LabelledItem[], taken: readonly boolean[], text: string): number {
  const mine = comparable(text);
  if (mine === '') return -1;
  let index = labels.findIndex((label, i) => !taken[i] && comparable(label.line) === mine);
  if (index >= 0) return index;
  index = labels.findIndex((label, i) => {
    if (taken[i]) return false;
    const theirs = comparable(label.line);
    return (mine.length >= 8 && theirs.includes(mine)) || (theirs.length >= 8 && mine.includes(theirs));
  });
  return index;
}

/** How `extracted` scores against the labels of `labelled`. */
export function scoreItems(labelled: LabelledProtocol, extracted: readonly ActionItem[]): Tally {
  const tally = emptyTally();
  const labels = labelled.items;
  const taken = labels.map(() => false);
  tally.items = labels.length;
  tally.given = extracted.length;
  for (const item of extracted) {
    const index = matchOf(labels, taken, item.text);
    if (index < 0) {
      tally.wrong += 1;
      tally.notes.push(`${labelled.name}: not an item: "${item.text}"`);
      continue;
    }
    taken[index] = true;
    tally.found += 1;
    const label = labels[index] as LabelledItem;
    if (label.owner) {
      tally.ownerNamed += 1;
      if (sameOwner(label.owner, item.owner)) tally.ownerRight += 1;
      else
        tally.notes.push(
          `${labelled.name}: owner ${JSON.stringify(item.owner)}, labelled ${JSON.stringify(label.owner)}: "${item.text}"`,
        );
    } else {
      tally.ownerNone += 1;
      if (item.owner) {
        tally.ownerGiven += 1;
        tally.notes.push(
          `${labelled.name}: owner ${JSON.stringify(item.owner)} where none is named: "${item.text}"`,
        );
      }
    }
    if (label.due) {
      tally.dueStated += 1;
      if (item.due === label.due) tally.dueRight += 1;
      else
        tally.notes.push(
          `${labelled.name}: due ${item.due} (${item.dueWords}), labelled ${label.due}: "${item.text}"`,
        );
    } else {
      tally.dueNone += 1;
      if (item.due) {
        tally.dueGiven += 1;
        tally.notes.push(
          `${labelled.name}: due ${item.due} (${item.dueWords}) where none is stated: "${item.text}"`,
        );
      }
    }
  }
  labels.forEach((label, i) => {
    if (!taken[i]) tally.notes.push(`${labelled.name}: missed: "${label.line}"`);
  });
  return tally;
}
