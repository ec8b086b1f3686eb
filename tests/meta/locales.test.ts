import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const locale = (lang: string) =>
  JSON.parse(readFileSync(resolve(root, `public/_locales/${lang}/messages.json`), 'utf8')) as Record<
    string,
    { message: string }
  >;

describe('manifest strings (_locales)', () => {
  it('English and Russian define the same non-empty messages', () => {
    const en = locale('en');
    const ru = locale('ru');
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const messages of [en, ru]) {
      for (const [key, value] of Object.entries(messages)) expect(value.message.trim(), key).not.toBe('');
    }
  });

  it('every __MSG_name__ the manifest uses exists, the shortcut description included', () => {
    const config = readFileSync(resolve(root, 'wxt.config.ts'), 'utf8');
    const used = [...config.matchAll(/__MSG_(\w+)__/g)].map((match) => match[1]);
    expect(used).toContain('commandSendBot');
    const en = locale('en');
    for (const name of used) expect(en, name).toHaveProperty(name as string);
  });
});
