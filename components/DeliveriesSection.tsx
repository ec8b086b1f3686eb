/**
 * Options → Deliveries: add a destination by its webhook URL, or a bot kind's token and chat (the
 * origin is asked for inside the click), choose its format, spaces and whether the transcript goes
 * too, see its last deliveries in plain words, send a test or a recording again, remove it. The
 * full address (or token) goes to the background once and is never shown again. The kinds and
 * their names come from their registry (lib/delivery/kinds).
 */
import { useEffect, useState } from 'preact/hooks';
import type { SpaceListItem } from '@/lib/api/schemas';
import { DATABASES } from '@/lib/databases';
import { parseDestinationUrl } from '@/lib/delivery/destination-url';
import {
  BOT_FORMS,
  botApi,
  type DestinationKind,
  KIND_CARDS,
  kindOf,
  kindsEnteredLike,
} from '@/lib/delivery/kinds';
import type { DestinationView, LogEntry } from '@/lib/delivery/types';
import { formatDateTime, formatTimeOfDay } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import { idbKeyValue } from '@/lib/kv';
import { type ErrorInfo, type MessageResult, sendMessage } from '@/lib/messaging';
import { deliveryText, describeDeliveryProblem, describeLogEntry } from './delivery-texts';
import { describeError } from './failures';
import { lang } from './lang';
import { AddressForm, ListError, useListSection } from './list-section';

const KINDS = Object.values(KIND_CARDS);

/**
 * Test build only (`WXT_TEST_BUILD`): a test may point a bot kind's API at a receiver on this
 * computer (`delivery.test:bot-api:<kind>` among the trusted settings, lib/delivery/kinds `botApi`),
 * so the click asks access for where the bot will be reached. A release build has no such code.
 */
const readTestSetting: ((key: string) => Promise<unknown>) | null =
  import.meta.env?.WXT_TEST_BUILD === '1'
    ? (key) => idbKeyValue(DATABASES.settings.name, DATABASES.settings.store).get(`delivery.${key}`)
    : null;

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
        <strong>{KIND_CARDS[shown.kind].names[language]}</strong>
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
        {kindsEnteredLike(destination.kind).length > 1 && (
          <div class="field">
            <label for={`dest-kind-${id}`}>{t.format}</label>
            <select
              id={`dest-kind-${id}`}
              value={shown.kind}
              onChange={(event) => void update({ kind: event.currentTarget.value as DestinationKind })}
            >
              {kindsEnteredLike(destination.kind).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_CARDS[kind].names[language]}
                </option>
              ))}
            </select>
          </div>
        )}
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

