/**
 * State of the popup (and of the viewer's list mode): session, spaces, the recordings of the
 * chosen space, jobs and what the result endpoint said about undecided recordings. Everything is
 * fetched through `sendMessage`; the cache gives the first frame.
 */
import { batch, computed, signal } from '@preact/signals';
import type { Recording, SpaceListItem } from '@/lib/api/schemas';
import { needsProbe, probeFromResult, type ResultProbe } from '@/lib/format/status';
import { ownJobs } from '@/lib/jobs/owner';
import type { Job } from '@/lib/jobs/types';
import { type ErrorInfo, type SessionView, sendMessage } from '@/lib/messaging';
import { defaultSpace, listedOrder } from '@/lib/spaces';
import { getSettings, jobsItem, type Settings, serviceUrlItem } from '@/lib/storage';
import { listState, take } from '../list-state';
import { CACHED_PAGE_SIZE, clearCache, readCache, writeCache } from './cache';
import { forgetSnapshot } from './snapshot';

export const PAGE_SIZE = CACHED_PAGE_SIZE;

export type Load = 'idle' | 'loading' | 'ready' | 'error';

export const session = signal<SessionView | null>(null);
export const sessionError = signal<ErrorInfo | null>(null);
export const serviceUrl = signal<string>('');

/** The account's spaces (null until read) and why the last read failed (components/list-state.ts). */
const spacesList = listState<SpaceListItem[]>();
export const spaces = spacesList.data;
export const spacesError = spacesList.error;
export const spaceId = signal<number | null>(null);
/** The default space chosen in the options (null: none chosen), as read when the popup opened. */
export const defaultSpaceId = signal<number | null>(null);

/** The chosen space's recordings read so far and why the last read failed (components/list-state.ts). */
const recordingsList = listState<Recording[]>([]);
export const recordings = recordingsList.data;
export const recordingsError = recordingsList.error;
export const recordingsCount = signal(0);
export const recordingsLoad = signal<Load>('idle');
export const loadingMore = signal(false);
/** True while the list on screen came from the cache and a fresh one is on its way. */
export const fromCache = signal(false);

export const searchText = signal('');
export const searchRegex = signal(false);

export const selected = signal<ReadonlySet<number>>(new Set());
export const probes = signal<Readonly<Record<number, ResultProbe>>>({});
/** The account's jobs, newest first, and why the last read failed (components/list-state.ts). */
const jobsList = listState<Job[]>([]);
export const jobs = jobsList.data;
export const jobsError = jobsList.error;
/** "Record here instead" pressed on a failed bot's row: the recorder (Recorder.tsx) starts it. */
export const recordInstead = signal<{ link: string; spaceId: number } | null>(null);
export const notice = signal<string | null>(null);
export const autoProcessDefault = signal(true);

/** Spaces with the personal one first, then by name (sorted when loaded). */
export const orderedSpaces = computed(() => spaces.value ?? []);

export const currentSpace = computed(
  () => spaces.value?.find((item) => item.space.id === spaceId.value)?.space ?? null,
);

/** A listed space as the default-space rule reads it. */
function spaceRef(item: SpaceListItem): { id: number; isMain: boolean } {
  return { id: item.space.id, isMain: item.is_main_space };
}

async function persist(): Promise<void> {
  const view = session.value;
  if (!view?.signedIn) return;
  if (searchText.value.trim() !== '') return;
  await writeCache({
    signedIn: true,
    email: view.email,
    serviceUrl: view.serviceUrl,
    spaces: spaces.value ?? [],
    spaceId: spaceId.value,
    recordings: recordings.value,
    count: recordingsCount.value,
    savedAt: Date.now(),
  });
}

let primed: Promise<Settings | null> | null = null;

/**
 * Puts the cached answers (the last list shown, from extension storage, no service call) into the
 * state, unless a session is already shown. A page awaits it before its first render, so that
 * render is the list; `boot` then uses the same read.
 */
export function primeFromCache(): Promise<Settings | null> {
  primed ??= (async () => {
    const [cache, settings, url] = await Promise.all([
      readCache(),
      getSettings().catch(() => null),
      serviceUrlItem.getValue().catch(() => ''),
    ]);
    if (settings) autoProcessDefault.value = settings.autoProcess;
    if (!serviceUrl.value) serviceUrl.value = url;
    defaultSpaceId.value = settings?.defaultSpaceId ?? null;
    if (cache?.signedIn && session.value === null) {
      batch(() => {
        session.value = { signedIn: true, email: cache.email, serviceUrl: cache.serviceUrl, warning: null };
        serviceUrl.value = cache.serviceUrl;
        spaces.value = cache.spaces;
        spaceId.value = cache.spaceId;
        recordings.value = cache.recordings;
        recordingsCount.value = cache.count;
        recordingsLoad.value = 'ready';
        fromCache.value = true;
      });
    }
    return settings;
  })();
  return primed;
}

let early: Promise<void> | null = null;

