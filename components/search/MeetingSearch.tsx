/**
 * "Search all meetings" (side panel and viewer): a field and filters; the search runs in a
 * worker of its own (components/search/search.worker.ts) over the local archive, so typing never
 * waits for the index. Hits are grouped by meeting with the topic header, the speaker, the time
 * and the matched words marked (built as elements, never as HTML), and each is a link to the
 * viewer at that utterance (`viewer.html?space=..&audio=..&tab=transcript&at=<block>.<utterance>`)
 * that also works pasted into a new tab.
 *
 * "Ask your meetings": a question (recognised by lib/search/question.ts, or chosen with the
 * "Keywords" / "Ask a question" switch) is answered by the same worker with the moments that answer
 * it (AskAnswers.tsx), under the same never-stale rule; in the viewer, in its meeting only unless
 * the person unticks "Only this meeting".
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Range, SearchFilters, SearchOutcome } from '@/lib/archive/search';
import type { FromSearchWorker, IndexProgress, ToSearchWorker } from '@/lib/archive/worker-protocol';
import { speakerLabel } from '@/lib/format/speakers';
import { formatClock, formatDateTime } from '@/lib/format/time';
import type { AskOutcome } from '@/lib/grounding/archive-ask';
import {
  otherScript,
  QUESTION_MAX_CHARS,
  questionProblem,
  questionStatus,
  type SearchMode,
  searchMode,
} from '@/lib/search/question';
import { StandingQuestion, searchStatus } from '@/lib/search/standing-question';
import { lang } from '../lang';
import { AddPastMeetings, useSpaceNames } from './AddPastMeetings';
import { AskAnswers } from './AskAnswers';
import { utteranceUrl } from './links';
import { searchText } from './texts';
import './search.css';

/** A text with the given ranges wrapped in `<mark>` (elements, not markup). */
export function Marked({ value, ranges }: { value: string; ranges: Range[] }) {
  if (ranges.length === 0) return <>{value}</>;
  const parts = [];
  let at = 0;
  for (const [offset, length] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (offset < at) continue;
    if (offset > at) parts.push(value.slice(at, offset));
    parts.push(<mark key={offset}>{value.slice(offset, offset + length)}</mark>);
    at = offset + length;
  }
  if (at < value.length) parts.push(value.slice(at));
  return <>{parts}</>;
}

function dayStart(value: string): number | undefined {
  const time = value ? Date.parse(`${value}T00:00:00`) : Number.NaN;
  return Number.isFinite(time) ? time : undefined;
}

/** A recording (the viewer's): questions asked there are about it unless the person says otherwise. */
export interface MeetingRef {
  spaceId: number;
  audioId: number;
}

/** The question on screen: the words (or a question) and the filters, and where it is asked. */
type Question =
  | { mode: 'keywords'; query: string; filters: SearchFilters }
  | { mode: 'ask'; query: string; filters: SearchFilters; meeting?: MeetingRef };

/** The answer on screen: the outcome and the index it was computed from. */
type Shown =
  | { mode: 'keywords'; outcome: SearchOutcome; index: IndexProgress }
  | { mode: 'ask'; outcome: AskOutcome; index: IndexProgress };

/** The worker's message for a question on screen. */
function messageFor(id: number, question: Question): ToSearchWorker {
  if (question.mode === 'keywords')
    return { type: 'search', id, query: question.query, filters: question.filters };
  return {
    type: 'ask',
    id,
    question: question.query,
    filters: question.filters,
    ...(question.meeting ? { meeting: question.meeting } : {}),
  };
}

