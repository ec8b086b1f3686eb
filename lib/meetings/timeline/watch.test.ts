// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meetCall } from './fixtures/meet';
import type { CallView } from './fixtures/view';
import { googleMeetReader } from './google-meet';
import { telemostReader } from './telemost';
import { RECHECK_MS, TimelineWatch } from './watch';

const PEOPLE: CallView['participants'] = [
  { name: 'Anna Petrova' },
  { name: 'Tom Becker' },
  { name: 'Chen Wei' },
];

/** A Meet call with live captions beside the tiles, as a heavy page has. */
function draw(view: Partial<CallView> = {}) {
  document.body.innerHTML = `${meetCall({ participants: PEOPLE, speaking: [], ...view })}<div role="region" aria-label="Captions"><div id="captions"></div></div>`;
}

/** Flushes the observer's records (they come in a microtask). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function watched() {
  const read = vi.spyOn(googleMeetReader, 'read');
  const places = vi.spyOn(googleMeetReader, 'places');
  const changes: Array<ReturnType<TimelineWatch['read']>> = [];
  const watch: TimelineWatch = new TimelineWatch(
    googleMeetReader,
    () => document,
    // The sample that held until the change, taken at the change.
    () => changes.push(watch.read(5000)),
  );
  return { watch, read, places, changes };
}

const speakingMark = (index: number) =>
  document.querySelectorAll('[data-participant-id] .DYfzY')[index]!.classList;

describe('a timeline reader kept to what changed', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    draw();
  });

  it('reads once, then gives the same sample again at each time without reading the page', async () => {
    const { watch, read, places } = watched();
    expect(watch.read(1000)?.present).toHaveLength(3);
    expect(watch.read(2000)).toMatchObject({ t: 2000, speaking: [] });
    expect(watch.read(3000)).toMatchObject({ t: 3000, speaking: [] });
    expect(read).toHaveBeenCalledTimes(1);
    expect(places).toHaveBeenCalledTimes(1);
    // Reads within the tiles' container, not the document.
    expect(read.mock.calls[0]![0]).toBe(document.querySelector('.stage'));
  });

  it('a speaking mark tells the change at once, with what held until then, and the next sample reads it', async () => {
    const { watch, read, changes } = watched();
    watch.read(1000);
    speakingMark(1).add('Oaajhc');
    await settle();
    expect(changes).toEqual([expect.objectContaining({ t: 5000, speaking: [] })]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(watch.read(5250)?.speaking).toEqual(['spaces/fixture/devices/102']);
    expect(read).toHaveBeenCalledTimes(2);
    // One notice per change, however many records it makes.
    speakingMark(1).remove('Oaajhc');
    speakingMark(2).add('Oaajhc');
    await settle();
    expect(changes).toHaveLength(2);
  });

  it('the page changing elsewhere (captions, a tile’s style) is not looked at', async () => {
    const { watch, read, changes } = watched();
    watch.read(1000);
    for (let i = 0; i < 20; i++) document.getElementById('captions')!.append(`word ${i} `);
    (document.querySelector('[data-participant-id]') as HTMLElement).style.opacity = '0.5';
    await settle();
    watch.read(2000);
    expect(changes).toEqual([]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a new layout (the tiles drawn again elsewhere) is found at the next sample', async () => {
    const { watch, changes } = watched();
    watch.read(1000);
    draw({ speaking: [2] });
    await settle();
    // The body's children replaced: the tiles' container left the document.
    expect(watch.read(2000)?.speaking).toEqual(['spaces/fixture/devices/103']);
    expect(changes).toEqual([]);
    speakingMark(0).add('Oaajhc');
    await settle();
    expect(changes).toHaveLength(1);
  });

  it('a participants list opened elsewhere is found within the recheck', async () => {
    const { watch, places } = watched();
    watch.read(1000);
    const panel = document.createElement('div');
    panel.innerHTML = meetCall({
      participants: [...PEOPLE, { name: 'Olga Ivanova' }],
      speaking: [],
      roster: true,
    }).match(/<div class="panel"[\s\S]*<\/div><\/div>(?=<\/c-wiz>)/)![0];
    document.body.append(panel);
    expect(watch.read(1000 + RECHECK_MS - 1)?.present).toHaveLength(3);
    expect(watch.read(1000 + RECHECK_MS)?.present).toHaveLength(4);
    expect(places).toHaveBeenCalledTimes(2);
  });

  it('with no participant shown, looks for them at each sample', () => {
    document.body.innerHTML = '<div class="presentation"></div>';
    const { watch, places } = watched();
    expect(watch.read(1000)).toBeNull();
    expect(watch.read(2000)).toBeNull();
    expect(places).toHaveBeenCalledTimes(2);
    draw({ speaking: [0] });
    expect(watch.read(3000)?.speaking).toEqual(['spaces/fixture/devices/101']);
  });

  it('stopped, it observes nothing', async () => {
    const { watch, changes } = watched();
    watch.read(1000);
    watch.stop();
    speakingMark(1).add('Oaajhc');
    await settle();
    expect(changes).toEqual([]);
  });
});

describe('the places each reader names', () => {
  it('Telemost: the tiles’ grid, read as a place of its own', () => {
    document.body.innerHTML =
      '<div class="GoloomParticipantsRenderer"><div class="item_A newGridItem_B"><div class="root_C rootStroke_D"><span class="TextName_E" title="Анна">Анна</span></div></div></div>';
    const [grid] = telemostReader.places(document);
    expect(grid?.className).toBe('GoloomParticipantsRenderer');
    expect(telemostReader.read(grid!, 1)).toEqual({
      t: 1,
      present: [{ id: 'Анна', name: 'Анна', self: false }],
      speaking: ['Анна'],
    });
  });

  it('Meet: the people panel alone (a shared screen hides the tiles) is read as the panel', () => {
    document.body.innerHTML = meetCall({ participants: PEOPLE, speaking: [], roster: true, sharing: true });
    const places = googleMeetReader.places(document);
    expect(places).toHaveLength(1);
    expect(googleMeetReader.read(places[0]!, 1)).toMatchObject({ speakingSeen: false });
  });
});
