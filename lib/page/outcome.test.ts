import { describe, expect, it } from 'vitest';
import type { ApiErrorInfo } from '@/lib/api/errors';
import { failureTexts } from '@/lib/failures';
import { pageFailureTexts } from '@/lib/failures/page';
import type { Job } from '@/lib/jobs/types';
import type { ErrorInfo, MessageResult, ScheduledBot } from '@/lib/messaging';
import { pageMessages } from '@/lib/page/messages';
import {
  describeBotResult,
  describeError,
  describePageAnswer,
  describeScheduleResult,
  describeTranscribeResult,
  isPageAction,
  type SpaceView,
} from '@/lib/page/outcome';
import { PAGE_TEXT } from '@/lib/page/page-text';
import { fill } from '@/lib/page/template';

const personal: SpaceView = {
  id: 1,
  name: 'Personal',
  isMain: true,
  availableSeconds: 36_000,
  isActive: true,
};
const almostEmpty: SpaceView = {
  id: 4,
  name: 'Almost empty',
  isMain: false,
  availableSeconds: 120,
  isActive: true,
};

function job(patch: Partial<Job>): Job {
  return {
    id: 'j1',
    intent: 'bot',
    phase: 'waiting-meeting',
    spaceId: 1,
    createdAt: 0,
    updatedAt: 0,
    autoProcess: true,
    ...patch,
  };
}

const fail = (error: ErrorInfo): MessageResult<Job> => ({ ok: false, error });

