/** 'T-SHIRTS' → 'T-Shirts': the stored codes stay uppercase, people read them in title case. */
export function titleCase(code: string): string {
  return code
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}
