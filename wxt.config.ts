import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The service the extension talks to out of the box. `npm start` and the tests build against
// the local emulator; a release build sets WXT_SERVICE_URL to the production service.
const defaultServiceUrl = process.env.WXT_SERVICE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  srcDir: '.',
  outDir: '.output',
  // Auto-import only WXT's own helpers (defineBackground, browser...), never the exports of
  // components/: unimport finds free identifiers by pattern, and a parameter named `lang` or
  // `text` in lib/ pulled components/lang.ts (Preact signals and the pages' whole string table)
  // into the background and the content scripts. Project modules are imported explicitly.
  imports: { dirsScanOptions: { fileFilter: () => false } },
  vite: () => ({
    plugins: [preact()],
    // Source maps only on request, for scripts/attribute.ts; never in the store package.
    build: { sourcemap: process.env.WXT_SOURCEMAP === '1' },
    define: {
      __DEFAULT_SERVICE_URL__: JSON.stringify(defaultServiceUrl),
    },
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // Reasons for each: README.md, "Permissions, and why".
    permissions: ['storage', 'alarms', 'notifications', 'contextMenus', 'activeTab'],
    // Loopback services (the emulator, a self-hosted service on this machine) work without a prompt.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    // Any other service (and its upload storage) is asked for during the user's click (lib/permissions.ts).
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    commands: {
      'send-bot-current-tab': {
        suggested_key: { default: 'Alt+Shift+B' },
        description: '__MSG_commandSendBot__',
      },
    },
    ...(browser === 'firefox' && {
      // Manifest V2 has no optional_host_permissions: the same patterns are optional permissions there.
      optional_permissions: ['https://*/*', 'http://*/*'],
      browser_specific_settings: { gecko: { id: 'meeting-capture@extension', strict_min_version: '115.0' } },
    }),
  }),
});
