/**
 * The archive both search indexes are tested against (the shipping SQLite one, lib/archive/fts.ts,
 * and the MiniSearch baseline, scripts/minisearch-index.ts): two meetings, one in English in
 * January, one mostly in Russian in March with named speakers, indexed as the extension indexes
 * them. Written for the tests, no real person's data.
 */
import type { PreparedRecord, RecordSource, SearchFilters, SearchOutcome } from '@/lib/archive/search';
import { prepare } from '@/lib/archive/search';
import { Archive, type Catalog, type CatalogEntry } from '@/lib/archive/store';
import { memoryKeyValue } from '@/lib/kv';
import { OWNER, readyResult } from './fixtures';

export const DAY = 24 * 60 * 60_000;
export const JAN = Date.UTC(2026, 0, 10);
export const MAR = Date.UTC(2026, 2, 10);

/** What the tests use of a search index, the same in both. */
export interface TestedIndex {
  plan(catalog: Catalog): { add: string[]; remove: string[] };
  addRecord(key: string, entry: CatalogEntry, prepared: PreparedRecord): void;
  removeRecord(key: string): void;
  search(query: string, filters: SearchFilters, source: RecordSource): Promise<SearchOutcome>;
}

/**
 * The two meetings kept in a fresh archive and indexed into the index `open` makes for the
 * archive's generation. `build` brings an index up to the archive's catalog (as the extension does
 * after a change) and returns its plan; `texts` lists the hits of a query as
 * `audioId:block.utterance text`.
 */
export async function searchFixture<I extends TestedIndex>(open: (generation: string) => I) {
  const kv = memoryKeyValue();
  const archive = new Archive(kv, { now: () => JAN });
  await archive.keep(OWNER, {
    spaceId: 1,
    audioId: 11,
    createdAt: JAN,
    result: readyResult(11, 'Weekly sync.mp3', [
      {
        header: 'Budget and hiring',
        lines: [
          { speaker: 0, text: 'We decided to move the release to Friday.' },
          { speaker: 1, text: 'The budget for infrastructure is approved.' },
          { speaker: 0, text: 'Hiring two engineers next quarter.' },
        ],
      },
      { header: 'Wrap-up', lines: [{ speaker: 1, text: 'Thanks everyone, see you next week.' }] },
    ]),
  });
  await archive.keep(OWNER, {
    spaceId: 2,
    audioId: 22,
    createdAt: MAR,
    result: readyResult(
      22,
      'Планёрка.mp3',
      [
        {
          header: 'Итоги недели',
          lines: [
            { speaker: 0, text: 'После встречи с клиентом мы обсудили сроки.' },
            { speaker: 1, text: 'Deciding on the vendor takes another week.' },
            { speaker: 2, text: 'Бюджет на инфраструктуру согласован.' },
          ],
        },
      ],
      { language: 'ru', names: { '0': 'Игорь Смирнов', '1': 'Anna Petrova', '2': 'SPEAKER_02' } },
    ),
  });
  const catalog = (await archive.catalog()) as Catalog;
  const index = open(catalog.generation);
  const source: RecordSource = async (key) => {
    const record = await archive.getByKey(key);
    if (!record) return null;
    return { record, names: await archive.speakerMap(record.spaceId, record.audioId) };
  };
  const build = async (into: TestedIndex = index) => {
    const current = (await archive.catalog()) as Catalog;
    const plan = into.plan(current);
    for (const key of plan.remove) into.removeRecord(key);
    for (const key of plan.add) {
      const loaded = (await source(key))!;
      into.addRecord(key, current.entries[key]!, prepare(loaded.record, loaded.names));
    }
    return plan;
  };
  await build();
  const texts = async (query: string, filters: SearchFilters = {}) =>
    (await index.search(query, filters, source)).meetings.flatMap((m) =>
      m.hits.map((hit) => `${m.audioId}:${hit.block}.${hit.utterance} ${hit.text}`),
    );
  return { kv, archive, catalog, index, source, build, texts };
}

/**
 * One meeting of sixty utterances kept and indexed into the index `open` makes: utterance 47 says
 * "The release plan is approved." as written, every other one the same words in another order.
 */
export async function phraseFixture<I extends TestedIndex>(open: (generation: string) => I | Promise<I>) {
  const archive = new Archive(memoryKeyValue());
  const lines = Array.from({ length: 60 }, (_, i) => ({
    speaker: i % 2,
    text: i === 47 ? 'The release plan is approved.' : 'Approved: the plan for the release.',
  }));
  await archive.keep(OWNER, {
    spaceId: 1,
    audioId: 5,
    result: readyResult(5, 'Plans.mp3', [{ header: 'Plans', lines }]),
  });
  const catalog = (await archive.catalog()) as Catalog;
  const index = await open(catalog.generation);
  const record = (await archive.getByKey('1:5'))!;
  index.addRecord('1:5', catalog.entries['1:5']!, prepare(record, {}));
  const source: RecordSource = async () => ({ record, names: {} });
  return { index, source };
}
