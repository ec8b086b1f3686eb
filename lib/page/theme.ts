/**
 * Light or dark controls to match the page, not only the system: Meet is dark on a light
 * system, YouTube can be light on a dark one. The page's background colour decides; a
 * transparent page falls back to the system preference.
 */
export type Theme = 'light' | 'dark';

/** `rgb()`/`rgba()` as computed styles report them; null for transparent or unknown colours. */
export function themeForColor(color: string | null | undefined): Theme | null {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+)(%?))?\s*\)$/i.exec(
    (color ?? '').trim(),
  );
  // Mostly transparent: the page shows what is behind it.
  if (!m || (m[4] !== undefined && !(Number(m[4]) / (m[5] ? 100 : 1) > 0.5))) return null;
  // Relative luminance (sRGB channels linearised).
  const [r, g, b] = [m[1], m[2], m[3]].map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.2 ? 'dark' : 'light';
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
