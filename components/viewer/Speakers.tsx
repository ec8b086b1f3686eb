/**
 * Who spoke and when: a table of talk time with bars (the text alternative of the chart is the
 * table itself) and a timeline, one SVG strip per speaker, described in words.
 */
import { useRef, useState } from 'preact/hooks';
import { formatDuration } from '@/lib/format/time';
import type { SpeakerStat } from '@/lib/format/transcript';
import { lang, text } from '../lang';
import { Empty } from '../ui';
import { renameText } from './rename-texts';
import { SPEAKER_COLORS } from './Transcript';

/** Saves a speaker's name for this recording ('' gives the service's back); false when not saved. */
export type RenameVoice = (speakerId: string, name: string) => Promise<boolean>;

/**
 * At most this many names are offered as buttons under one rename field; a longer list (a calendar
 * event's many attendees) is in the field's own list too, found by typing.
 */
export const MAX_SHOWN_CHOICES = 12;

/** Where the offered names come from (lib/page-names/suggest.ts `OfferedFrom`). */
export type ChoicesFrom = 'page' | 'calendar' | 'both' | null;

function SpeakerName({
  speaker,
  renamed,
  onRename,
  choices,
  from,
}: {
  speaker: SpeakerStat;
  renamed: string | undefined;
  onRename: RenameVoice | null;
  /** Names offered for a voice left unnamed (the meeting page's, most overlap first, then the event's). */
  choices: readonly string[];
  from: ChoicesFrom;
}) {
  const r = renameText.value;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!onRename) return <span>{speaker.name}</span>;
  const inputId = `speaker-name-${speaker.id}`;
  const listed = choices.length > MAX_SHOWN_CHOICES;
  const save = async (name: string) => {
    const ok = await onRename(speaker.id, name);
    setFailed(!ok);
    if (ok) setEditing(false);
  };
  if (!editing) {
    return (
      <span class="speaker-rename">
        <span>{speaker.name}</span>
        <button
          type="button"
          class="small ghost"
          aria-label={r.renameVoice(speaker.name)}
          data-testid="rename-speaker"
          onClick={() => {
            setValue(renamed ?? speaker.name);
            setEditing(true);
          }}
        >
          {r.rename}
        </button>
      </span>
    );
  }
  return (
    <form
      class="speaker-rename"
      onSubmit={(event) => {
        event.preventDefault();
        void save(value);
      }}
    >
      <label for={inputId} class="visually-hidden">
        {r.speakerNameLabel(speaker.name)}
      </label>
      <input
        id={inputId}
        ref={input}
        value={value}
        maxLength={100}
        list={listed ? `${inputId}-names` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the field replaces the button just pressed.
        autoFocus
        onInput={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            setEditing(false);
          }
        }}
      />
      <button type="submit" class="small primary">
        {text.value.save}
      </button>
      {renamed !== undefined && (
        <button type="button" class="small" onClick={() => void save('')}>
          {r.resetName}
        </button>
      )}
      <button type="button" class="small ghost" onClick={() => setEditing(false)}>
        {text.value.cancel}
      </button>
      {failed && (
        <span role="alert" class="small-text">
          {r.renameFailed}
        </span>
      )}
      {listed && (
        <datalist id={`${inputId}-names`}>
          {choices.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      {choices.length > 0 && (
        <fieldset class="speaker-rename name-choices" data-testid="name-choices">
          <legend class="muted small-text">
            {from === 'both'
              ? r.choicesFromBoth
              : from === 'calendar'
                ? r.choicesFromEvent
                : r.choicesFromPage}
          </legend>
          {choices.slice(0, MAX_SHOWN_CHOICES).map((name) => (
            <button
              key={name}
              type="button"
              class="small"
              onClick={() => {
                setValue(name);
                input.current?.focus();
              }}
            >
              {name}
            </button>
          ))}
          {listed && (
            <span class="muted small-text">{r.moreChoices(choices.length - MAX_SHOWN_CHOICES)}</span>
          )}
        </fieldset>
      )}
    </form>
  );
}

const NO_CHOICES: readonly string[] = [];

/** Intervals merged when closer than this share of the width, so a long meeting draws few shapes. */
const MERGE_FRACTION = 0.001;

function mergedIntervals(intervals: Array<[number, number]>, end: number): Array<[number, number]> {
  const gap = end * MERGE_FRACTION;
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, stop] of sorted) {
    const last = out[out.length - 1];
    if (last && start - last[1] <= gap) last[1] = Math.max(last[1], stop);
    else out.push([start, stop]);
  }
  return out;
}

