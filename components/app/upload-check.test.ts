import { describe, expect, it } from 'vitest';
import { checkFile } from '@/components/app/Upload';
import { messages } from '@/components/messages';
import { siteHost } from '@/components/Options';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('checkFile', () => {
  const m = messages.en;

  it('accepts allowed extensions in any case', () => {
    expect(checkFile(file('Call.MP3'), m)).toMatchObject({
      title: 'Call.MP3',
      problem: null,
      shortened: false,
    });
  });

  it('refuses other extensions with the allowed list', () => {
    const picked = checkFile(file('notes.txt'), m);
    expect(picked.title).toBeNull();
    expect(picked.problem).toBe(
      '“notes.txt” cannot be uploaded: only .mp3, .m4a, .wav, .ogg, .webm, .mp4 files are accepted.',
    );
  });

  it('refuses empty files', () => {
    expect(checkFile(file('a.wav', 0), m).problem).toBe('“a.wav” is empty.');
  });

  it('accepts a file of 4 GB (the contract names no maximum; it is read part by part)', () => {
    const big = new File([], 'Four gigabytes.wav');
    Object.defineProperty(big, 'size', { value: 4 * 1024 * 1024 * 1024 });
    expect(checkFile(big, m)).toMatchObject({ title: 'Four gigabytes.wav', problem: null });
  });

  it('shortens titles over 255 characters keeping the extension', () => {
    const picked = checkFile(file(`${'x'.repeat(300)}.webm`), m);
    expect(picked.title).toHaveLength(255);
    expect(picked.title?.endsWith('.webm')).toBe(true);
    expect(picked.shortened).toBe(true);
  });
});

describe('siteHost', () => {
  it('takes host names and URLs, refuses the rest', () => {
    expect(siteHost('meet.google.com')).toBe('meet.google.com');
    expect(siteHost(' https://Zoom.US/j/123 ')).toBe('zoom.us');
    expect(siteHost('')).toBeNull();
    expect(siteHost('not a host')).toBeNull();
    expect(siteHost('javascript:alert(1)')).toBeNull();
  });
});
