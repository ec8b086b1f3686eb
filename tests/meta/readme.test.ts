/**
 * README.md follows the registries: its head names every meeting service (lib/meetings) and every
 * delivery kind (lib/delivery/kinds). Where the content scripts run is checked against the built
 * release manifest in store-package.test.ts (it builds one), through the same reading of README
 * (./readme.ts).
 */
import { describe, expect, it } from 'vitest';
import { KIND_CARDS } from '@/lib/delivery/kinds';
import { MEETING_SERVICES } from '@/lib/meetings';
import { contentScriptRow, namedHosts, readmeFeatures } from './readme';

describe('README follows the registries', () => {
  const features = readmeFeatures();

  it.each(MEETING_SERVICES.map((service) => [service.id, service.names.en] as const))(
    'its feature list names the meeting service %s',
    (_id, name) => {
      expect(features, `README.md does not name ${name}`).toContain(name);
    },
  );

  it.each(Object.values(KIND_CARDS).map((kind) => [kind.kind, kind.names.en] as const))(
    'its feature list names the delivery kind %s',
    (_kind, name) => {
      // "Slack-compatible (text)": the name without what the options page adds in brackets.
      const plain = name.replace(/\s*\(.*\)$/, '');
      expect(features, `README.md does not name the delivery kind "${plain}"`).toContain(plain);
    },
  );

  it('its permissions row of the content scripts names hosts in backticks, and never every site', () => {
    const row = contentScriptRow();
    expect(namedHosts(row).size).toBeGreaterThan(0);
    expect(row).toContain('`<all_urls>`');
    expect(row).toMatch(/Never every site/);
  });
});
