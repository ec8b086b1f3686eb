/**
 * "Open items" (popup and side panel): every action item of every meeting kept in this browser,
 * the same item of a series once (lib/items/view.ts), grouped by owner with the user's own first,
 * filtered by space, meeting date, person and state. An item is ticked done, reopened or
 * dismissed (kept per account by the background), shows its suggested owner as a suggestion, its
 * due date with the words it was read from, and each meeting it was said in, linked to its line in
 * the protocol in the viewer. Selected items (or all shown) are copied as a Markdown checklist.
 * Loaded only when opened.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatDate } from '@/lib/format/time';
import { checklist } from '@/lib/items/checklist';
import type { ItemStateName } from '@/lib/items/kept';
import { suggestMine } from '@/lib/items/mine';
import {
  groupItems,
  type ItemFilters,
  mergeItems,
  type Occurrence,
  peopleOf,
  type ShowStates,
  type ViewGroup,
  type ViewItem,
} from '@/lib/items/view';
import { sendMessage } from '@/lib/messaging';
import { session, spaces } from '../app/store';
import { lang, text } from '../lang';
import { Empty, ErrorMessage, Notice, Skeleton } from '../ui';
import { itemsText } from './texts';
import { useKeptItems } from './use-items';
import { YourNames } from './YourNames';
import './items.css';

/** Items the user's own group shows before "Show more"; another person's group shows fewer. */
const MINE_PAGE = 25;
const OTHERS_PAGE = 5;
/** Items drawn in the view's first frame; the rest follow, this many a frame. */
const FIRST_DRAWN = 40;
const DRAWN_STEP = 150;

/** The viewer at the item's line of the protocol (the k-th list item, or a table's row). */
export function lineUrl(occurrence: Pick<Occurrence, 'spaceId' | 'audioId' | 'bullet' | 'row'>): string {
  const at =
    occurrence.bullet !== null
      ? `&line=${occurrence.bullet}`
      : occurrence.row
        ? `&row=${occurrence.row.table}.${occurrence.row.row}`
        : '';
  return `/viewer.html?space=${occurrence.spaceId}&audio=${occurrence.audioId}&tab=protocol${at}`;
}

/** The viewer at the moment the item was said (its first suggested source), else at its line. */
export function momentUrl(occurrence: Occurrence): string {
  const source = occurrence.sources?.[0];
  return source
    ? `/viewer.html?space=${occurrence.spaceId}&audio=${occurrence.audioId}&tab=transcript&at=${source.block}.${source.utterance}`
    : lineUrl(occurrence);
}

const dateOf = (ms: number | null) => (ms === null ? '' : formatDate(new Date(ms).toISOString(), lang.value));

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dayStart(value: string): number | null {
  const time = value ? Date.parse(`${value}T00:00:00`) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}

function MeetingLink({ occurrence }: { occurrence: Occurrence }) {
  const t = itemsText.value;
  const title = occurrence.title || text.value.viewerTitle;
  const said = Boolean(occurrence.sources?.length);
  return (
    <>
      <a
        href={momentUrl(occurrence)}
        target="_blank"
        rel="noopener"
        class="open-item-meeting"
        title={said ? t.openSaid(title) : t.openMoment(title)}
        data-testid="open-item-meeting"
      >
        {t.inMeeting(title, dateOf(occurrence.createdAt))}
      </a>
      {said && (
        <>
          {' '}
          <span class="muted">({t.momentSuggested},</span>{' '}
          <a href={lineUrl(occurrence)} target="_blank" rel="noopener" data-testid="open-item-line">
            {t.protocolLine}
          </a>
          <span class="muted">)</span>
        </>
      )}
    </>
  );
}

