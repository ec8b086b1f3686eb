import { describe, expect, it } from 'vitest';
import { readStoredBody } from './stored-body';
import { readyResult } from './testing';

const content = {
  recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
  result: readyResult,
  readyAt: 1,
  source: null,
};

describe('stored outbox bodies', () => {
  it('walks the shapes stored before the kinds forward', () => {
    expect(readStoredBody('{"a":1}')).toEqual({ requests: [{ body: '{"a":1}' }], sent: 0 });
    expect(
      readStoredBody({ slack: { content, options: { includeTranscript: true, lang: 'ru', test: true } } }),
    ).toEqual({
      draft: { kind: 'slack', content, options: { includeTranscript: true, lang: 'ru', test: true } },
    });
    // `test` was left out when false; an unknown language reads as English.
    expect(readStoredBody({ slack: { content, options: { includeTranscript: false, lang: 'xx' } } })).toEqual(
      {
        draft: { kind: 'slack', content, options: { includeTranscript: false, lang: 'en', test: false } },
      },
    );
  });

  it('reads today’s shapes as they are, with the count of requests taken bounded', () => {
    const draft = {
      kind: 'slack',
      content,
      options: { includeTranscript: true, lang: 'en', test: false },
    };
    expect(readStoredBody({ draft })).toEqual({ draft });
    const requests = [
      { path: '/sendMessage', body: '{}' },
      { path: '/sendDocument', body: [{ name: 'chat_id', value: '1' }] },
    ];
    expect(readStoredBody({ requests, sent: 1 })).toEqual({ requests, sent: 1 });
    expect(readStoredBody({ requests, sent: 9 })).toEqual({ requests, sent: 2 });
    expect(readStoredBody({ requests, sent: -3 })).toEqual({ requests, sent: 0 });
  });

  it('anything else is nothing that can be sent', () => {
    for (const value of [
      undefined,
      null,
      42,
      {},
      { slack: 'x' },
      { slack: { content: 'x', options: {} } },
      { draft: { kind: 'fax', content, options: {} } },
      { requests: [{ body: 42 }], sent: 0 },
      { requests: 'x' },
    ])
      expect(readStoredBody(value), JSON.stringify(value)).toBeNull();
  });
});
