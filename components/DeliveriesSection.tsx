/**
 * Options → Deliveries: add a destination by its webhook URL (the origin is asked for inside the
 * click), choose its format, spaces and whether the transcript goes too, see its last deliveries
 * in plain words, send a test or a recording again, remove it. The full address goes to the
 * background once and is never shown again.
 */
import { useEffect, useState } from 'preact/hooks';
import type { SpaceListItem } from '@/lib/api/schemas';
import { guessKind, parseDestinationUrl } from '@/lib/delivery/destination-url';
import type { DestinationKind, DestinationView, LogEntry } from '@/lib/delivery/types';
import { describeError } from '@/lib/failures';
import { formatDateTime, formatTimeOfDay } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import { type ErrorInfo, type MessageResult, sendMessage } from '@/lib/messaging';
import { deliveryText, describeDeliveryProblem, describeLogEntry } from './delivery-texts';
import { lang } from './lang';
import { AddressForm, ListError, useListSection } from './list-section';

function problemText(error: ErrorInfo, language: Lang): string {
  if (error.kind === 'delivery') return describeDeliveryProblem(error.reason, error.problem, language);
  if (error.kind === 'permission-denied') return deliveryText.value.errPermission(error.origin);
  return describeError(error, language);
}

const clock = (language: Lang) => (ms: number) => formatTimeOfDay(ms, language, true);

function LogRow({
  entry,
  busy,
  onSendAgain,
}: {
  entry: LogEntry;
  busy: boolean;
  onSendAgain: (entry: LogEntry) => void;
}) {
  const t = deliveryText.value;
  const language = lang.value;
  const title = entry.test ? t.testMessage : (entry.recording?.title ?? '');
  return (
    <li class="delivery-log-item" data-testid="delivery-log-item" data-outcome={entry.outcome}>
      <div class="row wrap">
        <time class="muted small-text" dateTime={new Date(entry.at).toISOString()}>
          {formatDateTime(entry.at, language)}
        </time>
        <strong class="delivery-title">{title}</strong>
        {entry.status !== null && <span class="badge">HTTP {entry.status}</span>}
        <span class="spacer" />
        {entry.recording && !entry.test && (
          <button
            type="button"
            class="small ghost"
            disabled={busy}
            aria-label={t.sendAgainNamed(title)}
            onClick={() => onSendAgain(entry)}
          >
            {t.sendAgain}
          </button>
        )}
      </div>
      <p class={`small-text delivery-outcome ${entry.outcome}`}>
        {describeLogEntry(entry, language, clock(language))}
        {entry.attempt > 1 && <span class="muted"> ({t.attempt(entry.attempt)})</span>}
      </p>
    </li>
  );
}

function DestinationItem({
  destination,
  spaces,
  onChanged,
  onRemoved,
}: {
  destination: DestinationView;
  spaces: SpaceListItem[] | null;
  onChanged: (view: DestinationView) => void;
  onRemoved: () => void;
}) {
  const t = deliveryText.value;
  const language = lang.value;
  const id = destination.id;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (work: () => Promise<MessageResult<DestinationView>>) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await work();
      if (answer.ok) onChanged(answer.data);
      else setProblem(problemText(answer.error, language));
    } finally {
      setBusy(false);
    }
  };

  type Patch = { spaceIds?: number[] | null; includeTranscript?: boolean; kind?: DestinationKind };
  /** A change is shown at once, while the background stores it; an error puts the stored value back. */
  const [pending, setPending] = useState<Patch>({});
  const update = async (patch: Patch) => {
    setPending((before) => ({ ...before, ...patch }));
    try {
      await run(() => sendMessage('deliveries.update', { id, ...patch }));
    } finally {
      setPending({});
    }
  };

  const toggleSpace = (spaceId: number, on: boolean) => {
    const current = destination.spaceIds ?? [];
    const next = on ? [...current, spaceId] : current.filter((candidate) => candidate !== spaceId);
    void update({ spaceIds: next.length > 0 ? next : null });
  };

  const remove = async () => {
    setBusy(true);
    const answer = await sendMessage('deliveries.remove', { id });
    setBusy(false);
    if (answer.ok) onRemoved();
    else setProblem(problemText(answer.error, language));
  };

  const shown = { ...destination, ...pending };
  const known = spaces ?? [];
  const chosen = shown.spaceIds ?? [];
  return (
    <li class="calendar-item" data-testid="destination-item">
      <div class="row wrap">
        <strong>{shown.kind === 'slack' ? t.formatSlack : t.formatWebhook}</strong>
        <span class="muted small-text delivery-address">{destination.address}</span>
        <span class="spacer" />
        <button
          type="button"
          class="small"
          disabled={busy}
          aria-label={t.testNamed(destination.address)}
          onClick={() => void run(() => sendMessage('deliveries.test', { id }))}
        >
          {busy ? t.sending : t.test}
        </button>
        <button
          type="button"
          class="small ghost"
          disabled={busy}
          aria-label={t.removeNamed(destination.address)}
          onClick={() => void remove()}
        >
          {t.remove}
        </button>
      </div>
      <div class="calendar-rule">
        <div class="field">
          <label for={`dest-kind-${id}`}>{t.format}</label>
          <select
            id={`dest-kind-${id}`}
            value={shown.kind}
            onChange={(event) => void update({ kind: event.currentTarget.value as DestinationKind })}
          >
            <option value="webhook">{t.formatWebhook}</option>
            <option value="slack">{t.formatSlack}</option>
          </select>
        </div>
        <label class="check">
          <input
            type="checkbox"
            checked={shown.includeTranscript}
            onChange={(event) => void update({ includeTranscript: event.currentTarget.checked })}
          />
          {t.includeTranscript}
        </label>
      </div>
      <fieldset class="delivery-spaces">
        <legend>{t.spaces}</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={shown.spaceIds === null}
            onChange={(event) => {
              if (event.currentTarget.checked) void update({ spaceIds: null });
              else if (known[0]) void update({ spaceIds: [known[0].space.id] });
            }}
            disabled={shown.spaceIds === null && known.length === 0}
          />
          {t.allSpaces}
        </label>
        {shown.spaceIds !== null &&
          [
            ...known.map((item) => ({ id: item.space.id, name: item.space.name })),
            ...chosen
              .filter((spaceId) => !known.some((item) => item.space.id === spaceId))
              .map((spaceId) => ({ id: spaceId, name: `#${spaceId}` })),
          ].map((space) => (
            <label class="check" key={space.id}>
              <input
                type="checkbox"
                checked={chosen.includes(space.id)}
                onChange={(event) => toggleSpace(space.id, event.currentTarget.checked)}
              />
              {space.name}
            </label>
          ))}
      </fieldset>
      {destination.pending > 0 && (
        <p class="muted small-text" data-testid="destination-pending">
          {t.pending(destination.pending)}
        </p>
      )}
      {problem && (
        <div class="alert error small-text" role="alert">
          {problem}
        </div>
      )}
      <h3 class="delivery-log-title">{t.lastDeliveries}</h3>
      {destination.log.length === 0 ? (
        <p class="muted small-text">{t.noDeliveries}</p>
      ) : (
        <ul class="plain-list delivery-log" data-testid="delivery-log">
          {destination.log.map((entry) => (
            <LogRow
              key={entry.id}
              entry={entry}
              busy={busy}
              onSendAgain={(row) =>
                void run(() =>
                  sendMessage('deliveries.sendAgain', {
                    id,
                    spaceId: row.recording!.spaceId,
                    audioId: row.recording!.audioId,
                  }),
                )
              }
            />
          ))}
        </ul>
      )}
    </li>
  );
}

