/**
 * The transcript by topic blocks. A 3-hour meeting has thousands of utterances, so blocks are
 * rendered in chunks after the first screen (a few hundred utterances per frame), blocks off
 * screen skip layout (`content-visibility`), and a block re-renders only when its search
 * highlights change. Under an utterance that protocol lines cite, `citing` shows them.
 */
import { Component, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatClock } from '@/lib/format/time';
import { findMatches, type Match, type ViewBlock } from '@/lib/format/transcript';
import { text } from '../lang';
import { Empty } from '../ui';

const FIRST_SCREEN_UTTERANCES = 120;
const CHUNK_UTTERANCES = 400;

export const SPEAKER_COLORS = 8;

function blocksFor(blocks: readonly ViewBlock[], from: number, utterances: number): number {
  let count = 0;
  let index = from;
  while (index < blocks.length && count < utterances) {
    count += blocks[index]!.utterances.length;
    index += 1;
  }
  return Math.max(index, Math.min(from + 1, blocks.length));
}

function Highlighted({ value, ranges, current }: { value: string; ranges: Match[]; current: Match | null }) {
  if (ranges.length === 0) return <>{value}</>;
  const parts = [];
  let at = 0;
  for (const range of ranges) {
    if (range.offset > at) parts.push(value.slice(at, range.offset));
    const isCurrent = current !== null && current.offset === range.offset;
    parts.push(
      <mark
        key={range.offset}
        class={isCurrent ? 'current' : undefined}
        data-current-match={isCurrent || undefined}
      >
        {value.slice(range.offset, range.offset + range.length)}
      </mark>,
    );
    at = range.offset + range.length;
  }
  if (at < value.length) parts.push(value.slice(at));
  return <>{parts}</>;
}

interface BlockProps {
  block: ViewBlock;
  index: number;
  colorOf: (speakerId: string) => number;
  /** Matches in this block, and a key that changes when they or the current one change. */
  matches: Match[];
  current: Match | null;
  highlightKey: string;
  /** The utterance a link pointed at (`at=<block>.<utterance>`), in this block. */
  target: number | null;
  citing: Citing | undefined;
}

/** What shows under an utterance (`at`: `<block>.<utterance>`) the protocol's lines cite, if any. */
export type Citing = (at: string, target: boolean) => ComponentChildren;

class TopicBlock extends Component<BlockProps> {
  shouldComponentUpdate(next: BlockProps): boolean {
    return (
      next.block !== this.props.block ||
      next.highlightKey !== this.props.highlightKey ||
      next.target !== this.props.target ||
      next.citing !== this.props.citing
    );
  }

  render({ block, index, colorOf, matches, current, target, citing }: BlockProps) {
    const byUtterance = new Map<number, Match[]>();
    for (const match of matches) {
      const list = byUtterance.get(match.utterance) ?? [];
      list.push(match);
      byUtterance.set(match.utterance, list);
    }
    const headingId = `topic-${index}`;
    return (
      <section class="topic" aria-labelledby={headingId} data-testid="topic">
        <h3 id={headingId} class="topic-header">
          {block.header.trim() || `#${index + 1}`}
        </h3>
        <ol class="utterances">
          {block.utterances.map((u, i) => (
            <li
              key={i}
              class={target === i ? 'utterance target' : 'utterance'}
              data-testid="utterance"
              data-at={`${index}.${i}`}
              tabIndex={target === i ? -1 : undefined}
              aria-current={target === i ? 'location' : undefined}
            >
              <span class="time">{formatClock(u.start)}</span>
              <span class="speaker" data-color={colorOf(u.speakerId) % SPEAKER_COLORS}>
                {u.speaker}
              </span>
              <span class="utterance-text">
                <Highlighted
                  value={u.text}
                  ranges={byUtterance.get(i) ?? []}
                  current={current && current.utterance === i ? current : null}
                />
              </span>
              {citing?.(`${index}.${i}`, target === i)}
            </li>
          ))}
        </ol>
      </section>
    );
  }
}

/** `<block>.<utterance>` of a link (`at=3.12`), or null. */
export function parseAt(value: string | null): { block: number; utterance: number } | null {
  const match = value ? /^(\d{1,6})\.(\d{1,6})$/.exec(value) : null;
  return match ? { block: Number(match[1]), utterance: Number(match[2]) } : null;
}

