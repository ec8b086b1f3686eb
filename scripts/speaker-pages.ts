/**
 * Speaker names measured through the page readers: synthetic meetings (emulator/speakers.ts: 3, 6
 * and 12 participants, interruptions, a participant who never speaks, two Annas, a few minutes
 * of screen sharing) played on each service's fixture call (Google Meet, Zoom, Telemost:
 * lib/meetings/timeline/fixtures), read by that service's reader four times a second into a
 * `TimelineBuilder`, then aligned and matched
 * as the extension does against the service's diarization of the truth (turn edges moved by up
 * to 1 s, one short turn given to the wrong voice, an unknown voice heard through the most
 * talkative participant's microphone).
 *
 * What the page shows at each moment comes from the page's view of the truth (`pageSamples`: marks
 * 0.4 s late, lingering 0.7 s, one speaker at a time, 3 % missed, one noisy microphone). The
 * fixture draws it as the service does: Meet puts its speaking class on the speaking tiles; Zoom's
 * gallery rings every speaker; Zoom's speaker view shows the last speaker other than the user in
 * its large frame (Zoom's default leaves the user out of it) and rings whoever speaks in its
 * strip, and the large frame either ringed while its participant speaks or never (the sources do
 * not tell); Telemost outlines the speaking tiles. While the screen is shared, the fixture hides
 * the tiles and the reader gives no sample (on Meet with the people panel open, it gives the
 * panel's rows, saying it saw no speaking: the timeline keeps the names and leaves the time
 * unobserved). One Meet page keeps the panel open while a screen is shared for most of the
 * meeting.
 *
 * The pages are a list (`PAGES`): a reader joins the benchmark with one line.
 *
 *   npm run speakers:pages -- [--meetings 20] [--bot] [--page 'Google Meet']
 *
 * `--page` keeps the pages whose name holds it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Rng } from '../emulator/prng';
import { diarize, pageSamples, synthesizeMeeting, type Turn } from '../emulator/speakers';
import { meetCall } from '../lib/meetings/timeline/fixtures/meet';
import { telemostCall } from '../lib/meetings/timeline/fixtures/telemost';
import type { CallView, FixtureParticipant } from '../lib/meetings/timeline/fixtures/view';
import { zoomCall } from '../lib/meetings/timeline/fixtures/zoom';
import { googleMeetReader } from '../lib/meetings/timeline/google-meet';
import { telemostReader } from '../lib/meetings/timeline/telemost';
import type { TimelineReader } from '../lib/meetings/timeline/types';
import { zoomReader } from '../lib/meetings/timeline/zoom';
import { exactAlignment, searchAlignment } from '../lib/page-names/align';
import type { Interval } from '../lib/page-names/intervals';
import { matchSpeakers } from '../lib/page-names/match';
import { TimelineBuilder } from '../lib/page-names/timeline';

export interface PageUnderTest {
  /** The row's name in the report. */
  name: string;
  reader: TimelineReader;
  /** The body of the call's document for a view (a fixture builder). */
  draw(view: CallView): string;
  /** What this page always shows beyond the moment's speakers (its layout, its language). */
  view?: Partial<CallView>;
  /**
   * A screen shared for most of the meeting: from 15 % to 85 % of it the page shows the screen
   * (on top of the meeting's own few minutes of sharing), while people go on speaking.
   */
  longShare?: boolean;
}

export const PAGES: readonly PageUnderTest[] = [
  { name: 'Google Meet', reader: googleMeetReader, draw: meetCall },
  {
    name: 'Google Meet, the people panel open (Russian)',
    reader: googleMeetReader,
    draw: meetCall,
    view: { lang: 'ru', roster: true },
  },
  {
    name: 'Google Meet, the people panel open, a screen shared for most of the meeting',
    reader: googleMeetReader,
    draw: meetCall,
    view: { roster: true },
    longShare: true,
  },
  { name: 'Zoom, gallery view', reader: zoomReader, draw: zoomCall, view: { layout: 'gallery' } },
  {
    name: 'Zoom, speaker view, the large frame ringed',
    reader: zoomReader,
    draw: zoomCall,
    view: { layout: 'speaker', lang: 'ru', largeRing: true },
  },
  {
    name: 'Zoom, speaker view, the large frame unringed',
    reader: zoomReader,
    draw: zoomCall,
    view: { layout: 'speaker' },
  },
  { name: 'Telemost', reader: telemostReader, draw: telemostCall },
];

