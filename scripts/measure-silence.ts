/**
 * What the long-silence rules save (lib/recording/silence.ts): a recording of `--minutes` (120)
 * whose last `--silent` minutes (20) are silent, fed piece by piece (5 s each) through the
 * recording's state machine (lib/recording/state.ts) as the recording page reports them. Before:
 * the whole recording is uploaded and charged. After: it stops by itself after `--stop` minutes of
 * silence (15, as the options set it by default), and the silence at its end is cut before the
 * upload. The service charges by duration.
 *
 *   npx tsx scripts/measure-silence.ts [--minutes 120] [--silent 20] [--stop 15]
 */
import { formatDuration } from '@/lib/format/time';
import { PIECE_MS } from '@/lib/recording/pieces';
import { silenceStep } from '@/lib/recording/silence';
import { newRecording, type RecordingState, transition } from '@/lib/recording/state';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

const minutes = arg('minutes', 120);
const silent = arg('silent', 20);
const stop = arg('stop', 15);
const total = Math.round((minutes * 60_000) / PIECE_MS);
const audibleUntil = Math.round(((minutes - silent) * 60_000) / PIECE_MS);

let state: RecordingState = transition(
  newRecording({ id: 'm', tabId: 1, title: 'm', spaceId: 1, availableSeconds: null }, 0),
  { type: 'started', microphone: 'recorded' },
  0,
)!;
let asked: number | null = null;
let stoppedAt: number | null = null;
for (let index = 0; index < total && stoppedAt === null; index++) {
  const recordedMs = (index + 1) * PIECE_MS;
  state = transition(
    state,
    { type: 'piece', index, bytes: 1, recordedMs, audible: index < audibleUntil },
    0,
  )!;
  if (!state.silentPieces) continue;
  const step = silenceStep(state.silentPieces * PIECE_MS, state.silenceAsk !== undefined, stop, false);
  if (step === 'ask') {
    asked = recordedMs;
    state = transition(state, { type: 'silence-asked', heard: 0, stops: stop }, 0)!;
  } else if (step === 'stop') stoppedAt = recordedMs;
}

const seconds = (ms: number) => formatDuration(Math.round(ms / 1000), 'en');
const before = total * PIECE_MS;
// Stopped for silence: the page writes every piece and says so (`released`), the cut is decided
// then. A recording whose end came first is stopped by the person: nothing is cut.
state = transition(state, { type: 'stop', reason: stoppedAt === null ? 'user' : 'silence' }, 0)!;
state = transition(state, { type: 'released', pieces: state.pieces }, 0)!;
const after = (state.keep ?? state.pieces) * PIECE_MS;
console.log(`A ${seconds(before)} recording whose last ${seconds(silent * 60_000)} are silent:`);
console.log(`  "Still recording?" asked at ${asked === null ? 'never' : seconds(asked)}`);
console.log(
  `  stopped by itself at ${stoppedAt === null ? 'never (its end came first)' : seconds(stoppedAt)}`,
);
console.log(`  charged before: ${seconds(before)} (${before / 1000} s)`);
console.log(`  charged after:  ${seconds(after)} (${after / 1000} s, ${seconds(before - after)} less)`);
