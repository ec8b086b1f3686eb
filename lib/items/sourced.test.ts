import { describe, expect, it } from 'vitest';
import { readyResult } from '@/lib/archive/testing/fixtures';
import { readItems } from './sourced';

const PROTOCOL = [
  '## Summary',
  '',
  '- The release date stays',
  '',
  '## Action items',
  '',
  '- Anna will send the quarterly budget to finance by Friday',
  '- Book the large meeting room for the offsite',
  '',
  '| Task | Owner |',
  '| --- | --- |',
  '| Update the onboarding checklist | Anna Petrova |',
].join('\n');

const result = readyResult(1, 'Planning', [
  {
    header: 'Budget',
    lines: [
      { speaker: 1, text: 'We keep the release date as it is.' },
      { speaker: 0, text: 'I will send the quarterly budget to finance by Friday.' },
      { speaker: 1, text: 'Fine, thanks.' },
    ],
  },
  {
    header: 'Offsite',
    lines: [{ speaker: 1, text: 'Someone has to book the large meeting room for the offsite.' }],
  },
]);

describe('action items with the moments they were said', () => {
  it('joins each listed item to the suggested sources of the same list item; a table row has none', () => {
    const answer = readItems({
      protocol: PROTOCOL,
      names: ['Anna Petrova'],
      createdAt: '2026-03-10T09:00:00+01:00',
      language: 'en',
      ground: { result: { ...result, result: { ...result.result!, protocol: PROTOCOL } }, speakerMap: {} },
    });
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.items.map((item) => [item.text, item.bullet])).toEqual([
      ['Anna will send the quarterly budget to finance by Friday', 1],
      ['Book the large meeting room for the offsite', 2],
      ['Update the onboarding checklist', null],
    ]);
    expect(answer.sources?.[0]?.[0]).toEqual({ block: 0, utterance: 1 });
    expect(answer.sources?.[1]?.[0]).toEqual({ block: 1, utterance: 0 });
    expect(answer.sources?.[2]).toBeNull();
  });

  it('gives the items without sources when there is no transcript to look in, or it cannot be read', () => {
    const request = { protocol: PROTOCOL, names: ['Anna Petrova'], createdAt: null, language: 'en' };
    const plain = readItems(request);
    expect(plain.ok && plain.items.length === 3 && plain.sources === undefined).toBe(true);
    const broken = readItems({
      ...request,
      ground: { result: { result: { dialog: 'nonsense' } }, speakerMap: {} },
    });
    expect(broken.ok && broken.items.length).toBe(3);
    expect(broken.ok && broken.sources).toEqual([null, null, null]);
  });
});
