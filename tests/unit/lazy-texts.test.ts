/** Texts whose other language is provided when it comes into force (lib/lazy-texts.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';

const en = { hello: 'Hello', count: (n: number) => `${n} items` };
const ru: typeof en = { hello: 'Привет', count: (n: number) => `${n} шт.` };

describe('lazy texts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('English is there from the start and never calls the loader', () => {
    const texts = lazyTexts('test', en);
    const loader = vi.fn();
    texts.onMissing(loader);
    expect(texts.get('en').hello).toBe('Hello');
    expect(loader).not.toHaveBeenCalled();
  });

  it('a missing language is loaded by the hook once, then read from what it provided', () => {
    const texts = lazyTexts('test', en);
    const loader = vi.fn((lang: Lang) => texts.provide(lang, ru));
    texts.onMissing(loader);
    expect(texts.get('ru').hello).toBe('Привет');
    expect(texts.get('ru').count(3)).toBe('3 шт.');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith('ru');
  });

  it('provided without a hook (the pages): no loader needed', () => {
    const texts = lazyTexts('test', en);
    texts.provide('ru', ru);
    expect(texts.get('ru').hello).toBe('Привет');
  });

  it('a language still missing reads in English, not silently: the console names the texts', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = lazyTexts('notice', en);
    expect(texts.get('ru').hello).toBe('Hello');
    expect(error).toHaveBeenCalledWith('notice texts (ru) missing: English used');
  });

  it('a loader that fails is logged, English is used, and the next ask tries again', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = lazyTexts('notice', en);
    let fail = true;
    const loader = vi.fn((lang: Lang) => {
      if (fail) throw new Error('script not found');
      texts.provide(lang, ru);
    });
    texts.onMissing(loader);
    expect(texts.get('ru').hello).toBe('Hello');
    expect(error).toHaveBeenCalledWith('notice texts (ru) not loaded', expect.any(Error));
    fail = false;
    expect(texts.get('ru').hello).toBe('Привет');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
