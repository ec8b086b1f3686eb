// Code passed to serviceWorker.evaluate() runs inside the extension, where `chrome` is global.
declare const chrome: typeof import('wxt/browser').browser;
