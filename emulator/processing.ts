/**
 * Processing ("classify"): charging, the processing run on the virtual clock, its outcome and
 * refund, and the result endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { Emulator } from './emulator';
import { apiRoute, fieldErrors, forbidden, json, notFoundJson, readData, serverErrorHtml } from './http';
import { availableSeconds, charge, type Outcome, type Recording, refund } from './state';
import { Validator } from './validation';

const CLASSIFY_ERRORS = {
  notUploaded: 'The recording has not been uploaded yet.',
  notPaid: { detail: 'The subscription of this space is not paid.', code: 7 },
  notEnough: (available: number) => ({
    detail: 'Not enough processing time left on the plan for this recording.',
    duration: available,
    code: 1,
  }),
};

/** The outcome of a new run: the control surface's choice, else the title's markers. */
function nextOutcome(recording: Recording): Outcome {
  if (recording.nextOutcome) {
    const outcome = recording.nextOutcome;
    recording.nextOutcome = null;
    return outcome;
  }
  if (recording.title.includes('[fail-500]')) return 'error-500';
  if (recording.title.includes('[fail]')) return 'fail';
  return 'success';
}

/**
 * Starts (or restarts) a processing run at `startedAt`. A previous run is superseded; its charge is
 * not returned. `seconds` is what was charged (null when nothing was).
 */
function startRun(emu: Emulator, recording: Recording, startedAt: number, seconds: number | null): void {
  if (recording.run) emu.scheduler.cancel(recording.run.taskId);
  const run = {
    requestId: randomUUID(),
    startedAt,
    dueAt: startedAt + emu.options.processingDelayMs,
    status: 'running' as const,
    outcome: nextOutcome(recording),
    charge: seconds === null ? null : { spaceId: recording.spaceId, seconds },
    taskId: null as number | null,
  };
  recording.run = run;
  recording.resultIsReady = false;
  scheduleRun(emu, recording);
}

/** Arms the completion of a recording's running run (also used for the seed's running run). */
export function scheduleRun(emu: Emulator, recording: Recording): void {
  const run = recording.run;
  if (run?.status !== 'running') return;
  const db = emu.db;
  run.taskId = emu.scheduler.at(run.dueAt, () => {
    if (recording.run !== run) return;
    run.status = 'done';
    run.taskId = null;
    recording.wasClassified = true;
    recording.resultIsReady = run.outcome === 'success';
    if (run.outcome !== 'success' && run.charge) {
      const space = db.spaces.get(run.charge.spaceId);
      if (space) refund(space, run.charge.seconds);
      db.counters.refunds.push({
        space_id: run.charge.spaceId,
        audio_id: recording.id,
        seconds: run.charge.seconds,
      });
    }
  });
}

/**
 * Processing that starts on its own (bot recordings): charges when the plan covers it; otherwise
 * the run ends at once with `success: false` and nothing is charged.
 */
export function autoProcess(emu: Emulator, recording: Recording, at: number): void {
  const space = emu.db.spaces.get(recording.spaceId);
  const seconds = recording.duration ?? 0;
  if (space?.subscriptionActive && availableSeconds(space) >= seconds) {
    charge(space, seconds);
    emu.db.counters.charges.push({ space_id: space.id, audio_id: recording.id, seconds });
    startRun(emu, recording, at, seconds);
    return;
  }
  recording.run = {
    requestId: randomUUID(),
    startedAt: at,
    dueAt: at,
    status: 'done',
    outcome: 'fail',
    charge: null,
    taskId: null,
  };
  recording.wasClassified = true;
  recording.resultIsReady = false;
}

export function registerProcessingRoutes(app: Hono, emu: Emulator): void {
  apiRoute(app, emu, '/api/audio/classify/', 'Audio Classify', {
    POST: async (c, user) => {
      const body = await readData(c);
      if (!body.ok) return body.response;
      const v = new Validator(body.data);
      const audioId = v.integer('audio_id');
      if (!v.valid || audioId === undefined) return fieldErrors(v.errors);
      const recording = emu.db.recordings.get(audioId);
      if (!recording) return notFoundJson();
      const space = emu.db.spaces.get(recording.spaceId);
      if (!space?.memberIds.includes(user.id)) return forbidden();
      if (!recording.isUploaded || recording.duration === null) {
        return fieldErrors({ audio_id: [CLASSIFY_ERRORS.notUploaded] });
      }
      if (!space.subscriptionActive) return json(CLASSIFY_ERRORS.notPaid, 400);
      const available = availableSeconds(space);
      if (available < recording.duration) return json(CLASSIFY_ERRORS.notEnough(available), 403);

      const seconds = recording.duration;
      charge(space, seconds);
      const counters = emu.db.counters;
      counters.charges.push({ space_id: space.id, audio_id: recording.id, seconds });
      counters.classifyCalls[String(recording.id)] = (counters.classifyCalls[String(recording.id)] ?? 0) + 1;
      startRun(emu, recording, emu.now(), seconds);
      return json({ request_id: recording.run?.requestId }, 201);
    },
  });

  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/:aid{[0-9]+}/result/', 'Audio Result', {
    GET: (c, user) => {
      const found = emu.findRecording(user, c.req.param('sid'), c.req.param('aid'));
      if (found instanceof Response) return found;
      const recording = found;
      const run = recording.run;
      if (!run) return notFoundJson();
      const base = {
        audio_id: recording.id,
        title: recording.title,
        duration: recording.duration,
        is_shared: false,
        is_uploaded: recording.isUploaded,
      };
      if (run.status === 'running') return json({ classified: false, success: false, ...base, result: null });
      if (run.outcome === 'error-500') return serverErrorHtml();
      if (run.outcome === 'fail') return json({ classified: true, success: false, ...base, result: null });
      return json({ classified: true, success: true, ...base, result: emu.resultOf(recording) });
    },
  });
}
