/**
 * Speaker names, measured: synthetic meetings of 3, 6 and 12 participants (emulator/speakers.ts:
 * interruptions, a participant who never speaks, two Annas, a few minutes of screen sharing with no
 * samples), their page timeline built from the page's samples, their diarization from the truth
 * with realistic errors (turn edges moved by up to 1 s, one short turn given to the wrong voice, an
 * unknown voice heard through one participant's microphone), then aligned and matched as the
 * extension does. For each participant count, the share of diarized talk time whose label got the
 * right name, a wrong name, or none (the unknown voice left unnamed counts as right).
 *
 * Two ways in: "Record here" (the offset known exactly, less the page's 0.4 s lag) and a bot (the
 * recording starts 5 to 90 s after the page, the offset searched).
 *
 *   npx tsx scripts/speakers-accuracy.ts [--meetings 20] [--coverage 0.5 --support 5 --lead 2] [--any-number]
 */
import { parseArgs } from 'node:util';
import { Rng } from '../emulator/prng';
import { type DiarizeErrors, diarize, pageSamples, synthesizeMeeting, type Turn } from '../emulator/speakers';
import { type Alignment, exactAlignment, searchAlignment } from '../lib/page-names/align';
import type { Interval } from '../lib/page-names/intervals';
import { DEFAULT_THRESHOLDS, matchSpeakers, type Thresholds } from '../lib/page-names/match';
import { buildTimeline } from '../lib/page-names/timeline';

const { values } = parseArgs({
  options: {
    meetings: { type: 'string', default: '20' },
    coverage: { type: 'string' },
    support: { type: 'string' },
    lead: { type: 'string' },
    // A name given to any number of voices: what the one-name-one-voice rule prevents.
    'any-number': { type: 'boolean', default: false },
  },
});
const thresholds: Thresholds = {
  coverage: Number(values.coverage ?? DEFAULT_THRESHOLDS.coverage),
  support: Number(values.support ?? DEFAULT_THRESHOLDS.support),
  lead: Number(values.lead ?? DEFAULT_THRESHOLDS.lead),
};
const meetings = Number(values.meetings);
const overwhelming = values['any-number'] ? { coverage: 0, support: 0, lead: 1 } : undefined;

interface Tally {
  correct: number;
  wrong: number;
  unnamed: number;
  offsetError: number;
  offsetMisses: number;
  runs: number;
}

/**
 * Harder than the errors, to see what the thresholds guard against: edges moved by up to
 * 2 s, five short turns to wrong voices, an unknown voice of 8 to 12 turns of up to 10 s through a
 * participant's microphone, and the most talkative participant's second half heard as a second
 * voice (both of its labels should get the name).
 */
const HARD: DiarizeErrors = {
  shift: 2,
  wrongTurns: 5,
  unknownTurns: [8, 12],
  unknownLength: 10,
  split: true,
};

function run(count: number, seed: number, mode: 'record' | 'bot', errors: DiarizeErrors, tally: Tally): void {
  const meeting = synthesizeMeeting(seed, count);
  const voices = diarize(meeting.truth, seed, meeting.duration, errors);
  // The unknown voice is heard through one talkative participant's microphone: their tile lights.
  const talkative = meeting.truth.speakers
    .map((s, i) => ({ i, talk: s.turns.reduce((a, [x, y]) => a + y - x, 0) }))
    .sort((a, b) => b.talk - a.talk)[0]!.i;
  const unknown = voices.filter((v) => v.owner === null).flatMap((v) => v.turns);
  const rng = new Rng(`bench:${seed}`);
  const botDelay = mode === 'bot' ? 5 + rng.float() * 85 : 0;
  const extra: Array<[number, Turn[]]> = [[talkative, unknown]];
  const timeline = buildTimeline(pageSamples(meeting, seed, -botDelay, extra));

  // The recording's clock: for a bot it starts `botDelay` s after the page's first sample, and the
  // diarized times are relative to the recording's start. The page's samples above are on the
  // meeting's clock (the recording's clock of "Record here").
  const speakers: Record<string, Interval[]> = {};
  const names: Record<string, string> = {};
  voices.forEach((voice, index) => {
    speakers[String(index)] = voice.turns.map(([a, b]) => [a, b]);
    names[String(index)] = voice.label;
  });

  let alignment: Alignment;
  const trueOffset = (timeline.origin - meeting.recordingStartedAt) / 1000 - 0.4;
  if (mode === 'record') alignment = exactAlignment(timeline, meeting.recordingStartedAt, 0.4);
  else alignment = searchAlignment(timeline, speakers, { maxOffset: meeting.duration });
  const error = Math.abs(alignment.offset - trueOffset);
  tally.offsetError = Math.max(tally.offsetError, alignment.confident ? error : 0);
  if (!alignment.confident || error > 2) tally.offsetMisses += 1;
  tally.runs += 1;

  const { suggestions } = matchSpeakers({ timeline, alignment, speakers, names, thresholds, overwhelming });
  for (const suggestion of suggestions) {
    const voice = voices[Number(suggestion.speakerId)]!;
    const talk = voice.turns.reduce((a, [x, y]) => a + y - x, 0);
    const truth = voice.owner === null ? null : meeting.truth.speakers[voice.owner]!.name;
    if (suggestion.name === truth) tally.correct += talk;
    else if (suggestion.name === null) tally.unnamed += talk;
    else tally.wrong += talk;
  }
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1e-9, whole)).toFixed(1)} %`;

console.log(
  `Thresholds: coverage ${thresholds.coverage}, support ${thresholds.support} s, lead ${thresholds.lead}${overwhelming ? ', a name given to any number of voices' : ''}; ${meetings} meetings per row\n`,
);
for (const [title, errors] of [
  ["The issue's errors", {}],
  ['Harder errors', HARD],
] as const) {
  console.log(`${title}\n`);
  console.log(
    '| participants | way in | correct | wrong | unnamed | offset found (of meetings) | largest offset error |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const count of [3, 6, 12]) {
    for (const mode of ['record', 'bot'] as const) {
      const tally: Tally = { correct: 0, wrong: 0, unnamed: 0, offsetError: 0, offsetMisses: 0, runs: 0 };
      for (let seed = 1; seed <= meetings; seed += 1) run(count, seed * 1000 + count, mode, errors, tally);
      const total = tally.correct + tally.wrong + tally.unnamed;
      console.log(
        `| ${count} | ${mode === 'record' ? 'Record here' : 'bot (searched)'} | ${pct(tally.correct, total)} | ${pct(tally.wrong, total)} | ${pct(tally.unnamed, total)} | ${tally.runs - tally.offsetMisses} of ${tally.runs} | ${tally.offsetError.toFixed(2)} s |`,
      );
    }
  }
  console.log('');
}
