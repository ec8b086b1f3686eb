import { describe, expect, it } from 'vitest';
import { withPageOutcome } from '@/lib/background/page-answers';
import { pageFailureTexts } from '@/lib/failures/page';
import type { PageContext } from '@/lib/messaging';

const spaces: PageContext['spaces'] = [
  { id: 1, name: 'Personal', isMain: true, availableSeconds: 36_000, isActive: true },
  { id: 4, name: 'Almost empty', isMain: false, availableSeconds: 120, isActive: true },
];

const bg = (lang: 'en' | 'ru') => ({ lang: async () => lang, spaces: { list: async () => spaces } });

describe('answers to page actions', () => {
  it('carry the sentence to show, in the language in force, naming the chosen space', async () => {
    const answer = await withPageOutcome(
      bg('ru'),
      'page.sendBot',
      { link: 'https://meet.google.com/abc-defg-hij', spaceId: 4 },
      { ok: false, error: { kind: 'bot-busy' } },
      0,
    );
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'bot-busy' },
      outcome: { tone: 'error', text: pageFailureTexts.ru.botBusy('Almost empty') },
    });
  });

  it('leave every other message as it was', async () => {
    const result = { ok: true as const, data: { signedIn: false } };
    expect(await withPageOutcome(bg('en'), 'page.context', {}, result, 0)).toBe(result);
    expect(await withPageOutcome(bg('en'), 'jobs.list', {}, result, 0)).toBe(result);
  });
});
