import { describe, expect, it } from 'vitest';
import { itemsOfMeetingFile, meetingNames } from './meeting';

const PROTOCOL = '## Задачи\n\n- Анне отправить прайс к пятнице.\n- Tom to check it.\n';

describe('a meeting file in the service result shape', () => {
  it('gives its items with owners from speakers_map, the page and the calendar, dates from created_at', () => {
    const items = itemsOfMeetingFile({
      audio_id: 1,
      created_at: '2026-03-10T15:00:00.000000+03:00',
      result: {
        language: 'ru',
        protocol: PROTOCOL,
        speakers_map: { '1': 'SPEAKER_01', '0': 'Анна Смирнова' },
      },
      page_names: ['Tom Hill'],
    });
    expect(items.map((i) => [i.text, i.owner, i.due, i.bullet])).toEqual([
      ['Анне отправить прайс к пятнице.', ['Анна Смирнова'], '2026-03-13', 0],
      ['Tom to check it.', ['Tom Hill'], null, 1],
    ]);
  });

  it('orders names: speakers by id, then the page, then the attendees; strings only', () => {
    expect(
      meetingNames({
        speakersMap: { '10': 'Ten', '2': 'Two', x: 5 },
        pageNames: ['Page', 3],
        attendees: ['Attendee'],
      }),
    ).toEqual(['Two', 'Ten', 'Page', 'Attendee']);
    expect(meetingNames({ speakersMap: ['not', 'a map'], pageNames: 'no', attendees: null })).toEqual([]);
  });

  it('gives no items for a file of another shape, and no date without created_at', () => {
    for (const file of [null, 'text', [], {}, { result: null }, { result: { protocol: 5 } }, { result: [] }])
      expect(itemsOfMeetingFile(file)).toEqual([]);
    const [first] = itemsOfMeetingFile({ result: { protocol: PROTOCOL, speakers_map: 'nope' } });
    expect(first).toMatchObject({ owner: null, due: null });
  });
});