export function MeetingSearch({ newTab = false, meeting }: { newTab?: boolean; meeting?: MeetingRef }) {
  const t = searchText.value;
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  /** "Keywords" or "Ask a question" as the person chose it (null: as the text reads), until the field is emptied. */
  const [chosen, setChosen] = useState<SearchMode | null>(null);
  /** In the viewer: a question is about its meeting only. */
  const [onlyHere, setOnlyHere] = useState(true);
  const [spaceId, setSpaceId] = useState('');
  const [speaker, setSpeaker] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  /** The answer to the question on screen (null while there is none: never an older question's). */
  const [shown, setShown] = useState<Shown | null>(null);
  /** The meetings found for the question on screen while their passages are read (no hits yet). */
  const [early, setEarly] = useState<SearchOutcome | null>(null);
  const [progress, setProgress] = useState<IndexProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The index could not be made even after dropping it and building it again. */
  const [broken, setBroken] = useState(false);
  const worker = useRef<Worker | null>(null);
  const names = useSpaceNames();

  const filters = useMemo<SearchFilters>(
    () => ({
      ...(spaceId ? { spaceIds: [Number(spaceId)] } : {}),
      ...(speaker ? { speaker } : {}),
      ...(dayStart(from) === undefined ? {} : { from: dayStart(from) }),
      ...(dayStart(to) === undefined ? {} : { to: (dayStart(to) as number) + 86_400_000 - 1 }),
    }),
    [spaceId, speaker, from, to],
  );

  /**
   * One search in flight, the latest question waiting, asked again whenever the index changes
   * (lib/search/standing-question.ts).
   */
  const asker = useRef<StandingQuestion<Question> | null>(null);
  asker.current ??= new StandingQuestion<Question>({
    send: (id, question) => worker.current?.postMessage(messageFor(id, question)),
  });

  /** Keeps the newest report of the index (answers carry the index as it was when they began). */
  const report = (next: IndexProgress) =>
    setProgress((current) => (current && current.version > next.version ? current : next));

  /** The worker starts with the first use of the field (the page opens without it). */
  const start = () => {
    if (worker.current) return;
    const started = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<FromSearchWorker>) => {
      const message = event.data;
      const rule = asker.current;
      if (!rule) return;
      if (message.type === 'error') {
        if (message.broken) setBroken(true);
        if (message.id === null || rule.failed(message.id)) {
          setEarly(null);
          setError(message.message);
        }
        return;
      }
      if (message.type === 'found') {
        if (rule.current(message.id)) setEarly(message.outcome);
        return;
      }
      const { indexed, total, speakers, spaceIds, version, complete, rebuilding } = message;
      const index = {
        indexed,
        total,
        speakers,
        spaceIds,
        version,
        complete,
        ...(rebuilding ? { rebuilding } : {}),
      };
      report(index);
      if (message.type === 'results' || message.type === 'answer') {
        if (rule.answered(message.id, version)) {
          setEarly(null);
          setShown(
            message.type === 'results'
              ? { mode: 'keywords', outcome: message.outcome, index }
              : { mode: 'ask', outcome: message.outcome, index },
          );
          setError(null);
        }
      } else rule.indexChanged(version);
    });
    worker.current = started;
  };

  useEffect(
    () => () => {
      asker.current?.dispose();
      worker.current?.terminate();
    },
    [],
  );

  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), 200);
    return () => clearTimeout(timer);
  }, [input]);

  // The person's choice of "Keywords" or "Ask a question" holds until the field is emptied.
  useEffect(() => {
    if (input.trim() === '') setChosen(null);
  }, [input]);

  /** How the field is read now (the switch shows it as one types), and how the question on screen is. */
  const shownMode = searchMode(input, chosen);
  const mode = searchMode(query, chosen);
  const tooLong = mode === 'ask' ? questionProblem(query) : null;
  const here = meeting && onlyHere ? meeting : undefined;

  useEffect(() => {
    setShown(null);
    setEarly(null);
    if (query.trim() === '' || tooLong) {
      asker.current?.ask(null);
      return;
    }
    start();
    if (mode === 'keywords') asker.current?.ask({ mode, query, filters });
    // In one meeting, only the person filter applies.
    else if (here)
      asker.current?.ask({
        mode,
        query,
        filters: filters.speaker ? { speaker: filters.speaker } : {},
        meeting: here,
      });
    else asker.current?.ask({ mode, query, filters });
  }, [query, filters, mode, tooLong === null, here?.spaceId, here?.audioId]);

  // The meetings found first stand in for an answer that has none yet (asked before the index grew).
  const keywords = shown?.mode === 'keywords' ? shown : null;
  const answered = shown?.mode === 'ask' ? shown : null;
  const outcome =
    query.trim() === '' || mode !== 'keywords'
      ? null
      : keywords && (keywords.outcome.meetings.length > 0 || !early)
        ? keywords.outcome
        : early;
  const status = searchStatus({
    question: query.trim() !== '' && !tooLong,
    index: progress,
    answer: shown ? { index: shown.index, found: shown.outcome.meetings.length > 0 } : null,
  });
  const spaceName = (id: number) => names[id] ?? t.spaceNumbered(id);
  const target = newTab ? { target: '_blank', rel: 'noopener' } : {};
  const asking = mode === 'ask' && query.trim() !== '';
  /** What the status line says of a question, when it says something of its own. */
  const said = asking ? questionStatus({ status, question: query, answer: answered?.outcome ?? null }) : null;
  const askStatus =
    said === null
      ? null
      : said.kind === 'too-long'
        ? t.questionTooLong(said.length, QUESTION_MAX_CHARS)
        : said.kind === 'no-words'
          ? t.noWords
          : said.kind === 'asking'
            ? t.asking
            : said.kind === 'answered'
              ? t.answersFound(said.meetings)
              : t.noAnswer;

  return (
    <section class="meeting-search" aria-labelledby="meeting-search-title">
      <search>
        <label id="meeting-search-title" for="meeting-search" class="meeting-search-label">
          {t.searchAll}
        </label>
        <div class="row">
          <input
            id="meeting-search"
            type="search"
            data-testid="meeting-search"
            placeholder={t.placeholder}
            aria-describedby="meeting-search-hint"
            value={input}
            onFocus={start}
            onInput={(event) => setInput(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setQuery(input);
              }
              if (event.key === 'Escape' && input !== '') {
                event.preventDefault();
                setInput('');
                setQuery('');
              }
            }}
          />
        </div>
        <fieldset class="search-mode">
          <legend class="visually-hidden">{t.searchBy}</legend>
          {(['keywords', 'ask'] as const).map((value) => (
            <label key={value} class="search-mode-option">
              <input
                type="radio"
                name="meeting-search-mode"
                value={value}
                data-testid={`search-mode-${value}`}
                checked={shownMode === value}
                onChange={() => {
                  setChosen(value);
                  setQuery(input);
                }}
              />
              {value === 'ask' ? t.modeAsk : t.modeKeywords}
            </label>
          ))}
          {meeting && shownMode === 'ask' && (
            <label class="search-mode-option">
              <input
                type="checkbox"
                data-testid="ask-only-here"
                checked={onlyHere}
                onChange={(event) => setOnlyHere(event.currentTarget.checked)}
              />
              {t.onlyThisMeeting}
            </label>
          )}
        </fieldset>
        <p id="meeting-search-hint" class="muted small-text">
          {shownMode === 'ask' ? t.askHint : t.searchHint}
          {shownMode === 'ask' && otherScript(input) ? ` ${t.otherScript}` : ''}
        </p>
        <details class="meeting-search-filters" onToggle={start}>
          <summary>{t.filters}</summary>
          <div class="filter-grid">
            <label>
              {t.space}
              <select value={spaceId} onChange={(event) => setSpaceId(event.currentTarget.value)}>
                <option value="">{t.allSpaces}</option>
                {(progress?.spaceIds ?? []).map((id) => (
                  <option key={id} value={String(id)}>
                    {spaceName(id)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t.speaker}
              <select value={speaker} onChange={(event) => setSpeaker(event.currentTarget.value)}>
                <option value="">{t.anySpeaker}</option>
                {(progress?.speakers ?? []).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t.dateFrom}
              <input type="date" value={from} onInput={(event) => setFrom(event.currentTarget.value)} />
            </label>
            <label>
              {t.dateTo}
              <input type="date" value={to} onInput={(event) => setTo(event.currentTarget.value)} />
            </label>
          </div>
        </details>
      </search>

      <div role="status" aria-live="polite" class="muted small-text" data-testid="meeting-search-status">
        {broken
          ? t.indexBroken
          : progress?.rebuilding && !progress.complete
            ? t.rebuilding(progress.indexed, progress.total)
            : error
              ? t.searchFailed(error)
              : askStatus !== null
                ? askStatus
                : status.kind === 'empty-archive'
                  ? t.emptyArchive
                  : status.kind === 'searching'
                    ? t.searching
                    : status.kind === 'partial'
                      ? t.searchedSoFar(status.searched, status.total)
                      : status.kind === 'done' && !status.found
                        ? t.noHits
                        : ''}
      </div>

      {asking && answered && answered.outcome.meetings.length > 0 && (
        <AskAnswers
          outcome={answered.outcome}
          spaceName={spaceName}
          showSpace={(progress?.spaceIds.length ?? 0) > 1}
          newTab={newTab}
          busy={status.kind !== 'done'}
        />
      )}

      {outcome && outcome.meetings.length > 0 && (
        <div class="meeting-hits" data-testid="meeting-hits" aria-busy={!shown}>
          {outcome.meetings.map((meeting) => (
            <section
              key={meeting.key}
              class="meeting-hit"
              aria-labelledby={`hits-${meeting.key}`}
              data-testid="meeting-hit"
            >
              <h3 id={`hits-${meeting.key}`} class="meeting-hit-title">
                {meeting.title}
              </h3>
              <p class="muted small-text">
                {meeting.createdAt ? formatDateTime(meeting.createdAt, lang.value) : ''}
                {progress && progress.spaceIds.length > 1 ? ` · ${spaceName(meeting.spaceId)}` : ''}
              </p>
              <ul class="hits">
                {meeting.hits.map((hit) => {
                  const who = speakerLabel(hit.speaker, lang.value);
                  const when = formatClock(hit.start);
                  return (
                    <li key={`${hit.block}.${hit.utterance}`}>
                      <a
                        class="hit"
                        data-testid="hit"
                        href={utteranceUrl(meeting.spaceId, meeting.audioId, hit.block, hit.utterance)}
                        aria-label={`${t.hitLabel(who, when, meeting.title)}: ${hit.text}`}
                        {...target}
                      >
                        <span class="hit-topic">
                          <Marked
                            value={hit.header.trim() || `#${hit.block + 1}`}
                            ranges={hit.headerRanges}
                          />
                        </span>
                        <span class="hit-meta">
                          <span class="hit-time">{when}</span> <span class="hit-speaker">{who}</span>
                        </span>
                        <span class="hit-text">
                          <Marked value={hit.text} ranges={hit.ranges} />
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
              {meeting.more > 0 && <p class="muted small-text">{t.moreHits(meeting.more)}</p>}
            </section>
          ))}
          {outcome.moreMeetings > 0 && <p class="muted small-text">{t.moreMeetings(outcome.moreMeetings)}</p>}
        </div>
      )}

      <AddPastMeetings />
    </section>
  );
}
