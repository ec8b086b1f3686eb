// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildTimeline, type PageSample } from '@/lib/page-names/timeline';
import { marksMissing, telemostMissing, zoomMissing } from './breakage';
import { telemostCall } from './fixtures/telemost';
import type { CallView } from './fixtures/view';
import { zoomCall } from './fixtures/zoom';
import { telemostReader } from './telemost';
import { zoomReader } from './zoom';

const view: CallView = {
  participants: [{ name: 'Anna Petrova', self: true }, { name: 'Tom Becker' }, { name: 'Priya Sharma' }],
  speaking: [1],
  roster: true,
};

describe('why a speaker reader saw nothing', () => {
  it('names nothing missing on the pages as they are', () => {
    document.body.innerHTML = zoomCall(view);
    expect(zoomMissing(document)).toBeNull();
    document.body.innerHTML = telemostCall(view);
    expect(telemostMissing(document)).toBeNull();
  });

  it('says "tiles" when a changed page renamed them, where the reader gave null', () => {
    document.body.innerHTML = zoomCall({ ...view, changed: 'classes' });
    expect(zoomReader.read(document, 0)).toBeNull();
    expect(zoomMissing(document)).toBe('tiles');
    document.body.innerHTML = telemostCall({ ...view, changed: 'classes' });
    expect(telemostReader.read(document, 0)).toBeNull();
    expect(telemostMissing(document)).toBe('tiles');
  });

  it('says "names" for tiles without a readable name', () => {
    document.body.innerHTML = zoomCall(view)
      .replace(/<span>[^<]*<\/span>/g, '<span></span>')
      .replace(/(avatar-name">)[^<]*/g, '$1');
    expect(zoomReader.read(document, 0)).toBeNull();
    expect(zoomMissing(document)).toBe('names');
    document.body.innerHTML = telemostCall(view).replace(/title="[^"]*"/g, 'title=""');
    expect(telemostReader.read(document, 0)).toBeNull();
    expect(telemostMissing(document)).toBe('names');
  });

  it('calls a shared screen hiding Zoom’s tiles no breakage', () => {
    document.body.innerHTML = zoomCall({ ...view, sharing: true });
    expect(zoomReader.read(document, 0)).toBeNull();
    expect(zoomMissing(document)).toBeNull();
  });

  it('says "speaking marks" after five watched minutes with nobody ever marked, and not before', () => {
    const samples = (seconds: number, speaking: string[]): PageSample[] =>
      Array.from({ length: seconds * 4 }, (_, i) => ({
        t: i * 250,
        present: [
          { id: 'a', name: 'Anna' },
          { id: 't', name: 'Tom' },
        ],
        speaking,
      }));
    expect(marksMissing(buildTimeline(samples(301, [])))).toBe('speaking marks');
    expect(marksMissing(buildTimeline(samples(200, [])))).toBeNull();
    expect(marksMissing(buildTimeline(samples(301, ['t'])))).toBeNull();
    document.body.innerHTML = telemostCall({ ...view, changed: 'marks' });
    const marks = Array.from({ length: 1300 }, (_, i) => telemostReader.read(document, i * 250)!);
    expect(marksMissing(buildTimeline(marks))).toBe('speaking marks');
  });

  it('never throws', () => {
    const broken = {
      getElementsByClassName: () => {
        throw new Error('detached');
      },
    } as unknown as Document;
    expect(zoomMissing(broken)).toBeNull();
    expect(telemostMissing(broken)).toBeNull();
  });
});
