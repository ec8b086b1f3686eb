import { describe, expect, it } from 'vitest';
import { isSlackAnswer, isSlackRequest, SLACK_CHANNEL } from './slack-request';

describe('messages between the worker and the offscreen document', () => {
  it('a request is our channel with Markdown text; anything else is not one', () => {
    expect(isSlackRequest({ channel: SLACK_CHANNEL, markdown: '## A' })).toBe(true);
    expect(isSlackRequest({ channel: SLACK_CHANNEL, markdown: 42 })).toBe(false);
    expect(isSlackRequest({ channel: 'meeting-capture', markdown: '## A' })).toBe(false);
    expect(isSlackRequest({ channel: SLACK_CHANNEL, markdown: 'x'.repeat(5_000_001) })).toBe(false);
    expect(isSlackRequest(null)).toBe(false);
    expect(isSlackRequest('## A')).toBe(false);
  });

  it('an answer is a text or a failure with its message', () => {
    expect(isSlackAnswer({ ok: true, text: '*A*' })).toBe(true);
    expect(isSlackAnswer({ ok: false, message: 'broken' })).toBe(true);
    expect(isSlackAnswer({ ok: true })).toBe(false);
    expect(isSlackAnswer({ ok: false })).toBe(false);
    expect(isSlackAnswer({ ok: 'yes', text: '*A*' })).toBe(false);
    expect(isSlackAnswer(undefined)).toBe(false);
  });
});
