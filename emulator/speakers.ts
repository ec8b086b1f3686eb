/**
 * Meetings whose truth is known: who spoke when, what the meeting page would have marked, and what
 * a diarizing service would make of it. Deterministic by seed.
 *
 * - `diarize(truth, seed)`: the service's voices from the truth, with the errors real diarization
 *   makes: every turn's edges moved by up to 1 s, one short turn given to the wrong voice, and an
 *   unknown voice (someone heard but not in the meeting's list) with a few short turns in pauses
 *   (over someone when the meeting has none).
 *   Voices are labelled `SPEAKER_<nn>` in order of first appearance; a participant who never
 *   speaks has none.
 * - `synthesizeMeeting(seed, count)`: a meeting of `count` participants for the speaker-name
 *   benchmark and tests: uneven talk shares, interruptions and short backchannels, one participant
 *   who never speaks, one who says only a few words (from four participants on), two people with the same first name, and the page's view of it (samples
 *   every 250 ms, marks late by 0.4 s and lingering 0.7 s, one speaker marked at a time, an
 *   occasional missed mark, one microphone whose noise blinks its mark on now and then, and a few
 *   minutes of screen sharing during which no tiles, hence no samples, are seen).
 */
import { Rng } from './prng';

export type Turn = [start: number, end: number];

export interface TruthSpeaker {
  /** The name the meeting page shows. */
  name: string;
  /** Seconds from the start of the recording. */
  turns: Turn[];
}

export interface SpeakersTruth {
  speakers: TruthSpeaker[];
}

export interface Voice {
  /** `SPEAKER_<nn>`. */
  label: string;
  /** Index into the truth's speakers, or null for the unknown voice. */
  owner: number | null;
  turns: Turn[];
}

const MAX_SHIFT = 1;
const MIN_TURN = 0.3;
const SHORT_TURN = 5;

const pad = (n: number) => String(n).padStart(2, '0');

/** Gaps of at least `length` seconds in which nobody speaks, inside `[0, until]`. */
function pauses(truth: SpeakersTruth, length: number, until: number): Turn[] {
  const all = truth.speakers.flatMap((s) => s.turns).sort((a, b) => a[0] - b[0]);
  const out: Turn[] = [];
  let cursor = 0;
  for (const [start, end] of all) {
    if (start - cursor >= length) out.push([cursor, start]);
    cursor = Math.max(cursor, end);
  }
  if (until - cursor >= length) out.push([cursor, until]);
  return out;
}

/** How wrong the diarization is; the defaults are the errors every result has. */
export interface DiarizeErrors {
  /** Largest move of a turn's edges, seconds (1). */
  shift?: number;
  /** Short turns (at most 5 s) given to the wrong voice (1). */
  wrongTurns?: number;
  /** Turns of the unknown voice ([2, 4]); [0, 0] for none. */
  unknownTurns?: [number, number];
  /** Longest turn of the unknown voice, seconds (4.5). */
  unknownLength?: number;
  /** The most talkative participant's second half heard as another voice (false). */
  split?: boolean;
}

/**
 * The service's view of a meeting: voices with the errors of a real diarization. `duration`
 * bounds every time (defaults to the end of the last turn).
 */
