import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SEED } from '../../emulator';
import { describeError } from '../failures';
import { jobsItem } from '../jobs/store';
import { memoryKeyValue } from '../kv';
import type { ErrorInfo } from '../messaging';
import { emptyTimeline } from '../page-names/store';
import { pageBreakagesItem, schedulesItem, serviceUrlItem } from '../storage';
import { type Background, createBackground } from './app';
import type { Sender } from './senders';
import { backgroundOptions, extensionPage, sendAs, useEmulator } from './testing/harness';
import type { BackgroundOptions } from './types';

const popup = extensionPage('popup.html');
const meetTab: Sender = {
  id: fakeBrowser.runtime.id,
  url: 'https://meet.google.com/abc-defg-hij',
  tab: { id: 3, active: true } as Sender['tab'],
  frameId: 0,
};
const calendarTab: Sender = {
  id: fakeBrowser.runtime.id,
  url: 'https://calendar.google.com/calendar/u/0/r/week',
  tab: { id: 4 } as Sender['tab'],
  frameId: 0,
};
const youtubeTab: Sender = {
  id: fakeBrowser.runtime.id,
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  tab: { id: 5 } as Sender['tab'],
  frameId: 0,
};

const emulator = useEmulator({ processingDelayMs: 60_000 });
let bg: Background;
const requests: string[] = [];

/** The network, each request written down in `requests`. */
const recordingFetch: typeof fetch = (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  requests.push(`${request.method} ${request.url}`);
  return fetch(request);
};

beforeEach(() => {
  requests.length = 0;
  bg = createBackground(
    backgroundOptions({
      calendarsKv: memoryKeyValue(),
      recordingKv: memoryKeyValue(),
      timelinesKv: memoryKeyValue(),
      fetch: recordingFetch,
    }),
  );
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
});

const send = (type: string, payload: unknown, sender: Sender = popup) => sendAs(bg, sender, type, payload);

const signIn = () =>
  send('session.signIn', {
    serviceUrl: emulator().url,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });

/** A background started again over `more`'s stores, with its calendars in memory. */
function restart(more: Partial<BackgroundOptions>) {
  bg.jobs.scheduler.stop();
  bg = createBackground(backgroundOptions({ calendarsKv: memoryKeyValue(), ...more }));
}

/** A recording that failed and is kept for a later upload, as the recorder stores it. */
const kept = {
  id: 'r1',
  phase: 'failed',
  tabId: 7,
  title: 'Standup',
  spaceId: 1,
  availableSeconds: null,
};

/** A recording kept for the demo account in `recordingKv` (its state, a piece, its owner). */
async function keptForDemo(recordingKv: ReturnType<typeof memoryKeyValue>): Promise<void> {
  await recordingKv.set('state', { ...kept, startedAt: 0, pieces: 1, bytes: 1, recordedMs: 5_000 });
  await recordingKv.set('piece:r1:000000', new Blob(['a']));
  await recordingKv.set('owner', `${emulator().url} ${SEED.users.demo.email}`);
}

/** Every value in storage.local and storage.session, as text. */
async function storedText(): Promise<string> {
  const local = await fakeBrowser.storage.local.get(null);
  const session = await fakeBrowser.storage.session.get(null);
  return JSON.stringify([local, session]);
}

