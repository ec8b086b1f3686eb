/** The host of an origin (or any URL) as a person reads it: `localhost:9000`; the text itself when it is not a URL. */
export function siteOf(origin: string): string {
  return URL.canParse(origin) ? new URL(origin).host : origin;
}
