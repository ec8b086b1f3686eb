import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Lang } from '@/lib/i18n';
import { pageMessages } from '@/lib/page/messages';

export type FloatingPlacement = 'top' | 'bottom-left';

interface FloatingShellProps {
  lang: Lang;
  placement: FloatingPlacement;
  collapsed: Signal<boolean>;
  /** A note shown instead of the control (after "Hide on this site"). */
  notice?: string | null;
  /** "Hide on this site"; absent when hiding is not offered. */
  onHide?: () => void;
  /** The control's own buttons, shown in the bar. */
  children: ComponentChildren;
  /** Lines under the bar: the balance meter, the outcome. */
  below?: ComponentChildren;
}

/**
 * The frame of a floating control: a small bar with the product name, the control's buttons, and
 * "Collapse" and "Hide on this site". Collapsed, it is one small button that brings it back.
 */
export function FloatingShell({
  lang,
  placement,
  collapsed,
  notice,
  onHide,
  children,
  below,
}: FloatingShellProps) {
  const m = pageMessages[lang];
  const toggled = useRef(false);
  const expandButton = useRef<HTMLButtonElement>(null);
  const collapseButton = useRef<HTMLButtonElement>(null);
  const isCollapsed = collapsed.value;

  // Keyboard users keep their place: focus follows the toggle to its counterpart.
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (isCollapsed ? expandButton : collapseButton).current?.focus();
  }, [isCollapsed]);

  const toggle = (value: boolean) => {
    toggled.current = true;
    collapsed.value = value;
  };

  if (notice) {
    return (
      <section class={`mc-float mc-${placement}`} aria-label={m.productName}>
        <div class="mc-status" role="status">
          {notice}
        </div>
      </section>
    );
  }
  return (
    <section class={`mc-float mc-${placement}`} aria-label={m.productName}>
      {isCollapsed ? (
        <button
          ref={expandButton}
          type="button"
          class="mc-tab"
          aria-expanded="false"
          aria-label={m.expand}
          title={m.expand}
          onClick={() => toggle(false)}
        >
          Meeting Capture
        </button>
      ) : (
        <div class="mc-bar">
          <span class="mc-brand">Meeting Capture</span>
          {children}
          <button
            ref={collapseButton}
            type="button"
            class="mc-icon"
            aria-expanded="true"
            aria-label={m.collapse}
            title={m.collapse}
            onClick={() => toggle(true)}
          >
            <span aria-hidden="true">{placement === 'top' ? '▴' : '▾'}</span>
          </button>
          {onHide && (
            <button
              type="button"
              class="mc-icon"
              aria-label={m.hideOnSite}
              title={m.hideOnSite}
              onClick={onHide}
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
      )}
      {!isCollapsed && below}
    </section>
  );
}
