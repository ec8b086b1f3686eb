import { describe, expect, it } from 'vitest';
import { detectMeeting } from '.';
import { SERVICE_FIXTURES } from './fixtures';

describe('SaluteJazz', () => {
  it.each(SERVICE_FIXTURES.salutejazz.links)('reads $input ($source)', ({ input, id }) => {
    expect(detectMeeting(input)).toMatchObject({ service: 'salutejazz', id, bot: null });
  });

  it('canonicalises to /calls/<code> on the original host, without the password hash', () => {
    expect(detectMeeting('https://jazz.sber.ru/IN0SEC?psw=OBgWD0RREwQ')?.url).toBe(
      'https://jazz.sber.ru/calls/in0sec',
    );
    expect(detectMeeting('https://salutejazz.ru/call/nlg7d4')?.url).toBe(
      'https://salutejazz.ru/calls/nlg7d4',
    );
  });

  it.each([
    ...SERVICE_FIXTURES.salutejazz.notMeetings,
    'https://salutejazz.ru/about',
    'https://salutejazz.ru/calls/nlg7d4/extra',
    'https://salutejazz.ru/abc',
    `https://salutejazz.ru/calls/${'a'.repeat(33)}`,
    'https://www.salutejazz.ru/calls/nlg7d4',
    'https://sber.ru/calls/nlg7d4',
    'https://jazz.sber.ru/#/rooms/nlg7d4',
  ])('rejects %s', (input) => {
    expect(detectMeeting(input)).toBeNull();
  });
});