export function DeliveriesSection({ spaces }: { spaces: SpaceListItem[] | null }) {
  const t = deliveryText.value;
  const language = lang.value;
  const {
    items: destinations,
    setItems: setDestinations,
    listError,
    load,
    input: url,
    setInput: setUrl,
    busy,
    problem,
    add: addWith,
  } = useListSection(() => sendMessage('deliveries.list', {}));
  const [kind, setKind] = useState<DestinationKind>('webhook');
  const [kindChosen, setKindChosen] = useState(false);

  // While something waits for a retry, the log follows the background's attempts.
  const waiting = destinations?.some((destination) => destination.pending > 0) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 5_000);
    return () => clearInterval(timer);
  }, [waiting]);

  const add = (event: Event) =>
    addWith(event, {
      parse: parseDestinationUrl,
      invalid: (problem) => describeDeliveryProblem('invalid-address', problem, language),
      denied: t.errPermission,
      send: (address) => sendMessage('deliveries.add', { url: address, kind }),
      refused: (error) => problemText(error, language),
      onAdded: () => {
        setKindChosen(false);
        setKind('webhook');
      },
    });

  const replace = (view: DestinationView) =>
    setDestinations((current) => current?.map((item) => (item.id === view.id ? view : item)) ?? null);

  return (
    <section aria-labelledby="opt-deliveries" class="card options-section" data-testid="deliveries">
      <h2 id="opt-deliveries">{t.deliveries}</h2>
      <p class="muted small-text">{t.deliveriesHint}</p>
      <ListError error={listError} />
      {destinations && destinations.length === 0 && <p class="muted small-text">{t.noDestinations}</p>}
      {destinations && destinations.length > 0 && (
        <ul class="plain-list calendar-list" data-testid="destination-list">
          {destinations.map((destination) => (
            <DestinationItem
              key={destination.id}
              destination={destination}
              spaces={spaces}
              onChanged={replace}
              onRemoved={() => void load()}
            />
          ))}
        </ul>
      )}
      <AddressForm
        id="opt-webhook-url"
        hintId="opt-webhook-hint"
        label={t.webhookUrl}
        hint={t.webhookUrlHint}
        value={url}
        onInput={(value) => {
          setUrl(value);
          if (!kindChosen) setKind(guessKind(value.trim()));
        }}
        onSubmit={add}
        busy={busy}
        submit={t.addDestination}
        submitting={t.adding}
        problem={problem}
      >
        <label class="visually-hidden" for="opt-webhook-kind">
          {t.format}
        </label>
        <select
          id="opt-webhook-kind"
          value={kind}
          onChange={(event) => {
            setKind(event.currentTarget.value as DestinationKind);
            setKindChosen(true);
          }}
        >
          <option value="webhook">{t.formatWebhook}</option>
          <option value="slack">{t.formatSlack}</option>
        </select>
      </AddressForm>
    </section>
  );
}
