/**
 * Options → Calendars: add a calendar by its private iCal address (the origin is asked for inside
 * the click), see each one's name, last sync, upcoming meetings and last problem, edit its rule,
 * remove it. The full address goes to the background once and is never shown again.
 */
import { useEffect, useState } from 'preact/hooks';
import type { SpaceListItem } from '@/lib/api/schemas';
import { FEED_CAPS } from '@/lib/calendar/caps';
import { parseFeedUrl } from '@/lib/calendar/feed-url';
import {
  CALENDAR_BOTS_PER_DAY_MAX,
  type CalendarRule,
  type CalendarView,
  DEFAULT_CALENDAR_BOTS_PER_DAY,
  type RuleMode,
} from '@/lib/calendar/types';
import { formatBytes, formatDateTime } from '@/lib/format/time';
import { sendMessage } from '@/lib/messaging';
import { calendarText, describeCalendarProblem, skipReasonText } from './calendar-texts';
import { describeError } from './failures';
import { lang } from './lang';
import { AddressForm, ListError, useListSection } from './list-section';

const JOIN_CHOICES = [0, 1, 2, 5, 10, 15];

/** The bots-per-day cap of all calendars (a setting), shown with its default. */
function BotsPerDay() {
  const t = calendarText.value;
  const [value, setValue] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    void sendMessage('settings.get', {}).then((answer) => {
      if (answer.ok) setValue(String(answer.data.calendarBotsPerDay ?? DEFAULT_CALENDAR_BOTS_PER_DAY));
    });
  }, []);
  const save = async () => {
    const number = Number(value);
    const ok = Number.isInteger(number) && number >= 1 && number <= CALENDAR_BOTS_PER_DAY_MAX;
    setInvalid(!ok);
    if (ok) await sendMessage('settings.set', { calendarBotsPerDay: number });
  };
  if (value === null) return null;
  return (
    <div class="field">
      <label for="opt-calendar-bots-per-day">{t.botsPerDay}</label>
      <input
        id="opt-calendar-bots-per-day"
        type="number"
        min={1}
        max={CALENDAR_BOTS_PER_DAY_MAX}
        step={1}
        value={value}
        aria-describedby="opt-calendar-bots-per-day-hint"
        aria-invalid={invalid}
        onInput={(event) => setValue(event.currentTarget.value)}
        onChange={() => void save()}
      />
      <span id="opt-calendar-bots-per-day-hint" class="hint" role={invalid ? 'alert' : undefined}>
        {invalid
          ? t.botsPerDayInvalid(CALENDAR_BOTS_PER_DAY_MAX)
          : t.botsPerDayHint(DEFAULT_CALENDAR_BOTS_PER_DAY)}
      </span>
    </div>
  );
}

