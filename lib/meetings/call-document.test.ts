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
