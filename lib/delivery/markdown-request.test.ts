import { describe, expect, it } from 'vitest';
import { isMarkdownAnswer, isMarkdownRequest } from './markdown-request';

describe('the off-thread Markdown conversion', () => {
  it('takes a protocol and a known dialect, nothing else', () => {
    expect(isMarkdownRequest({ markdown: '## A', dialect: 'slack' })).toBe(true);
    expect(isMarkdownRequest({ markdown: '## A', dialect: 'telegram' })).toBe(true);
    expect(isMarkdownRequest({ markdown: '## A', dialect: 'html' })).toBe(false);
    expect(isMarkdownRequest({ markdown: '## A' })).toBe(false);
    expect(isMarkdownRequest({ markdown: 42, dialect: 'slack' })).toBe(false);
    expect(isMarkdownRequest({ markdown: 'x'.repeat(5_000_001), dialect: 'slack' })).toBe(false);
    expect(isMarkdownRequest(null)).toBe(false);
  });

  it('answers are a text or a reason', () => {
    expect(isMarkdownAnswer({ ok: true, text: '*A*' })).toBe(true);
    expect(isMarkdownAnswer({ ok: false, message: 'broken' })).toBe(true);
    expect(isMarkdownAnswer({ ok: true })).toBe(false);
    expect(isMarkdownAnswer(undefined)).toBe(false);
  });
});
