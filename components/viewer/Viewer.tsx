/**
 * The full page of a recording (`viewer.html?space=<id>&audio=<id>`): protocol (each line with its
 * suggested sources, linked by the background), transcript (each cited utterance with the lines
 * citing it), speakers, copy and exports, and the source file. Without a recording in the address
 * it shows the recordings list of the popup in a wider frame (upload from there too). `line=<k>`
 * marks the protocol's k-th list item (the open items' link to an item's line), `row=<t>.<r>` the
 * r-th row of its t-th table; `at=<block>.<utterance>` an utterance of the transcript.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Recording } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import {
  EXPORT_MIME,
  type ExportFormat,
  exportAs,
  exportFileName,
  toPlainText,
} from '@/lib/export/transcript';
import { formatTextMegabytes } from '@/lib/format/text-size';
import { formatDateTime, formatDuration, formatTimeOfDay } from '@/lib/format/time';
import { prepareTranscript, type TranscriptView, toExportDocument } from '@/lib/format/transcript';
import { type ErrorInfo, type MessageResult, type ShownResult, sendMessage } from '@/lib/messaging';
import type { OfferedNames } from '@/lib/page-names/suggest';
import { sessionChangedItem } from '@/lib/storage';
import { App } from '../app/App';
import { lazyView } from '../app/lazy';
import { lang, text } from '../lang';
import { SearchAllMeetings } from '../search/lazy';
import type { SourcesState } from '../sources/LineSources';
import { ErrorMessage, Notice, Protocol, Skeleton } from '../ui';
import { type ProtocolLine, parseLine, useProtocolLine } from './protocol-line';
import { type RenameVoice, Speakers } from './Speakers';
import { parseAt, Transcript } from './Transcript';

/** The names the meeting page suggests: loaded with a ready result kept in the archive. */
const PageNames = lazyView(() => import('./PageNames').then((module) => module.PageNames), { quiet: true });

type Tab = 'protocol' | 'transcript' | 'speakers';
const TABS: Tab[] = ['protocol', 'transcript', 'speakers'];

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function Viewer({ params }: { params: URLSearchParams }) {
  const spaceId = positiveInt(params.get('space'));
  const audioId = positiveInt(params.get('audio'));
  const tab = params.get('tab');
  if (spaceId === null || audioId === null) {
    return (
      <div class="viewer-list">
        <App>
          <SearchAllMeetings />
        </App>
      </div>
    );
  }
  const at = parseAt(params.get('at'));
  return (
    <RecordingView
      spaceId={spaceId}
      audioId={audioId}
      initialTab={at ? 'transcript' : TABS.includes(tab as Tab) ? (tab as Tab) : 'protocol'}
      focusAt={at}
      line={parseLine(params.get('line'), params.get('row'))}
    />
  );
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: ErrorInfo }
  | { state: 'done'; recording: Recording | null; result: ShownResult | null };

