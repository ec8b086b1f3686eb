import { describe, expect, it } from 'vitest';
import { formatApiError } from '@/lib/failures/api-both';
import {
  ApiError,
  type ApiErrorInfo,
  errorFromResponse,
  fieldErrorsOf,
  isTransportFailure,
  type Operation,
  toApiErrorInfo,
} from './errors';

const JSON_TYPE = 'application/json';
const HTML_PAGE =
  '<!doctype html><html><head><title>Server Error (500)</title></head><body><h1>Oops</h1></body></html>';

describe('errorFromResponse: status and Content-Type decide before parsing', () => {
  it('maps an HTML 500 to server, whatever the operation', () => {
    expect(
      errorFromResponse({ status: 500, contentType: 'text/html', text: HTML_PAGE, operation: 'getResult' }),
    ).toEqual({
      kind: 'server',
      status: 500,
      text: 'Server Error (500)',
      operation: 'getResult',
    });
  });

  it('maps a JSON 503 to server too', () => {
    expect(
      errorFromResponse({ status: 503, contentType: JSON_TYPE, text: '{"detail":"down"}' }),
    ).toMatchObject({
      kind: 'server',
      status: 503,
    });
  });

  it('maps an HTML 404 (non-existent path) to html, not not-found', () => {
    expect(errorFromResponse({ status: 404, contentType: 'text/html', text: '<h1>Not Found</h1>' })).toEqual({
      kind: 'html',
      status: 404,
      contentType: 'text/html',
      text: 'Not Found',
    });
  });

  it('maps a 400 without Content-Type to html instead of guessing', () => {
    expect(errorFromResponse({ status: 400, contentType: null, text: 'Bad Request' })).toMatchObject({
      kind: 'html',
      status: 400,
    });
  });

  it('maps a 400 field list to validation with every field', () => {
    const info = errorFromResponse({
      status: 400,
      contentType: JSON_TYPE,
      text: JSON.stringify({
        title: ['Ensure this field has no more than 255 characters.'],
        size: ['This field is required.'],
      }),
      operation: 'createRecording',
    });
    expect(info).toEqual({
      kind: 'validation',
      operation: 'createRecording',
      fields: {
        title: ['Ensure this field has no more than 255 characters.'],
        size: ['This field is required.'],
      },
    });
  });

  it('keeps a non-field detail and flattens nested field errors', () => {
    const info = errorFromResponse({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      text: JSON.stringify({
        detail: 'Bad parts',
        parts: [{ ETag: ['Required.'] }, {}],
        non_field_errors: 'x',
      }),
    });
    expect(info).toEqual({
      kind: 'validation',
      detail: 'Bad parts',
      fields: { 'parts.0.ETag': ['Required.'], non_field_errors: ['x'] },
    });
  });

  it('maps 403 code 1 to insufficient-balance with the balance from duration', () => {
    expect(
      errorFromResponse({
        status: 403,
        contentType: JSON_TYPE,
        text: JSON.stringify({ detail: 'Not enough minutes', duration: 120, code: 1 }),
        operation: 'startProcessing',
      }),
    ).toEqual({
      kind: 'insufficient-balance',
      availableSeconds: 120,
      detail: 'Not enough minutes',
      operation: 'startProcessing',
    });
  });

  it('keeps insufficient-balance when the balance is missing', () => {
    expect(errorFromResponse({ status: 403, contentType: JSON_TYPE, text: '{"code":"1"}' })).toEqual({
      kind: 'insufficient-balance',
      availableSeconds: null,
    });
  });

  it.each([
    [7, 'unpaid'],
    [4, 'bot-low-balance'],
    [5, 'bot-busy'],
  ] as const)('maps 400 code %i to %s', (code, kind) => {
    expect(
      errorFromResponse({ status: 400, contentType: JSON_TYPE, text: JSON.stringify({ detail: 'd', code }) }),
    ).toEqual({ kind, detail: 'd' });
  });

  it('carries an unknown numeric code through as http', () => {
    expect(
      errorFromResponse({
        status: 400,
        contentType: JSON_TYPE,
        text: JSON.stringify({ detail: 'New rule', code: 12 }),
      }),
    ).toEqual({ kind: 'http', status: 400, code: 12, detail: 'New rule' });
    expect(errorFromResponse({ status: 403, contentType: JSON_TYPE, text: '{"code":99}' })).toEqual({
      kind: 'http',
      status: 403,
      code: 99,
    });
  });

  it('maps other 403s to forbidden and JSON 404s to not-found', () => {
    expect(
      errorFromResponse({
        status: 403,
        contentType: JSON_TYPE,
        text: '{"detail":"You do not have permission to perform this action."}',
      }),
    ).toEqual({ kind: 'forbidden', detail: 'You do not have permission to perform this action.' });
    expect(
      errorFromResponse({ status: 404, contentType: JSON_TYPE, text: '{"detail":"Not found."}' }),
    ).toEqual({
      kind: 'not-found',
      detail: 'Not found.',
    });
  });

  it('tells the three 401 bodies apart', () => {
    const json401 = (text: string, operation: Operation) =>
      errorFromResponse({ status: 401, contentType: JSON_TYPE, text, operation });
    const wrong = json401('{"detail":"No active account found with the given credentials"}', 'signIn');
    expect(wrong).toMatchObject({ kind: 'auth', reason: 'invalid-credentials' });
    const missing = json401('{"detail":"Authentication credentials were not provided."}', 'listSpaces');
    expect(missing).toMatchObject({ kind: 'auth', reason: 'not-signed-in' });
    const invalid = json401(
      '{"detail":"Given token not valid for any token type","code":"token_not_valid"}',
      'listSpaces',
    );
    expect(invalid).toMatchObject({ kind: 'auth', reason: 'token-invalid' });
    const refresh = json401(
      '{"detail":"Token is invalid or expired","code":"token_not_valid"}',
      'refreshToken',
    );
    expect(refresh).toMatchObject({ kind: 'auth', reason: 'session-expired' });
  });

  it('maps other statuses to http and unparsable JSON to invalid-response', () => {
    expect(
      errorFromResponse({ status: 429, contentType: JSON_TYPE, text: '{"detail":"Slow down"}' }),
    ).toEqual({
      kind: 'http',
      status: 429,
      detail: 'Slow down',
    });
    expect(errorFromResponse({ status: 400, contentType: JSON_TYPE, text: '{oops' })).toMatchObject({
      kind: 'invalid-response',
      status: 400,
    });
  });

  it('flattens field errors of any shape', () => {
    expect(fieldErrorsOf({ a: 'x', b: [1, 'y'], c: { d: ['z'] }, code: 3, detail: 'no' })).toEqual({
      a: ['x'],
      b: ['1', 'y'],
      'c.d': ['z'],
    });
  });
});

