/** A text's `{name}` places filled with their values (the asset screens' own texts). */
export const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (m, k: string) => String(v[k] ?? m));
