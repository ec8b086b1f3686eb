/**
 * Light or dark controls to match the page, not only the system: Meet is dark on a light
 * system, YouTube can be light on a dark one. The page's background colour decides; a
 * transparent page falls back to the system preference.
 */
export type Theme = 'light' | 'dark';

/** `rgb()`/`rgba()` as computed styles report them; null for transparent or unknown colours. */
export function themeForColor(color: string | null | undefined): Theme | null {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)$/i.exec(
    (color ?? '').trim(),
  );
  if (!m) return null;
  const alphaText = m[4];
  const alpha =
    alphaText === undefined
      ? 1
      : alphaText.endsWith('%')
        ? Number.parseFloat(alphaText) / 100
        : Number(alphaText);
  if (!(alpha > 0.5)) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance < 0.2 ? 'dark' : 'light';
}

export function detectPageTheme(doc: Document = document): Theme {
  const view = doc.defaultView;
  for (const element of [doc.body, doc.documentElement]) {
    if (!element || !view) continue;
    const theme = themeForColor(view.getComputedStyle(element).backgroundColor);
    if (theme) return theme;
  }
  return view?.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