function Item({
  item,
  selected,
  onSelect,
  onState,
}: {
  item: ViewItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onState: (state: ItemStateName, element: HTMLElement | null) => void;
}) {
  const t = itemsText.value;
  const ref = useRef<HTMLLIElement>(null);
  const [first, ...rest] = item.meetings;
  const overdue = item.state === 'open' && item.due !== null && item.due < today();
  const dueDate = item.due ? formatDate(item.due, lang.value) : '';
  return (
    <li class="open-item" data-testid="open-item" data-state={item.state} ref={ref}>
      <input
        type="checkbox"
        class="open-item-select"
        checked={selected}
        aria-label={t.selectOf(item.text)}
        onChange={(event) => onSelect((event.currentTarget as HTMLInputElement).checked)}
      />
      <div class="open-item-main">
        <p class="open-item-text" data-testid="open-item-text">
          {item.text}
        </p>
        <p class="open-item-meta small-text">
          {item.owner ? (
            <span
              class="open-item-owner"
              data-testid="open-item-owner"
              title={`${t.ownerHint}${item.ownerWords ? ` ${t.ownerWords(item.ownerWords)}` : ''}`}
            >
              {t.ownerSuggested(item.owner.join(', '))}
            </span>
          ) : (
            <span class="muted">{t.noOwnerNamed}</span>
          )}
          {item.due && (
            <details class="open-item-due" data-testid="open-item-due">
              <summary title={item.dueWords ? t.dueWordsOf(dueDate, item.dueWords) : undefined}>
                {t.due(dueDate)}
                {overdue && <span class="open-item-overdue"> · {t.overdue}</span>}
              </summary>
              {item.dueWords && <span class="muted"> {t.dueFrom(item.dueWords)}</span>}
            </details>
          )}
        </p>
        <p class="open-item-meetings small-text">
          {first && <MeetingLink occurrence={first} />}
          {rest.length > 0 && (
            <>
              {' '}
              <span class="muted">{t.alsoIn(rest.length)}</span>{' '}
              {rest.map((occurrence, index) => (
                <span key={occurrence.key}>
                  {index > 0 && ', '}
                  <MeetingLink occurrence={occurrence} />
                </span>
              ))}
            </>
          )}
        </p>
        {item.repeatedAfterDone && <p class="open-item-note small-text">{t.repeated}</p>}
        {item.state !== 'open' && item.stateAt !== null && (
          <p class="small-text muted">
            {item.state === 'done' ? t.doneAt(dateOf(item.stateAt)) : t.dismissedAt(dateOf(item.stateAt))}
          </p>
        )}
      </div>
      <div class="open-item-actions">
        {item.state === 'open' ? (
          <>
            <button
              type="button"
              class="small"
              aria-label={t.markDoneOf(item.text)}
              onClick={() => onState('done', ref.current)}
            >
              {t.markDone}
            </button>
            <button
              type="button"
              class="small ghost"
              aria-label={t.dismissOf(item.text)}
              onClick={() => onState('dismissed', ref.current)}
            >
              {t.dismiss}
            </button>
          </>
        ) : (
          <button
            type="button"
            class="small"
            aria-label={t.reopenOf(item.text)}
            onClick={() => onState('open', ref.current)}
          >
            {t.reopen}
          </button>
        )}
      </div>
    </li>
  );
}

function Group({
  group,
  heading,
  level,
  drawn,
  children,
  selected,
  onSelect,
  onState,
}: {
  group: ViewGroup;
  heading: string;
  level: 3 | 4;
  /** Items this group may draw now (the view draws a long list over a few frames). */
  drawn: number;
  children?: preact.ComponentChildren;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onState: (item: ViewItem, state: ItemStateName, element: HTMLElement | null) => void;
}) {
  const t = itemsText.value;
  const page = group.kind === 'mine' ? MINE_PAGE : OTHERS_PAGE;
  const [limit, setLimit] = useState(page);
  const shown = Math.min(limit, drawn);
  const id = `items-group-${group.id.replace(/[^a-z0-9]+/gi, '-')}`;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section class="open-items-group" aria-labelledby={id} data-testid={`items-group-${group.kind}`}>
      <Heading id={id} class="open-items-group-title">
        {heading} <span class="open-items-count">{t.groupCount(group.open, group.items.length)}</span>
      </Heading>
      {children}
      {group.items.length > 0 && (
        <ul class="plain-list open-items-list">
          {group.items.slice(0, shown).map((item) => (
            <Item
              key={item.id}
              item={item}
              selected={selected.has(item.id)}
              onSelect={(on) => onSelect(item.id, on)}
              onState={(state, element) => onState(item, state, element)}
            />
          ))}
        </ul>
      )}
      {group.items.length > limit && shown === limit && (
        <button type="button" class="load-more" onClick={() => setLimit((n) => n + MINE_PAGE * 2)}>
          {t.showMore(Math.min(group.items.length - limit, MINE_PAGE * 2))}
        </button>
      )}
    </section>
  );
}

