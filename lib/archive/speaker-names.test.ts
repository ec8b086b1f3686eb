import { describe, expect, it } from 'vitest';
import { normalizeDialog } from '@/lib/api/units';
import { Archive, archiveOwner, speakerMapFor } from '@/lib/archive';
import { exportAs } from '@/lib/export/transcript';
import { prepareTranscript, toExportDocument } from '@/lib/format/transcript';
import { memoryKeyValue } from '@/lib/kv';
import { readyResult } from './testing/fixtures';

const OWNER = archiveOwner('https://service.example', 'Demo@Example.com');
const result = readyResult(7, 'Standup.mp3', [
  {
    header: 'Status',
    lines: [
      { speaker: 0, text: 'Good morning.' },
      { speaker: 1, text: 'The build is green.' },
    ],
  },
]);

describe('speaker names given in the viewer', () => {
  it('are kept per recording and read back by speakerMapFor', async () => {
    const kv = memoryKeyValue();
    const archive = new Archive(kv);
    await archive.keep(OWNER, { spaceId: 3, audioId: 7, result });
    expect(await speakerMapFor(3, 7, kv)).toEqual({});
    await archive.renameVoice(OWNER, 3, 7, '1', 'Boris Ivanov');
    expect(await speakerMapFor(3, 7, kv)).toEqual({ '1': 'Boris Ivanov' });
    expect(await speakerMapFor(3, 8, kv)).toEqual({});
    // An empty name gives the service's label back.
    await archive.renameVoice(OWNER, 3, 7, '1', '   ');
    expect(await speakerMapFor(3, 7, kv)).toEqual({});
    // Another account cannot rename in this archive.
    expect(
      await archive.renameVoice(archiveOwner('https://service.example', 'x@y.z'), 3, 7, '1', 'X'),
    ).toBeNull();
  });

  it('replace the labels in the transcript, the speaker table and every export', () => {
    const renamed = { '1': 'Boris Ivanov', '0': 'Анна' };
    const view = prepareTranscript(normalizeDialog(result), 'en', renamed);
    expect(view.blocks[0]!.utterances.map((u) => u.speaker)).toEqual(['Анна', 'Boris Ivanov']);
    expect(view.speakers.map((s) => s.name).sort()).toEqual(['Boris Ivanov', 'Анна']);
    const doc = toExportDocument('Standup.mp3', view);
    expect(exportAs('md', doc)).toContain('**[0:10] Boris Ivanov:** The build is green.');
    expect(exportAs('txt', doc)).toContain('[0:00] Анна: Good morning.');
    expect(exportAs('srt', doc)).toContain('Boris Ivanov: The build is green.');
    expect(exportAs('vtt', doc)).toContain('<v Boris Ivanov>The build is green.');
    for (const format of ['md', 'txt', 'srt', 'vtt'] as const) {
      expect(exportAs(format, doc)).not.toContain('Speaker 1');
      expect(exportAs(format, doc)).not.toContain('Anna Petrova');
    }
    // Without renames the service's names and labels stay.
    const plain = toExportDocument('Standup.mp3', prepareTranscript(normalizeDialog(result), 'en'));
    expect(exportAs('srt', plain)).toContain('Speaker 1: The build is green.');
    expect(exportAs('srt', plain)).toContain('Anna Petrova: Good morning.');
  });
});
