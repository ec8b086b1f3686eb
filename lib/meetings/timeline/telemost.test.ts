// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTimeline } from '@/lib/page-names/timeline';
import { telemostCall } from './fixtures/telemost';
import type { CallView, FixtureParticipant } from './fixtures/view';
import { telemostReader } from './telemost';

const PEOPLE: FixtureParticipant[] = [
  { name: 'Анна Петрова', self: true },
  { name: 'Tom Becker', host: true },
  { name: 'Анна Соколова' },
  { name: 'Priya Sharma' },
];

function show(view: Partial<CallView>) {
  document.body.innerHTML = telemostCall({ participants: PEOPLE, speaking: [], ...view });
  return telemostReader.read(document, 5000);
}

describe('the Telemost reader', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reads the tiles, the own tile and the speaking outline', () => {
    expect(show({ speaking: [1, 3] })).toEqual({
      t: 5000,
      present: [
        { id: 'Анна Петрова', name: 'Анна Петрова', self: true },
        { id: 'Tom Becker', name: 'Tom Becker', self: false },
        { id: 'Анна Соколова', name: 'Анна Соколова', self: false },
        { id: 'Priya Sharma', name: 'Priya Sharma', self: false },
      ],
      speaking: ['Tom Becker', 'Priya Sharma'],
    });
  });

  it('reads English and Russian pages alike, the role beside a name in the list left out', () => {
    for (const lang of ['en', 'ru'] as const) {
      const sample = show({ lang, roster: true, speaking: [0], tilesPerPage: 2 });
      expect(sample?.present).toEqual([
        { id: 'Анна Петрова', name: 'Анна Петрова', self: true },
        { id: 'Tom Becker', name: 'Tom Becker', self: false },
        { id: 'Анна Соколова', name: 'Анна Соколова', self: false },
        { id: 'Priya Sharma', name: 'Priya Sharma', self: false },
      ]);
      expect(sample?.speaking).toEqual(['Анна Петрова']);
    }
  });

  it('knows the own row of the list by its microphone button when the own tile is on another page', () => {
    const sample = show({ roster: true, participants: [...PEOPLE.slice(1), PEOPLE[0]!], tilesPerPage: 3 });
    expect(sample?.present.find((p) => p.name === 'Анна Петрова')?.self).toBe(true);
  });

  it('gives null while a shared screen hides the tiles, even with the list open', () => {
    expect(show({ sharing: true, roster: true, speaking: [1] })).toBeNull();
  });

  it('gives null on a changed page whose tiles were renamed, and no speaker when only the outline was', () => {
    expect(show({ changed: 'classes', speaking: [1] })).toBeNull();
    const marks = show({ changed: 'marks', speaking: [1] });
    expect(marks?.present).toHaveLength(4);
    expect(marks?.speaking).toEqual([]);
  });

  it('gives null before the call and never throws', () => {
    expect(telemostReader.read(document, 0)).toBeNull();
    document.body.innerHTML =
      '<div class="GoloomParticipantsRenderer"><span class="TextName_a" title=" "></span></div>';
    expect(telemostReader.read(document, 0)).toBeNull();
    const broken = {
      querySelectorAll: () => {
        throw new Error('detached');
      },
    } as unknown as Document;
    expect(telemostReader.read(broken, 0)).toBeNull();
  });

  it('keeps a name that is markup as text and creates no element from it', () => {
    const hostile = '<img src=x onerror="window.hit=1">';
    const sample = show({
      roster: true,
      participants: [{ name: hostile }, ...PEOPLE.slice(1)],
      speaking: [0],
    });
    expect(document.querySelector('img')).toBeNull();
    expect(sample?.present[0]).toEqual({ id: hostile, name: hostile, self: false });
    expect(sample?.present).toHaveLength(4);
  });

  it('tells apart two people with the same first name, and two with the very same name by page order', () => {
    const sample = show({ participants: [...PEOPLE, { name: 'Анна Петрова' }], speaking: [4] });
    expect(sample?.present.map((p) => p.id)).toEqual([
      'Анна Петрова',
      'Tom Becker',
      'Анна Соколова',
      'Priya Sharma',
      'Анна Петрова#2',
    ]);
    expect(sample?.speaking).toEqual(['Анна Петрова#2']);
  });

  it('reads 500 participants of the list beside the first page of tiles, and no more than 500', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Участник ${i + 1}` }));
    const five = show({ participants: many(500), roster: true, speaking: [2] });
    expect(five?.present).toHaveLength(500);
    expect(five?.speaking).toEqual(['Участник 3']);
    expect(show({ participants: many(700), roster: true })?.present).toHaveLength(500);
  });

  it('gives samples a timeline names its speakers from', () => {
    const samples = [0, 1, 2, 3, 4, 5].map((s) => {
      show({ speaking: s < 3 ? [2] : [] });
      return telemostReader.read(document, 1000 + s * 1000)!;
    });
    const timeline = buildTimeline(samples);
    expect(timeline.participants.find((p) => p.self)?.name).toBe('Анна Петрова');
    expect(timeline.speaking[2]).toEqual([[0, 3]]);
  });
});
