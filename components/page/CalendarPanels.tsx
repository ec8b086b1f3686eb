import type { ReadonlySignal } from '@preact/signals';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Lang } from '@/lib/i18n';
import { type EventPanel, type LinkRow, nextFullHour, toLocalInputValue } from '@/lib/page/event-panel';
import { pageMessages, SERVICE_NAMES } from '@/lib/page/messages';
import { formatWhen } from '@/lib/page/outcome';
import type { PageState } from '@/lib/page/page-state';
import { placeBeside, type Size } from '@/lib/page/placement';
import { SpacePicker } from './SpacePicker';
import { StatusLine } from './StatusLine';

export interface CalendarHandlers {
  onSend(panel: EventPanel, row: LinkRow, event: Event): void;
  /** Schedules at the event's start, or at the time the person chose. */
  onSchedule(panel: EventPanel, row: LinkRow, startsAt: number | null, event: Event): void;
}

interface CalendarPanelsProps extends CalendarHandlers {
  state: PageState;
  panels: ReadonlySignal<EventPanel[]>;
  /** Now, for telling a future event from a past one. */
  now: () => number;
}

/** One panel beside each open event that holds meeting links; one row per distinct link. */
export function CalendarPanels({ state, panels, now, onSend, onSchedule }: CalendarPanelsProps) {
  return (
    <>
      {panels.value.map((panel) => (
        <EventPanelView
          key={panel.id}
          panel={panel}
          state={state}
          now={now}
          onSend={onSend}
          onSchedule={onSchedule}
        />
      ))}
    </>
  );
}

interface EventPanelViewProps extends CalendarHandlers {
  panel: EventPanel;
  state: PageState;
  now: () => number;
}

const DEFAULT_SIZE: Size = { width: 300, height: 160 };

function EventPanelView({ panel, state, now, onSend, onSchedule }: EventPanelViewProps) {
  const lang = state.lang.value;
  const m = pageMessages[lang];
  const ref = useRef<HTMLElement>(null);
  const [size, setSize] = useState<Size>(DEFAULT_SIZE);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { offsetWidth: width, offsetHeight: height } = element;
    if (width !== size.width || height !== size.height) setSize({ width, height });
  });

  const position = placeBeside(panel.anchor.value, size, { width: innerWidth, height: innerHeight });
  const start = panel.start.value;
  const futureStart = start && start.startsAt > now() ? start.startsAt : null;
  // A start read from the event that has passed: the meeting is on, "Send bot" is the action.
  const offerSchedule = futureStart !== null || start === null;

  return (
    <section
      ref={ref}
      class="mc-panel"
      style={{ top: `${position.top}px`, left: `${position.left}px` }}
      aria-label={m.eventLinks}
    >
      <div class="mc-panel-head">
        <h2>Meeting Capture</h2>
        <SpacePicker lang={lang} spaces={state.spaces} spaceId={state.spaceId} />
      </div>
      {panel.rows.value.map((row) => (
        <LinkRowView
          key={row.key}
          lang={lang}
          row={row}
          futureStart={futureStart}
          offerSchedule={offerSchedule}
          now={now}
          onSend={(event) => onSend(panel, row, event)}
          onSchedule={(startsAt, event) => onSchedule(panel, row, startsAt, event)}
        />
      ))}
    </section>
  );
}

interface LinkRowViewProps {
  lang: Lang;
  row: LinkRow;
  futureStart: number | null;
  offerSchedule: boolean;
  now: () => number;
  onSend: (event: Event) => void;
  onSchedule: (startsAt: number | null, event: Event) => void;
}

function LinkRowView({ lang, row, futureStart, offerSchedule, now, onSend, onSchedule }: LinkRowViewProps) {
  const m = pageMessages[lang];
  const busy = row.action.busy.value;
  const shownLink = row.link.url.replace(/^https:\/\//, '');
  const service = SERVICE_NAMES[row.link.service][lang];
  const input = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    if (row.asking.value) input.current?.focus();
  }, [row.asking.value]);

  return (
    <fieldset class="mc-link">
      <legend class="mc-link-name">
        <strong>{service}</strong>: {shownLink}
      </legend>
      <div class="mc-actions">
        <button type="button" class="mc-primary" aria-disabled={busy} onClick={onSend}>
          {m.sendBot}
        </button>
        {offerSchedule && !row.asking.value && (
          <button
            type="button"
            aria-disabled={busy}
            onClick={(event) => {
              if (futureStart !== null) onSchedule(futureStart, event);
              else {
                // Offer the next full hour, the most likely start, to adjust.
                if (!row.chosen.value) row.chosen.value = toLocalInputValue(nextFullHour(now()));
                row.asking.value = true;
              }
            }}
          >
            {futureStart !== null ? m.sendAtStartTime(formatWhen(futureStart, lang)) : `${m.sendAtStart}…`}
          </button>
        )}
      </div>
      {row.asking.value && (
        <form
          class="mc-ask"
          onSubmit={(event) => {
            event.preventDefault();
            onSchedule(null, event);
          }}
        >
          <label>
            {m.meetingStart}{' '}
            <input
              ref={input}
              type="datetime-local"
              required
              value={row.chosen.value}
              onInput={(event) => {
                row.chosen.value = event.currentTarget.value;
              }}
            />
          </label>
          <div class="mc-actions">
            <button type="submit" class="mc-primary" aria-disabled={busy}>
              {m.schedule}
            </button>
            <button
              type="button"
              onClick={() => {
                row.asking.value = false;
              }}
            >
              {m.cancel}
            </button>
          </div>
        </form>
      )}
      <StatusLine
        outcome={row.action.outcome.value}
        busyText={busy && !row.action.outcome.value ? m.sending : null}
      />
    </fieldset>
  );
}