/** The kinds, by name, for the add form's format choice. */
function KindSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: DestinationKind;
  onChange: (kind: DestinationKind) => void;
}) {
  const t = deliveryText.value;
  const language = lang.value;
  return (
    <>
      <label class="visually-hidden" for={id}>
        {t.format}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as DestinationKind)}
      >
        {KINDS.map((kind) => (
          <option key={kind.kind} value={kind.kind}>
            {kind.names[language]}
          </option>
        ))}
      </select>
    </>
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
    input,
    setInput,
    busy,
    problem,
    add: addWith,
  } = useListSection(() => sendMessage('deliveries.list', {}));
  /** Destinations other accounts set up, kept for them (not listed here). */
  const [others, setOthers] = useState(0);
  useEffect(() => {
    void sendMessage('deliveries.others', {}).then((answer) => setOthers(answer.ok ? answer.data.kept : 0));
  }, [destinations]);
  const [kind, setKind] = useState<DestinationKind>('webhook');
  const [kindChosen, setKindChosen] = useState(false);
  /** A bot kind's chat (its token is the form's `input`). */
  const [chatId, setChatId] = useState('');
  const bot = KIND_CARDS[kind].bot;
  const form = BOT_FORMS[kind]?.[language];
  /** Where the chosen bot kind's API is, known before the click asks for access to it. */
  const [api, setApi] = useState<string | null>(null);
  useEffect(() => {
    setApi(bot?.api ?? null);
    if (bot && readTestSetting) void botApi(kind, readTestSetting).then(setApi);
  }, [kind]);

  // While something waits for a retry, the log follows the background's attempts.
  const waiting = destinations?.some((destination) => destination.pending > 0) ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 5_000);
    return () => clearInterval(timer);
  }, [waiting]);

  const onAdded = () => {
    setKindChosen(false);
    setKind('webhook');
    setChatId('');
  };

  const add = (event: Event) =>
    bot
      ? addWith(event, {
          parse: (token) => bot.parse({ token, chatId }, api ?? bot.api),
          invalid: (which) => describeDeliveryProblem('invalid-address', which, language, form),
          denied: t.errPermission,
          send: () => sendMessage('deliveries.add', { kind, token: input.trim(), chatId: chatId.trim() }),
          refused: (error) => problemText(error, language),
          onAdded,
        })
      : addWith(event, {
          parse: parseDestinationUrl,
          invalid: (which) => describeDeliveryProblem('invalid-address', which, language),
          denied: t.errPermission,
          send: (address) => sendMessage('deliveries.add', { url: address, kind }),
          refused: (error) => problemText(error, language),
          onAdded,
        });

  const choose = (next: DestinationKind) => {
    // A bot's token is never carried into an address field, nor an address into a token field.
    if (KIND_CARDS[next].entry !== KIND_CARDS[kind].entry) setInput('');
    setKind(next);
    setKindChosen(true);
  };

  const replace = (view: DestinationView) =>
    setDestinations((current) => current?.map((item) => (item.id === view.id ? view : item)) ?? null);

  return (
    <section aria-labelledby="opt-deliveries" class="card options-section" data-testid="deliveries">
      <h2 id="opt-deliveries">{t.deliveries}</h2>
      <p class="muted small-text">{t.deliveriesHint}</p>
      <ListError error={listError} />
      {destinations && destinations.length === 0 && <p class="muted small-text">{t.noDestinations}</p>}
      {others > 0 && (
        <p class="muted small-text" data-testid="destinations-kept-for-others">
          {t.keptForOthers(others)}
        </p>
      )}
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
      {bot && form ? (
        <form class="field" onSubmit={add} data-testid="bot-form">
          <div class="row wrap">
            <KindSelect id="opt-webhook-kind" value={kind} onChange={choose} />
          </div>
          <label for="opt-bot-token">{form.token}</label>
          <input
            id="opt-bot-token"
            type="password"
            autoComplete="off"
            spellcheck={false}
            value={input}
            aria-describedby="opt-bot-token-hint"
            onInput={(event) => setInput(event.currentTarget.value)}
          />
          <span id="opt-bot-token-hint" class="hint">
            {form.tokenHint}
          </span>
          <label for="opt-bot-chat">{form.chat}</label>
          <div class="row">
            <input
              id="opt-bot-chat"
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={chatId}
              aria-describedby="opt-bot-chat-hint"
              onInput={(event) => setChatId(event.currentTarget.value)}
            />
            <button type="submit" disabled={busy}>
              {busy ? t.adding : t.addDestination}
            </button>
          </div>
          <span id="opt-bot-chat-hint" class="hint">
            {form.chatHint}
          </span>
          {problem && (
            <div class="alert error" role="alert">
              {problem}
            </div>
          )}
        </form>
      ) : (
        <AddressForm
          id="opt-webhook-url"
          hintId="opt-webhook-hint"
          label={t.webhookUrl}
          hint={t.webhookUrlHint}
          value={input}
          onInput={(value) => {
            const guessed = kindOf(value.trim());
            // A bot's token (or its API address) pasted here: the form of its kind takes the token.
            if (KIND_CARDS[guessed].bot) {
              setKind(guessed);
              setKindChosen(true);
              setInput(/\d+:[\w-]{20,}/.exec(value)?.[0] ?? value.trim());
              return;
            }
            setInput(value);
            if (!kindChosen && KIND_CARDS[guessed].entry === 'url') setKind(guessed);
          }}
          onSubmit={add}
          busy={busy}
          submit={t.addDestination}
          submitting={t.adding}
          problem={problem}
        >
          <KindSelect id="opt-webhook-kind" value={kind} onChange={choose} />
        </AddressForm>
      )}
    </section>
  );
}