describe('session messages', () => {
  it('sign-in keeps the tokens out of extension storage and answers a view without them', async () => {
    const answer = await signIn();
    expect(answer).toMatchObject({
      ok: true,
      data: { signedIn: true, email: SEED.users.demo.email, warning: null },
    });
    expect(answer.data.renewableUntil).toBeGreaterThan(Date.now() + 28 * 86_400_000);
    const session = await bg.session.store.get();
    expect(session?.access).toBeTruthy();
    const text = await storedText();
    expect(text).not.toContain(session!.access);
    expect(text).not.toContain(session!.refresh);
    expect(JSON.stringify(answer)).not.toContain(session!.access);
    expect(text).not.toContain(SEED.users.demo.password);
  });

  it('a wrong password answers the service error and stays signed out', async () => {
    const answer = await send('session.signIn', {
      serviceUrl: emulator().url,
      email: SEED.users.demo.email,
      password: 'wrong',
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'auth', reason: 'invalid-credentials' } });
    expect((await send('session.get', {})).data.signedIn).toBe(false);
  });

  it('a service on another origin without granted access is refused with that origin', async () => {
    const answer = await send('session.signIn', {
      serviceUrl: 'https://service.example.org/',
      email: 'a@b.c',
      password: 'x',
    });
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'permission-denied', origin: 'https://service.example.org' },
    });
    expect(await serviceUrlItem.getValue()).toBe(emulator().url);
    const settings = await send('settings.set', { serviceUrl: 'https://other.example.org' });
    expect(settings.error).toEqual({ kind: 'permission-denied', origin: 'https://other.example.org' });
  });

  it('changing the service forgets the session, so no token reaches a service that did not issue it', async () => {
    await signIn();
    const next = emulator().url.replace('127.0.0.1', 'localhost');
    const answer = await send('settings.set', { serviceUrl: `${next}/`, notifyReady: false });
    expect(answer.data).toMatchObject({ serviceUrl: next, notifyReady: false, notifyFailed: true });
    expect(await bg.session.store.get()).toBeNull();
  });

  it('session.signInCancel stops a sign-in the service never answers; nothing is kept', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const pending = send('session.signIn', {
        serviceUrl: url,
        email: SEED.users.demo.email,
        password: SEED.users.demo.password,
        retry: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await send('session.signInCancel', {})).data).toEqual({ cancelled: true });
      expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
      expect(await bg.session.store.get()).toBeNull();
      expect((await send('session.signInCancel', {})).data).toEqual({ cancelled: false });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a page cannot cancel a sign-in', async () => {
    expect(await send('session.signInCancel', {}, meetTab)).toMatchObject({ ok: false });
  });

  it('"Sign in again" keeps the kept recordings for the next sign-in; Sign out deletes them', async () => {
    const recordingKv = memoryKeyValue();
    restart({ recordingKv });
    for (const keep of [true, false]) {
      await signIn();
      await recordingKv.set('state', { ...kept, startedAt: 0, pieces: 1, bytes: 1, recordedMs: 5_000 });
      await send('session.signOut', keep ? { keepRecordings: true } : {});
      expect(await recordingKv.get('state'), String(keep)).toEqual(
        keep ? expect.objectContaining({ id: 'r1' }) : undefined,
      );
    }
  });

  it('"Sign in again" and a session the service ended keep the page timeline of a kept recording; Sign out deletes it', async () => {
    const recordingKv = memoryKeyValue();
    const timelinesKv = memoryKeyValue();
    restart({ recordingKv, timelinesKv, archiveKv: memoryKeyValue() });
    await signIn();
    await recordingKv.set('state', { ...kept, startedAt: 0, pieces: 1, bytes: 1, recordedMs: 5_000 });
    const timeline = emptyTimeline(1_000);
    await timelinesKv.set('timeline:r1', {
      recordingId: 'r1',
      startedAt: 0,
      service: 'google_meet',
      savedAt: Date.now(),
      timeline: { ...timeline, participants: [{ id: 'a', name: 'Anna', self: false }], speaking: [[]] },
      attendees: ['Anna'],
    });
    await send('session.signOut', { keepRecordings: true });
    await signIn();
    // The service ends the session (its renewal refused).
    await bg.session.store.set(null);
    await bg.pageNames.follow();
    expect(await timelinesKv.keys()).toEqual(['timeline:r1']);
    await signIn();
    await send('session.signOut', {});
    expect(await timelinesKv.keys()).toEqual([]);
  });

  it('another account signing in is asked before the recordings kept for the first are deleted; the same account keeps them', async () => {
    const recordingKv = memoryKeyValue();
    restart({ recordingKv, fetch: recordingFetch });
    await signIn();
    await keptForDemo(recordingKv);
    // Ended as the service ends a session: kept for the same account's next sign-in.
    await send('session.signOut', { keepRecordings: true });
    const other = {
      serviceUrl: emulator().url,
      email: SEED.users.other.email,
      password: SEED.users.other.password,
    };
    requests.length = 0;
    const refused = await send('session.signIn', other);
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'recording', reason: 'kept-for-another', detail: '1' },
    });
    // Nothing was sent to the service, nothing deleted.
    expect(requests.filter((line) => line.includes('/api/token/'))).toEqual([]);
    expect(await recordingKv.get('state')).toMatchObject({ id: 'r1' });
    // The same account (its email typed in capitals) signs in: they stay and are offered again.
    expect(
      await send('session.signIn', {
        serviceUrl: emulator().url,
        email: SEED.users.demo.email.toUpperCase(),
        password: SEED.users.demo.password,
      }),
    ).toMatchObject({ ok: true });
    expect((await send('recording.status', {})).data.offer).toMatchObject({ title: 'Standup' });
    await send('session.signOut', { keepRecordings: true });
    // Agreed: the other account signs in and the recordings go.
    expect(await send('session.signIn', { ...other, discardRecordings: true })).toMatchObject({ ok: true });
    expect(await recordingKv.keys()).toEqual([]);
  });

  it('a new service address in the options is asked before the recordings kept (or running) are deleted: refused with how many, nothing changed; agreed, changed and deleted', async () => {
    const recordingKv = memoryKeyValue();
    restart({ recordingKv, fetch: recordingFetch });
    await signIn();
    await keptForDemo(recordingKv);
    const before = emulator().url;
    const next = before.replace('127.0.0.1', 'localhost');
    const refused = await send('settings.set', { serviceUrl: next, notifyReady: false });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'recording', reason: 'kept-for-another', detail: '1' },
    });
    // Nothing changed: the address, the session, the recording, the other settings.
    expect(await serviceUrlItem.getValue()).toBe(before);
    expect(await bg.session.store.get()).not.toBeNull();
    expect(await recordingKv.get('state')).toMatchObject({ id: 'r1' });
    expect((await send('settings.get', {})).data.notifyReady).toBe(true);
    // The same address again is no change: nothing asked.
    expect(await send('settings.set', { serviceUrl: `${before}/`, notifyReady: false })).toMatchObject({
      ok: true,
    });
    // Agreed: the address changes and the recordings go with the session.
    const agreed = await send('settings.set', { serviceUrl: next, discardRecordings: true });
    expect(agreed).toMatchObject({ ok: true, data: { serviceUrl: next } });
    expect(await recordingKv.keys()).toEqual([]);
  });

  it('sign-out forgets the session without an "ended" notice', async () => {
    await signIn();
    const view = await send('session.signOut', {});
    expect(view.data).toEqual({ signedIn: false, serviceUrl: emulator().url, warning: null });
  });
});

