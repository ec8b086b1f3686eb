/**
 * Our content scripts' own JavaScript in a CPU profile of a page's main thread (CDP
 * `Profiler`): every sample whose stack holds a frame of a content script counts, with whatever it
 * called (DOM calls, forced style and layout, the extension's message bindings), by our innermost
 * frame and by what ran under it. Used by scripts/profile-pages.ts and scripts/pagecost.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Our content scripts' frames (another extension's: pass its own pattern). */
export const OURS = /^chrome-extension:\/\/[^/]+\/content-scripts\//;

/** Milliseconds of samples under our frames, and by our innermost frame. */
export function ours(
  profile: Profile,
  pattern: RegExp = OURS,
): { total: number; places: Map<string, number>; leaves: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** Our innermost frame on the node's stack, or null. */
  const cache = new Map<number, ProfileNode | null>();
  const innermost = (id: number): ProfileNode | null => {
    if (cache.has(id)) return cache.get(id)!;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const found = pattern.test(node.callFrame.url) ? node : up === undefined ? null : innermost(up);
    cache.set(id, found);
    return found;
  };
  let total = 0;
  const places = new Map<string, number>();
  const leaves = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = innermost(id);
    // A sample lasts until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!frame) return;
    total += ms;
    const { url, lineNumber, columnNumber, functionName } = frame.callFrame;
    const key = `${url.replace(pattern, '')}:${lineNumber + 1}:${columnNumber + 1} ${functionName || '(anonymous)'}`;
    places.set(key, (places.get(key) ?? 0) + ms);
    // What ran under it: the leaf frame (a DOM call, the garbage collector, compilation...).
    const leaf = byId.get(id)!.callFrame;
    const leafKey = pattern.test(leaf.url)
      ? '(our own code)'
      : `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/^.*\//, '')}`;
    leaves.set(leafKey, (leaves.get(leafKey) ?? 0) + ms);
  });
  return { total, places, leaves };
}

/** A place `file:line:column name` of a built content script, by its source map when the build has one. */
export async function sourceName(place: string, extensionDir: string): Promise<string> {
  const m = /^(\S+?):(\d+):(\d+) (.*)$/.exec(place);
  if (!m) return place;
  const mapFile = path.join(extensionDir, 'content-scripts', `${m[1]}.map`);
  if (!existsSync(mapFile)) return place;
  const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const at = consumer.originalPositionFor({ line: Number(m[2]), column: Number(m[3]) - 1 });
  consumer.destroy();
  return at.source
    ? `${at.source.replace(/^.*?\/(?=(lib|components|entrypoints|node_modules)\/)/, '')}:${at.line} ${at.name ?? m[4]}`
    : place;
}
