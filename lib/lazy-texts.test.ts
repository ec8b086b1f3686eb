/** Texts whose other language is provided when it comes into force (lib/lazy-texts.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyTexts } from '@/lib/lazy-texts';

const en = { hello: 'Hello', count: (n: number) => `${n} items` };
const ru: typeof en = { hello: 'Привет', count: (n: number) => `${n} шт.` };

describe('lazy texts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('English is there from the start', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = lazyTexts('test', en);
    expect(texts.get('en').hello).toBe('Hello');
    expect(error).not.toHaveBeenCalled();
  });

  it('a provided language is read from what was provided', () => {
    const texts = lazyTexts('test', en);
    texts.provide('ru', ru);
    expect(texts.get('ru').hello).toBe('Привет');
    expect(texts.get('ru').count(3)).toBe('3 шт.');
  });

  it('a language still missing reads in English, not silently: the console names the texts', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = lazyTexts('notice', en);
    expect(texts.get('ru').hello).toBe('Hello');
    expect(error).toHaveBeenCalledWith('notice texts (ru) missing: English used');
  });
});

describe('the pages’ catalog (components/catalog.ts), one of these registries', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('Russian is there once loaded, with the failure sentences’ Russian; before, English and a console line', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.resetModules();
    const pages = await import('@/components/catalog');
    const failures = await import('@/lib/failures/texts');
    const { en: english } = await import('@/components/messages-en');
    const { ru: russian } = await import('@/components/messages-ru');
    const { ru: failuresRu } = await import('@/lib/failures/texts-ru');

    expect(pages.catalog('ru')).toBe(english);
    expect(error).toHaveBeenCalledWith('page texts (ru) missing: English used');

    expect(await pages.loadCatalog('ru')).toBe(russian);
    expect(pages.catalog('ru')).toBe(russian);
    expect(failures.failureTextRegistry.get('ru')).toBe(failuresRu);
    expect(pages.catalog('en')).toBe(english);
  });
});
