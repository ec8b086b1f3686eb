/**
 * Upcoming meetings with links, from the calendars and from "Send at start": title, time, what will
 * happen ("Bot at 10:00 to Team"), and a switch per occurrence (skip this one / send now). Says
 * when the meetings of the next 24 hours need more time than a space has left.
 */
import { useEffect, useState } from 'preact/hooks';
import type { UpcomingItem } from '@/lib/calendar/types';
import { formatDateTime, formatDuration, formatTimeOfDay } from '@/lib/format/time';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { spaceForAction } from '@/lib/spaces';
import { calendarText } from '../calendar-texts';
import { describeError, describeJobFailure } from '../failures';
import { lang } from '../lang';
import { useList } from '../use-list';
import { defaultSpaceId, jobs, orderedSpaces } from './store';

const REFRESH_MS = 30_000;

/** The space a planned bot goes to: its rule's space, else the default space (lib/spaces). */
function spaceName(spaceId: number | null): string {
  const list = orderedSpaces.value.map((item) => ({
    id: item.space.id,
    isMain: item.is_main_space,
    name: item.space.name,
  }));
  const found = spaceForAction(list, spaceId, defaultSpaceId.value);
  return found?.name ?? (spaceId === null ? calendarText.value.ruleDefaultSpace : `#${spaceId}`);
}

function UpcomingRow({ item, onChanged }: { item: UpcomingItem; onChanged: () => Promise<void> }) {
  const t = calendarText.value;
  const language = lang.value;
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<{ ok: boolean; error?: ErrorInfo }>) => {
    setBusy(true);
    const answer = await run();
    setBusy(false);
    setError(answer.ok ? null : (answer.error ?? null));
    await onChanged();
  };
  const job = item.jobId ? jobs.value.find((candidate) => candidate.id === item.jobId) : undefined;
  const what =
    item.state === 'planned'
      ? t.botAt(formatTimeOfDay(item.sendAt, language), spaceName(item.spaceId))
      : item.state === 'off'
        ? t.noBotRule
        : item.state === 'held'
          ? t.held
          : item.state === 'skipped'
            ? item.capped
              ? t.capped
              : t.skipped
            : item.state === 'sending'
              ? t.sending
              : item.state === 'sent'
                ? t.sent
                : item.state === 'missed'
                  ? t.missed
                  : t.failed;
  const failure = job?.failure ? describeJobFailure(job.failure, language) : item.error;
  return (
    <li class="upcoming-item" data-testid="upcoming-item" data-state={item.state}>
      <div class="upcoming-head">
        <strong class="upcoming-title">{item.title || item.link}</strong>
        <time class="muted small-text" dateTime={new Date(item.startsAt).toISOString()}>
          {formatDateTime(item.startsAt, language)}
        </time>
      </div>
      <div class="upcoming-actions small-text">
        <span data-testid="upcoming-what">{what}</span>
        <span class="muted">
          {item.source === 'schedule'
            ? t.scheduledByHand
            : item.calendarName
              ? t.fromCalendar(item.calendarName)
              : ''}
        </span>
        <span class="spacer" />
        {item.source === 'calendar' && item.state === 'planned' && (
          <button
            type="button"
            class="small ghost"
            disabled={busy}
            onClick={() => void act(() => sendMessage('upcoming.skip', { key: item.key, skip: true }))}
          >
            {t.skipThisOne}
          </button>
        )}
        {item.source === 'calendar' && item.state === 'skipped' && (
          <button
            type="button"
            class="small ghost"
            disabled={busy}
            onClick={() => void act(() => sendMessage('upcoming.skip', { key: item.key, skip: false }))}
          >
            {t.unskip}
          </button>
        )}
        {item.source === 'calendar' &&
          (item.state === 'planned' ||
            item.state === 'skipped' ||
            item.state === 'off' ||
            item.state === 'held') && (
            <button
              type="button"
              class="small"
              disabled={busy}
              onClick={() => void act(() => sendMessage('upcoming.sendNow', { key: item.key }))}
            >
              {t.sendNow}
            </button>
          )}
        {item.source === 'schedule' && item.scheduleId && (
          <button
            type="button"
            class="small ghost"
            disabled={busy}
            onClick={() => void act(() => sendMessage('schedules.cancel', { id: item.scheduleId! }))}
          >
            {t.cancelSchedule}
          </button>
        )}
      </div>
      {(item.state === 'failed' || job?.phase === 'failed') && failure && (
        <div class="alert error small-text">{failure}</div>
      )}
      {error && (
        <div class="alert error small-text" role="alert">
          {describeError(error, language)}
        </div>
      )}
    </li>
  );
}

export function Upcoming() {
  const t = calendarText.value;
  const language = lang.value;
  // A failed read keeps what was shown: the section is a hint, not a place for errors.
  const { data: view, load } = useList(() => sendMessage('upcoming.list', {}));

  useEffect(() => {
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (!view || (!view.calendars && view.items.length === 0)) return null;
  return (
    <section aria-labelledby="upcoming-title" class="upcoming" data-testid="upcoming">
      <h2 id="upcoming-title" class="section-title">
        {t.upcoming}
      </h2>
      {view.shortfalls.map((shortfall) => (
        <div
          key={shortfall.spaceId}
          class="alert warn small-text"
          role="status"
          data-testid="upcoming-shortfall"
        >
          {t.balanceShort(
            shortfall.spaceName,
            formatDuration(shortfall.neededSeconds, language),
            formatDuration(shortfall.availableSeconds, language),
          )}
        </div>
      ))}
      {view.items.length === 0 ? (
        <p class="muted small-text">{t.noUpcoming}</p>
      ) : (
        <ul class="plain-list">
          {view.items.slice(0, 5).map((item) => (
            <UpcomingRow key={item.key} item={item} onChanged={load} />
          ))}
        </ul>
      )}
    </section>
  );
}
