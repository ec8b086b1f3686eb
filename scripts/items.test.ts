/**
 * `npm run items -- extract DIR`: every meeting file of DIR/meetings in the output's exact shape,
 * a file that is no JSON (or of another shape) giving an empty list and a line on stderr.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'items-extract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run items -- extract', () => {
  it('prints the items of each meeting: text, owner, due, bullet', async () => {
    mkdirSync(path.join(dir, 'meetings'));
    writeFileSync(
      path.join(dir, 'meetings', 'weekly.json'),
      JSON.stringify({
        audio_id: 7,
        created_at: '2026-03-10T15:00:00.000000+03:00',
        result: {
          language: 'ru',
          protocol:
            '# Планёрка\n\n- Участники: все\n\n## Задачи\n\n- Сергей Петрович подготовит смету до 15 марта.\n  - Обновить шаблон.\n\n| Задача | Ответственный | Срок |\n| --- | --- | --- |\n| Согласовать договор | Анна | пятница |\n',
          speakers_map: { '0': 'Сергей Петрович Волков', '1': 'Анна Смирнова', '2': 'SPEAKER_02' },
        },
      }),
    );
    writeFileSync(path.join(dir, 'meetings', 'broken.json'), '{ not json');
    writeFileSync(path.join(dir, 'meetings', 'notes.txt'), 'not a meeting');
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/items.ts', 'extract', dir],
      {
        cwd: root,
      },
    );
    expect(JSON.parse(stdout)).toEqual({
      broken: [],
      weekly: [
        {
          text: 'Сергей Петрович подготовит смету до 15 марта.',
          owner: ['Сергей Петрович Волков'],
          due: '2026-03-15',
          bullet: 1,
        },
        { text: 'Обновить шаблон.', owner: null, due: null, bullet: 2 },
        { text: 'Согласовать договор', owner: ['Анна Смирнова'], due: '2026-03-13', bullet: null },
      ],
    });
    expect(stderr).toContain('broken.json: not JSON');
  });

  it('says so when DIR has no meetings folder', async () => {
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/items.ts', 'extract', path.join(dir, 'none')],
      {
        cwd: root,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('no such folder');
  });
});