describe('outcome of "Send bot"', () => {
  it('sent: names the space', () => {
    const outcome = describeBotResult({ ok: true, data: job({ spaceName: 'Team' }) }, 'en', personal);
    expect(outcome).toEqual({ tone: 'success', text: expect.stringContaining('“Team”') });
    expect(describeBotResult({ ok: true, data: job({}) }, 'ru', personal).text).toContain('«Personal»');
    expect(describeBotResult({ ok: true, data: job({}) }, 'en').text).toBe(pageMessages.en.botSentNoSpace);
  });

  it('the same meeting again: the background’s earlier job, said as such', () => {
    const earlier = job({ spaceName: 'Personal', createdAt: 10_000 });
    expect(describeBotResult({ ok: true, data: earlier }, 'en', personal, 60_000).text).toBe(
      pageMessages.en.botAlreadySent('Personal'),
    );
    expect(describeBotResult({ ok: true, data: earlier }, 'en', personal, 10_000).text).toBe(
      pageMessages.en.botSent('Personal'),
    );
  });

  it('code 5: a bot is already in a meeting of this space', () => {
    for (const result of [
      fail({ kind: 'bot-busy', detail: 'A meeting bot is already active in this space.' }),
      {
        ok: true as const,
        data: job({ phase: 'failed', failure: { kind: 'api', error: { kind: 'bot-busy' } } }),
      },
    ]) {
      const outcome = describeBotResult(result, 'en', personal);
      expect(outcome.tone).toBe('error');
      expect(outcome.text).toBe(pageFailureTexts.en.botBusy('Personal'));
      expect(outcome.text).toMatch(/already in a meeting of space “Personal”/);
    }
    expect(describeBotResult(fail({ kind: 'bot-busy' }), 'ru', personal).text).toMatch(/уже участвует/);
  });

  it('code 4: not enough minutes, with the balance', () => {
    const outcome = describeBotResult(fail({ kind: 'bot-low-balance' }), 'en', almostEmpty);
    expect(outcome.text).toMatch(/Not enough minutes in “Almost empty”: 2 min left/);
    expect(describeBotResult(fail({ kind: 'bot-low-balance' }), 'ru', almostEmpty).text).toMatch(
      /осталось 2 мин/,
    );
    // Without a known space the service's own sentence is used.
    expect(describeBotResult(fail({ kind: 'bot-low-balance' }), 'en').text).toMatch(/Less than 5 minutes/);
  });

  it('signed out: tells the person to open the popup', () => {
    const outcome = describeBotResult(fail({ kind: 'auth', reason: 'not-signed-in' }), 'en', personal);
    expect(outcome).toEqual({ tone: 'error', text: pageFailureTexts.en.signedOut, signedOut: true });
    expect(outcome.text).toMatch(/popup/);
    expect(describeBotResult(fail({ kind: 'auth', reason: 'session-expired' }), 'ru').signedOut).toBe(true);
    expect(pageFailureTexts.ru.signedOut).toMatch(/Вы не вошли/);
  });

  it('a reloaded extension asks for a page reload', () => {
    const outcome = describeBotResult(
      fail({ kind: 'internal', message: 'Extension context invalidated.' }),
      'en',
    );
    expect(outcome.text).toBe(pageFailureTexts.en.reloadPage);
  });

  it('a refused payload says why', () => {
    const outcome = describeError(
      {
        kind: 'invalid-message',
        issues: [{ path: 'startsAt', message: 'event-started', refusal: 'event-started' }],
      },
      'en',
    );
    expect(outcome.text).toContain('The event has already started.');
  });

  it('every error kind reads as a sentence in both languages', () => {
    const errors: ErrorInfo[] = [
      { kind: 'network', message: 'Failed to fetch' },
      { kind: 'timeout' },
      { kind: 'html', status: 404, contentType: 'text/html', text: 'Not Found' },
      { kind: 'invalid-response', status: 200, issues: [{ path: 'id', message: 'Required' }] },
      { kind: 'validation', fields: { link: ['Ensure this field has no more than 255 characters.'] } },
      { kind: 'insufficient-balance', availableSeconds: 60, neededSeconds: 600 },
      { kind: 'unpaid' },
      { kind: 'forbidden' },
      { kind: 'not-found' },
      { kind: 'server', status: 502, text: '' },
      { kind: 'outcome-unknown', operation: 'sendBot', check: 'meeting' },
      { kind: 'http', status: 418 },
      { kind: 'unexpected', message: 'x' },
      { kind: 'forbidden-sender', type: 'page.sendBot' },
      { kind: 'unknown-message', type: 'page.sendBot' },
      { kind: 'not-a-meeting-link' },
      { kind: 'not-a-video-page' },
      { kind: 'permission-denied', origin: 'https://service.example' },
    ];
    for (const error of errors) {
      for (const lang of ['en', 'ru'] as const) {
        const outcome = describeError(error, lang, personal);
        expect.soft(outcome.tone, error.kind).toBe('error');
        expect.soft(outcome.text.length, `${error.kind} ${lang}`).toBeGreaterThan(10);
        expect.soft(outcome.text, error.kind).not.toMatch(/undefined|\[object/);
      }
    }
  });

  it('insufficient balance names the chosen space when the error does not', () => {
    const error: ApiErrorInfo = { kind: 'insufficient-balance', availableSeconds: 120, neededSeconds: 750 };
    expect(describeError(error, 'en', almostEmpty).text).toBe(
      '2 min of processing time left in Almost empty; this recording needs 12 min 30 s.',
    );
  });
});

describe('outcome of "Transcribe audio" and "Send at start"', () => {
  it('transcribe: sent, or the failure', () => {
    const sent = describeTranscribeResult(
      { ok: true, data: job({ intent: 'video', phase: 'downloading' }) },
      'en',
      personal,
    );
    expect(sent).toEqual({ tone: 'success', text: pageMessages.en.transcribeSent('Personal') });
    const failed = describeTranscribeResult(
      {
        ok: true,
        data: job({
          intent: 'video',
          phase: 'failed',
          failure: { kind: 'not-enough-balance', availableSeconds: 120, neededSeconds: 750 },
        }),
      },
      'en',
      almostEmpty,
    );
    expect(failed.text).toMatch(/2 min of processing time left in Almost empty/);
    expect(describeTranscribeResult(fail({ kind: 'not-a-video-page' }), 'ru').text).toBe(
      failureTexts('ru').notVideoPage,
    );
  });

  it('schedule: when, in the page language', () => {
    const startsAt = new Date(2026, 2, 4, 10, 0).getTime();
    const bot: ScheduledBot = { id: 's1', link: 'x', meetingService: 'google_meet', startsAt, spaceId: 1 };
    const en = describeScheduleResult({ ok: true, data: bot }, 'en', personal);
    expect(en.tone).toBe('success');
    expect(en.text).toMatch(/^The bot will be sent at Wed,? 4 Mar,? 10:00 \(space “Personal”\)/);
    expect(describeScheduleResult({ ok: true, data: bot }, 'ru', personal).text).toMatch(/4 мар/);
  });
});

describe('page messages', () => {
  it('name the controls as the design says', () => {
    expect(PAGE_TEXT.en.sendBot).toBe('Send bot');
    expect(PAGE_TEXT.ru.sendBot).toBe('Отправить бота');
    expect(PAGE_TEXT.en.transcribe).toBe('Transcribe audio');
    expect(PAGE_TEXT.ru.transcribe).toBe('Расшифровать аудио');
    expect(fill(PAGE_TEXT.en.lengthOfLeft, { length: '12 min 30 s', left: '1 h 58 min' })).toBe(
      '12 min 30 s of 1 h 58 min left',
    );
  });

  it('the controls’ texts are templates in both languages, with the same placeholders', () => {
    expect(Object.keys(PAGE_TEXT.ru).sort()).toEqual(Object.keys(PAGE_TEXT.en).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(PAGE_TEXT.en)) {
      const ru = PAGE_TEXT.ru[key as keyof typeof PAGE_TEXT.ru];
      expect.soft(ru.trim().length, key).toBeGreaterThan(0);
      expect.soft(placeholders(ru), key).toEqual(placeholders(text));
    }
  });

  it('have every text in both languages', () => {
    expect(Object.keys(pageMessages.ru).sort()).toEqual(Object.keys(pageMessages.en).sort());
    for (const [key, value] of Object.entries(pageMessages.ru)) {
      const text = typeof value === 'function' ? (value as (...args: string[]) => string)('A', 'B') : value;
      expect.soft(text.trim().length, key).toBeGreaterThan(0);
    }
  });
});

describe('the sentence the background sends with a page action’s answer', () => {
  it('is the same sentence as the describers give, for every page action', () => {
    const sent = { ok: true as const, data: job({ spaceName: 'Personal', createdAt: 5000 }) };
    expect(describePageAnswer('page.sendBot', sent, 'en', personal, 5000)?.text).toBe(
      pageMessages.en.botSent('Personal'),
    );
    // Received after the job was made: the bot was sent earlier.
    expect(describePageAnswer('page.sendBot', sent, 'en', personal, 9000)?.text).toBe(
      pageMessages.en.botAlreadySent('Personal'),
    );
    expect(
      describePageAnswer(
        'page.transcribe',
        fail({ kind: 'auth', reason: 'not-signed-in' }),
        'ru',
        undefined,
        0,
      ),
    ).toEqual({ tone: 'error', text: pageFailureTexts.ru.signedOut, signedOut: true });
    expect(describePageAnswer('page.hideOnSite', { ok: true, data: null }, 'en', undefined, 0)).toBeNull();
    expect(isPageAction('page.context')).toBe(false);
    expect(isPageAction('page.scheduleBot')).toBe(true);
  });
});

describe('the tab rule (page.autoJoin, page.autoJoinCancel)', () => {
  it('says nothing while the countdown runs, and one sentence once cancelled or sent', () => {
    const counting = { ok: true, data: { state: 'counting', remainingMs: 9000 } } as const;
    expect(describePageAnswer('page.autoJoin', counting, 'en', undefined, 0)).toBeNull();
    expect(
      describePageAnswer('page.autoJoin', { ok: true, data: { state: 'off' } }, 'en', undefined, 0),
    ).toBeNull();
    expect(
      describePageAnswer(
        'page.autoJoinCancel',
        { ok: true, data: { state: 'cancelled' } },
        'ru',
        undefined,
        0,
      ),
    ).toEqual({ tone: 'success', text: pageMessages.ru.autoJoinCancelled });
    const sent = {
      ok: true,
      data: { state: 'sent', job: job({ spaceName: 'Personal', createdAt: 5 }) },
    } as const;
    // However late the page asks, the bot it sent reads as sent, not as "already sent".
    expect(describePageAnswer('page.autoJoin', sent, 'en', undefined, 1000)).toEqual({
      tone: 'success',
      text: pageMessages.en.botSent('Personal'),
    });
  });

  it('a failure reads as the same failure of "Send bot"', () => {
    const failure = { kind: 'api', error: { kind: 'bot-busy', replayPossible: false } } as Job['failure'];
    const failed = { ok: true, data: { state: 'failed', job: job({ phase: 'failed', failure }) } } as const;
    expect(describePageAnswer('page.autoJoin', failed, 'en', personal, 0)).toEqual(
      describeBotResult({ ok: true, data: job({ phase: 'failed', failure }) }, 'en', personal),
    );
    const refused = { ok: true, data: { state: 'failed', job: null, error: 'No access' } } as const;
    expect(describePageAnswer('page.autoJoin', refused, 'en', undefined, 0)).toEqual(
      describeError({ kind: 'internal', message: 'No access' }, 'en'),
    );
  });
});

describe('"Record here" on a meeting page (page.record, page.recordStop, page.recording)', () => {
  const recording = { recording: true, elapsedMs: 4_000, elsewhere: false };
  const refused = (
    reason: 'capture-refused' | 'signed-out' | 'already-recording' | 'still-uploading',
    shortcut?: string,
  ) =>
    ({
      ok: false,
      error: { kind: 'recording', reason, ...(shortcut && { shortcut }) },
    }) as MessageResult<typeof recording>;

  it('how the tab’s recording broke is said to its control whatever asked, in both languages', () => {
    for (const how of ['microphone', 'tab', 'page'] as const) {
      const broke = {
        ok: true,
        data: { recording: how === 'microphone', elapsedMs: 0, elsewhere: false, broke: how },
      } as const;
      expect(describePageAnswer('page.recording', broke, 'en', personal, 0)).toEqual({
        tone: 'error',
        text: pageMessages.en.recordBroke(how),
      });
      expect(describePageAnswer('page.recording', broke, 'ru', personal, 0)?.text).toBe(
        pageMessages.ru.recordBroke(how),
      );
    }
    expect(pageMessages.en.recordBroke('microphone')).toContain('microphone is no longer recorded');
    expect(pageMessages.en.recordBroke('page')).toContain('kept');
    expect(pageMessages.ru.recordBroke('tab')).toContain('сохранено');
    expect(describePageAnswer('page.recording', { ok: true, data: recording }, 'en', personal, 0)).toBeNull();
  });

  it('a capture Chrome refused says what to press, with the shortcut in force when there is one', () => {
    expect(
      describePageAnswer('page.record', refused('capture-refused', 'Alt+Shift+R'), 'en', personal, 0),
    ).toEqual({
      tone: 'error',
      text: 'Chrome lets Meeting Capture record a tab only after you use the extension itself. Press Alt+Shift+R or click the Meeting Capture toolbar button, then “Record this tab”.',
    });
    expect(describePageAnswer('page.record', refused('capture-refused'), 'en', personal, 0)?.text).toBe(
      pageMessages.en.recordPressNoShortcut,
    );
    expect(
      describePageAnswer('page.record', refused('capture-refused', 'Alt+Shift+R'), 'ru', personal, 0)?.text,
    ).toContain('Нажмите Alt+Shift+R или кнопку Meeting Capture');
  });

  it('other refusals are worded, signed out asks to sign in', () => {
    expect(describePageAnswer('page.record', refused('already-recording'), 'en', personal, 0)?.text).toBe(
      'Another tab is being recorded: stop it first.',
    );
    // The last recording still uploading is not "another tab being recorded".
    expect(describePageAnswer('page.record', refused('still-uploading'), 'en', personal, 0)?.text).toBe(
      'The last recording is still being uploaded: start the next one when it is done (see Meeting Capture).',
    );
    expect(describePageAnswer('page.record', refused('still-uploading'), 'ru', personal, 0)?.text).toMatch(
      /^Предыдущая запись ещё загружается/,
    );
    expect(describePageAnswer('page.record', refused('signed-out'), 'en', personal, 0)).toMatchObject({
      signedOut: true,
    });
  });

  it('a start and a stop are confirmed; the status says nothing', () => {
    const ok = { ok: true, data: recording } as const;
    expect(describePageAnswer('page.record', ok, 'en', personal, 0)?.text).toBe(
      pageMessages.en.recordStarted,
    );
    expect(describePageAnswer('page.recordStop', ok, 'ru', personal, 0)?.text).toBe(
      pageMessages.ru.recordStopped,
    );
    expect(describePageAnswer('page.recording', ok, 'en', personal, 0)).toBeNull();
  });

  it('the very first start says, once, that participants should be told; in Russian too', () => {
    const first = { ok: true, data: { ...recording, consent: true } } as const;
    expect(describePageAnswer('page.record', first, 'en', personal, 0)?.text).toBe(
      `${pageMessages.en.recordStarted} Tell the participants that the meeting is being recorded.`,
    );
    expect(describePageAnswer('page.record', first, 'ru', personal, 0)?.text).toContain(
      'Предупредите участников, что встреча записывается.',
    );
  });

  it('the control’s texts exist in both languages', () => {
    for (const key of ['recordHere', 'recordStop', 'recordingFor'] as const) {
      expect(PAGE_TEXT.en[key]).not.toBe('');
      expect(PAGE_TEXT.ru[key]).not.toBe(PAGE_TEXT.en[key]);
    }
  });
});
