import { browser } from 'wxt/browser';

/** The viewer page of a recording. */
export function viewerUrl(spaceId: number, audioId: number): string {
  const params = new URLSearchParams({ space: String(spaceId), audio: String(audioId) });
  return `${browser.runtime.getURL('/viewer.html')}?${params}`;
}

export function optionsUrl(): string {
  return browser.runtime.getURL('/options.html');
}
