/** Small building blocks shared by the popup, the viewer and the options page. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RecordingStatus } from '@/lib/format/status';
import type { ErrorInfo } from '@/lib/messaging';
import { describeError } from './failures';
import { lang, text } from './lang';

export function StatusChip({ status }: { status: RecordingStatus }) {
  return (
    <span class="chip" data-status={status} data-testid="status-chip">
      {text.value.status(status)}
    </span>
  );
}

export function ErrorMessage({
  error,
  message,
  onRetry,
}: {
  error?: ErrorInfo | null;
  message?: string;
  onRetry?: () => void;
}) {
  const body = message ?? (error ? describeError(error, lang.value) : '');
  if (!body) return null;
  return (
    <div class="alert error" role="alert">
      <div>{body}</div>
      {onRetry && (
        <div class="row">
          <button type="button" class="small" onClick={onRetry}>
            {text.value.retry}
          </button>
        </div>
      )}
    </div>
  );
}

export function Notice({ children, kind = 'ok' }: { children: ComponentChildren; kind?: 'ok' | 'warn' }) {
  return (
    <div class={`alert ${kind}`} role="status">
      {children}
    </div>
  );
}

export function Empty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div class="empty" data-testid="empty-state">
      <strong>{title}</strong>
      {hint && <span>{hint}</span>}
    </div>
  );
}

/** Placeholder lines while something loads; announced once to screen readers. */
export function Skeleton({ lines = 3, label }: { lines?: number; label?: string }) {
  return (
    <div aria-busy="true" data-testid="skeleton">
      <span class="visually-hidden" role="status">
        {label ?? text.value.loading}
      </span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} class="skeleton" style={{ width: `${90 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** A modal confirmation built on the native `<dialog>` (focus trap, Escape, backdrop). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmDisabled,
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  confirmDisabled?: boolean;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="confirm-title" onClose={onClose} onCancel={onClose}>
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div class="row" style={{ justifyContent: 'flex-end', marginTop: '12px' }}>
        <button type="button" onClick={onClose}>
          {text.value.cancel}
        </button>
        <button
          type="button"
          class={danger ? 'danger solid' : 'primary'}
          disabled={confirmDisabled || busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/** A protocol rendered in pieces: sanitized HTML of whole blocks each, and how much is done. */
interface RenderedProtocol {
  markdown: string;
  pieces: string[];
  done: number;
  /** Some of it is past the bounds its Markdown is read within, and shown as its text. */
  plain: boolean;
}

/**
 * The last protocol rendered whole, kept while the page lives: the popup's result shown again, or
 * the viewer opened on it again, skips parsing and sanitizing it (a long protocol takes seconds).
 */
let lastRendered: RenderedProtocol | null = null;

/** How long one slice of rendering may hold the page before it lets the page answer input. */
const SLICE_MS = 40;

/**
 * Lets the page handle input and paint. A message port, not a timer: timers in a background tab
 * run at most once a second, and a protocol opened in one would take minutes.
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Sanitized protocol HTML. The renderer is loaded on first use to keep the popup's first bundle
 * small. A long protocol renders in pieces: the first screen shows at once, a progress bar tells
 * how much is left, and the page answers clicks and keys in between.
 */
export function Protocol({ markdown }: { markdown: string }) {
  const [rendered, setRendered] = useState<RenderedProtocol | null>(() =>
    lastRendered?.markdown === markdown ? lastRendered : null,
  );
  useEffect(() => {
    if (lastRendered?.markdown === markdown) {
      setRendered(lastRendered);
      return;
    }
    let live = true;
    void (async () => {
      const { renderMarkdownPieces } = await import('@/lib/render/markdown');
      const pieces: string[] = [];
      let plain = false;
      let sliceStart = performance.now();
      for (const piece of renderMarkdownPieces(markdown)) {
        if (!live) return;
        pieces.push(piece.html);
        plain ||= piece.plain;
        if (piece.done < 1 && performance.now() - sliceStart >= SLICE_MS) {
          setRendered({ markdown, pieces: pieces.slice(), done: piece.done, plain });
          await yieldToPage();
          sliceStart = performance.now();
        }
      }
      lastRendered = { markdown, pieces, done: 1, plain };
      if (live) setRendered(lastRendered);
    })();
    return () => {
      live = false;
    };
  }, [markdown]);
  if (markdown.trim() === '') return <p class="muted">{text.value.noProtocol}</p>;
  const current = rendered?.markdown === markdown ? rendered : null;
  if (current === null) return <Skeleton lines={5} />;
  const percent = Math.floor(current.done * 100);
  return (
    <>
      {current.plain && (
        <p class="muted" data-testid="protocol-as-text">
          {text.value.protocolAsText}
        </p>
      )}
      <div class="markdown" data-testid="protocol" aria-busy={current.done < 1}>
        {current.pieces.map((html, index) => (
          // The only HTML inserted is DOMPurify's output (lib/render/markdown.ts), each piece
          // into an element of its own. Pieces only ever append, in order: the index is their key.
          <div key={index} class="protocol-piece" dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </div>
      {current.done < 1 && (
        <div class="protocol-progress" data-testid="protocol-progress">
          <progress max={100} value={percent} aria-label={text.value.renderingProtocol(percent)} />
          <span class="muted">{text.value.renderingProtocol(percent)}</span>
        </div>
      )}
    </>
  );
}

/**
 * A small button with a 16 px line icon. Icon only by default: its label is then the accessible
 * name and the tooltip. With `showLabel` the label is written next to the icon (the name comes
 * from the text itself).
 */
export function IconButton({
  label,
  onClick,
  testId,
  showLabel = false,
  ghost = true,
  children,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
  showLabel?: boolean;
  ghost?: boolean;
  /** The icon's shapes, drawn in a 24 × 24 box with the current text colour. */
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class={`small icon${ghost ? ' ghost' : ''}${showLabel ? ' with-label' : ''}`}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
      data-testid={testId}
      onClick={onClick}
    >
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
      >
        {children}
      </svg>
      {showLabel && <span>{label}</span>}
    </button>
  );
}
