/**
 * "Add all past meetings to search": the spaces to read, a progress bar and a stop button. The
 * background does the reading (lib/archive/import.ts), one result per ready recording, so the
 * run goes on when this page closes; the page asks for its progress while it runs.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ImportState } from '@/lib/archive/import';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { listedOrder } from '@/lib/spaces';
import { listState, take } from '../list-state';
import { ErrorMessage } from '../ui';
import { searchText } from './texts';

interface SpaceChoice {
  id: number;
  name: string;
}

// The account's spaces, read once per page and shared by the names on the hits and the choice
// here; a failed read is shown with its retry (it used to leave Start greyed out, unexplained).
const spaceList = listState<SpaceChoice[]>();
let spacesAsked = false;

function loadSpaces(): void {
  if (spacesAsked) return;
  spacesAsked = true;
  void sendMessage('spaces.list', {}).then((answer) => {
    if (!answer.ok) spacesAsked = false;
    take(
      spaceList,
      answer.ok
        ? {
            ok: true,
            data: listedOrder(answer.data).map((item) => ({ id: item.space.id, name: item.space.name })),
          }
        : answer,
    );
  });
}

/** Names of the account's spaces (asked once per page), by id. */
export function useSpaceNames(): Record<number, string> {
  useEffect(loadSpaces, []);
  const names: Record<number, string> = {};
  for (const space of spaceList.data.value ?? []) names[space.id] = space.name;
  return names;
}

const POLL_MS = 1000;

export function AddPastMeetings() {
  const t = searchText.value;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [state, setState] = useState<ImportState | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const spaces = spaceList.data.value;

  useEffect(() => {
    if (!open) return;
    loadSpaces();
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const answer = await sendMessage('archive.import.status', {});
      if (!live) return;
      if (answer.ok) setState(answer.data);
      if (answer.ok && answer.data.running) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, state?.running]);

  const selected = chosen ?? new Set((spaces ?? []).map((space) => space.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  const startRun = async () => {
    if (selected.size === 0) {
      setWarning(t.chooseSpace);
      return;
    }
    setWarning(null);
    const answer = await sendMessage('archive.import.start', { spaceIds: [...selected] });
    if (answer.ok) {
      setError(null);
      setState(answer.data);
    } else setError(answer.error);
  };

  const stopRun = async () => {
    const answer = await sendMessage('archive.import.stop', {});
    if (answer.ok) setState(answer.data);
  };

  const running = state?.running ?? false;
  let summary = '';
  if (state && state.startedAt > 0) {
    if (running)
      summary =
        state.total === 0 ? t.addPastListing : t.addPastProgress(state.done, state.total, state.added);
    else if (state.error) summary = t.addPastError(state.error);
    else if (state.stopped) summary = t.addPastStopped(state.done, state.total);
    else summary = t.addPastDone(state.added, state.total);
    if (!running && state.failed > 0) summary += ` ${t.addPastFailed(state.failed)}`;
  }

  return (
    <details class="add-past" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary data-testid="add-past">{t.addPast}</summary>
      <p class="muted small-text">{t.addPastHint}</p>
      <fieldset class="add-past-spaces" disabled={running}>
        <legend class="visually-hidden">{t.space}</legend>
        {(spaces ?? []).map((space) => (
          <label key={space.id} class="row">
            <input
              type="checkbox"
              checked={selected.has(space.id)}
              onChange={(event) => toggle(space.id, event.currentTarget.checked)}
            />
            {space.name}
          </label>
        ))}
      </fieldset>
      <div class="row">
        {running ? (
          <button type="button" class="small" onClick={() => void stopRun()}>
            {t.addPastStop}
          </button>
        ) : (
          <button type="button" class="small primary" disabled={!spaces} onClick={() => void startRun()}>
            {t.addPastStart}
          </button>
        )}
      </div>
      {running && (
        <progress
          class="add-past-bar"
          max={Math.max(state?.total ?? 0, 1)}
          value={state?.total ? state.done : undefined}
          aria-label={t.addPast}
        />
      )}
      <p role="status" aria-live="polite" class="small-text" data-testid="add-past-status">
        {warning ?? summary}
      </p>
      <ErrorMessage error={spaceList.error.value} onRetry={loadSpaces} />
      <ErrorMessage error={error} />
    </details>
  );
}
