/**
 * Client file names are metadata only: storage keys are media ids. A name is cleaned for display and for
 * Content-Disposition: no folders, no control, zero-width or bidi-override characters, no characters
 * Windows refuses, at most 200 characters, and an extension that matches the detected type.
 */

const MAX_NAME = 200;
// C0/C1 controls, zero-width and bidi controls (U+202E turns "gpj.exe" into "exe.jpg" on screen), BOM.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export function cleanName(raw: string | undefined | null): string {
  let n = String(raw ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '');
  n = n.split(/[\\/]/).pop() ?? '';
  n = n
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (/^\.*$/.test(n)) n = '';
  if (n.length > MAX_NAME) {
    const dot = n.lastIndexOf('.');
    const ext = dot > 0 && n.length - dot <= 12 ? n.slice(dot) : '';
    n = n.slice(0, MAX_NAME - ext.length) + ext;
  }
  return n || 'file';
}

/** Keeps the name when its extension fits the detected type, else appends the type's extension ("invoice.js" sent as text becomes "invoice.js.txt"). */
export function nameForType(name: string, ext: string, allowed: string[]): string {
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (allowed.includes(current)) return name;
  return `${name.slice(0, MAX_NAME - ext.length - 1)}.${ext}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Spec §9 zip name format year_month_day_time, e.g. 2026_03_05_142501.zip (server time). */
export function zipName(d = new Date()): string {
  return `${d.getFullYear()}_${pad(d.getMonth() + 1)}_${pad(d.getDate())}_${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.zip`;
}

/** Unique entry names inside one zip: "a.pdf", "a (2).pdf", ... (case-insensitive, as Windows compares). */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 2; seen.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