/**
 * Starts the fresh answers before the app is rendered (the popup, when it shows its snapshot and
 * has no cached list); `boot` then waits for these instead of asking again. Resolves when they are
 * in, or after `capMs`.
 */
export function refreshEarly(capMs: number): Promise<void> {
  early = refreshSession().catch(() => undefined);
  return Promise.race([early, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

/** First frame from the cache (already in place when the page primed it), then fresh answers. */
export async function boot(): Promise<void> {
  await primeFromCache();
  primed = null; // A page that mounts the app again reads the cache again.
  const started = early;
  early = null;
  await (started ?? refreshSession());
}

export async function refreshSession(): Promise<void> {
  const answer = await sendMessage('session.get', {});
  if (!answer.ok) {
    sessionError.value = answer.error;
    if (!session.value) session.value = { signedIn: false, serviceUrl: serviceUrl.value, warning: null };
    return;
  }
  sessionError.value = null;
  session.value = answer.data;
  serviceUrl.value = answer.data.serviceUrl;
  if (answer.data.signedIn) await refreshAll();
  else forgetAccount();
}

/** Counts the accounts dropped from the page: an answer asked for before a drop is not shown. */
let generation = 0;

export async function refreshAll(): Promise<void> {
  await Promise.all([loadSpaces(), loadJobs()]);
  if (spaceId.value !== null) await loadRecordings();
}

/**
 * Drops everything of the account shown (the state, the cached list, the popup's snapshot); an
 * answer still on its way for it is not shown.
 */
export function forgetAccount(): void {
  forgetSnapshot();
  void clearCache();
  generation += 1;
  listRequest += 1;
  batch(() => {
    spaces.value = null;
    spaceId.value = null;
    recordings.value = [];
    recordingsCount.value = 0;
    recordingsLoad.value = 'idle';
    fromCache.value = false;
    searchText.value = '';
    jobs.value = [];
    probes.value = {};
    selected.value = new Set();
    recordInstead.value = null;
    notice.value = null;
  });
}

/** The spaces; the one shown stays while the account has it, else the default space. */
export async function loadSpaces(): Promise<void> {
  const shown = generation;
  const answer = await sendMessage('spaces.list', {});
  if (shown !== generation) return;
  take(spacesList, answer.ok ? { ok: true, data: listedOrder(answer.data) } : answer);
  const list = spaces.value;
  if (!answer.ok || !list) return;
  if (!list.some((item) => item.space.id === spaceId.value)) {
    spaceId.value = defaultSpace(list.map(spaceRef), defaultSpaceId.value)?.id ?? null;
  }
}

let listRequest = 0;

export async function loadRecordings(): Promise<void> {
  const id = spaceId.value;
  if (id === null) return;
  const request = ++listRequest;
  if (!fromCache.value || recordings.value.length === 0) recordingsLoad.value = 'loading';
  const search = searchText.value.trim();
  const answer = await sendMessage('recordings.list', {
    spaceId: id,
    limit: PAGE_SIZE,
    offset: 0,
    ...(search === '' ? {} : { search, regex: searchRegex.value }),
  });
  if (request !== listRequest) return;
  if (!answer.ok) {
    batch(() => {
      take(recordingsList, answer);
      recordingsLoad.value = 'error';
    });
    return;
  }
  batch(() => {
    take(recordingsList, { ok: true, data: answer.data.results });
    recordingsCount.value = answer.data.count;
    recordingsLoad.value = 'ready';
    fromCache.value = false;
    selected.value = new Set([...selected.value].filter((a) => answer.data.results.some((r) => r.id === a)));
  });
  void probeUndecided(answer.data.results);
  void persist();
}

export async function loadMore(): Promise<void> {
  const id = spaceId.value;
  if (id === null || loadingMore.value) return;
  loadingMore.value = true;
  const request = listRequest;
  const search = searchText.value.trim();
  const answer = await sendMessage('recordings.list', {
    spaceId: id,
    limit: PAGE_SIZE,
    offset: recordings.value.length,
    ...(search === '' ? {} : { search, regex: searchRegex.value }),
  });
  loadingMore.value = false;
  if (request !== listRequest) return;
  if (!answer.ok) {
    take(recordingsList, answer);
    return;
  }
  const seen = new Set(recordings.value.map((r) => r.id));
  batch(() => {
    take(recordingsList, {
      ok: true,
      data: [...recordings.value, ...answer.data.results.filter((r) => !seen.has(r.id))],
    });
    recordingsCount.value = answer.data.count;
  });
  void probeUndecided(answer.data.results);
}

/** Asks the result endpoint about recordings whose flags cannot tell ready-to-process from processing. */
async function probeUndecided(list: Recording[]): Promise<void> {
  const id = spaceId.value;
  if (id === null) return;
  const todo = list.filter((r) => needsProbe(r) && probes.value[r.id] === undefined);
  const worker = async () => {
    for (let next = todo.shift(); next; next = todo.shift()) {
      const answer = await sendMessage('recording.result', { spaceId: id, audioId: next.id });
      if (answer.ok) probes.value = { ...probes.value, [next.id]: probeFromResult(answer.data) };
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

export function selectSpace(id: number): void {
  if (spaceId.value === id) return;
  batch(() => {
    spaceId.value = id;
    recordings.value = [];
    recordingsCount.value = 0;
    selected.value = new Set();
    fromCache.value = false;
  });
  void loadRecordings();
  void refreshSpace(id);
}

/** Balance right after something charged or refunded. */
export async function refreshSpace(id: number): Promise<void> {
  const answer = await sendMessage('space.get', { spaceId: id });
  // A late answer after the account changed replaces a space only where the new account has it.
  if (!answer.ok || !spaces.value) return;
  spaces.value = spaces.value.map((item) => (item.space.id === id ? { ...item, space: answer.data } : item));
}

let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function setSearch(textValue: string, regex: boolean): void {
  searchText.value = textValue;
  searchRegex.value = regex;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void loadRecordings(), 250);
}

export function toggleSelected(audioId: number, on: boolean): void {
  const next = new Set(selected.value);
  if (on) next.add(audioId);
  else next.delete(audioId);
  selected.value = next;
}

export async function trashSelected(): Promise<ErrorInfo | null> {
  const id = spaceId.value;
  const ids = [...selected.value];
  if (id === null || ids.length === 0) return null;
  const answer = await sendMessage('recordings.delete', { spaceId: id, audioIds: ids });
  if (!answer.ok) return answer.error;
  batch(() => {
    recordings.value = recordings.value.filter((r) => !ids.includes(r.id));
    recordingsCount.value = Math.max(0, recordingsCount.value - ids.length);
    selected.value = new Set();
  });
  void loadRecordings();
  return null;
}

export async function startProcessing(recording: Recording): Promise<ErrorInfo | null> {
  const answer = await sendMessage('recording.process', {
    spaceId: recording.space_id,
    audioId: recording.id,
  });
  if (!answer.ok) return answer.error;
  batch(() => {
    jobs.value = [answer.data, ...jobs.value.filter((job) => job.id !== answer.data.id)];
    probes.value = { ...probes.value, [recording.id]: 'running' };
  });
  void refreshSpace(recording.space_id);
  return null;
}

// Jobs -----------------------------------------------------------------------------------------

/** One read of the jobs (the page's first look, and after an action of its own). */
export async function loadJobs(): Promise<void> {
  const answer = await sendMessage('jobs.list', {});
  if (answer.ok) showJobs(answer.data);
  else take(jobsList, answer);
}

function showJobs(all: Job[]): void {
  const view = session.value;
  // Only the signed-in account's jobs: another account's stay in the background, never shown.
  const list = ownJobs(all, view?.serviceUrl ?? '', view?.email);
  const before = new Map(jobs.value.map((job) => [job.id, job.phase]));
  take(jobsList, { ok: true, data: list.sort((a, b) => b.createdAt - a.createdAt) });
  // A job that reached an end since the last look changes the list and the balance.
  const changed = list.some((job) => {
    const was = before.get(job.id);
    return (
      was !== undefined &&
      was !== job.phase &&
      ['ready', 'failed', 'uploaded', 'processing'].includes(job.phase)
    );
  });
  if (changed) {
    const affected = new Set(list.map((job) => job.audioId).filter((a) => a !== undefined));
    probes.value = Object.fromEntries(
      Object.entries(probes.value).filter(([audio]) => !affected.has(Number(audio))),
    ) as Record<number, ResultProbe>;
    void loadRecordings();
    if (spaceId.value !== null) void refreshSpace(spaceId.value);
  }
}

/**
 * Follows the jobs while the page is open: the background writes every change of a job to the
 * jobs item (lib/storage.ts), and the page shows it when it lands, without asking again.
 */
export function watchJobs(): () => void {
  return jobsItem.watch((value) => {
    if (session.value?.signedIn) showJobs(Object.values(value ?? {}));
  });
}

export async function cancelJob(jobId: string): Promise<ErrorInfo | null> {
  const answer = await sendMessage('jobs.cancel', { jobId });
  if (!answer.ok) return answer.error;
  await loadJobs();
  return null;
}

export async function dismissJob(jobId: string): Promise<ErrorInfo | null> {
  const answer = await sendMessage('jobs.dismiss', { jobId });
  if (!answer.ok) return answer.error;
  jobs.value = jobs.value.filter((job) => job.id !== jobId);
  return null;
}

export function addJob(job: Job): void {
  jobs.value = [job, ...jobs.value.filter((existing) => existing.id !== job.id)];
}

/** `keepRecordings`: "Sign in again" of an expired session keeps the recordings for the next sign-in. */
export async function signOut(options: { keepRecordings?: boolean } = {}): Promise<void> {
  forgetSnapshot();
  await sendMessage('session.signOut', options.keepRecordings ? { keepRecordings: true } : {});
  forgetAccount();
  session.value = { signedIn: false, serviceUrl: serviceUrl.value, warning: null };
}
