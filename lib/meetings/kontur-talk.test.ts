import { describe, expect, it } from 'vitest';
import { detectMeeting } from '.';
import { SERVICE_FIXTURES } from './fixtures';

describe('Kontur.Talk', () => {
  it.each(SERVICE_FIXTURES.kontur_talk.links)('reads $input ($source)', ({ input, id }) => {
    expect(detectMeeting(input)).toMatchObject({ service: 'kontur_talk', id, bot: null });
  });

  it('keeps the space on the canonical link and drops the query', () => {
    expect(detectMeeting('https://Matrius.ktalk.ru/hpb5rfegc1tl?utm_source=mail')?.url).toBe(
      'https://matrius.ktalk.ru/hpb5rfegc1tl',
    );
  });

  it.each([
    ...SERVICE_FIXTURES.kontur_talk.notMeetings,
    'https://matrius.ktalk.ru/ab',
    'https://matrius.ktalk.ru/settings',
    'https://matrius.ktalk.ru/event/',
    'https://matrius.ktalk.ru/room/extra/deeper',
    `https://matrius.ktalk.ru/${'a'.repeat(65)}`,
    'https://matrius.ktalk.ru.evil.io/hpb5rfegc1tl',
    'https://-bad.ktalk.ru/hpb5rfegc1tl',
    'https://talk.kontur.ru/hpb5rfegc1tl',
  ])('rejects %s', (input) => {
    expect(detectMeeting(input)).toBeNull();
  });
});