/** The same pages changed (classes renamed): what the benchmark counts as breakage. */
export const CHANGED_PAGES: readonly PageUnderTest[] = [
  {
    name: 'Google Meet, tiles renamed',
    reader: googleMeetReader,
    draw: meetCall,
    view: { changed: 'classes' },
  },
  {
    name: 'Google Meet, speaking class renamed',
    reader: googleMeetReader,
    draw: meetCall,
    view: { changed: 'marks' },
  },
  { name: 'Zoom, tiles renamed', reader: zoomReader, draw: zoomCall, view: { changed: 'classes' } },
  { name: 'Zoom, ring renamed', reader: zoomReader, draw: zoomCall, view: { changed: 'marks' } },
  {
    name: 'Telemost, tiles renamed',
    reader: telemostReader,
    draw: telemostCall,
    view: { changed: 'classes' },
  },
  {
    name: 'Telemost, outline renamed',
    reader: telemostReader,
    draw: telemostCall,
    view: { changed: 'marks' },
  },
];

export interface Tally {
  /** Seconds of diarized talk named rightly, wrongly, not at all. */
  correct: number;
  wrong: number;
  unnamed: number;
  /** Voices given a name (rightly or not). */
  named: number;
  /**
   * Readings taken, and those that gave no sample (screen shared, page changed) or names without
   * speaking (Meet's people panel alone).
   */
  readings: number;
  empty: number;
}

export const newTally = (): Tally => ({
  correct: 0,
  wrong: 0,
  unnamed: 0,
  named: 0,
  readings: 0,
  empty: 0,
});

export const share = (tally: Tally, part: 'correct' | 'wrong' | 'unnamed') =>
  tally[part] / Math.max(1e-9, tally.correct + tally.wrong + tally.unnamed);

const LAG = 0.4;
const PERIOD_MS = 250;

/**
 * One meeting of `count` participants played on `page` in `doc` (an empty HTML document); its
 * talk time added to `tally`. `bot`: the recording starts 5 to 90 s after the page is first read
 * and the offset is searched.
 */
