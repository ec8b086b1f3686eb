import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The service the extension talks to out of the box. `npm start` and the tests build against
// the local emulator; a release build sets WXT_SERVICE_URL to the production service.
const defaultServiceUrl = process.env.WXT_SERVICE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  srcDir: '.',
  outDir: '.output',
  // No auto-imports: every module says what it uses. (Auto-imports matched parameter names such
  // as `lang` and `text` and pulled the popup's language module, with Preact and WXT storage,
  // into the content scripts.)
  imports: false,
  vite: () => ({
    plugins: [preact()],
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
