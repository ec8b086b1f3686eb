/**
 * The state an options section that keeps a list of addresses has (Calendars, Deliveries): the
 * list read from the background with its error (`useList`), and the add form (the typed address, busy, the
 * problem in plain words). Adding asks for the address's origin inside the click and keeps what
 * was typed when the background refuses it. `ListError` and `AddressForm` are their markup.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ErrorInfo, MessageResult } from '@/lib/messaging';
import { originOf } from '@/lib/permissions';
import { requestServiceAccess } from './app/permission';
import { describeError } from './failures';
import { lang } from './lang';
import { useList } from './use-list';

type Parsed<P> = { ok: true; url: string } | { ok: false; problem: P };

export interface AddSteps<P> {
  /** Reads the typed address. */
  parse: (input: string) => Parsed<P>;
  /** The words for an address that does not parse. */
  invalid: (problem: P) => string;
  /** The words for an origin the user did not allow. */
  denied: (origin: string) => string;
  /** Sends the parsed address to the background. */
  send: (url: string) => Promise<MessageResult<unknown>>;
  /** The words for the background's refusal. */
  refused: (error: ErrorInfo) => string;
  /** What else the form forgets once the address is added. */
  onAdded?: () => void;
}

export function useListSection<T>(list: () => Promise<MessageResult<T[]>>) {
  const { data: items, setData: setItems, error: listError, setError: setListError, load } = useList(list);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = <P,>(event: Event, steps: AddSteps<P>) => {
    event.preventDefault();
    const parsed = steps.parse(input);
    if (!parsed.ok) {
      setProblem(steps.invalid(parsed.problem));
      return;
    }
    // Asked inside the click: the permission prompt needs the user's gesture.
    const access = requestServiceAccess(parsed.url);
    setBusy(true);
    void (async () => {
      try {
        if (!(await access)) {
          setProblem(steps.denied(originOf(parsed.url)));
          return;
        }
        const answer = await steps.send(parsed.url);
        if (!answer.ok) {
          // The address stays in the field so nothing typed is lost.
          setProblem(steps.refused(answer.error));
          return;
        }
        setProblem(null);
        setInput('');
        steps.onAdded?.();
        await load();
      } finally {
        setBusy(false);
      }
    })();
  };

  return { items, setItems, listError, setListError, load, input, setInput, busy, setBusy, problem, add };
}

/** Why the list could not be read or changed, in plain words. */
export function ListError({ error }: { error: ErrorInfo | null }) {
  if (!error) return null;
  return (
    <div class="alert error" role="alert">
      {describeError(error, lang.value)}
    </div>
  );
}

/**
 * The add form: the address field, what else the section asks for beside it (`children`), the
 * submit button, the hint under it and the problem with what was typed.
 */
export function AddressForm({
  id,
  hintId,
  label,
  hint,
  value,
  onInput,
  onSubmit,
  busy,
  submit,
  submitting,
  problem,
  children,
}: {
  id: string;
  hintId: string;
  label: string;
  hint: string;
  value: string;
  onInput: (value: string) => void;
  onSubmit: (event: Event) => void;
  busy: boolean;
  submit: string;
  submitting: string;
  problem: string | null;
  children?: ComponentChildren;
}) {
  return (
    <form class="field" onSubmit={onSubmit}>
      <label for={id}>{label}</label>
      <div class={children ? 'row wrap' : 'row'}>
        <input
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          value={value}
          aria-describedby={hintId}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
        {children}
        <button type="submit" disabled={busy}>
          {busy ? submitting : submit}
        </button>
      </div>
      <span id={hintId} class="hint">
        {hint}
      </span>
      {problem && (
        <div class="alert error" role="alert">
          {problem}
        </div>
      )}
    </form>
  );
}