describe('toApiErrorInfo', () => {
  it('returns the info of an ApiError and survives structuredClone', () => {
    const info: ApiErrorInfo = {
      kind: 'insufficient-balance',
      availableSeconds: 118,
      neededSeconds: 750,
      spaceName: 'S',
    };
    const cloned = structuredClone(toApiErrorInfo(new ApiError(info)));
    expect(cloned).toEqual(info);
    expect(toApiErrorInfo(cloned)).toEqual(info);
    expect(toApiErrorInfo({ info })).toEqual(info);
  });

  it('normalises aborts, timeouts, network failures and anything else', () => {
    expect(toApiErrorInfo(new DOMException('stop', 'AbortError'))).toEqual({ kind: 'aborted' });
    expect(toApiErrorInfo(new DOMException('late', 'TimeoutError'))).toEqual({ kind: 'timeout' });
    expect(
      toApiErrorInfo(
        new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
      ),
    ).toEqual({ kind: 'network', message: 'fetch failed (ECONNRESET: reset)' });
    expect(toApiErrorInfo(new Error('boom'))).toEqual({ kind: 'unexpected', message: 'boom' });
    expect(toApiErrorInfo('weird')).toEqual({ kind: 'unexpected', message: 'weird' });
    expect(toApiErrorInfo({ kind: 'not-a-kind' })).toMatchObject({ kind: 'unexpected' });
  });

  it('knows which failures leave the outcome unknown', () => {
    expect(isTransportFailure({ kind: 'network', message: 'x' })).toBe(true);
    expect(isTransportFailure({ kind: 'timeout' })).toBe(true);
    expect(isTransportFailure({ kind: 'server', status: 502, text: '' })).toBe(true);
    expect(isTransportFailure({ kind: 'html', status: 200, contentType: 'text/html', text: '' })).toBe(true);
    expect(isTransportFailure({ kind: 'html', status: 404, contentType: 'text/html', text: '' })).toBe(false);
    expect(isTransportFailure({ kind: 'validation', fields: {} })).toBe(false);
  });
});

