// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTimeline } from '@/lib/page-names/timeline';
import type { CallView, FixtureParticipant } from './fixtures/view';
import { zoomCall } from './fixtures/zoom';
import { isSelfLabel, zoomReader } from './zoom';

const PEOPLE: FixtureParticipant[] = [
  { name: 'Anna Petrova', self: true },
  { name: 'Tom Becker', host: true },
  { name: 'Anna Rossi' },
  { name: 'Priya Sharma' },
];

function show(view: Partial<CallView>) {
  document.body.innerHTML = zoomCall({ participants: PEOPLE, speaking: [], roster: true, ...view });
  return zoomReader.read(document, 1000);
}

describe('the Zoom reader', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reads every tile and row, the speaking ring and the own row in gallery view', () => {
    const sample = show({ speaking: [2] });
    expect(sample).toEqual({
      t: 1000,
      present: [
        { id: 'Anna Petrova', name: 'Anna Petrova', self: true },
        { id: 'Tom Becker', name: 'Tom Becker', self: false },
        { id: 'Anna Rossi', name: 'Anna Rossi', self: false },
        { id: 'Priya Sharma', name: 'Priya Sharma', self: false },
      ],
      speaking: ['Anna Rossi'],
    });
  });

  it('knows the own row in a Russian page', () => {
    const sample = show({
      lang: 'ru',
      participants: [{ name: 'Иван Орлов', self: true, host: true }, ...PEOPLE.slice(1)],
    });
    expect(document.querySelector('.participants-item__name-label')?.textContent).toBe('(Организатор, Я)');
    expect(sample?.present.find((p) => p.name === 'Иван Орлов')?.self).toBe(true);
    expect(sample?.present.filter((p) => p.self)).toHaveLength(1);
  });

  it('knows nobody as the user while the participants panel is closed (tiles carry no mark)', () => {
    const sample = show({ roster: false, speaking: [0] });
    expect(sample?.present.map((p) => p.self)).toEqual([false, false, false, false]);
    expect(sample?.speaking).toEqual(['Anna Petrova']);
  });

  it('takes the ring of the strip of speaker view as speaking, and its large frame only when ringed', () => {
    const sample = show({ layout: 'speaker', featured: 1, speaking: [3] });
    expect(sample?.speaking).toEqual(['Priya Sharma']);
    expect(sample?.present.map((p) => p.id).sort()).toEqual([
      'Anna Petrova',
      'Anna Rossi',
      'Priya Sharma',
      'Tom Becker',
    ]);
    // The large frame keeps the last other speaker while the user or nobody speaks: no mark.
    expect(show({ layout: 'speaker', featured: 1, speaking: [] })?.speaking).toEqual([]);
    expect(show({ layout: 'speaker', featured: 1, speaking: [0] })?.speaking).toEqual(['Anna Petrova']);
    expect(show({ layout: 'speaker', featured: 1, speaking: [1], largeRing: true })?.speaking).toEqual([
      'Tom Becker',
    ]);
    // Someone in both the strip and the large frame is one participant.
    show({ layout: 'speaker', featured: 1, speaking: [1], largeRing: true });
    const strip = document.querySelector('.speaker-bar-container__horizontal-view-wrap')!;
    const large = document.querySelector('.speaker-active-container__wrap')!.innerHTML;
    strip.insertAdjacentHTML(
      'beforeend',
      large.replace(/speaker-active-container/g, 'speaker-bar-container'),
    );
    const again = zoomReader.read(document, 2000);
    expect(again?.present.filter((p) => p.name === 'Tom Becker')).toHaveLength(1);
    expect(again?.speaking).toEqual(['Tom Becker']);
  });

  it('takes no mark from the large frame in a call of two, which always shows the other person', () => {
    const sample = show({ layout: 'speaker', participants: PEOPLE.slice(0, 2), featured: 1, speaking: [0] });
    expect(sample?.present).toHaveLength(2);
    expect(sample?.speaking).toEqual(['Anna Petrova']);
    expect(
      show({ layout: 'speaker', participants: PEOPLE.slice(0, 2), featured: 1, speaking: [] })?.speaking,
    ).toEqual([]);
  });

  it('marks nobody in gallery view with two participants (Zoom shows no ring then)', () => {
    const sample = show({ participants: PEOPLE.slice(0, 2), speaking: [1] });
    expect(sample?.speaking).toEqual([]);
    expect(sample?.present).toHaveLength(2);
  });

  it('gives null while a shared screen hides the tiles, even with the list open, and reads the strip beside it', () => {
    expect(show({ sharing: true, speaking: [1] })).toBeNull();
    expect(show({ sharing: true, sharingStrip: true, speaking: [1] })?.speaking).toEqual(['Tom Becker']);
  });

  it('gives null on a changed page whose tiles were renamed, and no speaker when only the ring was', () => {
    expect(show({ changed: 'classes', speaking: [1] })).toBeNull();
    const marks = show({ changed: 'marks', speaking: [1] });
    expect(marks?.present).toHaveLength(4);
    expect(marks?.speaking).toEqual([]);
  });

  it('gives null before the call (no tiles) and never throws', () => {
    expect(zoomReader.read(document, 0)).toBeNull();
    document.body.innerHTML =
      '<div class="gallery-video-container__video-frame"><div class="video-avatar__avatar-footer"><span>  </span></div></div>';
    expect(zoomReader.read(document, 0)).toBeNull();
    const broken = {
      querySelectorAll: () => {
        throw new Error('detached');
      },
    } as unknown as Document;
    expect(zoomReader.read(broken, 0)).toBeNull();
  });

  it('keeps a name that is markup as text and creates no element from it', () => {
    const hostile = '<img src=x onerror="window.hit=1">';
    const sample = show({ participants: [{ name: hostile }, ...PEOPLE.slice(1)], speaking: [0] });
    expect(document.querySelector('img')).toBeNull();
    expect(sample?.present[0]).toEqual({ id: hostile, name: hostile, self: false });
    expect(sample?.speaking).toEqual([hostile]);
  });

  it('tells apart two people with the same first name, and two with the very same name by page order', () => {
    const twins = show({ participants: [...PEOPLE, { name: 'Anna Petrova' }], speaking: [4] });
    expect(twins?.present.map((p) => p.id)).toEqual([
      'Anna Petrova',
      'Tom Becker',
      'Anna Rossi',
      'Priya Sharma',
      'Anna Petrova#2',
    ]);
    expect(twins?.speaking).toEqual(['Anna Petrova#2']);
  });

  it('reads 500 participants of the list beside the first page of 25 tiles, and no more than 500', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Person ${i + 1}` }));
    const five = show({ participants: many(500), speaking: [3] });
    expect(document.querySelectorAll('.gallery-video-container__video-frame')).toHaveLength(25);
    expect(five?.present).toHaveLength(500);
    expect(five?.speaking).toEqual(['Person 4']);
    expect(show({ participants: many(700) })?.present).toHaveLength(500);
  });

  it('cuts a huge name to the timeline bound', () => {
    const sample = show({ participants: [{ name: 'x'.repeat(100_000) }, ...PEOPLE.slice(1)] });
    expect(sample?.present[0]?.name).toHaveLength(80);
  });

  it('reads the own-row label in English and Russian', () => {
    for (const label of [
      '(Me)',
      '(Host, me)',
      '(Co-host, me)',
      '(Я)',
      ' (Организатор, Я)',
      '(соорганизатор, я)',
    ])
      expect(isSelfLabel(label)).toBe(true);
    for (const label of ['', '(Host)', '(Guest)', '(Организатор)', 'me', '(Mei)'])
      expect(isSelfLabel(label)).toBe(false);
  });

  it('gives samples a timeline names its speakers from', () => {
    const samples = [0, 1, 2, 3, 4, 5].map((s) => {
      show({ speaking: s < 3 ? [1] : [3] });
      return zoomReader.read(document, 1000 + s * 1000)!;
    });
    const timeline = buildTimeline(samples);
    expect(timeline.participants.map((p) => p.name)).toEqual([
      'Anna Petrova',
      'Tom Becker',
      'Anna Rossi',
      'Priya Sharma',
    ]);
    expect(timeline.participants[0]!.self).toBe(true);
    expect(timeline.speaking[1]).toEqual([[0, 3]]);
    expect(timeline.speaking[3]).toEqual([[3, 5]]);
  });
});
