/**
 * Text a user wrote, written into a file of another format: each format's rules once, here, for every writer
 * of that format. A library writing the format escapes only part of them (`ics` only `\r?\n`; exceljs and docx leave
 * U+FFFE and U+FFFF, which make the file unreadable). There is no CSV writer: a new one gets its function here.
 */

/** Line breaks of every kind: a reader may end a line at any of them. */
const BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** Control characters other than tab and line breaks (C0, DEL, C1): never text anyone means to write. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
/** What XML 1.0 forbids (§2.2) besides controls: the non-characters U+FFFE and U+FFFF and a surrogate without its pair. */
const XML_NONCHARS = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Text for XML (xlsx, docx): no character XML forbids, line breaks as LF (what XML reads a CR as anyway). */
export function xmlText(v: unknown): string {
  return str(v).replace(BREAKS, '\n').replace(CONTROLS, '').replace(XML_NONCHARS, '');
}

/**
 * A cell of an exported workbook (exceljs): text cleaned for XML, numbers, booleans and dates as they are. A value is
 * never an object, so never a formula, hyperlink or rich text: a text starting with = + - @ stays a string cell.
 */
export function xlsxCell(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  return xmlText(typeof v === 'object' ? JSON.stringify(v) : v);
}

/** The lines of a text in a Word document (docx): one paragraph each, whatever breaks them. */
export function docxLines(v: unknown): string[] {
  return xmlText(v).split('\n');
}

/**
 * A TEXT value of an iCalendar property (SUMMARY, DESCRIPTION, LOCATION) as the `ics` package takes it. RFC 5545 §3.3.11
 * escapes backslash, semicolon, comma and newline, which the package does, but only a newline it reads as `\r?\n`: a
 * bare CR went through raw and ended the line for a reader, so that the rest of the text read as properties of its
 * own. Every line break becomes the newline the package escapes; other control characters are dropped (§3.3.11 TEXT
 * allows none).
 */
export function icsText(v: unknown): string {
  return str(v).replace(BREAKS, '\n').replace(CONTROLS, '').replace(XML_NONCHARS, '');
}

/**
 * A parameter value (an attendee's or organizer's CN) or an address in an iCalendar file. RFC 5545 §3.1 allows neither
 * a control character nor a DQUOTE in a quoted parameter value, and has no escape for them (the package's `\"` is none):
 * line breaks become spaces, other controls are dropped, a double quote becomes a single one.
 */
export function icsParam(v: unknown): string {
  return str(v).replace(BREAKS, ' ').replace(CONTROLS, '').replace(XML_NONCHARS, '').replace(/"/g, "'");
}