export function diarize(
  truth: SpeakersTruth,
  seed: number | string,
  duration?: number,
  errors: DiarizeErrors = {},
): Voice[] {
  const rng = new Rng(`diarize:${seed}`);
  const shift = errors.shift ?? MAX_SHIFT;
  const end = duration ?? Math.max(0, ...truth.speakers.flatMap((s) => s.turns.map((t) => t[1])));
  const clamp = (time: number) => Math.min(end, Math.max(0, time));
  const turns: Array<{ owner: number | null; voice: number | null; turn: Turn }> = [];
  truth.speakers.forEach((speaker, owner) => {
    for (const [start, stop] of speaker.turns) {
      const s = clamp(start + (rng.float() * 2 - 1) * shift);
      const e = clamp(stop + (rng.float() * 2 - 1) * shift);
      if (e - s >= MIN_TURN) turns.push({ owner, voice: owner, turn: [s, e] });
    }
  });

  // Short turns heard as another participant's voice.
  const speaking = [...new Set(turns.map((t) => t.owner))];
  for (let k = errors.wrongTurns ?? 1; k > 0; k -= 1) {
    const short = turns.filter((t) => t.turn[1] - t.turn[0] <= SHORT_TURN && t.voice === t.owner);
    if (speaking.length < 2 || short.length === 0) break;
    const wrong = rng.pick(short);
    wrong.voice = rng.pick(speaking.filter((owner) => owner !== wrong.owner));
  }

  if (errors.split) {
    const talk = (owner: number) =>
      turns.filter((t) => t.owner === owner).reduce((a, t) => a + t.turn[1] - t.turn[0], 0);
    const most = truth.speakers.map((_, i) => i).sort((a, b) => talk(b) - talk(a))[0]!;
    for (const t of turns)
      if (t.owner === most && t.voice === most && t.turn[0] > end / 2) t.voice = -1 - most;
  }

  // An unknown voice: a few short turns in pauses of the meeting.
  const gaps = pauses(truth, 3, end);
  const [fewest, most] = errors.unknownTurns ?? [2, 4];
  const longest = errors.unknownLength ?? 4.5;
  const unknown = rng.int(fewest, most);
  for (let i = 0; i < unknown && end > 2; i += 1) {
    // In a pause when one is left, else over someone (crosstalk).
    const [from, to] = gaps.length > 0 ? gaps.splice(rng.int(0, gaps.length - 1), 1)[0]! : [0, end];
    const length = Math.min(to - from - 0.5, 1.5 + rng.float() * (longest - 1.5));
    const start = from + 0.25 + rng.float() * (to - from - 0.5 - length);
    turns.push({ owner: null, voice: null, turn: [start, start + length] });
  }

  turns.sort((a, b) => a.turn[0] - b.turn[0]);
  const labels = new Map<number | null, number>();
  const voices: Voice[] = [];
  for (const { owner, voice, turn } of turns) {
    let index = labels.get(voice);
    if (index === undefined) {
      index = voices.length;
      labels.set(voice, index);
      // A split voice (negative) belongs to its participant; a wrong turn's voice is its own.
      voices.push({
        label: `SPEAKER_${pad(index)}`,
        owner: voice !== null && voice < 0 ? owner : voice,
        turns: [],
      });
    }
    voices[index]!.turns.push(turn);
  }
  return voices;
}

export interface MeetingSample {
  /** ms on the page's clock. */
  t: number;
  present: Array<{ id: string; name: string; self?: boolean }>;
  speaking: string[];
}

export interface SyntheticMeeting {
  truth: SpeakersTruth;
  /** Participant ids on the page, parallel to `truth.speakers`. */
  ids: string[];
  /** Index of the participant who never speaks. */
  silent: number;
  /** Length of the meeting, seconds. */
  duration: number;
  /** The page's clock (ms) at the start of the recording. */
  recordingStartedAt: number;
  /** Screen sharing: no samples in this window (seconds of the recording). */
  sharing: Turn;
}

const FIRST = [
  'Anna',
  'Tom',
  'Priya',
  'Lucas',
  'Chen',
  'Olga',
  'Mark',
  'Sofia',
  'Igor',
  'Maria',
  'Dmitry',
  'Elena',
];
const LAST = [
  'Petrova',
  'Becker',
  'Sharma',
  'Martin',
  'Wei',
  'Ivanova',
  'Johnson',
  'Rossi',
  'Smirnov',
  'Kuznetsova',
  'Orlov',
  'Sokolova',
];

