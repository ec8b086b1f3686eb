/**
 * The suggested sources of a rendered protocol's lines (the viewer's Protocol tab, the popup's and
 * the side panel's protocol view). The protocol stays the sanitized HTML lib/render made: beside
 * each line (found by components/sources/place.ts) goes a small button of ours, made here with the
 * DOM and marked with our class; it opens, right after itself, a labelled region listing the
 * utterances suggested as the line's sources (speaker, time, words) with a link to that moment of
 * the transcript, or saying plainly that no source was found or that none was looked for. Escape
 * closes it and gives the focus back to its button. A long protocol is decorated in slices, so the
 * page answers input meanwhile.
 */
import type { RefObject } from 'preact';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatClock } from '@/lib/format/time';
import type { ProtocolSources, LineSources as SourcedLine, SourcePlace } from '@/lib/grounding/sources';
import { lang } from '../lang';
import { yieldToPage } from '../ui';
import { linePlacer, type Slot } from './place';
import { sourcesText } from './texts';
import './sources.css';

/** What a source shows of its utterance. */
export interface ShownUtterance {
  speaker: string;
  start: number;
  text: string;
}

export type SourcesState =
  | { state: 'linking' }
  | { state: 'failed'; message: string }
  | { state: 'done'; sources: ProtocolSources };

/** The class every element of ours carries (the sanitized protocol never has a class). */
const OURS = 'line-source';
const isOurs = (node: Node) =>
  node.nodeType === 1 &&
  ((node as Element).getAttribute('class') ?? '').split(' ')[0]?.startsWith(OURS) === true;

/** How long one slice of decorating may hold the page. */
const SLICE_MS = 30;
/** An utterance's words shown in a panel, at most. */
const SHOWN_CHARS = 400;

const shortLine = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

const ICON_PATHS = ['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'];