export function OpenItems({ onBack }: { onBack: () => void }) {
  const m = text.value;
  const t = itemsText.value;
  const current = session.value;
  const email = current?.signedIn ? (current.email ?? null) : null;
  const { kept, error, pending, reload } = useKeptItems(current?.signedIn ? current.serviceUrl : null, email);
  const [spaceId, setSpaceId] = useState('');
  const [person, setPerson] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [show, setShow] = useState<ShowStates>('open');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** States set here and not yet read back from the database. */
  const [overrides, setOverrides] = useState<Record<string, ItemStateName>>({});
  const [said, setSaid] = useState<string | null>(null);
  /** Where focus goes once a changed item leaves the list: the next item's first button. */
  const focusNext = useRef<{ to: HTMLElement | null } | null>(null);

  useEffect(() => setOverrides({}), [kept]);

  const merged = useMemo(() => (kept ? mergeItems(kept) : []), [kept]);
  const items = useMemo(
    () =>
      merged.map((item) =>
        overrides[item.id] && overrides[item.id] !== item.state
          ? {
              ...item,
              state: overrides[item.id] as ItemStateName,
              stateAt: Date.now(),
              repeatedAfterDone: false,
            }
          : item,
      ),
    [merged, overrides],
  );
  const people = useMemo(() => peopleOf(merged), [merged]);
  const confirmed = Boolean(kept?.mine && kept.mine.names.length > 0);
  const mine = useMemo(() => {
    if (kept?.mine && kept.mine.names.length > 0) return kept.mine.names;
    const self = [...new Set((kept?.meetings ?? []).flatMap((meeting) => meeting.self))];
    return suggestMine(email, people, self);
  }, [kept, people, email]);
  const filters: ItemFilters = {
    spaceId: spaceId ? Number(spaceId) : null,
    person: person || null,
    from: dayStart(from),
    to: dayStart(to) === null ? null : (dayStart(to) as number) + 86_400_000 - 1,
    show,
  };
  const view = useMemo(
    () => groupItems(items, mine, filters),
    [items, mine, spaceId, person, from, to, show],
  );
  // A long view is drawn over a few frames: the first items show at once, the rest follow.
  const [drawn, setDrawn] = useState(FIRST_DRAWN);
  useEffect(() => setDrawn(FIRST_DRAWN), [kept === null, spaceId, person, from, to, show]);
  useEffect(() => {
    if (drawn >= view.shown) return;
    const timer = setTimeout(() => setDrawn((n) => n + DRAWN_STEP), 0);
    return () => clearTimeout(timer);
  }, [drawn, view.shown]);
  let budget = drawn;
  /**
   * Items a group may draw now, out of what is left of this frame's budget: all it would show
   * (its page, and more on "Show more") once its first page fits, none once the budget is spent.
   */
  const drawnOf = (group: ViewGroup) => {
    const page = Math.min(group.items.length, group.kind === 'mine' ? MINE_PAGE : OTHERS_PAGE);
    const granted = Math.max(0, Math.min(budget, page));
    budget -= granted;
    return granted === page ? Number.POSITIVE_INFINITY : granted;
  };
  const spaceNames = new Map((spaces.value ?? []).map((item) => [item.space.id, item.space.name]));

  // After a change of state, focus goes to the item that took the changed one's place.
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (next.to?.isConnected) next.to.focus();
    else document.getElementById('items-title')?.focus();
  });

  const setState = async (item: ViewItem, state: ItemStateName, element: HTMLElement | null) => {
    const all = [...document.querySelectorAll<HTMLElement>('.open-item')];
    const at = element ? all.indexOf(element) : -1;
    const neighbour = at === -1 ? null : (all[at + 1] ?? all[at - 1] ?? null);
    const nextButton = neighbour?.querySelector<HTMLElement>('.open-item-actions button') ?? null;
    setOverrides((current) => ({ ...current, [item.id]: state }));
    const answer = await sendMessage('items.setState', { keys: item.keys, state });
    if (!answer.ok || answer.data === 0) {
      setOverrides((current) => {
        const rest = { ...current };
        delete rest[item.id];
        return rest;
      });
      setSaid(t.notChanged);
      return;
    }
    setSaid(
      state === 'done'
        ? t.markedDone(item.text)
        : state === 'open'
          ? t.markedOpen(item.text)
          : t.markedDismissed(item.text),
    );
    if (show !== 'all' && state !== show) focusNext.current = { to: nextButton };
    else element?.querySelector<HTMLElement>('.open-item-actions button')?.focus();
  };

  const shownItems = [...view.mine.items, ...view.others.flatMap((group) => group.items)];
  const chosen = shownItems.filter((item) => selected.has(item.id));
  const copy = async () => {
    const list = chosen.length > 0 ? chosen : shownItems;
    const body = checklist(
      list.map((item) => ({
        text: item.text,
        owner: item.owner,
        due: item.due,
        state: item.state,
        meeting: item.meetings[0]
          ? t.inMeeting(item.meetings[0].title || m.viewerTitle, dateOf(item.meetings[0].createdAt))
          : null,
      })),
      { owner: t.checklistOwner, due: (iso) => t.checklistDue(formatDate(iso, lang.value)) },
    );
    try {
      await navigator.clipboard.writeText(body);
      setSaid(t.copied(list.length));
    } catch {
      setSaid(t.copyFailed);
    }
  };

  const failed = (kept?.meetings ?? []).filter((meeting) => meeting.error);
  const capped = (kept?.meetings ?? []).find((meeting) => meeting.items.length >= 1_000);
  const filtered = Boolean(spaceId || person || from || to || show !== 'open');
  const onSelect = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const groupProps = {
    selected,
    onSelect,
    onState: (item: ViewItem, state: ItemStateName, element: HTMLElement | null) =>
      void setState(item, state, element),
  };

  let body = null;
  if (error) body = <ErrorMessage message={t.readFailed(error)} onRetry={reload} />;
  else if (kept === null) body = <Skeleton lines={5} />;
  else if (kept.meetings.length === 0) body = pending > 0 ? null : <Empty title={t.noMeetings} />;
  else if (view.total === 0) body = pending > 0 ? null : <Empty title={t.noItems(kept.meetings.length)} />;
  else
    body = (
      <>
        <details class="open-items-filters">
          <summary>{t.filters}</summary>
          <div class="filter-grid">
            <label>
              {t.show}
              <select
                value={show}
                onChange={(event) => setShow((event.currentTarget as HTMLSelectElement).value as ShowStates)}
              >
                <option value="open">{t.showOpen}</option>
                <option value="done">{t.showDone}</option>
                <option value="dismissed">{t.showDismissed}</option>
                <option value="all">{t.showAll}</option>
              </select>
            </label>
            <label>
              {t.space}
              <select
                value={spaceId}
                onChange={(event) => setSpaceId((event.currentTarget as HTMLSelectElement).value)}
              >
                <option value="">{t.allSpaces}</option>
                {view.spaces.map((id) => (
                  <option key={id} value={String(id)}>
                    {spaceNames.get(id) ?? t.spaceNumbered(id)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t.person}
              <select
                value={person}
                onChange={(event) => setPerson((event.currentTarget as HTMLSelectElement).value)}
              >
                <option value="">{t.anyone}</option>
                {view.people.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t.from}
              <input
                type="date"
                value={from}
                onInput={(event) => setFrom((event.currentTarget as HTMLInputElement).value)}
              />
            </label>
            <label>
              {t.to}
              <input
                type="date"
                value={to}
                onInput={(event) => setTo((event.currentTarget as HTMLInputElement).value)}
              />
            </label>
          </div>
          {filtered && (
            <button
              type="button"
              class="small ghost"
              onClick={() => {
                setSpaceId('');
                setPerson('');
                setFrom('');
                setTo('');
                setShow('open');
              }}
            >
              {t.clearFilters}
            </button>
          )}
        </details>
        <div class="row wrap open-items-toolbar">
          <button type="button" class="small" disabled={shownItems.length === 0} onClick={() => void copy()}>
            {chosen.length > 0 ? t.copySelected(chosen.length) : t.copyShown}
          </button>
          {chosen.length > 0 ? (
            <button type="button" class="small ghost" onClick={() => setSelected(new Set())}>
              {t.clearSelection}
            </button>
          ) : (
            shownItems.length > 0 && (
              <button
                type="button"
                class="small ghost"
                onClick={() => setSelected(new Set(shownItems.map((item) => item.id)))}
              >
                {t.selectShown}
              </button>
            )
          )}
        </div>
        {view.shown === 0 && <Empty title={t.noMatch} />}
        <Group group={view.mine} heading={t.mine} level={3} drawn={drawnOf(view.mine)} {...groupProps}>
          <YourNames
            people={people}
            mine={mine}
            confirmed={confirmed}
            onSave={async (names) => {
              const answer = await sendMessage('items.setMine', { names });
              if (answer.ok) reload();
              return answer.ok;
            }}
          />
          {view.mine.items.length === 0 && mine.length > 0 && <p class="muted small-text">{t.mineEmpty}</p>}
        </Group>
        {view.others.length > 0 && (
          <section class="open-items-others" aria-labelledby="items-others">
            <h3 id="items-others" class="open-items-group-title">
              {t.others}
            </h3>
            {view.others.map((group) => {
              const granted = drawnOf(group);
              // Not drawn in this frame: it follows in the next.
              return granted === 0 ? null : (
                <Group
                  key={group.id}
                  group={group}
                  drawn={granted}
                  heading={group.kind === 'none' ? t.noOwner : `${group.owners.join(', ')} (${t.suggested})`}
                  level={4}
                  {...groupProps}
                />
              );
            })}
          </section>
        )}
      </>
    );

  return (
    <section aria-labelledby="items-title" data-testid="open-items" class="open-items">
      <div class="row">
        <button type="button" class="ghost small" onClick={onBack}>
          ← {m.back}
        </button>
      </div>
      <h2 id="items-title" class="section-title" tabIndex={-1}>
        {t.title}
      </h2>
      <p class="muted small-text">{t.intro}</p>
      <div role="status" class="open-items-status small-text" data-testid="open-items-status">
        {pending > 0 ? t.reading(pending) : ''}
        {said && <span> {said}</span>}
      </div>
      {failed.length > 0 && <Notice kind="warn">{t.notRead(failed.length, failed[0]?.error ?? '')}</Notice>}
      {capped && <Notice kind="warn">{t.capped(capped.title)}</Notice>}
      {body}
    </section>
  );
}
