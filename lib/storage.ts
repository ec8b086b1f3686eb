import { storage } from 'wxt/utils/storage';

declare const __DEFAULT_SERVICE_URL__: string;

/** The default service URL baked into this build (the local emulator unless overridden). */
export const DEFAULT_SERVICE_URL: string =
  typeof __DEFAULT_SERVICE_URL__ === 'string' ? __DEFAULT_SERVICE_URL__ : 'http://127.0.0.1:8787';

/** Base URL of the Meeting Recording Processing Service, without a trailing slash. */
export const serviceUrlItem = storage.defineItem<string>('local:serviceUrl', {
  fallback: DEFAULT_SERVICE_URL,
  version: 1,
});
