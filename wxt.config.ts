import { createRequire } from 'node:module';
import path from 'node:path';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { CALENDAR_MATCHES, MEETING_MATCHES, VIDEO_MATCHES } from './lib/page/match-patterns';
import { holdModules, inlineStylesheets } from './scripts/popup-html';

// The service the extension talks to out of the box. `npm start` and the tests build against
// the local emulator; a release build sets WXT_SERVICE_URL to the production service.
const defaultServiceUrl = process.env.WXT_SERVICE_URL ?? 'http://127.0.0.1:8787';

// `WXT_TEST_BUILD=1`: a build for the tests, `npm start`, the screenshots and the measurements.
// Such builds (and `wxt` dev) grant loopback services up front; a release build (no flag) asks
// for them like for any other host. Code reads it as `import.meta.env.WXT_TEST_BUILD`.
const testBuild = process.env.WXT_TEST_BUILD === '1';
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
const HTTPS = ['https://*/*'];
// Extension pages: only the extension's own scripts, no plugins, no <base> rewriting.
// 'wasm-unsafe-eval': the search worker compiles SQLite's WebAssembly (README, "Permissions, and
// why"); it allows compiling WebAssembly only, never JavaScript from strings.
const PAGES_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'";
// The SQLite WebAssembly module itself: the package's entry also starts a worker of its own
// (`sqlite3Worker1Promiser`), which the search worker does not use and the build would package.
const SQLITE_MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/package.json')),
  'sqlite-wasm/jswasm/sqlite3.mjs',
);
/**
 * The page controls' one stylesheet (entrypoints/page.content.css), read by the three content
 * scripts into their shadow roots: reachable from their hosts only (any path: single-page apps),
 * at a per-session URL.
 */
const PAGE_CSS_ORIGINS = [
  ...new Set(
    [...MEETING_MATCHES, ...CALENDAR_MATCHES, ...VIDEO_MATCHES].map((pattern) =>
      pattern.replace(/^(https:\/\/[^/]+)\/.*$/, '$1/*'),
    ),
  ),
];

// The modules the extension's pages load before their first render, kept in one shared chunk
// (scripts/check-size.ts counts every file a page loads): without it, each view or text set loaded
// later splits the shared code into several small chunks by which of them import it.
const PAGES_CORE =
  /node_modules[\\/](preact|@preact|@wxt-dev|wxt|superlock|idb-keyval)[\\/]|[\\/]components[\\/](lang|catalog|messages-en|ui|failures)\.tsx?$|[\\/]lib[\\/](storage|messaging|i18n|kv|trusted-settings|format[\\/]time|jobs[\\/]types)\.ts$/;

/**
 * The popup's first frame waits for its first script only (entrypoints/popup-snapshot.ts): its
 * modules are held in the page until the snapshot is painted and its stylesheets are written into
 * it (scripts/popup-html.ts).
 */
function popupFirstFrame(): Plugin {
  return {
    name: 'popup-first-frame',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path: page, bundle }) {
        if (!page.endsWith('/popup/index.html')) return html;
        const read = (file: string) => {
          const asset = bundle?.[file];
          if (asset?.type !== 'asset') return undefined;
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        };
        return inlineStylesheets(holdModules(html), read);
      },
    },
  };
}

export default defineConfig({
  srcDir: '.',
  // WXT_OUT_DIR: where tests/meta/release-manifest.test.ts builds the release manifest.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  // No auto-imports: every module says what it uses. (Auto-imports matched parameter names such
  // as `lang` and `text` and pulled the popup's language module, with Preact and WXT storage,
  // into the content scripts.)
  imports: false,
  vite: () => ({
    plugins: [preact(), popupFirstFrame()],
    resolve: { alias: { 'sqlite-wasm-module': SQLITE_MODULE } },
    // The search worker is a module (started with `type: 'module'`): what it imports only when first
    // needed (the code that answers questions, lib/grounding) is a chunk of its own, loaded then.
    worker: { format: 'es' as const },
    // Source maps only on request, for scripts/attribute.ts; never in the store package.
    build: { sourcemap: process.env.WXT_SOURCEMAP === '1' },
    define: {
      __DEFAULT_SERVICE_URL__: JSON.stringify(defaultServiceUrl),
    },
  }),
  hooks: {
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.some((entrypoint) => entrypoint.type === 'popup')) return;
      config.build ??= {};
      config.build.rollupOptions ??= {};
      const output = config.build.rollupOptions.output;
      if (Array.isArray(output)) return;
      config.build.rollupOptions.output = {
        ...output,
        codeSplitting: { groups: [{ name: 'pages', test: PAGES_CORE }] },
      };
    },
  },
  manifest: ({ browser, command }) => {
    const loopbackUpFront = testBuild || command === 'serve';
    // Any service (and its upload storage) not granted up front is asked for during the user's
    // click (lib/permissions.ts); plain http only on loopback (lib/url/service-url.ts).
    const optional = loopbackUpFront ? HTTPS : [...HTTPS, ...LOOPBACK];
    return {
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      // Reasons for each: README.md, "Permissions, and why".
      // Chrome: `offscreen` for the document that parses calendar feeds in a Worker and converts
      // protocols to Slack text (lib/background/offscreen.ts); Firefox's background is a page and
      // does both itself.
      permissions: [
        'storage',
        'alarms',
        'notifications',
        'contextMenus',
        'activeTab',
        // Chrome: `tabCapture` records a tab the user chose ("Record here", lib/background/recording/).
        ...(browser === 'firefox' ? [] : ['offscreen', 'tabCapture']),
      ],
      // Test and development builds: loopback services (the emulator) work without a prompt.
      host_permissions: loopbackUpFront ? LOOPBACK : [],
      optional_host_permissions: optional,
      content_security_policy: browser === 'firefox' ? PAGES_CSP : { extension_pages: PAGES_CSP },
      web_accessible_resources: [
        { resources: ['content-scripts/page.css'], matches: PAGE_CSS_ORIGINS, use_dynamic_url: true },
      ],
      commands: {
        'send-bot-current-tab': {
          suggested_key: { default: 'Alt+Shift+B' },
          description: '__MSG_commandSendBot__',
        },
        ...(browser !== 'firefox' && {
          'record-current-tab': {
            suggested_key: { default: 'Alt+Shift+R' },
            description: '__MSG_commandRecordTab__',
          },
        }),
      },
      ...(browser === 'firefox' && {
        // Manifest V2 has no optional_host_permissions: the same patterns are optional permissions there.
        optional_permissions: optional,
        browser_specific_settings: {
          gecko: {
            id: 'meeting-capture@extension',
            // 140: the first Firefox with the built-in data collection consent (below).
            strict_min_version: '140.0',
            // What the add-on sends to the service the person signs in to, each only on their
            // action (docs/firefox.md): the sign-in (authenticationInfo); uploaded recordings,
            // voices and the account's email (personallyIdentifyingInfo); meeting links a bot
            // joins (personalCommunications); the address of a video page sent for transcription
            // (browsingActivity); a calendar event's title sent with its link (websiteContent).
            data_collection_permissions: {
              required: [
                'authenticationInfo',
                'personallyIdentifyingInfo',
                'personalCommunications',
                'browsingActivity',
                'websiteContent',
              ],
            },
          },
          // Firefox for Android shows that consent from 142.
          gecko_android: { strict_min_version: '142.0' },
        },
      }),
    };
  },
});
