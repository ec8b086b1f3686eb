// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { callDocument } from './call-document';

describe('callDocument', () => {
  it('is the top document when the service draws its call there', () => {
    expect(callDocument(document, undefined)).toBe(document);
    expect(callDocument(document, { placement: 'top' })).toBe(document);
  });

  it('is null while the named frame is missing', () => {
    document.body.innerHTML = '<iframe id="other"></iframe>';
    expect(callDocument(document, { frame: 'iframe#webclient' })).toBeNull();
  });
});

describe('the frames of the registry', () => {
  it('Zoom and Telemost read their call in a frame, Meet in the top document', async () => {
    const { meetingService } = await import('./index');
    expect(meetingService('zoom')?.page?.frame).toBe('iframe#webclient');
    expect(meetingService('telemost')?.page?.frame).toBe('iframe[src*="/private-join/"]');
    expect(meetingService('google_meet')?.page?.frame).toBeUndefined();
    const { CALL_STATE_RULES } = await import('./call-state');
    for (const id of ['google_meet', 'zoom', 'telemost'] as const)
      expect(CALL_STATE_RULES[id]?.controls, id).toBeTypeOf('string');
  });
});