describe('recordings messages', () => {
  beforeEach(async () => {
    await signIn();
    requests.length = 0;
  });

  it('search is matched literally unless regex is asked for', async () => {
    await send('recordings.list', { spaceId: 1, search: 'a.b (1)', limit: 10, offset: 0 });
    const url = new URL(requests.at(-1)!.split(' ')[1]!);
    expect(url.searchParams.get('search')).toBe('a\\.b \\(1\\)');
    await send('recordings.list', { spaceId: 1, search: '^Team', regex: true, limit: 10, offset: 0 });
    expect(new URL(requests.at(-1)!.split(' ')[1]!).searchParams.get('search')).toBe('^Team');
  });

  it('an invalid regular expression is refused before any request', async () => {
    const answer = await send('recordings.list', {
      spaceId: 1,
      search: '(unclosed',
      regex: true,
      limit: 10,
      offset: 0,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid-message', issues: [{ path: 'search' }] },
    });
    expect(requests).toEqual([]);
  });

  it('result: null when processing was never started', async () => {
    const answer = await send('recording.result', {
      spaceId: 1,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    expect(answer).toEqual({ ok: true, data: null });
    const ready = await send('recording.result', { spaceId: 1, audioId: SEED.recordings.ready });
    expect(ready.data.classified).toBe(true);
  });

  it('process creates a job and runs its first step before answering; it cannot be cancelled once charged', async () => {
    const answer = await send('recording.process', {
      spaceId: 1,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    expect(answer.data).toMatchObject({ intent: 'process', phase: 'processing', spaceName: 'Personal' });
    const jobs = await send('jobs.list', {});
    expect(jobs.data).toHaveLength(1);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    const cancel = await send('jobs.cancel', { jobId: answer.data.id });
    expect(cancel).toMatchObject({ ok: false, error: { kind: 'not-cancellable' } });
  });

  it('upload.file refuses a key with no stored file', async () => {
    const answer = await send('upload.file', {
      spaceId: 1,
      fileKey: 'nothing-here',
      title: 'a.wav',
      contentType: 'audio/wav',
      size: 10,
      process: true,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid-message', issues: [{ path: 'fileKey' }] },
    });
  });

  it('upload.url refuses what is neither a video page nor a media link', async () => {
    const answer = await send('upload.url', { spaceId: 1, url: 'https://example.com/page', process: true });
    expect(answer).toEqual({ ok: false, error: { kind: 'not-a-video-page' } });
  });

  it('jobs of a signed-out user are refused up front', async () => {
    await send('session.signOut', {});
    const answer = await send('recording.process', {
      spaceId: 1,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'auth', reason: 'not-signed-in' } });
    expect(await jobsItem.getValue()).toEqual({});
  });
});

describe('page-scoped messages', () => {
  beforeEach(async () => {
    await signIn();
  });

  it('page.context tells the content script the spaces, not the tokens', async () => {
    const answer = await send('page.context', {}, meetTab);
    expect(answer.data.signedIn).toBe(true);
    expect(answer.data.hidden).toBe(false);
    expect(Object.keys(answer.data).sort()).toEqual([
      'defaultSpaceId',
      'hidden',
      'lang',
      'signedIn',
      'spaces',
      'text',
    ]);
    // The controls' texts, in the language in force only.
    expect(answer.data.text.sendBot).toBe(answer.data.lang === 'ru' ? 'Отправить бота' : 'Send bot');
    expect(answer.data.spaces.find((space: { isMain: boolean }) => space.isMain)?.id).toBe(
      SEED.spaces.personal,
    );
  });

  it('page.sendBot validates the link with the meeting detector', async () => {
    const refused = await send('page.sendBot', { link: 'https://example.com/meeting' }, meetTab);
    expect(refused).toEqual({ ok: false, error: { kind: 'not-a-meeting-link' } });
    const sent = await send(
      'page.sendBot',
      { link: 'https://meet.google.com/abc-defg-hij?authuser=0' },
      meetTab,
    );
    // The answer carries what the control shows, no more (no source link, account or service URL).
    expect(sent.data).toMatchObject({ intent: 'bot', phase: 'waiting-meeting', spaceId: 1 });
    expect(Object.keys(sent.data).sort()).toEqual([
      'createdAt',
      'id',
      'intent',
      'phase',
      'spaceId',
      'spaceName',
    ]);
    const job = (await bg.jobs.store.list())[0];
    expect(job?.sourceUrl).toBe('https://meet.google.com/abc-defg-hij');
  });

  it('a meeting page sends a bot to its own meeting only; a calendar to any meeting link', async () => {
    expect(await send('page.sendBot', { link: 'https://zoom.us/j/1234567890' }, meetTab)).toEqual({
      ok: false,
      error: { kind: 'not-a-meeting-link' },
    });
    expect(await send('page.sendBot', { link: 'https://zoom.us/j/1234567890' }, youtubeTab)).toEqual({
      ok: false,
      error: { kind: 'not-a-meeting-link' },
    });
    expect(await send('page.sendBot', { link: 'https://zoom.us/j/1234567890' }, calendarTab)).toMatchObject({
      ok: true,
      data: { intent: 'bot' },
    });
  });

  it('page.record, page.recordStop, page.recordKeep, page.recording, page.callEnded, page.callState: only a meeting tab, for its own tab', async () => {
    for (const [type, payload] of [
      ['page.record', {}],
      ['page.recordStop', {}],
      ['page.recordKeep', {}],
      ['page.recording', {}],
      ['page.callEnded', {}],
      ['page.callState', { inCall: true }],
    ] as const) {
      expect(await send(type, payload, popup)).toMatchObject({
        ok: false,
        error: { kind: 'forbidden-sender' },
      });
      for (const tab of [calendarTab, youtubeTab])
        expect(await send(type, payload, tab)).toEqual({ ok: false, error: { kind: 'not-a-meeting-link' } });
    }

    // Refused before anything is read or made (the meeting tab's own answers: the e2e specs).
    expect(await bg.jobs.store.list()).toEqual([]);
    // A frame of a meeting page is no sender: only the top document speaks for the tab.
    expect(await send('page.callEnded', {}, { ...meetTab, frameId: 3 })).toMatchObject({ ok: false });
  });

  it('page.callState: a yes or no from the top document of a meeting page, nothing else', async () => {
    for (const payload of [{}, { inCall: 'yes' }, { inCall: 1 }, { inCall: null }])
      expect(await send('page.callState', payload, meetTab)).toMatchObject({ ok: false });
    expect(await send('page.callState', { inCall: true }, { ...meetTab, frameId: 3 })).toMatchObject({
      ok: false,
    });
    // No recording of this tab: nothing to keep, nothing fails.
    expect(await send('page.callState', { inCall: true }, meetTab)).toEqual({ ok: true, data: null });
  });

  it('page.autoJoin: only a meeting tab, for its own meeting; off unless the options say so; Cancel stops it', async () => {
    expect(await send('page.autoJoin', { looking: true }, popup)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden-sender' },
    });
    for (const tab of [calendarTab, youtubeTab]) {
      expect(await send('page.autoJoin', { looking: true }, tab)).toEqual({
        ok: false,
        error: { kind: 'not-a-meeting-link' },
      });
      expect(await send('page.autoJoinCancel', {}, tab)).toEqual({
        ok: false,
        error: { kind: 'not-a-meeting-link' },
      });
    }
    expect(await send('page.autoJoin', { looking: true }, meetTab)).toEqual({
      ok: true,
      data: { state: 'off' },
    });
    await send('settings.set', { autoJoinTabs: true });
    // Not looked at: the page says it is hidden, or the browser that it is a background tab.
    expect(await send('page.autoJoin', { looking: false }, meetTab)).toEqual({
      ok: true,
      data: { state: 'off' },
    });
    const behind = { ...meetTab, tab: { id: 3, active: false } as Sender['tab'] };
    expect(await send('page.autoJoin', { looking: true }, behind)).toEqual({
      ok: true,
      data: { state: 'off' },
    });
    expect(await send('page.autoJoin', { looking: true }, meetTab)).toMatchObject({
      ok: true,
      data: { state: 'counting', remainingMs: expect.any(Number) },
    });
    expect(await send('page.autoJoinCancel', {}, meetTab)).toEqual({
      ok: true,
      data: { state: 'cancelled' },
    });
    expect((await bg.jobs.store.list()).filter((job) => job.intent === 'bot')).toEqual([]);
  });

  it('page.transcribe takes the sender tab’s own page, whatever the payload names', async () => {
    expect(
      await send('page.transcribe', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, meetTab),
    ).toEqual({ ok: false, error: { kind: 'not-a-video-page' } });
    const answer = await send('page.transcribe', { url: 'https://vimeo.com/76979871' }, youtubeTab);
    expect(answer).toMatchObject({ ok: true, data: { intent: 'video' } });
    const job = (await bg.jobs.store.list()).find((candidate) => candidate.intent === 'video');
    expect(job?.sourceUrl).toContain('youtube.com');
  });

  it('page.context says whether the sender’s own site is hidden', async () => {
    await send('page.hideOnSite', { host: 'meet.google.com' }, meetTab);
    expect((await send('page.context', {}, meetTab)).data.hidden).toBe(true);
    expect((await send('page.context', {}, calendarTab)).data.hidden).toBe(false);
  });

  it('page.scheduleBot stores the schedule with an alarm; schedules.cancel removes both', async () => {
    const startsAt = Date.now() + 3_600_000;
    const answer = await send(
      'page.scheduleBot',
      { link: 'https://zoom.us/j/1234567890', startsAt, title: 'Planning' },
      calendarTab,
    );
    expect(answer.data).toMatchObject({ meetingService: 'zoom', startsAt, spaceId: 1, title: 'Planning' });
    expect((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).toContain(
      `bot-schedule:${answer.data.id}`,
    );
    expect((await send('schedules.list', {})).data).toHaveLength(1);
    await send('schedules.cancel', { id: answer.data.id });
    expect(await schedulesItem.getValue()).toEqual([]);
    expect((await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name)).not.toContain(
      `bot-schedule:${answer.data.id}`,
    );
  });

  it('a scheduled bot goes out the way a clicked one does (sendBot): its job names the space it went to', async () => {
    await signIn();
    const link = 'https://zoom.us/j/1234567890';
    const scheduled = await send(
      'page.scheduleBot',
      { link, startsAt: Date.now() + 3_600_000, spaceId: SEED.spaces.team },
      calendarTab,
    );
    await bg.calendar.schedules.fire(`bot-schedule:${scheduled.data.id}`);
    const team = (await bg.spaces.list()).find((space) => space.id === SEED.spaces.team);
    expect(team?.name).toBeTruthy();
    expect(await bg.jobs.store.list()).toEqual([
      expect.objectContaining({
        intent: 'bot',
        sourceUrl: link,
        spaceId: SEED.spaces.team,
        spaceName: team?.name,
      }),
    ]);
  });

  it('page.scheduleBot refuses an event long over', async () => {
    const answer = await send(
      'page.scheduleBot',
      { link: 'https://zoom.us/j/1234567890', startsAt: Date.now() - 3_600_000 },
      calendarTab,
    );
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid-message', issues: [{ path: 'startsAt' }] },
    });
  });

  it('its refusals are worded in the language in force, not English inside a Russian sentence', async () => {
    const refusals: Array<[unknown, string]> = [
      [
        await send(
          'page.scheduleBot',
          { link: 'https://zoom.us/j/1234567890', startsAt: Date.now() - 3_600_000 },
          calendarTab,
        ),
        'The event has already started',
      ],
      [
        await send('page.hideOnSite', { host: 'example.com' }, meetTab),
        "Only the sender page's own host can be hidden",
      ],
      [
        await send('settings.set', { serviceUrl: 'http://example.com' }),
        'Plain http:// is accepted only for a service on this computer',
      ],
      [
        await send('recordings.list', { spaceId: 1, search: '(', regex: true, limit: 10, offset: 0 }),
        'Invalid regular expression',
      ],
    ];
    for (const [answer, english] of refusals) {
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid-message' } });
      const error = (answer as { error: ErrorInfo }).error;
      expect(describeError(error, 'en')).toContain(english);
      const ru = describeError(error, 'ru');
      expect(ru).not.toContain(english);
      expect(ru.replace(/https?:\/\//g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('page.timeline answers a meeting page whether its tab is recorded, and keeps nothing when it is not', async () => {
    const timeline = { v: 1, origin: 1, participants: [], speaking: [], observed: [], truncated: false };
    expect(await send('page.timeline', {}, meetTab)).toEqual({ ok: true, data: { recording: false } });
    expect(await send('page.timeline', { timeline, missing: 'participant tiles' }, meetTab)).toEqual({
      ok: true,
      data: { recording: false },
    });
    expect(await pageBreakagesItem.getValue()).toEqual([]);
    // Only meeting pages, and only the parts a reader names: no page text.
    expect(await send('page.timeline', {}, calendarTab)).toMatchObject({ ok: false });
    expect(await send('page.timeline', { missing: 'Anna Petrova' }, meetTab)).toMatchObject({ ok: false });
    expect(await send('page.timeline', {}, popup)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden-sender' },
    });
    // The viewer asks for a recording's timeline; none is kept for it.
    expect(await send('pageNames.get', { spaceId: 1, audioId: 1 }, popup)).toEqual({
      ok: true,
      data: null,
    });
    expect(await send('pageNames.get', { spaceId: 1, audioId: 1 }, meetTab)).toMatchObject({ ok: false });
  });

  it('page.breakage keeps what a calendar or meeting adapter missed, for those pages only, with no page content', async () => {
    expect(await send('page.breakage', { part: 'event title' }, calendarTab)).toEqual({
      ok: true,
      data: null,
    });
    expect(await send('page.breakage', { part: 'event title' }, calendarTab)).toEqual({
      ok: true,
      data: null,
    });
    // A meeting page's call-state reader: kept under its service. Page text is refused by the schema.
    expect(await send('page.breakage', { part: 'call state' }, meetTab)).toEqual({ ok: true, data: null });
    // A video page has no adapter that reports: nothing is kept.
    expect(await send('page.breakage', { part: 'call state' }, youtubeTab)).toEqual({ ok: true, data: null });
    expect(
      await send('page.breakage', { part: 'Weekly sync https://meet.google.com/x' }, calendarTab),
    ).toMatchObject({
      ok: false,
    });
    const kept = await pageBreakagesItem.getValue();
    expect(kept).toEqual([
      expect.objectContaining({ app: 'google', host: 'calendar.google.com', part: 'event title', count: 2 }),
      expect.objectContaining({ app: 'google_meet', host: 'meet.google.com', part: 'call state', count: 1 }),
    ]);
  });

  it("page.eventStart reads a calendar event's start from its text, for calendar pages only", async () => {
    const text = 'Weekly sync\nWednesday, March 4, 2099 ⋅ 10:00 – 11:00am';
    expect(await send('page.eventStart', { text, slashOrder: 'mdy' }, calendarTab)).toEqual({
      ok: true,
      data: new Date(2099, 2, 4, 10).getTime(),
    });
    expect(
      await send('page.eventStart', { text: 'Wed 04/03/2099 10:00', slashOrder: 'dmy' }, calendarTab),
    ).toEqual({
      ok: true,
      data: new Date(2099, 2, 4, 10).getTime(),
    });
    expect(
      await send('page.eventStart', { text: 'Quarterly review', slashOrder: 'mdy' }, calendarTab),
    ).toEqual({
      ok: true,
      data: null,
    });
    // Another page gets no answer from the parser; a text longer than is ever read, no answer at all.
    expect(await send('page.eventStart', { text, slashOrder: 'mdy' }, meetTab)).toEqual({
      ok: true,
      data: null,
    });
    expect(
      await send('page.eventStart', { text: 'x'.repeat(20_001), slashOrder: 'mdy' }, calendarTab),
    ).toMatchObject({ ok: false });
    expect(await send('page.eventStart', { text, slashOrder: 'ymd' }, calendarTab)).toMatchObject({
      ok: false,
    });
  });

  it('page.hideOnSite hides the controls on the sender page only', async () => {
    expect(await send('page.hideOnSite', { host: 'example.com' }, meetTab)).toMatchObject({ ok: false });
    expect(await send('page.hideOnSite', { host: 'meet.google.com' }, meetTab)).toEqual({
      ok: true,
      data: null,
    });
    expect((await send('settings.get', {})).data.hiddenOnSites).toEqual(['meet.google.com']);
  });
});

describe('the sites uploads need', () => {
  it('a site an upload was refused is named among the missing ones, asked for at the next upload’s click', async () => {
    await signIn();
    const before = (await send('service.origins', {})).data;
    expect(before.storage).not.toContain('https://storage.example.net/*');
    const at = Date.now();
    await jobsItem.setValue({
      refused: {
        id: 'refused',
        intent: 'upload',
        spaceId: 1,
        title: 'Standup.webm',
        autoProcess: false,
        phase: 'failed',
        failure: { kind: 'permission-denied', origin: 'https://storage.example.net' },
        createdAt: at,
        updatedAt: at,
        finishedAt: at,
      },
      garbled: {
        id: 'garbled',
        intent: 'upload',
        spaceId: 1,
        title: 'Other.webm',
        autoProcess: false,
        phase: 'failed',
        failure: { kind: 'permission-denied', origin: 'not a site' },
        createdAt: at,
        updatedAt: at,
        finishedAt: at,
      },
    } as never);
    const after = (await send('service.origins', {})).data;
    expect(after.storage).toContain('https://storage.example.net/*');
    expect(after.missing).toContain('https://storage.example.net/*');
    expect(JSON.stringify(after)).not.toContain('not a site');
  });
});

describe('notices of jobs that ended as the worker stopped', () => {
  it('the next start shows the notice once, and a finished job already notified stays quiet', async () => {
    const ended = Date.now() - 2_000;
    const base = {
      intent: 'process',
      spaceId: 1,
      audioId: 105,
      title: 'Weekly sync',
      autoProcess: true,
    } as const;
    await jobsItem.setValue({
      lost: {
        ...base,
        id: 'lost',
        phase: 'ready',
        createdAt: ended - 60_000,
        updatedAt: ended,
        finishedAt: ended,
      },
      shown: {
        ...base,
        id: 'shown',
        phase: 'ready',
        createdAt: ended - 60_000,
        updatedAt: ended,
        finishedAt: ended,
        notifiedAt: ended,
      },
    });
    await bg.wake();
    const shown = await fakeBrowser.notifications.getAll();
    expect(Object.keys(shown)).toEqual(['job:lost']);
    expect((await jobsItem.getValue()).lost?.notifiedAt).toBeGreaterThanOrEqual(ended);

    await fakeBrowser.notifications.clear('job:lost');
    await bg.wake();
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('a job reaching its end records that its notice was shown', async () => {
    let clock = Date.now();
    bg.jobs.scheduler.stop();
    bg = createBackground(backgroundOptions({ now: () => clock }));
    await signIn();
    const started = await send('recording.process', {
      spaceId: SEED.spaces.personal,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    expect(started.ok).toBe(true);
    await bg.jobs.engine.idle();
    const advance = await fetch(`${emulator().url}/__emulator/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 120_000 }),
    });
    expect(advance.status).toBe(200);
    clock += 120_000;
    await bg.jobs.engine.tick();
    await bg.jobs.engine.idle();
    const [finished] = Object.values(await jobsItem.getValue());
    expect(finished?.phase).toBe('ready');
    expect(finished?.notifiedAt).toBe(clock);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([`job:${finished?.id}`]);
  });
});
