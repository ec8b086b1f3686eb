// @vitest-environment jsdom
/**
 * The Meet reader on a call page reduced to the structure public readers of Meet rely on: tiles
 * `[data-participant-id]` with the name in `span.notranslate`, the user's own tile marked by
 * `data-self-name`, speaking as one of Meet's obfuscated classes on a tile's descendant (Vexa
 * `core/meetings/modules/gmeet-capture/src/gmeet-speakers.ts`, aimable-ai/vexa@731fd078), and the
 * people panel's rows with the id and the name in `aria-label` (meetingbot/meetingbot
 * `src/bots/meet/src/bot.ts`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTimeline, MAX_PARTICIPANTS } from '@/lib/page-names/timeline';
import { meetCall, meetId } from './fixtures/meet';
import type { CallView, FixtureParticipant } from './fixtures/view';
import { googleMeetReader } from './google-meet';
import { TIMELINE_READERS } from './index';

const tile = (id: string, name: string, options: { self?: boolean; speaking?: string } = {}) => `
  <div class="oZRSLe" data-participant-id="spaces/abc/devices/${id}" data-requested-participant-id="spaces/abc/devices/${id}">
    <div class="koV58 Zi94Db" jsname="QgSmzd"><div class="DYfzY cYKTje gjg47c ${options.speaking ?? ''}"></div></div>
    ${options.self ? `<div class="XEazBc adnwBd" data-self-name="${options.self === true ? 'You' : ''}">` : '<div class="XEazBc adnwBd">'}
      <span class="notranslate">${name}</span>
    </div>
  </div>`;

const T = 1_700_000_000_000;
const read = () => googleMeetReader.read(document, T);

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the Google Meet reader', () => {
  it('is the registry’s reader for Meet', () => {
    expect(TIMELINE_READERS.google_meet).toBe(googleMeetReader);
  });

  it('reads every tile’s name, the user’s own tile, and who speaks', () => {
    document.body.innerHTML = `<div class="stage">
      ${tile('1', 'Maria Lopez', { self: true })}
      ${tile('2', 'Anna Petrova', { speaking: 'Oaajhc' })}
      ${tile('3', 'Tom Becker')}
    </div>`;
    expect(read()).toEqual({
      t: T,
      present: [
        { id: 'spaces/abc/devices/1', name: 'Maria Lopez', self: true },
        { id: 'spaces/abc/devices/2', name: 'Anna Petrova' },
        { id: 'spaces/abc/devices/3', name: 'Tom Becker' },
      ],
      speaking: ['spaces/abc/devices/2'],
    });
  });

  it.each(['Oaajhc', 'HX2H7', 'wEsLMd', 'OgVli'])('takes the speaking class %s', (name) => {
    document.body.innerHTML = tile('2', 'Anna', { speaking: name });
    expect(read()?.speaking).toEqual(['spaces/abc/devices/2']);
  });

  it('takes a speaking class on the tile itself, and no class it does not know', () => {
    document.body.innerHTML = `${tile('2', 'Anna')}${tile('3', 'Tom', { speaking: 'kssMZb busy' })}`;
    document.querySelector('[data-participant-id$="/2"]')!.classList.add('HX2H7');
    expect(read()?.speaking).toEqual(['spaces/abc/devices/2']);
  });

  it('takes the name from data-self-name when the tile shows none', () => {
    document.body.innerHTML = `<div data-participant-id="p1"><div data-self-name="Maria Lopez"></div></div>`;
    expect(read()?.present).toEqual([{ id: 'p1', name: 'Maria Lopez', self: true }]);
  });

  it('reads the people panel in English and Russian, a tile’s name winning over a row’s label', () => {
    for (const label of ['Participants', 'Участники']) {
      document.body.innerHTML = `${tile('2', 'Anna Petrova')}
        <div aria-label="${label}" role="list">
          <div role="listitem" data-participant-id="spaces/abc/devices/2" aria-label="Anna P."></div>
          <div role="listitem" data-participant-id="spaces/abc/devices/9" aria-label="Ivan Sokolov"></div>
          <div role="listitem" data-participant-id="spaces/abc/devices/1" aria-label="Maria Lopez (${label === 'Participants' ? 'You' : 'Вы'})"></div>
        </div>`;
      expect(read()?.present).toEqual([
        { id: 'spaces/abc/devices/2', name: 'Anna Petrova' },
        { id: 'spaces/abc/devices/9', name: 'Ivan Sokolov' },
        { id: 'spaces/abc/devices/1', name: 'Maria Lopez' },
      ]);
    }
  });

  it('leaves Meet’s placeholders and aria labels outside the panel unnamed', () => {
    document.body.innerHTML = `<div data-participant-id="a" aria-label="More options"><span class="notranslate">Google Participant (123)</span></div>
      <div data-participant-id="b"><span class="notranslate">spaces/x/devices/y</span></div>`;
    expect(read()?.present).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('is null on a page with no tiles: before joining, after leaving, or a changed page', () => {
    document.body.innerHTML = '<div class="stage"><div class="tile">Anna</div></div>';
    expect(read()).toBeNull();
    document.body.innerHTML = '<div data-participant-id=""></div>';
    expect(read()).toBeNull();
  });

  it('keeps a name that is markup as text', () => {
    document.body.innerHTML = `<div data-participant-id="x"><span class="notranslate">&lt;img src=x onerror=alert(1)&gt;</span></div>`;
    expect(read()?.present).toEqual([{ id: 'x', name: '<img src=x onerror=alert(1)>' }]);
  });

  it('looks at no more than 500 participants', () => {
    document.body.innerHTML = Array.from({ length: 700 }, (_, i) => tile(String(i), `P ${i}`)).join('');
    const sample = read();
    expect(sample?.present).toHaveLength(MAX_PARTICIPANTS);
  });

  it('never throws: a document that fails to answer reads as nothing', () => {
    const broken = {
      querySelectorAll: () => {
        throw new Error('detached');
      },
    } as unknown as Document;
    expect(googleMeetReader.read(broken, T)).toBeNull();
  });
});

describe('the Google Meet reader on the fixture call (lib/meetings/timeline/fixtures/meet.ts)', () => {
  const people: FixtureParticipant[] = [
    { name: 'Maria Lopez', self: true },
    { name: 'Anna Petrova' },
    { name: 'Tom Becker' },
    { name: 'Anna Rossi' },
  ];
  const show = (view: Partial<CallView>) => {
    document.body.innerHTML = meetCall({ participants: people, speaking: [], ...view });
    return read();
  };

  it('reads the tiles at any moment: names, the user’s own tile, who speaks', () => {
    expect(show({ speaking: [1, 3] })).toEqual({
      t: T,
      present: [
        { id: meetId(0), name: 'Maria Lopez', self: true },
        { id: meetId(1), name: 'Anna Petrova' },
        { id: meetId(2), name: 'Tom Becker' },
        { id: meetId(3), name: 'Anna Rossi' },
      ],
      speaking: [meetId(1), meetId(3)],
    });
    expect(show({ speaking: [] })?.speaking).toEqual([]);
  });

  it('tells two people of the same first name apart by id', () => {
    const sample = show({ speaking: [3] });
    expect(sample?.speaking).toEqual([meetId(3)]);
    expect(sample?.present.filter((p) => p.name?.startsWith('Anna '))).toHaveLength(2);
  });

  it('reads the people panel in English and Russian as the same participants, once each', () => {
    for (const lang of ['en', 'ru'] as const) {
      const sample = show({ lang, roster: true, speaking: [2] });
      expect(sample?.present).toHaveLength(4);
      expect(sample?.present[0]).toEqual({ id: meetId(0), name: 'Maria Lopez', self: true });
      expect(sample?.speaking).toEqual([meetId(2)]);
    }
  });

  it('gives nothing while a shared screen hides the tiles; with the people panel open, names without speaking', () => {
    expect(show({ sharing: true, speaking: [1] })).toBeNull();
    // The panel's rows still name everyone, but the reader cannot tell who speaks: it says so.
    const panel = show({ sharing: true, roster: true, lang: 'ru', speaking: [1] });
    expect(panel?.present).toHaveLength(4);
    expect(panel?.speakingSeen).toBe(false);
    // "(Вы)" is dropped from the user's row; the row alone does not mark the own tile.
    expect(panel?.present[0]).toEqual({ id: meetId(0), name: 'Maria Lopez' });
    // With the tiles shown, the panel open or not, the sample says who speaks.
    expect(show({ roster: true, speaking: [] })?.speakingSeen).toBeUndefined();
    expect(show({ speaking: [] })?.speakingSeen).toBeUndefined();
  });

  it('leaves a screen shared with the people panel open unobserved in the timeline, not silent', () => {
    // Anna speaks 0-10 s on her tile, goes on through a minute of shared screen (the panel open,
    // the tiles hidden), and Tom speaks once the tiles are back.
    const samples = [];
    for (let t = 0; t <= 80; t += 0.25) {
      const sharing = t > 10 && t < 70;
      const speaking = t <= 10 ? [1] : sharing ? [1] : [2];
      const sample = show({ roster: true, sharing, speaking });
      if (sample) samples.push({ ...sample, t: T + t * 1000 });
    }
    const timeline = buildTimeline(samples);
    expect(timeline.participants.map((p) => p.name)).toEqual([
      'Maria Lopez',
      'Anna Petrova',
      'Tom Becker',
      'Anna Rossi',
    ]);
    // The shared minute is not watched: nobody is counted silent in it.
    expect(timeline.observed).toEqual([
      [0, 10],
      [70, 80],
    ]);
    expect(timeline.speaking[1]).toEqual([[0, 10]]);
    expect(timeline.speaking[2]).toEqual([[70, 80]]);
  });

  it('names people from the panel alone when the call starts on a shared screen', () => {
    const samples = [];
    for (let t = 0; t <= 20; t += 0.25) {
      const sample = show({ roster: true, sharing: true, speaking: [1] });
      if (sample) samples.push({ ...sample, t: T + t * 1000 });
    }
    const timeline = buildTimeline(samples);
    expect(timeline.participants).toHaveLength(4);
    expect(timeline.observed).toEqual([]);
    expect(timeline.speaking.flat()).toEqual([]);
  });

  it('keeps a markup name drawn on the fixture call as text', () => {
    const markup = '<img src=x onerror=alert(1)>';
    document.body.innerHTML = meetCall({ participants: [{ name: markup }], speaking: [0] });
    expect(document.querySelector('img')).toBeNull();
    expect(read()).toEqual({ t: T, present: [{ id: meetId(0), name: markup }], speaking: [meetId(0)] });
  });

  it('reads 500 of the people panel’s participants beside the first page of tiles, and no more', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Person ${i}`, self: i === 0 }));
    document.body.innerHTML = meetCall({ participants: many(500), speaking: [2], roster: true });
    const sample = read();
    expect(sample?.present).toHaveLength(500);
    expect(sample?.speaking).toEqual([meetId(2)]);
    document.body.innerHTML = meetCall({ participants: many(700), speaking: [], roster: true });
    expect(read()?.present).toHaveLength(MAX_PARTICIPANTS);
  });

  it('gives null on a changed page whose tiles were renamed, and no speaker when only the class was', () => {
    expect(show({ changed: 'classes', speaking: [1] })).toBeNull();
    const marks = show({ changed: 'marks', speaking: [1] });
    expect(marks?.present).toHaveLength(4);
    expect(marks?.speaking).toEqual([]);
  });
});