function RuleEditor({
  calendar,
  spaces,
  onChange,
}: {
  calendar: CalendarView;
  spaces: SpaceListItem[] | null;
  onChange: (rule: CalendarRule) => void;
}) {
  const t = calendarText.value;
  const id = calendar.id;
  const rule = calendar.rule;
  const [words, setWords] = useState(rule.skipWords.join(', '));
  useEffect(() => setWords(rule.skipWords.join(', ')), [rule.skipWords.join('\u0000')]);
  const [email, setEmail] = useState(rule.email ?? '');
  useEffect(() => setEmail(rule.email ?? ''), [rule.email]);
  const emailInvalid = email.trim() !== '' && !/^[^\s@]+@[^\s@]+$/.test(email.trim());
  const saveEmail = () => {
    const value = email.trim().toLowerCase();
    const next = value === '' || emailInvalid ? null : value;
    if (next !== rule.email) onChange({ ...rule, email: next });
  };
  // The opt-ins widen "organised or accepted": they mean nothing when off or "only I organise".
  const optIns = rule.mode === 'all' || rule.mode === 'external';
  const modes: Array<[RuleMode, string]> = [
    ['off', t.ruleOff],
    ['all', t.ruleAll],
    ['organiser', t.ruleOrganiser],
    ['external', t.ruleExternal],
  ];
  const saveWords = () => {
    const skipWords = words
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word !== '');
    if (skipWords.join('\u0000') !== rule.skipWords.join('\u0000')) onChange({ ...rule, skipWords });
  };
  return (
    <div class="calendar-rule">
      <div class="field">
        <label for={`cal-mode-${id}`}>{t.rule}</label>
        <select
          id={`cal-mode-${id}`}
          value={rule.mode}
          onChange={(event) => onChange({ ...rule, mode: event.currentTarget.value as RuleMode })}
        >
          {modes.map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={rule.unanswered}
          disabled={!optIns}
          aria-describedby={`cal-optin-hint-${id}`}
          onChange={(event) => onChange({ ...rule, unanswered: event.currentTarget.checked })}
        />
        {t.ruleUnanswered}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={rule.others}
          disabled={!optIns}
          aria-describedby={`cal-optin-hint-${id}`}
          onChange={(event) => onChange({ ...rule, others: event.currentTarget.checked })}
        />
        {t.ruleOthers}
      </label>
      <span id={`cal-optin-hint-${id}`} class="hint">
        {t.ruleOptInHint}
      </span>
      <div class="field">
        <label for={`cal-email-${id}`}>{t.ownerEmail}</label>
        <input
          id={`cal-email-${id}`}
          type="email"
          maxLength={320}
          autoComplete="email"
          value={email}
          placeholder={t.ownerEmailPlaceholder}
          aria-describedby={`cal-email-hint-${id}`}
          aria-invalid={emailInvalid}
          onInput={(event) => setEmail(event.currentTarget.value)}
          onBlur={saveEmail}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              saveEmail();
            }
          }}
        />
        <span id={`cal-email-hint-${id}`} class="hint" role={emailInvalid ? 'alert' : undefined}>
          {emailInvalid ? t.ownerEmailInvalid : t.ownerEmailHint}
        </span>
      </div>
      <div class="field">
        <label for={`cal-space-${id}`}>{t.ruleSpace}</label>
        <select
          id={`cal-space-${id}`}
          value={rule.spaceId === null ? '' : String(rule.spaceId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...rule, spaceId: value === '' ? null : Number(value) });
          }}
        >
          <option value="">{t.ruleDefaultSpace}</option>
          {(spaces ?? []).map((item) => (
            <option key={item.space.id} value={String(item.space.id)}>
              {item.space.name}
            </option>
          ))}
          {rule.spaceId !== null && !(spaces ?? []).some((item) => item.space.id === rule.spaceId) && (
            <option value={String(rule.spaceId)}>#{rule.spaceId}</option>
          )}
        </select>
      </div>
      <div class="field">
        <label for={`cal-join-${id}`}>{t.ruleJoin}</label>
        <select
          id={`cal-join-${id}`}
          value={String(rule.joinAfterMinutes)}
          onChange={(event) => onChange({ ...rule, joinAfterMinutes: Number(event.currentTarget.value) })}
        >
          {[...new Set([...JOIN_CHOICES, rule.joinAfterMinutes])]
            .sort((a, b) => a - b)
            .map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes === 0 ? t.joinAtStart : t.joinAfter(minutes)}
              </option>
            ))}
        </select>
      </div>
      <div class="field">
        <label for={`cal-words-${id}`}>{t.skipWords}</label>
        <input
          id={`cal-words-${id}`}
          type="text"
          value={words}
          placeholder={t.skipWordsPlaceholder}
          onInput={(event) => setWords(event.currentTarget.value)}
          onBlur={saveWords}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              saveWords();
            }
          }}
        />
      </div>
    </div>
  );
}

