import { describe, expect, it } from 'vitest';
import { detectMeeting } from '.';
import { SERVICE_FIXTURES } from './fixtures';

describe('Jitsi Meet', () => {
  it.each(SERVICE_FIXTURES.jitsi.links)('reads $input ($source)', ({ input, id }) => {
    expect(detectMeeting(input)).toMatchObject({ service: 'jitsi', id, bot: null });
  });

  it('lower-cases the room (Jitsi rooms are case-insensitive) and drops the token and the fragment', () => {
    expect(detectMeeting('https://meet.jit.si/Team-Sync?jwt=secret#config.prejoinPageEnabled=false')).toEqual(
      {
        service: 'jitsi',
        id: 'team-sync',
        url: 'https://meet.jit.si/team-sync',
        bot: null,
      },
    );
  });

  it.each([
    ...SERVICE_FIXTURES.jitsi.notMeetings,
    'https://meet.jit.si/room.html',
    'https://meet.jit.si/config.js',
    'https://meet.jit.si/sounds/ring.mp3',
    `https://meet.jit.si/${'a'.repeat(129)}`,
    'https://meet.jit.si/<script>',
    'https://8x8.vc/static/close.html',
    'https://8x8.vc/a/b/c',
    'https://www.meet.jit.si/room',
    'https://meet.jit.si:8443/room',
    'https://user@meet.jit.si/room',
  ])('rejects %s', (input) => {
    expect(detectMeeting(input)).toBeNull();
  });
});
