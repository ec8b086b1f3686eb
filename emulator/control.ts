/**
 * The control surface for tests and demos, under /__emulator/: JSON, no authentication, never
 * subject to faults.
 */
import type { Context, Hono } from 'hono';
import { endActiveMeetings } from './bot';
import type { Emulator } from './emulator';
import { json } from './http';
import { availableSeconds, type Outcome, setAvailableSeconds } from './state';

const OUTCOMES: readonly Outcome[] = ['success', 'fail', 'error-500'];

const bad = (error: string, status = 400) => json({ error }, status);

async function body(c: Context): Promise<Record<string, unknown> | null> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function clockJson(emu: Emulator) {
  const nowMs = emu.now();
  return { now: new Date(nowMs).toISOString(), nowMs };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const numbers = (value: unknown) => Array.isArray(value) && value.every(finite);

/**
 * Checks a result put in through the control surface for its shape only (the contract's field
 * types), never for its content: tests put hostile or absurd content in on purpose. Every field
 * is optional; a missing one keeps the generated value.
 */
function resultShapeProblem(data: Record<string, unknown>): string | null {
  const known = ['title', 'language', 'protocol', 'dialog', 'speakers_map', 'speakers_timeline'];
  const unknown = Object.keys(data).filter((key) => !known.includes(key));
  if (unknown.length > 0) return `Unknown fields: ${unknown.join(', ')}. Known: ${known.join(', ')}.`;
  for (const key of ['title', 'language', 'protocol']) {
    if (data[key] !== undefined && typeof data[key] !== 'string') return `"${key}" must be a string.`;
  }
  if (data.dialog !== undefined) {
    if (!Array.isArray(data.dialog)) return '"dialog" must be an array of blocks.';
    for (const [i, block] of data.dialog.entries()) {
      if (!isObject(block) || typeof block.header !== 'string')
        return `"dialog[${i}].header" must be a string.`;
      for (const key of ['starts', 'ends']) {
        if (!numbers(block[key])) return `"dialog[${i}].${key}" must be an array of numbers.`;
      }
      for (const key of ['speakers', 'texts']) {
        if (!strings(block[key])) return `"dialog[${i}].${key}" must be an array of strings.`;
      }
    }
  }
  if (data.speakers_map !== undefined) {
    if (!isObject(data.speakers_map) || !Object.values(data.speakers_map).every((v) => typeof v === 'string'))
      return '"speakers_map" must be an object of strings.';
  }
  if (data.speakers_timeline !== undefined) {
    const timeline = data.speakers_timeline;
    const pairs = (value: unknown) =>
      Array.isArray(value) && value.every((pair) => numbers(pair) && (pair as number[]).length === 2);
    if (!isObject(timeline) || !Object.values(timeline).every(pairs))
      return '"speakers_timeline" must be an object of [start, end] number pairs.';
  }
  return null;
}

const MAX_TRUTH_SPEAKERS = 500;
const MAX_TRUTH_TURNS = 100_000;

/** Checks a meeting's truth: `{speakers: [{name, turns: [[start, end], ...]}], seed?}`, seconds. */
function speakersTruthProblem(data: Record<string, unknown>): string | null {
  const usage =
    'Body must be {"speakers": [{"name": <string>, "turns": [[start, end], ...]}], "seed"?: <integer>} (seconds).';
  const speakers = data.speakers;
  if (!Array.isArray(speakers) || speakers.length === 0 || speakers.length > MAX_TRUTH_SPEAKERS) return usage;
  let turns = 0;
  for (const speaker of speakers) {
    if (!isObject(speaker) || typeof speaker.name !== 'string' || !Array.isArray(speaker.turns)) return usage;
    for (const turn of speaker.turns) {
      if (!numbers(turn) || (turn as number[]).length !== 2) return usage;
      const [start, end] = turn as [number, number];
      if (start < 0 || end < start) return '"turns" must be [start, end] with 0 <= start <= end.';
    }
    turns += speaker.turns.length;
  }
  if (turns > MAX_TRUTH_TURNS) return `At most ${MAX_TRUTH_TURNS} turns.`;
  if (data.seed !== undefined && !finite(data.seed)) return '"seed" must be a number.';
  return null;
}

export function registerControlRoutes(app: Hono, emu: Emulator): void {
  app.post('/__emulator/reset', () => {
    emu.reset();
    return json({ ok: true });
  });

  app.get('/__emulator/clock', () => json(clockJson(emu)));

  app.post('/__emulator/clock/advance', async (c) => {
    const data = await body(c);
    if (!data || !finite(data.ms) || data.ms < 0) return bad('Body must be {"ms": <non-negative number>}.');
    emu.advance(data.ms);
    return json(clockJson(emu));
  });

  app.post('/__emulator/clock/offset', async (c) => {
    const data = await body(c);
    if (!data || !finite(data.ms)) return bad('Body must be {"ms": <number>} (negative: behind real time).');
    emu.setClockOffset(data.ms);
    return json(clockJson(emu));
  });

  app.post('/__emulator/tokens/expire-access', () =>
    json({ ok: true, expired: emu.auth.expireAccessTokens() }),
  );

  app.post('/__emulator/meetings/end', async (c) => {
    const data = await body(c);
    if (!data) return bad('Body must be a JSON object.');
    if (data.space_id !== undefined && data.space_id !== null && !finite(data.space_id)) {
      return bad('"space_id" must be a number.');
    }
    const spaceId = finite(data.space_id) ? data.space_id : undefined;
    const recordings = endActiveMeetings(emu, spaceId);
    emu.settle();
    return json({ recordings });
  });

  app.post('/__emulator/faults', async (c) => {
    const data = await body(c);
    if (!data || !finite(data.rate) || data.rate < 0 || data.rate > 1) {
      return bad('Body must be {"rate": 0..1, "seed"?: <integer>}.');
    }
    if (data.seed !== undefined && !finite(data.seed)) return bad('"seed" must be a number.');
    emu.faults.configure(data.rate, finite(data.seed) ? data.seed : emu.options.faultSeed);
    return json({ ok: true });
  });

  app.post('/__emulator/drops', async (c) => {
    const data = await body(c);
    const usage =
      'Body must be {"method": "POST", "path": "<regular expression>", "times"?: <positive integer>}.';
    if (!data || typeof data.method !== 'string' || typeof data.path !== 'string') return bad(usage);
    if (data.times !== undefined && (!finite(data.times) || data.times < 1)) return bad(usage);
    let path: RegExp;
    try {
      path = new RegExp(data.path);
    } catch {
      return bad('"path" is not a valid regular expression.');
    }
    emu.faults.armDrop(data.method, path, finite(data.times) ? Math.round(data.times) : 1);
    return json({ ok: true, drops: emu.faults.armedDrops() });
  });

  app.get('/__emulator/drops', () => json({ drops: emu.faults.armedDrops() }));

  app.delete('/__emulator/drops', () => {
    emu.faults.clearDrops();
    return json({ ok: true, drops: [] });
  });

  app.post('/__emulator/recordings/:id{[0-9]+}/outcome', async (c) => {
    const data = await body(c);
    const mode = data?.mode;
    if (typeof mode !== 'string' || !(OUTCOMES as readonly string[]).includes(mode)) {
      return bad(`Body must be {"mode": ${OUTCOMES.map((o) => `"${o}"`).join(' | ')}}.`);
    }
    const recording = emu.db.recordings.get(Number(c.req.param('id')));
    if (!recording) return bad('No such recording.', 404);
    recording.nextOutcome = mode as Outcome;
    return json({ ok: true });
  });

  app.post('/__emulator/recordings/:id{[0-9]+}/result', async (c) => {
    const data = await body(c);
    if (!data) return bad('Body must be a JSON object.');
    const problem = resultShapeProblem(data);
    if (problem) return bad(problem);
    const recording = emu.db.recordings.get(Number(c.req.param('id')));
    if (!recording) return bad('No such recording.', 404);
    const { title, ...fields } = data;
    if (typeof title === 'string') recording.title = title;
    recording.resultOverride = undefined;
    const generated = emu.resultOf(recording);
    recording.resultOverride = { ...generated, ...fields };
    return json({ ok: true });
  });

  app.post('/__emulator/recordings/:id{[0-9]+}/speakers', async (c) => {
    const data = await body(c);
    const problem = data ? speakersTruthProblem(data) : 'Body must be a JSON object.';
    if (problem || !data) return bad(problem ?? 'Body must be a JSON object.');
    const recording = emu.db.recordings.get(Number(c.req.param('id')));
    if (!recording) return bad('No such recording.', 404);
    const speakers = (data.speakers as Array<{ name: string; turns: [number, number][] }>).map((s) => ({
      name: s.name,
      turns: s.turns.map(([start, end]) => [start, end] as [number, number]),
    }));
    recording.speakersTruth = { truth: { speakers }, seed: finite(data.seed) ? Math.round(data.seed) : 1 };
    return json({ ok: true, voices: emu.resultOf(recording).speakers_map });
  });

  app.post('/__emulator/spaces/:id{[0-9]+}/balance', async (c) => {
    const data = await body(c);
    if (!data || !finite(data.available_seconds) || data.available_seconds < 0) {
      return bad('Body must be {"available_seconds": <non-negative integer>}.');
    }
    const space = emu.db.spaces.get(Number(c.req.param('id')));
    if (!space) return bad('No such space.', 404);
    setAvailableSeconds(space, Math.round(data.available_seconds));
    return json({ ok: true, available_seconds: availableSeconds(space) });
  });

  app.post('/__emulator/spaces/:id{[0-9]+}/name', async (c) => {
    const data = await body(c);
    if (!data || typeof data.name !== 'string') return bad('Body must be {"name": <string>}.');
    const space = emu.db.spaces.get(Number(c.req.param('id')));
    if (!space) return bad('No such space.', 404);
    space.name = data.name;
    return json({ ok: true, name: space.name });
  });

  app.get('/__emulator/counters', () => json(emu.db.counters));

  app.get('/__emulator/spaces', () =>
    json(
      [...emu.db.spaces.values()].map((space) => ({
        id: space.id,
        name: space.name,
        owner_email: emu.db.users.get(space.ownerId)?.email ?? null,
        member_emails: space.memberIds.map((id) => emu.db.users.get(id)?.email ?? null),
        balance: availableSeconds(space),
        available_seconds: availableSeconds(space),
        usage_count: space.usageCount,
        audio_limit: space.audioLimit,
        is_active: space.subscriptionActive,
      })),
    ),
  );

  app.all('/__emulator/*', () => bad('Unknown control endpoint.', 404));
}
