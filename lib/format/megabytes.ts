/**
 * An upload's speed in decimal megabytes per second with one decimal ("1.5"), the unit said by
 * the sentence around it; apart from ./time.ts (binary units, `formatSpeed`), which the pages share.
 */
export function megabytesPerSecond(bytesPerSecond: number): string {
  return (bytesPerSecond / 1_000_000).toFixed(1);
}
