/** What a download answers with: its type and a safe file name (xlsx exports and templates, marked imports, Word). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A safe download name with the given extension (`fileName=name.xlsx`, spec §7; a record's title for Word). */
export function downloadName(raw: unknown, fallback: string, ext = 'xlsx'): string {
  const base = typeof raw === 'string' ? raw.replace(new RegExp(`\\.${ext}$`, 'i'), '') : fallback;
  const safe =
    base
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} ._-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 100)
      .trim() || fallback;
  return `${safe}.${ext}`;
}

/** An ASCII stand-in for old clients: Vietnamese diacritics dropped (Báo cáo → Bao cao), anything else non-printable becomes '_'. */
function asciiName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
}

/** RFC 6266 attachment with an RFC 5987 UTF-8 name (every download of the portal: exports, Word, files, zips). */
export function contentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encoded}`;
}
