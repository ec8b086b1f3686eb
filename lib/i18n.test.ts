import { describe, expect, it } from 'vitest';
import { defineMessages, detectLang, resolveLang } from '@/lib/i18n';

describe('i18n', () => {
  it('detects Russian from any ru tag and falls back to English', () => {
    expect(detectLang(['ru-RU', 'en-US'])).toBe('ru');
    expect(detectLang(['en-GB', 'ru'])).toBe('en');
    expect(detectLang(['de-DE', 'fr'])).toBe('en');
    expect(detectLang(['de-DE', 'RU'])).toBe('ru');
    expect(detectLang([])).toBe('en');
    expect(detectLang(undefined)).toBe('en');
  });

  it('honours an explicit choice over the browser language', () => {
    expect(resolveLang('ru', ['en-US'])).toBe('ru');
    expect(resolveLang('en', ['ru-RU'])).toBe('en');
    expect(resolveLang('auto', ['ru-RU'])).toBe('ru');
  });

  it('keeps both halves of a catalog', () => {
    const text = defineMessages(
      { hello: 'Hello', left: (n: number) => `${n} left` },
      { hello: 'Привет', left: (n: number) => `осталось ${n}` },
    );
    expect(text.ru.left(3)).toBe('осталось 3');
    expect(text.en.hello).toBe('Hello');
  });
});