describe('formatApiError: every kind in both languages', () => {
  const cases: ApiErrorInfo[] = [
    { kind: 'network', message: 'fetch failed' },
    { kind: 'timeout', timeoutMs: 30_000 },
    { kind: 'timeout', phase: 'assembling' },
    { kind: 'aborted' },
    { kind: 'html', status: 404, contentType: 'text/html', text: 'Not Found' },
    {
      kind: 'invalid-response',
      status: 200,
      issues: [{ path: 'results.0.duration', message: 'Expected number' }],
    },
    { kind: 'validation', fields: { title: ['Too long.'] }, detail: 'Invalid data' },
    { kind: 'insufficient-balance', availableSeconds: 118, neededSeconds: 750, spaceName: 'Almost empty' },
    { kind: 'insufficient-balance', availableSeconds: 120 },
    { kind: 'insufficient-balance', availableSeconds: null },
    { kind: 'unpaid' },
    { kind: 'bot-low-balance' },
    { kind: 'bot-busy' },
    { kind: 'forbidden' },
    { kind: 'not-found' },
    { kind: 'auth', reason: 'invalid-credentials' },
    { kind: 'auth', reason: 'not-signed-in' },
    { kind: 'auth', reason: 'session-expired' },
    { kind: 'auth', reason: 'token-invalid' },
    { kind: 'server', status: 500, text: 'Server Error' },
    {
      kind: 'outcome-unknown',
      operation: 'createRecording',
      check: 'delete-orphan',
      audioId: 7,
      title: 'a.mp3',
    },
    { kind: 'outcome-unknown', operation: 'uploadByUrl', check: 'recent-recordings' },
    { kind: 'outcome-unknown', operation: 'uploadFromVideoSite', check: 'recent-recordings' },
    { kind: 'outcome-unknown', operation: 'sendBot', check: 'meeting' },
    { kind: 'outcome-unknown', operation: 'startProcessing', check: 'processing-result', audioId: 9 },
    { kind: 'outcome-unknown', operation: 'completeUpload', check: 'upload-status', audioId: 9 },
    { kind: 'missing-etag', partNumber: 2 },
    { kind: 'http', status: 400, code: 12, detail: 'New rule' },
    {
      kind: 'http',
      status: 403,
      code: 'AccessDenied',
      detail: 'Request has expired',
      operation: 'uploadPart',
    },
    { kind: 'network', message: 'reset', trashedOrphans: [5] },
    { kind: 'unexpected', message: 'boom' },
  ];

  it.each(cases.map((info) => [`${info.kind}${'reason' in info ? `/${info.reason}` : ''}`, info] as const))(
    '%s has an English and a Russian message',
    (_name, info) => {
      const en = formatApiError(info, { lang: 'en' });
      const ru = formatApiError(info, { lang: 'ru' });
      expect(en.length).toBeGreaterThan(5);
      expect(ru.length).toBeGreaterThan(5);
      expect(ru).not.toBe(en);
      expect(ru).toMatch(/[а-яё]/i);
      expect(en).not.toMatch(/[а-яё]/i);
      expect(en).not.toMatch(/undefined|\[object/);
      expect(ru).not.toMatch(/undefined|\[object/);
    },
  );

  it('gives the balance sentence with both durations and the space', () => {
    const info: ApiErrorInfo = {
      kind: 'insufficient-balance',
      availableSeconds: 118,
      neededSeconds: 750,
      spaceName: 'Almost empty',
    };
    expect(formatApiError(info, { lang: 'en' })).toBe(
      '1 min 58 s of processing time left in Almost empty; this recording needs 12 min 30 s.',
    );
    expect(formatApiError(info, { lang: 'ru' })).toBe(
      'В пространстве «Almost empty» осталось 1 мин 58 с времени обработки; этой записи нужно 12 мин 30 с.',
    );
  });

  it('says when an incomplete copy went to the trash, and when an upload link expired', () => {
    expect(formatApiError({ kind: 'network', message: 'x', trashedOrphans: [5] }, { lang: 'en' })).toMatch(
      /moved to the trash/,
    );
    expect(
      formatApiError(
        {
          kind: 'http',
          status: 403,
          code: 'AccessDenied',
          detail: 'Request has expired',
          operation: 'uploadPart',
        },
        { lang: 'en' },
      ),
    ).toMatch(/storage refused.*Request has expired.*Upload the file again/);
  });

  it('names the facts a person acts on', () => {
    expect(formatApiError({ kind: 'auth', reason: 'invalid-credentials' }, { lang: 'en' })).toMatch(
      /password recovery/,
    );
    expect(formatApiError({ kind: 'auth', reason: 'invalid-credentials' }, { lang: 'ru' })).toMatch(
      /восстановление пароля/,
    );
    expect(formatApiError({ kind: 'auth', reason: 'session-expired' }, { lang: 'en' })).toMatch(
      /Sign in again/,
    );
    expect(
      formatApiError({ kind: 'validation', fields: { title: ['Too long.'] } }, { lang: 'en' }),
    ).toContain('title: Too long.');
    expect(formatApiError({ kind: 'http', status: 400, code: 12 }, { lang: 'en' })).toContain('code 12');
    expect(
      formatApiError(
        { kind: 'outcome-unknown', operation: 'startProcessing', check: 'processing-result' },
        { lang: 'en' },
      ),
    ).toMatch(/charges again/);
    expect(
      formatApiError(
        { kind: 'outcome-unknown', operation: 'createRecording', check: 'delete-orphan', audioId: 7 },
        { lang: 'en' },
      ),
    ).toMatch(/recording 7.*delete it/);
    expect(
      formatApiError({ kind: 'html', status: 404, contentType: 'text/html', text: '' }, { lang: 'en' }),
    ).toMatch(/service address/);
  });
});

describe('errorFromResponse: storage refusals of a part PUT', () => {
  it('reads the S3-style XML code and message', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    expect(
      errorFromResponse({ status: 403, contentType: 'application/xml', text: xml, operation: 'uploadPart' }),
    ).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'AccessDenied',
      detail: 'Request has expired',
      operation: 'uploadPart',
    });
  });
});