export function CalendarsSection({ spaces }: { spaces: SpaceListItem[] | null }) {
  const t = calendarText.value;
  const language = lang.value;
  const {
    items: calendars,
    setItems: setCalendars,
    listError,
    setListError,
    load,
    input: address,
    setInput: setAddress,
    busy,
    setBusy,
    problem,
    add: addWith,
  } = useListSection(() => sendMessage('calendars.list', {}));

  const add = (event: Event) =>
    addWith(event, {
      parse: parseFeedUrl,
      invalid: (problem) => describeCalendarProblem({ reason: 'invalid-address', problem }, language),
      denied: t.errPermission,
      send: (url) => sendMessage('calendars.add', { address: url }),
      refused: (error) =>
        error.kind === 'calendar'
          ? describeCalendarProblem(error, language)
          : error.kind === 'permission-denied'
            ? t.errPermission(error.origin)
            : describeError(error, language),
    });

  const setRule = async (id: string, rule: CalendarRule) => {
    setCalendars(
      (current) =>
        current?.map((calendar) => (calendar.id === id ? { ...calendar, rule } : calendar)) ?? null,
    );
    const answer = await sendMessage('calendars.setRule', { id, rule });
    if (!answer.ok) setListError(answer.error);
    await load();
  };

  const remove = async (id: string) => {
    const answer = await sendMessage('calendars.remove', { id });
    if (!answer.ok) setListError(answer.error);
    await load();
  };

  const sync = async () => {
    setBusy(true);
    const answer = await sendMessage('calendars.sync', {});
    setBusy(false);
    if (answer.ok) setCalendars(answer.data);
    else setListError(answer.error);
  };

  return (
    <section aria-labelledby="opt-calendars" class="card options-section" data-testid="calendars">
      <h2 id="opt-calendars">{t.calendars}</h2>
      <p class="muted small-text">{t.calendarsHint}</p>
      <p class="muted small-text" data-testid="calendar-caps">
        <strong>{t.capsTitle}:</strong>{' '}
        {t.capsText(
          formatBytes(FEED_CAPS.bytes, language),
          FEED_CAPS.events.toLocaleString(language),
          FEED_CAPS.occurrences.toLocaleString(language),
          FEED_CAPS.parseMs / 1000,
          FEED_CAPS.fetchMs / 1000,
        )}
      </p>
      <ListError error={listError} />
      {calendars && calendars.length === 0 && <p class="muted small-text">{t.noCalendars}</p>}
      {calendars && calendars.length > 0 && (
        <ul class="plain-list calendar-list" data-testid="calendar-list">
          {calendars.map((calendar) => {
            const name = calendar.name ?? t.unnamedCalendar;
            return (
              <li key={calendar.id} class="calendar-item" data-testid="calendar-item">
                <div class="row">
                  <strong>{name}</strong>
                  <span class="spacer" />
                  <button
                    type="button"
                    class="small ghost"
                    aria-label={t.removeCalendar(name)}
                    onClick={() => void remove(calendar.id)}
                  >
                    {t.remove}
                  </button>
                </div>
                <p class="muted small-text">
                  <span>{calendar.address}</span>
                  {' · '}
                  <span>
                    {calendar.lastSyncAt
                      ? t.lastSync(formatDateTime(calendar.lastSyncAt, language))
                      : t.neverSynced}
                  </span>
                  {' · '}
                  <span data-testid="calendar-upcoming">{t.upcomingCount(calendar.upcoming)}</span>
                </p>
                {calendar.lastError && (
                  <div class="alert error small-text" role="status">
                    {describeCalendarProblem(
                      {
                        reason: calendar.lastError.kind,
                        ...(calendar.lastError.status ? { status: calendar.lastError.status } : {}),
                        origin: calendar.address.split('/').slice(0, 3).join('/'),
                      },
                      language,
                    )}
                  </div>
                )}
                {!calendar.lastError && calendar.capped.length > 0 && (
                  <div class="alert warn small-text" role="status" data-testid="calendar-capped">
                    {calendar.capped.includes('events')
                      ? t.cappedEvents(FEED_CAPS.events.toLocaleString(language))
                      : t.cappedOccurrences(FEED_CAPS.occurrences.toLocaleString(language))}
                  </div>
                )}
                {calendar.heldSince !== undefined && (
                  <div class="alert warn small-text" role="status" data-testid="calendar-held">
                    {t.heldCalendar(formatDateTime(calendar.heldSince, language))}
                  </div>
                )}
                {!calendar.lastError && calendar.skipped && (
                  <div class="alert warn small-text" role="status" data-testid="calendar-skipped">
                    {t.skippedEvents(calendar.skipped.count, skipReasonText(calendar.skipped, t))}
                  </div>
                )}
                {!calendar.lastError && calendar.partsSkipped && (
                  <div class="alert warn small-text" role="status" data-testid="calendar-parts">
                    {t.partsSkipped(calendar.partsSkipped.count, calendar.partsSkipped.property)}
                  </div>
                )}
                {!calendar.lastError && calendar.unknownZones && calendar.unknownZones.length > 0 && (
                  <div class="alert warn small-text" role="status" data-testid="calendar-zones">
                    {t.unknownZones(calendar.unknownZones.map((name) => `“${name}”`).join(', '))}
                  </div>
                )}
                <RuleEditor
                  calendar={calendar}
                  spaces={spaces}
                  onChange={(rule) => void setRule(calendar.id, rule)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <AddressForm
        id="opt-calendar-address"
        hintId="opt-calendar-hint"
        label={t.calendarAddress}
        hint={t.calendarAddressHint}
        value={address}
        onInput={setAddress}
        onSubmit={add}
        busy={busy}
        submit={t.addCalendar}
        submitting={t.addingCalendar}
        problem={problem}
      />
      <BotsPerDay />
      {calendars && calendars.length > 0 && (
        <button type="button" class="small" disabled={busy} onClick={() => void sync()}>
          {t.syncNow}
        </button>
      )}
    </section>
  );
}