/** A meeting of `count` (>= 3) participants, about 8 minutes a participant, at most 60 minutes. */
export function synthesizeMeeting(seed: number | string, count: number): SyntheticMeeting {
  const rng = new Rng(`meeting:${seed}:${count}`);
  const n = Math.max(3, Math.min(FIRST.length, count));
  const names: string[] = [];
  for (let i = 0; i < n; i += 1) names.push(`${FIRST[i]} ${LAST[i]}`);
  // Two people with the same first name: the last participant is another Anna.
  names[n - 1] = `Anna ${LAST[(n + 3) % LAST.length]}`;
  if (names[n - 1] === names[0]) names[n - 1] = 'Anna Rossi';
  const silent = rng.int(1, n - 2);
  // Someone who says only a few words (two or three short turns), when four or more take part.
  const brief = n < 4 ? -1 : silent !== n - 2 ? n - 2 : 1;
  const duration = Math.min(3600, 480 * n);
  // Uneven shares: a few talk most, the rest a little.
  const weights = names.map((_, i) =>
    i === silent || i === brief ? 0 : 1 / (1 + ((i * 7 + rng.int(0, 3)) % n)) ** 0.8,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const pickSpeaker = (not: number) => {
    for (;;) {
      let r = rng.float() * total;
      for (let i = 0; i < n; i += 1) {
        r -= weights[i]!;
        if (r <= 0) {
          if (i !== not && weights[i]! > 0) return i;
          break;
        }
      }
    }
  };

  const turns: Turn[][] = names.map(() => []);
  let time = 1 + rng.float() * 2;
  let current = pickSpeaker(-1);
  while (time < duration - 5) {
    const length = Math.min(duration - time, 2 + rng.float() ** 2 * 40);
    turns[current]!.push([time, time + length]);
    // Short backchannels ("yes", "right") from someone else during a long turn.
    if (length > 10 && rng.chance(0.3)) {
      const other = pickSpeaker(current);
      const at = time + 2 + rng.float() * (length - 4);
      turns[other]!.push([at, at + 0.5 + rng.float()]);
    }
    const next = pickSpeaker(current);
    // Interruptions: the next speaker starts before this one ends; otherwise a pause.
    const gap = rng.chance(0.2)
      ? -(0.5 + rng.float() * 1.5)
      : rng.chance(0.1)
        ? 3 + rng.float() * 4
        : 0.2 + rng.float() * 1.5;
    time = Math.max(time + 1, time + length + gap);
    current = next;
  }
  for (let k = brief < 0 ? 0 : rng.int(2, 3); k > 0; k -= 1) {
    const at = 30 + rng.float() * (duration - 60);
    turns[brief]!.push([at, at + 1.5 + rng.float() * 1.5]);
  }
  for (const list of turns) list.sort((a, b) => a[0] - b[0]);
  const shareStart = duration * (0.3 + rng.float() * 0.3);
  return {
    truth: { speakers: names.map((name, i) => ({ name, turns: turns[i]! })) },
    ids: names.map((_, i) => `p${i + 1}`),
    silent,
    duration,
    recordingStartedAt: 1_790_000_000_000 + rng.int(0, 1_000_000),
    sharing: [shareStart, shareStart + 120 + rng.float() * 120],
  };
}

const LAG_START = 0.4;
const LAG_END = 0.7;

/**
 * The page's samples of a meeting, every 250 ms from `pageStart` (seconds of the recording, may be
 * negative: the page watched before the recording started) to the end. `extra` adds marks for
 * voices heard through a participant's microphone (the unknown voice): `[participant, turns]`.
 */
export function* pageSamples(
  meeting: SyntheticMeeting,
  seed: number | string,
  pageStart = 0,
  extra: Array<[number, Turn[]]> = [],
): Generator<MeetingSample> {
  const rng = new Rng(`page:${seed}`);
  const n = meeting.truth.speakers.length;
  const marks: Turn[][] = meeting.truth.speakers.map((s) =>
    s.turns.map(([a, b]) => [a + LAG_START, b + LAG_END]),
  );
  for (const [participant, turns] of extra)
    for (const [a, b] of turns) marks[participant]!.push([a + LAG_START, b + LAG_END]);
  const present = meeting.truth.speakers.map((s, i) => ({
    id: meeting.ids[i]!,
    name: s.name,
    ...(i === 0 ? { self: true } : {}),
  }));
  // One participant's microphone picks up noise: their mark blinks on for a moment now and then.
  const noisy = meeting.silent === 1 ? 2 : 1;
  for (let t = pageStart + rng.float() * 20; t < meeting.duration; t += 5 + rng.float() * 30) {
    marks[noisy]!.push([t, t + 0.25 + rng.float() * 0.75]);
  }
  const cursor = new Array<number>(n).fill(0);
  for (const list of marks) list.sort((a, b) => a[0] - b[0]);
  let previous = '';
  for (let t = pageStart; t <= meeting.duration + 1; t += 0.25) {
    if (t >= meeting.sharing[0] && t < meeting.sharing[1]) continue;
    const speaking: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const list = marks[i]!;
      while (cursor[i]! < list.length && list[cursor[i]!]![1] < t) cursor[i]! += 1;
      let on = false;
      for (let k = cursor[i]!; k < list.length && list[k]![0] <= t; k += 1) if (list[k]![1] >= t) on = true;
      if (on && !rng.chance(0.03)) speaking.push(meeting.ids[i]!);
    }
    // The page marks one speaker at a time: of several, the one it marked before (else the first).
    if (speaking.length > 1) {
      const kept = speaking.includes(previous) ? previous : speaking[0]!;
      speaking.length = 0;
      speaking.push(kept);
    }
    previous = speaking[0] ?? '';
    yield { t: Math.round(meeting.recordingStartedAt + t * 1000), present, speaking };
  }
}