function download(name: string, body: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([body], { type: mime }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const FORMATS: Array<{ format: ExportFormat; label: 'exportMd' | 'exportTxt' | 'exportSrt' | 'exportVtt' }> =
  [
    { format: 'md', label: 'exportMd' },
    { format: 'txt', label: 'exportTxt' },
    { format: 'srt', label: 'exportSrt' },
    { format: 'vtt', label: 'exportVtt' },
  ];

function SourceLink({ spaceId, audioId }: { spaceId: number; audioId: number }) {
  const m = text.value;
  const [link, setLink] = useState<{ url: string; until: number } | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const fetchLink = async () => {
    setBusy(true);
    // Fetched fresh each time: the link is valid one hour from the answer.
    const answer = await sendMessage('recording.info', { spaceId, audioId });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setError(null);
    let safe = false;
    try {
      const { protocol } = new URL(answer.data.url);
      safe = protocol === 'https:' || protocol === 'http:';
    } catch {
      safe = false;
    }
    setLink(safe ? { url: answer.data.url, until: Date.now() + 60 * 60_000 } : null);
  };
  return (
    <span class="source-link">
      {link && link.until > Date.now() ? (
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="source-link"
          class="button small"
        >
          {m.sourceLinkValid(formatTimeOfDay(link.until, lang.value))}
        </a>
      ) : (
        <button type="button" class="small" disabled={busy} onClick={() => void fetchLink()}>
          {m.getSourceLink}
        </button>
      )}
      <ErrorMessage error={error} />
    </span>
  );
}

/** The viewer's sources code (components/sources/viewer-sources.tsx), loaded after the first render. */
type SourcesUi = typeof import('../sources/viewer-sources');

function Toolbar({
  title,
  view,
  spaceId,
  audioId,
  withSources,
}: {
  title: string;
  view: TranscriptView | null;
  spaceId: number;
  audioId: number;
  /** The protocol lines' sources for the Markdown export, when found. */
  withSources: ((view: TranscriptView) => ReturnType<SourcesUi['exportLines']>) | null;
}) {
  const m = text.value;
  const [message, setMessage] = useState<string | null>(null);
  const labels = { protocol: m.protocol, transcript: m.transcript };
  const copy = async (body: string) => {
    try {
      await navigator.clipboard.writeText(body);
      setMessage(m.copied);
    } catch {
      setMessage(m.copyFailed);
    }
  };
  return (
    <div class="toolbar">
      <div class="row wrap">
        {view && (
          <>
            <button type="button" class="small" onClick={() => void copy(view.protocol)}>
              {m.copyProtocol}
            </button>
            <button
              type="button"
              class="small"
              onClick={() => void copy(toPlainText({ title, protocol: '', blocks: view.blocks }, labels))}
            >
              {m.copyTranscript}
            </button>
            <span class="toolbar-group">
              <span class="muted small-text">{m.exportAs}:</span>
              {FORMATS.map(({ format, label }) => (
                <button
                  key={format}
                  type="button"
                  class="small"
                  aria-label={m.exportNamed(m[label])}
                  data-export={format}
                  onClick={() => {
                    const sources = format === 'md' ? withSources?.(view) : undefined;
                    download(
                      exportFileName(title, format),
                      exportAs(
                        format,
                        { ...toExportDocument(title, view), ...(sources && { lines: sources.lines }) },
                        { ...labels, ...(sources && { sources: sources.labels }) },
                      ),
                      EXPORT_MIME[format],
                    );
                  }}
                >
                  {m[label]}
                </button>
              ))}
            </span>
          </>
        )}
        <span class="spacer" />
        <SourceLink spaceId={spaceId} audioId={audioId} />
      </div>
      {message && <Notice>{message}</Notice>}
    </div>
  );
}

/** Nothing offered (a type-only import keeps the matching in PageNames' lazy chunk). */
const NOTHING_OFFERED: OfferedNames = { byVoice: {}, from: null };

function RecordingView({
  spaceId,
  audioId,
  initialTab,
  focusAt,
  line,
}: {
  spaceId: number;
  audioId: number;
  initialTab: Tab;
  focusAt: { block: number; utterance: number } | null;
  line: ProtocolLine | null;
}) {
  const m = text.value;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  /** Speaker names given in this browser; null until the result says which are kept. */
  const [renamed, setRenamed] = useState<Record<string, string> | null>(null);
  /** The names offered for each voice left unnamed: the page's, the event's (told by PageNames). */
  const [choices, setChoices] = useState<OfferedNames>(NOTHING_OFFERED);
  const [attempt, setAttempt] = useState(0);
  // The session changed (a sign-out, another account, a new service): the recording is read again
  // for the session now in place, so nothing of another account stays on screen. The attempt takes
  // the moment of the change, a new value each time.
  useEffect(() => sessionChangedItem.watch(setAttempt), []);
  const [tab, setTab] = useState<Tab>(initialTab);
  /** The utterance the transcript shows: the address's, then a source's link followed. */
  const [focus, setFocus] = useState(focusAt);
  /** A protocol line to open and focus, back from the transcript. */
  const [reveal, setReveal] = useState<{ line: number } | null>(null);
  const [sourcesUi, setSourcesUi] = useState<SourcesUi | null>(null);
  const [sources, setSources] = useState<SourcesState>({ state: 'linking' });
  const [linkAttempt, setLinkAttempt] = useState(0);
  const protocolRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    protocol: null,
    transcript: null,
    speakers: null,
  });

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    // The result does not wait for the recording's info: a result kept in the archive shows at
    // once, offline too, and the date and length follow when the info answers.
    let info: MessageResult<Recording> | null = null;
    let result: MessageResult<ShownResult | null> | null = null;
    const settle = () => {
      if (!live || !result) return;
      if (result.ok)
        setLoaded({ state: 'done', recording: info?.ok ? info.data : null, result: result.data });
      else if (info) setLoaded({ state: 'error', error: info.ok ? result.error : info.error });
    };
    void sendMessage('recording.info', { spaceId, audioId }).then((answer) => {
      info = answer;
      settle();
    });
    void sendMessage('recording.result', { spaceId, audioId, shown: true }).then((answer) => {
      result = answer;
      if (live && answer.ok) setRenamed(answer.data?.archived ? answer.data.archived.speakerMap : null);
      settle();
    });
    return () => {
      live = false;
    };
  }, [spaceId, audioId, attempt]);

  const recording = loaded.state === 'done' ? loaded.recording : null;
  const result = loaded.state === 'done' ? loaded.result : null;
  const title = recording?.title ?? result?.title ?? m.viewerTitle;

  useEffect(() => {
    document.title = `${title} · ${m.appName}`;
  }, [title, m.appName]);

  // The protocol's lines with their suggested sources, from the background (linked there once per
  // revision of the result and its names, outside any page's thread): asked again when a voice is named.
  useEffect(() => {
    if (!result?.classified || !result.success || !result.result) return;
    let live = true;
    setSources({ state: 'linking' });
    void import('../sources/viewer-sources')
      .then((ui) => {
        if (live) setSourcesUi(() => ui);
        return ui.sourcesFromBackground(spaceId, audioId);
      })
      .then(
        (state) => live && setSources(state),
        (error: unknown) =>
          live &&
          setSources({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [result, renamed, linkAttempt, spaceId, audioId]);

  const view = useMemo(() => {
    if (!result?.classified || !result.success || !result.result) return null;
    return prepareTranscript(
      normalizeDialog(result, recording?.duration ?? result.duration ?? null),
      lang.value,
      renamed ?? {},
    );
  }, [result, recording, lang.value, renamed]);

  // Names are kept in the archive: only a result kept there can have them.
  const onRename: RenameVoice | null = result?.archived
    ? async (speakerId, name) => {
        const answer = await sendMessage('archive.renameVoice', { spaceId, audioId, speakerId, name });
        if (!answer.ok || !answer.data) return false;
        setRenamed(answer.data);
        return true;
      }
    : null;

  const found = sources.state === 'done' ? sources.sources : null;
  const cited = useMemo(() => (found && sourcesUi ? sourcesUi.citedBy(found) : null), [found, sourcesUi]);
  /** Under each cited utterance of the transcript: the lines citing it, each a way back. */
  const citing = useMemo(() => {
    if (!cited || !found || !sourcesUi) return undefined;
    const { CitedBy } = sourcesUi;
    const back = (line: number) => {
      setTab('protocol');
      setReveal({ line });
    };
    return (at: string, target: boolean) => {
      const indices = cited.get(at);
      return indices ? (
        <CitedBy lines={found.lines} indices={indices} initiallyOpen={target} onBack={back} />
      ) : null;
    };
  }, [cited, found, sourcesUi]);

  useProtocolLine(line, view);

  const colorOf = useMemo(() => {
    const order = new Map((view?.speakers ?? []).map((s, i) => [s.id, i]));
    return (id: string) => order.get(id) ?? 0;
  }, [view]);

  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[TABS[next]!]?.focus();
  };

  let content = null;
  if (loaded.state === 'loading') content = <Skeleton lines={10} />;
  else if (loaded.state === 'error')
    content = <ErrorMessage error={loaded.error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!result) content = <p class="muted">{m.notProcessed}</p>;
  else if (!result.classified) content = <p class="muted">{m.resultNotReady}</p>;
  else if (!view) content = <div class="alert error">{m.resultFailed}</div>;
  else
    content = (
      <>
        {onRename && (
          <PageNames
            spaceId={spaceId}
            audioId={audioId}
            result={result}
            duration={recording?.duration ?? result.duration ?? null}
            renamed={renamed ?? {}}
            onRename={onRename}
            onEdit={() => {
              setTab('speakers');
              tabRefs.current.speakers?.focus();
            }}
            onChoices={setChoices}
          />
        )}
        <div role="tablist" aria-label={m.sections} class="tabs" onKeyDown={onTabKey}>
          {TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              class="tab"
              onClick={() => setTab(name)}
            >
              {name === 'protocol' ? m.protocol : name === 'transcript' ? m.transcript : m.speakers}
              {name === 'transcript' && <span class="tab-count">{view.utteranceCount}</span>}
            </button>
          ))}
        </div>
        {/* The protocol stays mounted while another tab is shown: a long one is not rendered again. */}
        <div
          role="tabpanel"
          id="panel-protocol"
          aria-labelledby="tab-protocol"
          class="panel"
          hidden={tab !== 'protocol'}
        >
          {result.protocolTruncated && (
            <div data-testid="protocol-truncated">
              <Notice kind="warn">
                {m.protocolTruncated(
                  formatTextMegabytes(result.protocolTruncated.shownChars, lang.value),
                  formatTextMegabytes(result.protocolTruncated.totalChars, lang.value),
                )}
              </Notice>
            </div>
          )}
          {sourcesUi && view.protocol.trim() !== '' && (
            <sourcesUi.SourcesStatus state={sources} onRetry={() => setLinkAttempt((n) => n + 1)} />
          )}
          <div ref={protocolRef}>
            <Protocol markdown={view.protocol} />
            {sourcesUi && found && (
              <sourcesUi.LineSources
                container={protocolRef}
                sources={found}
                utterance={(place) => view.blocks[place.block]?.utterances[place.utterance] ?? null}
                href={(place) => `?space=${spaceId}&audio=${audioId}&at=${place.block}.${place.utterance}`}
                onShow={(place) => {
                  setFocus(place);
                  setTab('transcript');
                }}
                reveal={reveal}
              />
            )}
          </div>
        </div>
        {tab !== 'protocol' && (
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} class="panel">
            {tab === 'transcript' && (
              <Transcript blocks={view.blocks} colorOf={colorOf} focusAt={focus} citing={citing} />
            )}
            {tab === 'speakers' && (
              <Speakers
                speakers={view.speakers}
                end={view.end}
                colorOf={colorOf}
                renamed={renamed ?? {}}
                onRename={onRename}
                choices={choices.byVoice}
                choicesFrom={choices.from}
              />
            )}
          </div>
        )}
      </>
    );

  return (
    <div class="viewer">
      <header class="viewer-header">
        <div class="row">
          <a class="button small ghost" href="/viewer.html">
            ← {m.recordingsList}
          </a>
          <span class="spacer" />
          <span class="muted small-text">{m.appName}</span>
        </div>
        <h1 class="viewer-title" data-testid="viewer-title">
          {title}
        </h1>
        {(recording || result?.archived?.createdAt) && (
          <p class="muted small-text viewer-meta">
            {formatDateTime(recording?.created_at ?? (result?.archived?.createdAt as number), lang.value)}
            {' · '}
            {(recording?.duration ?? result?.duration)
              ? formatDuration((recording?.duration ?? result?.duration) as number, lang.value)
              : m.durationUnknown}
            {view?.speakers.length ? ` · ${view.speakers.length} ${m.speakers.toLowerCase()}` : ''}
          </p>
        )}
        <Toolbar
          title={title}
          view={view}
          spaceId={spaceId}
          audioId={audioId}
          withSources={found && sourcesUi ? (shown) => sourcesUi.exportLines(found, shown.blocks) : null}
        />
        {/* A question asked here is about this recording when it is kept for search. */}
        <SearchAllMeetings {...(result?.archived ? { meeting: { spaceId, audioId } } : {})} />
      </header>
      <main class="viewer-main">{content}</main>
    </div>
  );
}