export function Transcript({
  blocks,
  colorOf,
  focusAt = null,
  citing,
}: {
  blocks: ViewBlock[];
  colorOf: (speakerId: string) => number;
  /** The utterance to scroll to and focus once rendered (a search hit's or a source's link). */
  focusAt?: { block: number; utterance: number } | null;
  citing?: Citing | undefined;
}) {
  const m = text.value;
  const [rendered, setRendered] = useState(() =>
    Math.max(
      blocksFor(blocks, 0, FIRST_SCREEN_UTTERANCES),
      focusAt && focusAt.block < blocks.length ? focusAt.block + 1 : 0,
    ),
  );
  const focusPending = useRef(focusAt !== null);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);

  // Render the rest in chunks, one per frame, after the first screen is up.
  useEffect(() => {
    if (rendered >= blocks.length) return;
    const timer = setTimeout(() => setRendered((n) => blocksFor(blocks, n, CHUNK_UTTERANCES)), 16);
    return () => clearTimeout(timer);
  }, [rendered, blocks]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(input);
      setActive(0);
      scrollPending.current = true;
    }, 200);
    return () => clearTimeout(timer);
  }, [input]);

  const matches = useMemo(() => findMatches(blocks, query), [blocks, query]);
  const byBlock = useMemo(() => {
    const map = new Map<number, Match[]>();
    for (const match of matches) {
      const list = map.get(match.block) ?? [];
      list.push(match);
      map.set(match.block, list);
    }
    return map;
  }, [matches]);
  const current = matches[active] ?? null;

  // A match in a block not rendered yet: render up to it first.
  useEffect(() => {
    if (current && current.block >= rendered) setRendered(current.block + 1);
  }, [current, rendered]);

  useEffect(() => {
    if (!scrollPending.current || !current || current.block >= rendered) return;
    scrollPending.current = false;
    listRef.current?.querySelector('[data-current-match]')?.scrollIntoView({ block: 'center' });
  });

  // A link to one utterance: scroll it into view and focus it, once.
  useEffect(() => {
    if (!focusPending.current || !focusAt) return;
    const element = listRef.current?.querySelector<HTMLElement>(
      `[data-at="${focusAt.block}.${focusAt.utterance}"]`,
    );
    if (!element) return;
    focusPending.current = false;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  });

  const go = (step: number) => {
    if (matches.length === 0) return;
    setActive((index) => (index + step + matches.length) % matches.length);
    scrollPending.current = true;
  };

  if (blocks.length === 0) return <Empty title={m.transcriptEmpty} />;

  return (
    <div class="transcript">
      <search class="transcript-search row">
        <label for="transcript-search" class="visually-hidden">
          {m.searchTranscript}
        </label>
        <input
          id="transcript-search"
          type="search"
          placeholder={m.searchTranscript}
          value={input}
          onInput={(event) => setInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (input !== query) {
                setQuery(input);
                setActive(0);
                scrollPending.current = true;
              } else go(event.shiftKey ? -1 : 1);
            }
          }}
        />
        <span class="match-count" role="status" aria-live="polite" data-testid="match-count">
          {query.trim() === '' ? '' : m.matchCount(matches.length === 0 ? 0 : active + 1, matches.length)}
        </span>
        <button
          type="button"
          class="small"
          aria-label={m.previousMatch}
          disabled={matches.length === 0}
          onClick={() => go(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="small"
          aria-label={m.nextMatch}
          disabled={matches.length === 0}
          onClick={() => go(1)}
        >
          ↓
        </button>
      </search>
      <div ref={listRef} class="topics" data-testid="transcript" aria-busy={rendered < blocks.length}>
        {blocks.slice(0, rendered).map((block, index) => {
          const blockMatches = byBlock.get(index) ?? [];
          const currentHere = current && current.block === index ? current : null;
          return (
            <TopicBlock
              key={index}
              block={block}
              index={index}
              colorOf={colorOf}
              matches={blockMatches}
              current={currentHere}
              highlightKey={`${query}|${blockMatches.length}|${currentHere ? `${currentHere.utterance}:${currentHere.offset}` : ''}`}
              target={focusAt && focusAt.block === index ? focusAt.utterance : null}
              citing={citing}
            />
          );
        })}
        {rendered < blocks.length && (
          <p class="muted small-text" role="status">
            {m.renderingRest(rendered, blocks.length)}
          </p>
        )}
      </div>
    </div>
  );
}