export function playMeeting(
  doc: Document,
  page: PageUnderTest,
  count: number,
  seed: number,
  tally: Tally,
  bot = false,
): void {
  const meeting = synthesizeMeeting(seed, count);
  const voices = diarize(meeting.truth, seed, meeting.duration);
  // The unknown voice is heard through the most talkative participant's microphone.
  const talkative = meeting.truth.speakers
    .map((s, i) => ({ i, talk: s.turns.reduce((a, [x, y]) => a + y - x, 0) }))
    .sort((a, b) => b.talk - a.talk)[0]!.i;
  const unknown = voices.filter((v) => v.owner === null).flatMap((v) => v.turns);
  const extra: Array<[number, Turn[]]> = [[talkative, unknown]];
  const botDelay = bot ? 5 + new Rng(`bench:${seed}`).float() * 85 : 0;

  const participants: FixtureParticipant[] = meeting.truth.speakers.map((s, i) => ({
    name: s.name,
    ...(i === 0 ? { self: true } : {}),
    ...(i === 1 ? { host: true } : {}),
  }));
  const index = new Map(meeting.ids.map((id, i) => [id, i]));
  const builder = new TimelineBuilder();
  // Each state the call shows is drawn once and kept: the page changes as its speakers change.
  const drawn = new Map<string, HTMLElement>();
  let featured = participants.findIndex((p) => !p.self);
  const read = (t: number, speaking: number[], sharing: boolean) => {
    const view: CallView = { ...page.view, participants, speaking, sharing, featured };
    const key = `${speaking.join(',')}|${sharing}|${featured}`;
    let body = drawn.get(key);
    if (!body) {
      body = doc.createElement('body');
      body.innerHTML = page.draw(view);
      drawn.set(key, body);
    }
    if (doc.body !== body) doc.documentElement.replaceChild(body, doc.body);
    tally.readings += 1;
    const sample = page.reader.read(doc, t);
    if (sample) builder.add(sample);
    // Meet's people panel alone names people but sees no speaking: as good as no sample.
    if (!sample || sample.speakingSeen === false) tally.empty += 1;
  };

  let last: number | null = null;
  for (const sample of pageSamples(meeting, seed, -botDelay, extra)) {
    // The page's samples leave out the shared screen's minutes: the page is read then too.
    for (let t = (last ?? sample.t) + PERIOD_MS; last !== null && t < sample.t; t += PERIOD_MS)
      read(t, [], true);
    const speaking = sample.speaking.map((id) => index.get(id)!).filter((i) => i !== undefined);
    const other = speaking.find((i) => !participants[i]!.self);
    if (other !== undefined) featured = other;
    const at = (sample.t - meeting.recordingStartedAt) / 1000 / meeting.duration;
    if (page.longShare && at >= 0.15 && at < 0.85) read(sample.t, [], true);
    else read(sample.t, speaking, false);
    last = sample.t;
  }
  const timeline = builder.finish();

  const speakers: Record<string, Interval[]> = {};
  const names: Record<string, string> = {};
  voices.forEach((voice, i) => {
    speakers[String(i)] = voice.turns.map(([a, b]) => [a, b]);
    names[String(i)] = voice.label;
  });
  const alignment = bot
    ? searchAlignment(timeline, speakers, { maxOffset: meeting.duration })
    : exactAlignment(timeline, meeting.recordingStartedAt, LAG);
  const { suggestions } = matchSpeakers({ timeline, alignment, speakers, names });
  for (const suggestion of suggestions) {
    const voice = voices[Number(suggestion.speakerId)]!;
    const talk = voice.turns.reduce((a, [x, y]) => a + y - x, 0);
    const truth = voice.owner === null ? null : meeting.truth.speakers[voice.owner]!.name;
    if (suggestion.name !== null) tally.named += 1;
    if (suggestion.name === truth) tally.correct += talk;
    else if (suggestion.name === null) tally.unnamed += talk;
    else tally.wrong += talk;
  }
}

/** `meetings` meetings of `count` participants on `page` (seeds as scripts/speakers-accuracy.ts). */
export function measure(
  doc: Document,
  page: PageUnderTest,
  count: number,
  meetings: number,
  bot = false,
): Tally {
  const tally = newTally();
  for (let seed = 1; seed <= meetings; seed += 1)
    playMeeting(doc, page, count, seed * 1000 + count, tally, bot);
  return tally;
}

const pct = (value: number) => `${(100 * value).toFixed(1)} %`;

function main(): void {
  const { values } = parseArgs({
    options: {
      meetings: { type: 'string', default: '20' },
      bot: { type: 'boolean', default: false },
      page: { type: 'string', default: '' },
    },
  });
  const meetings = Number(values.meetings);
  // jsdom, the DOM of the unit tests, loaded as plain JavaScript.
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
    JSDOM: new (html: string) => { window: { document: Document } };
  };
  const doc = new JSDOM('<!doctype html><html><head></head><body></body></html>').window.document;
  const modes = values.bot ? [false, true] : [false];
  console.log(`${meetings} meetings per row; the page read every 250 ms\n`);
  console.log('| page | participants | way in | correct | wrong | unnamed | readings without a sample |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const row = (page: PageUnderTest, count: number, bot: boolean) => {
    const tally = measure(doc, page, count, meetings, bot);
    console.log(
      `| ${page.name} | ${count} | ${bot ? 'bot (searched)' : 'Record here'} | ${pct(share(tally, 'correct'))} | ${pct(share(tally, 'wrong'))} | ${pct(share(tally, 'unnamed'))} | ${pct(tally.empty / Math.max(1, tally.readings))} |`,
    );
  };
  const chosen = (page: PageUnderTest) => page.name.includes(values.page);
  for (const page of PAGES.filter(chosen))
    for (const count of [3, 6, 12]) for (const bot of modes) row(page, count, bot);
  for (const page of CHANGED_PAGES.filter(chosen)) row(page, 6, false);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
