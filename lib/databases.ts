/**
 * The extension origin's IndexedDB databases, one store each (lib/kv.ts opens them): every
 * database name, declared once. Re-exported by lib/storage.ts, the home of every stored item; a
 * module of its own so that the search worker carries no WXT storage.
 */
export const DATABASES = {
  /** The session tokens (lib/session-store.ts). */
  session: { name: 'meeting-capture-session', store: 'session' },
  /** Files chosen for upload, until the upload has them (lib/file-store.ts). */
  files: { name: 'meeting-capture-files', store: 'files' },
  /** The calendars' feeds and plans (lib/calendar). */
  calendars: { name: 'meeting-capture-calendars', store: 'calendars' },
  /** The local archive of results (lib/archive). */
  archive: { name: 'meeting-capture-archive', store: 'archive' },
  /** The trusted settings (lib/trusted-settings.ts): the items lib/storage.ts declares with `defineTrustedItem`. */
  settings: { name: 'meeting-capture-settings', store: 'settings' },
  /** The recording in the browser: its state and its pieces (lib/recording/store.ts). */
  recording: { name: 'meeting-capture-recording', store: 'recording' },
  /**
   * The meeting pages' speaking timelines, beside their recordings (lib/page-names/store.ts). Its
   * stored name is the one it was first made under, kept so that nothing stored is lost.
   */
  timelines: { name: 'meeting-capture-speakers', store: 'speakers' },
  /** The open items: the action items of the kept meetings and their states, per account (lib/items/kept.ts). */
  items: { name: 'meeting-capture-items', store: 'items' },
} as const;
