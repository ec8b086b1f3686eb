/** Fills `{name}` placeholders of a text template; an unknown placeholder stays as written. */
export function fill(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
