import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { App } from './app/App';

/** Chrome's side panel API (Chrome 116+); Firefox has a sidebar the user opens from its own menu. */
type SidePanelApi = { open(options: { windowId: number }): Promise<void> };

function sidePanelApi(): SidePanelApi | undefined {
  const api = (browser as unknown as { sidePanel?: Partial<SidePanelApi> }).sidePanel;
  return typeof api?.open === 'function' ? (api as SidePanelApi) : undefined;
}

export function Popup() {
  // The window is looked up before any click: sidePanel.open must run inside the click itself.
  const [windowId, setWindowId] = useState<number | null>(null);
  useEffect(() => {
    if (!sidePanelApi()) return;
    browser.windows
      .getCurrent()
      .then((current) => setWindowId(current.id ?? null))
      .catch(() => setWindowId(null));
  }, []);

  const openPanel =
    windowId === null
      ? undefined
      : () => {
          sidePanelApi()
            ?.open({ windowId })
            .then(() => window.close())
            .catch((error: unknown) => console.warn('side panel not opened', error));
        };

  return (
    <div class="popup">
      <App onOpenPanel={openPanel} />
    </div>
  );
}
