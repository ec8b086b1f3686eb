import { describe, expect, it } from 'vitest';
import {
  microphoneAnswer,
  microphoneFailure,
  microphonePlan,
  microphoneSettingsUrl,
  needsMicrophonePage,
  toMicrophonePermission,
} from './microphone';

describe('the microphone of a recording', () => {
  it('reads the permission state, anything else as unknown', () => {
    expect(toMicrophonePermission('granted')).toBe('granted');
    expect(toMicrophonePermission('denied')).toBe('denied');
    expect(toMicrophonePermission('prompt')).toBe('prompt');
    expect(toMicrophonePermission('weird')).toBe('unknown');
    expect(toMicrophonePermission(undefined)).toBe('unknown');
  });

  it('asks for the stream only when it is wanted and not refused', () => {
    expect(microphonePlan(false, 'granted')).toEqual({ ask: false, state: 'off' });
    expect(microphonePlan(true, 'denied')).toEqual({ ask: false, state: 'refused' });
    expect(microphonePlan(true, 'granted')).toEqual({ ask: true });
    // Chrome has not asked yet, or cannot say: try (no device is told apart from not allowed).
    expect(microphonePlan(true, 'prompt')).toEqual({ ask: true });
    expect(microphonePlan(true, 'unknown')).toEqual({ ask: true });
  });

  it('names a failed request: no device, never asked, or refused', () => {
    expect(microphoneFailure('NotFoundError', 'prompt')).toBe('missing');
    expect(microphoneFailure('OverconstrainedError', 'granted')).toBe('missing');
    expect(microphoneFailure('NotAllowedError', 'prompt')).toBe('unasked');
    expect(microphoneFailure('NotAllowedError', 'granted')).toBe('refused');
    expect(microphoneFailure('NotAllowedError', 'unknown')).toBe('refused');
    expect(microphoneFailure(undefined, 'denied')).toBe('refused');
  });

  it('opens the microphone page only when the box is ticked and Chrome has not asked', () => {
    expect(needsMicrophonePage(true, 'prompt')).toBe(true);
    expect(needsMicrophonePage(false, 'prompt')).toBe(false);
    expect(needsMicrophonePage(true, 'granted')).toBe(false);
    expect(needsMicrophonePage(true, 'denied')).toBe(false);
    expect(needsMicrophonePage(true, 'unknown')).toBe(false);
  });

  it("reads the microphone page's answer", () => {
    expect(microphoneAnswer(undefined)).toBe('allowed');
    expect(microphoneAnswer('NotFoundError')).toBe('missing');
    expect(microphoneAnswer('NotAllowedError')).toBe('refused');
    expect(microphoneAnswer('AbortError')).toBe('refused');
  });

  it("points at Chrome's settings of the extension's site", () => {
    expect(microphoneSettingsUrl('chrome-extension://abc')).toBe(
      'chrome://settings/content/siteDetails?site=chrome-extension%3A%2F%2Fabc',
    );
  });
});