export function Speakers({
  speakers,
  end,
  colorOf,
  renamed = {},
  onRename = null,
  choices = {},
  choicesFrom = 'page',
}: {
  speakers: SpeakerStat[];
  end: number;
  colorOf: (speakerId: string) => number;
  /** Names given in this browser (speaker id → name). */
  renamed?: Readonly<Record<string, string>>;
  /** Null: the result is not in the archive, so names cannot be kept. */
  onRename?: RenameVoice | null;
  /** Names offered when renaming a voice left `SPEAKER_<nn>` (speaker id → names, best first). */
  choices?: Readonly<Record<string, readonly string[]>>;
  /** Where they come from: the legend over them says so. */
  choicesFrom?: ChoicesFrom;
}) {
  const m = text.value;
  const r = renameText.value;
  if (speakers.length === 0) return <Empty title={m.noSpeakers} />;
  const most = Math.max(...speakers.map((s) => s.talk), 1);
  const width = 1000;
  const ticks = 6;
  return (
    <div class="speakers" data-testid="speakers">
      <h2 class="section-title" id="talk-title">
        {m.talkTime}
      </h2>
      <p class="muted small-text names-local" data-testid="names-local">
        {onRename ? r.namesLocal : r.namesNeedArchive}
      </p>
      <table class="speaker-table" aria-labelledby="talk-title" data-testid="speaker-table">
        <thead>
          <tr>
            <th scope="col">{m.speakerColumn}</th>
            <th scope="col">{m.talkTimeColumn}</th>
            <th scope="col" class="num">
              {m.shareColumn}
            </th>
            <th scope="col" class="num">
              {m.turnsColumn}
            </th>
            <th scope="col" class="num">
              {m.firstSpokeColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {speakers.map((s) => (
            <tr key={s.id}>
              <th scope="row" class="speaker-name">
                <span class="swatch" data-color={colorOf(s.id) % SPEAKER_COLORS} aria-hidden="true" />
                <SpeakerName
                  speaker={s}
                  renamed={renamed[s.id]}
                  onRename={onRename}
                  choices={choices[s.id] ?? NO_CHOICES}
                  from={choicesFrom}
                />
              </th>
              <td class="bar-cell">
                <span class="bar" aria-hidden="true">
                  <span
                    class="bar-fill"
                    data-color={colorOf(s.id) % SPEAKER_COLORS}
                    style={{ width: `${(s.talk / most) * 100}%` }}
                  />
                </span>
                <span class="bar-value">{formatDuration(s.talk, lang.value)}</span>
              </td>
              <td class="num">{`${Math.round(s.share * 100)}%`}</td>
              <td class="num">{s.turns}</td>
              <td class="num">{s.first === null ? '—' : formatDuration(s.first, lang.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 class="section-title" id="timeline-title">
        {m.timeline}
      </h2>
      <figure
        class="timeline"
        aria-labelledby="timeline-title"
        aria-describedby="timeline-desc"
        data-testid="timeline"
      >
        <p id="timeline-desc" class="visually-hidden">
          {m.timelineDescription(speakers.length, formatDuration(end, lang.value))}
        </p>
        {speakers.map((s) => (
          <div class="timeline-row" key={s.id}>
            <span class="timeline-name" title={s.name}>
              {s.name}
            </span>
            <svg
              class="timeline-strip"
              viewBox={`0 0 ${width} 10`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`${s.name}: ${formatDuration(s.talk, lang.value)}`}
            >
              <rect x="0" y="0" width={width} height="10" class="timeline-track" />
              {end > 0 &&
                mergedIntervals(s.intervals, end).map(([start, stop]) => (
                  <rect
                    key={start}
                    x={(start / end) * width}
                    y="0"
                    width={Math.max(0.8, ((stop - start) / end) * width)}
                    height="10"
                    class="timeline-segment"
                    data-color={colorOf(s.id) % SPEAKER_COLORS}
                  />
                ))}
            </svg>
          </div>
        ))}
        <div class="timeline-row timeline-axis" aria-hidden="true">
          <span />
          <div class="axis">
            {Array.from({ length: ticks + 1 }, (_, i) => (
              <span key={i} style={{ left: `${(i / ticks) * 100}%` }}>
                {formatDuration((end * i) / ticks, lang.value)}
              </span>
            ))}
          </div>
        </div>
      </figure>
    </div>
  );
}
