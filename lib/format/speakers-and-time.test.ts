import { describe, expect, it } from 'vitest';
import { speakerLabel } from '@/lib/format/speakers';
import { formatBytes, formatClock, formatCueTime, formatDuration, formatSpeed } from '@/lib/format/time';

describe('time formats', () => {
  it('cue times for SRT and WebVTT', () => {
    expect(formatCueTime(62.345, ',')).toBe('00:01:02,345');
    expect(formatCueTime(62.345, '.')).toBe('00:01:02.345');
    expect(formatCueTime(0, ',')).toBe('00:00:00,000');
    expect(formatCueTime(10_437.9999, '.')).toBe('02:53:58.000');
    expect(formatCueTime(-3, ',')).toBe('00:00:00,000');
    expect(formatCueTime(Number.NaN, ',')).toBe('00:00:00,000');
    expect(formatCueTime(360_000, ',')).toBe('100:00:00,000');
  });

  it('transcript clock', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(62.9)).toBe('1:02');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('a balance in words, rounded down (was h:mm, which read like a time of day)', () => {
    expect(formatDuration(36_000)).toBe('10 h 00 min');
    expect(formatDuration(7_199, 'ru')).toBe('1 ч 59 мин');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(-10)).toBe('0 s');
  });

  it('sizes and speeds in both languages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatBytes(1536, 'ru')).toBe('1,5 КБ');
    expect(formatSpeed(1.5 * 1024 * 1024)).toBe('1.5 MB/s');
    expect(formatSpeed(2048, 'ru')).toBe('2,0 КБ/с');
  });
});

describe('speaker labels', () => {
  it('reads unlabelled voices as numbered speakers', () => {
    expect(speakerLabel('SPEAKER_03', 'en')).toBe('Speaker 3');
    expect(speakerLabel('SPEAKER_00', 'ru')).toBe('Спикер 0');
    expect(speakerLabel('speaker_12', 'en')).toBe('Speaker 12');
  });

  it('keeps real names and names the nameless', () => {
    expect(speakerLabel('  Анна  ', 'ru')).toBe('Анна');
    expect(speakerLabel('SPEAKER_X', 'en')).toBe('SPEAKER_X');
    expect(speakerLabel('', 'en')).toBe('Unnamed');
  });
});

describe('formatDuration (lib/format)', () => {
  it.each([
    [36_000, 'en', '10 h 00 min'],
    [36_000, 'ru', '10 ч 00 мин'],
    [7_080, 'en', '1 h 58 min'],
    [7_199, 'en', '1 h 59 min'],
    [750, 'en', '12 min 30 s'],
    [750, 'ru', '12 мин 30 с'],
    [720, 'en', '12 min'],
    [65, 'en', '1 min 05 s'],
    [45, 'ru', '45 с'],
    [0, 'en', '0 s'],
    [-10, 'en', '0 s'],
    [59.9, 'en', '59 s'],
    [Number.NaN, 'en', '0 s'],
  ] as const)('%s s in %s is %s', (seconds, lang, text) => {
    expect(formatDuration(seconds, lang)).toBe(text);
  });
});