function toggleFor(document: Document, line: SourcedLine, index: number): HTMLButtonElement {
  const m = sourcesText.value;
  const button = document.createElement('button');
  button.type = 'button';
  const count = line.sources?.length ?? 0;
  const state = !line.checked ? 'unchecked' : count > 0 ? 'found' : 'none';
  button.className = `${OURS}-toggle ${state}`;
  button.setAttribute('data-testid', 'line-source');
  button.setAttribute('data-line', String(index));
  button.setAttribute('aria-expanded', 'false');
  const label = !line.checked ? m.notLookedFor : count > 0 ? m.sourcesCount(count) : m.noSource;
  button.setAttribute('aria-label', label);
  button.title = label;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  for (const d of ICON_PATHS) {
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  const number = document.createElement('span');
  number.className = `${OURS}-count`;
  number.setAttribute('aria-hidden', 'true');
  number.textContent = !line.checked ? '–' : String(count);
  button.append(svg, number);
  return button;
}

interface PanelProps {
  line: SourcedLine;
  index: number;
  utterance: (place: SourcePlace) => ShownUtterance | null;
  href: (place: SourcePlace) => string;
  onShow?: ((place: SourcePlace, line: number) => void) | undefined;
}

function Panel({ line, index, utterance, href, onShow }: PanelProps) {
  const m = sourcesText.value;
  if (!line.checked) return <div class={`${OURS}-note`}>{m.notLookedForHint}</div>;
  if (!line.sources || line.sources.length === 0) return <div class={`${OURS}-note`}>{m.noSourceHint}</div>;
  return (
    <>
      <div class={`${OURS}-note`}>{m.suggestedHint}</div>
      {/* Not an <ol>: the protocol's own <li> are counted by the pages (a line's k-th item). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <ul> here would add list items to the protocol's own. */}
      <div class={`${OURS}-list`} role="list">
        {line.sources.map((place) => {
          const shown = utterance(place);
          if (!shown)
            return (
              // biome-ignore lint/a11y/useSemanticElements: an <li> here would count as one of the protocol's items.
              <div key={`${place.block}.${place.utterance}`} class={`${OURS}-item`} role="listitem">
                {m.unknownPlace}
              </div>
            );
          const time = formatClock(shown.start);
          const words =
            shown.text.length > SHOWN_CHARS ? `${shown.text.slice(0, SHOWN_CHARS - 1)}…` : shown.text;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an <li> here would count as one of the protocol's items.
            <div
              key={`${place.block}.${place.utterance}`}
              class={`${OURS}-item`}
              role="listitem"
              data-testid="line-source-item"
            >
              <span class={`${OURS}-meta`}>
                <span class={`${OURS}-time`}>{time}</span>{' '}
                <span class={`${OURS}-speaker`}>{shown.speaker}</span>
              </span>
              <span class={`${OURS}-words`}>{words}</span>
              <a
                class={`${OURS}-link`}
                href={href(place)}
                aria-label={onShow ? m.showAt(shown.speaker, time) : m.openAt(shown.speaker, time)}
                {...(onShow ? {} : { target: '_blank', rel: 'noopener' })}
                onClick={(event) => {
                  if (!onShow || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
                    return;
                  event.preventDefault();
                  onShow(place, index);
                }}
              >
                {onShow ? m.showInTranscript : `${m.openInTranscript} ↗`}
              </a>
            </div>
          );
        })}
      </div>
    </>
  );
}

export interface LineSourcesProps {
  /** The element the rendered protocol (components/ui.tsx `Protocol`) and this component are in. */
  container: RefObject<HTMLElement | null>;
  sources: ProtocolSources;
  utterance: (place: SourcePlace) => ShownUtterance | null;
  /** The transcript's link to a place (the viewer's `at=<block>.<utterance>`). */
  href: (place: SourcePlace) => string;
  /** Shows a place in this page (the viewer); without it a source's link opens the viewer in a new tab. */
  onShow?: (place: SourcePlace, line: number) => void;
  /** A line to open and focus (back from the transcript); a new object asks again. */
  reveal?: { line: number } | null;
}

let instances = 0;

/** Decorates the rendered protocol in `container` with each line's sources control. */
export function LineSources({ container, sources, utterance, href, onShow, reveal }: LineSourcesProps) {
  const [id] = useState(() => `line-sources-${++instances}`);
  /** The lines found nowhere on the page: listed below the protocol, each with its control. */
  const [unplaced, setUnplaced] = useState<number[]>([]);
  const unplacedRef = useRef<HTMLUListElement>(null);
  const toggles = useRef(new Map<number, HTMLButtonElement>());
  const panels = useRef(new Map<number, HTMLElement>());
  const props = useRef({ utterance, href, onShow });
  props.current = { utterance, href, onShow };
  const language = lang.value;

  const close = (index: number, focus: boolean) => {
    const panel = panels.current.get(index);
    const toggle = toggles.current.get(index);
    if (panel) {
      render(null, panel);
      panel.remove();
      panels.current.delete(index);
    }
    if (toggle) {
      toggle.setAttribute('aria-expanded', 'false');
      toggle.removeAttribute('aria-controls');
      if (focus) toggle.focus();
    }
  };

  const open = (index: number) => {
    const toggle = toggles.current.get(index);
    const line = sources.lines[index];
    if (!toggle || !line || panels.current.has(index)) return;
    const panel = toggle.ownerDocument.createElement('div');
    panel.className = `${OURS}-panel`;
    panel.id = `${id}-${index}`;
    panel.setAttribute('role', 'region');
    // Focusable, so Escape pressed after a click in it (not on a link) still closes it.
    panel.tabIndex = -1;
    panel.setAttribute('aria-label', sourcesText.value.panelLabel(shortLine(line.text)));
    panel.setAttribute('data-testid', 'line-source-panel');
    toggle.after(panel);
    panels.current.set(index, panel);
    render(<Panel line={line} index={index} {...props.current} />, panel);
    toggle.setAttribute('aria-controls', panel.id);
    toggle.setAttribute('aria-expanded', 'true');
  };

  // Decorate once the protocol is rendered whole; again when it is rendered anew.
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    let live = true;
    let decorated: Element | null = null;
    let running = false;

    const undo = () => {
      for (const index of [...panels.current.keys()]) close(index, false);
      for (const toggle of toggles.current.values()) toggle.remove();
      toggles.current.clear();
    };

    const decorate = async (root: Element) => {
      running = true;
      undo();
      decorated = root;
      const place = linePlacer(root, isOurs);
      const missing: number[] = [];
      let sliceStart = performance.now();
      for (let i = 0; i < sources.lines.length && live && decorated === root; ) {
        const group = place(sources.lines, i);
        group.slots.forEach((slot: Slot | null, k) => {
          const index = i + k;
          const line = sources.lines[index] as SourcedLine;
          if (!slot) {
            missing.push(index);
            return;
          }
          const toggle = toggleFor(root.ownerDocument, line, index);
          slot.parent.insertBefore(toggle, slot.before);
          toggles.current.set(index, toggle);
        });
        i = group.next;
        if (performance.now() - sliceStart >= SLICE_MS) {
          await yieldToPage();
          sliceStart = performance.now();
        }
      }
      if (live) setUnplaced(missing);
      running = false;
    };

    const check = () => {
      if (running) return;
      const root = host.querySelector('[data-testid="protocol"]');
      if (!root || root.getAttribute('aria-busy') === 'true') return;
      // Rendered anew (our controls gone with the old pieces), or not decorated yet.
      const intact =
        decorated === root && [...toggles.current.values()].every((toggle) => toggle.isConnected);
      if (!intact) void decorate(root);
    };

    const oursOrInside = (node: Node) => {
      for (let at: Node | null = node; at && at !== host; at = at.parentNode) if (isOurs(at)) return true;
      return false;
    };
    const observer = new MutationObserver((records) => {
      const theirs = records.some(
        (record) =>
          !oursOrInside(record.target) &&
          [...record.addedNodes, ...record.removedNodes].some((node) => !isOurs(node)),
      );
      if (theirs) check();
    });
    observer.observe(host, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    check();
    return () => {
      live = false;
      observer.disconnect();
      undo();
    };
  }, [container, sources, language]);

  // The unplaced lines' controls, in their list below the protocol.
  useEffect(() => {
    const list = unplacedRef.current;
    if (!list) return;
    const made: number[] = [];
    for (const item of list.querySelectorAll<HTMLElement>('li[data-unplaced]')) {
      const index = Number(item.dataset.unplaced);
      const line = sources.lines[index];
      if (!line || toggles.current.has(index)) continue;
      const toggle = toggleFor(item.ownerDocument, line, index);
      item.append(toggle);
      toggles.current.set(index, toggle);
      made.push(index);
    }
    return () => {
      for (const index of made) {
        close(index, false);
        toggles.current.get(index)?.remove();
        toggles.current.delete(index);
      }
    };
  }, [unplaced, sources, language]);

  // Buttons and Escape, for every control at once (this component is rendered inside `container`).
  useEffect(() => {
    const hosts = [container.current].filter((host): host is HTMLElement => !!host);
    const onClick = (event: MouseEvent) => {
      const toggle = (event.target as Element | null)?.closest?.(`.${OURS}-toggle`);
      if (!toggle) return;
      const index = Number(toggle.getAttribute('data-line'));
      if (panels.current.has(index)) close(index, false);
      else open(index);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target as Element | null;
      const at = target?.closest?.(`.${OURS}-panel, .${OURS}-toggle`);
      if (!at) return;
      const index = at.classList.contains(`${OURS}-toggle`)
        ? Number(at.getAttribute('data-line'))
        : [...panels.current].find(([, panel]) => panel === at)?.[0];
      if (index === undefined || !panels.current.has(index)) return;
      event.preventDefault();
      event.stopPropagation();
      close(index, true);
    };
    for (const host of hosts) {
      host.addEventListener('click', onClick);
      host.addEventListener('keydown', onKey);
    }
    return () => {
      for (const host of hosts) {
        host.removeEventListener('click', onClick);
        host.removeEventListener('keydown', onKey);
      }
    };
  }, [container, sources]);

  // Back from the transcript: the line's sources open, and its control takes the focus.
  useEffect(() => {
    if (!reveal) return;
    let tries = 0;
    let frame = 0;
    const show = () => {
      const toggle = toggles.current.get(reveal.line);
      if (!toggle) {
        // Still being decorated: look again shortly (a few seconds at most).
        if (tries++ < 300) frame = requestAnimationFrame(show);
        return;
      }
      open(reveal.line);
      toggle.scrollIntoView({ block: 'center' });
      toggle.focus({ preventScroll: true });
    };
    show();
    // (No frame asked when the control was there at once: nothing to cancel.)
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [reveal]);

  if (unplaced.length === 0) return null;
  const m = sourcesText.value;
  return (
    <section class={`${OURS}-unplaced`} aria-labelledby={`${id}-unplaced`}>
      <h3 id={`${id}-unplaced`} class="small-text">
        {m.unplaced}
      </h3>
      <ul ref={unplacedRef}>
        {unplaced.map((index) => (
          <li key={index} data-unplaced={index}>
            <span>{sources.lines[index]?.text}</span>{' '}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the linking came to, said above the protocol. */
export function SourcesStatus({ state, onRetry }: { state: SourcesState; onRetry?: () => void }) {
  const m = sourcesText.value;
  if (state.state === 'linking')
    return (
      <p class={`${OURS}-status muted small-text`} role="status" data-testid="sources-status">
        {m.linking}
      </p>
    );
  if (state.state === 'failed')
    return (
      <div class={`${OURS}-status alert warn`} role="status" data-testid="sources-status">
        <span>{m.failed(state.message)}</span>
        {onRetry && (
          <button type="button" class="small" onClick={onRetry}>
            {m.retry}
          </button>
        )}
      </div>
    );
  const { lines, complete } = state.sources;
  const found = lines.filter((line) => line.sources && line.sources.length > 0).length;
  return (
    <div class={`${OURS}-status muted small-text`} role="status" data-testid="sources-status">
      {lines.length === 0 ? m.noLines : m.summary(found, lines.length)}
      {!complete && <div>{m.incomplete}</div>}
    </div>
  );
}
