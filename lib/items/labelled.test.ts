/**
 * The labelled protocols (lib/items/fixtures) and their scoring; the extraction held to the goals
 * of the feature on the part tuned on and on the part held out, each language apart: at least 95 %
 * of items found, at most 5 % of the items given false, owners and due dates right for at least
 * 95 % of the items that name or state them, and never one given where none is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractItems } from './extract';
import { addTally, emptyTally, type LabelledProtocol, parseLabelled, scoreItems } from './labelled';
import type { ActionItem } from './types';

const FIXTURES = join(import.meta.dirname, 'fixtures');

function read(part: string): LabelledProtocol[] {
  return readdirSync(join(FIXTURES, part))
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseLabelled(f, readFileSync(join(FIXTURES, part, f), 'utf8')));
}

const PARTS = { tune: read('tune'), 'held-out': read('held-out') };

const item = (text: string, owner: string[] | null, due: string | null): ActionItem => ({
  text,
  owner,
  ownerWords: null,
  due,
  dueWords: null,
  bullet: 0,
  row: null,
  checked: null,
  section: null,
});

describe('the labelled protocols', () => {
  it('say they were written for the tests, in both languages, each label naming people of its meeting', () => {
    for (const [part, protocols] of Object.entries(PARTS)) {
      expect(new Set(protocols.map((p) => p.language)), part).toEqual(new Set(['en', 'ru']));
      for (const p of protocols) {
        const source = readFileSync(join(FIXTURES, part, p.name), 'utf8');
        expect(source.slice(0, 120), p.name).toContain('Written for the tests');
        expect(p.createdAt, p.name).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(p.protocol, p.name).not.toContain('<!--');
        for (const label of p.items) {
          for (const name of label.owner ?? []) expect(p.people, `${p.name}: ${label.line}`).toContain(name);
          if (label.due) expect(Number.isNaN(Date.parse(label.due)), label.line).toBe(false);
        }
      }
    }
  });

  it('are scored item by item: found, false, owners and due dates', () => {
    const labelled = parseLabelled(
      'x.md',
      [
        '<!--',
        'Written for the tests.',
        'lang: en',
        'created_at: 2026-03-10T10:00:00+00:00',
        'people: Anna Ivanova; Tom Hill',
        '-->',
        '- Anna will send the budget by Friday <!-- item owner="Anna Ivanova" due="2026-03-13" -->',
        '- Update the [wiki](https://example.com) <!-- item -->',
        '- Tom and Anna: draft it <!-- item owner="Tom Hill; Anna Ivanova" -->',
        '- Missed one <!-- item -->',
        '- Not an item',
      ].join('\n'),
    );
    expect(labelled.people).toEqual(['Anna Ivanova', 'Tom Hill']);
    expect(labelled.protocol).toBe(
      '- Anna will send the budget by Friday\n- Update the [wiki](https://example.com)\n- Tom and Anna: draft it\n- Missed one\n- Not an item',
    );
    const tally = scoreItems(labelled, [
      item('Anna will send the budget by Friday', ['Anna Ivanova'], '2026-03-20'),
      item('Update the wiki', ['Tom Hill'], '2026-03-11'),
      item('Tom and Anna: draft it', ['Anna Ivanova', 'Tom Hill'], null),
      item('Not an item', null, null),
    ]);
    const { notes, ...figures } = tally;
    expect(figures).toEqual({
      items: 4,
      found: 3,
      given: 4,
      wrong: 1,
      ownerNamed: 2,
      ownerRight: 2,
      ownerNone: 1,
      ownerGiven: 1,
      dueStated: 1,
      dueRight: 0,
      dueNone: 2,
      dueGiven: 1,
    });
    expect(notes).toHaveLength(5);
  });

  for (const [part, protocols] of Object.entries(PARTS))
    for (const language of ['en', 'ru'])
      it(`${part}, ${language}: items, owners and due dates as the goals ask`, () => {
        const t = emptyTally();
        for (const p of protocols.filter((x) => x.language === language))
          addTally(
            t,
            scoreItems(
              p,
              extractItems(p.protocol, { names: p.people, createdAt: p.createdAt, language: p.language }),
            ),
          );
        expect(t.found / t.items, t.notes.join('\n')).toBeGreaterThanOrEqual(0.95);
        expect(t.wrong / t.given, t.notes.join('\n')).toBeLessThanOrEqual(0.05);
        expect(t.ownerRight / t.ownerNamed, t.notes.join('\n')).toBeGreaterThanOrEqual(0.95);
        expect(t.ownerGiven, t.notes.join('\n')).toBe(0);
        expect(t.dueRight / t.dueStated, t.notes.join('\n')).toBeGreaterThanOrEqual(0.95);
        expect(t.dueGiven, t.notes.join('\n')).toBe(0);
      });
});
