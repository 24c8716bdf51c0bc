'use strict';
/**
 * The xlsx work of an import, in a worker thread (xlsx-jobs.ts: one job at a time per worker, with a heap limit and a
 * deadline): an uploaded workbook is never parsed on the thread that answers requests. Plain JavaScript so that the
 * worker runs as it is under every runner (tsx, jest, the containers). Every message back carries the job's `id`.
 *
 * Jobs (a message `{ id, job, ... }`):
 * - `read`: first a scan of the archive before anything is parsed — the entries inflated as a stream, their real
 *   (not declared) sizes summed against `maxBytes` and the rows of the worksheets counted against `maxRows` — then the
 *   workbook is loaded and the first sheet's cells posted back as primitive values, in chunks of rows (so the main
 *   thread never deserializes one huge message). A refusal is `{ type: 'refused', reason, n? }`.
 * - `mark`: the workbook with the import check's errors marked (cells filled and noted, a last "Lỗi / Errors" column).
 */
const { parentPort } = require('node:worker_threads');
const ExcelJS = require('exceljs');
const { Unzip, UnzipInflate } = require('fflate');

let post = (m) => parentPort.postMessage(m);

const ROW_TAG = [0x3c, 0x72, 0x6f, 0x77]; // "<row"

/** Inflates every entry as a stream; stops at the first limit passed. Returns null when the archive is within limits. */
function scan(buffer, maxBytes, maxRows, maxEntries) {
  let bytes = 0;
  let rows = 0;
  let entries = 0;
  let refused = null;
  const stop = (reason, n) => {
    refused = { type: 'refused', reason, n };
    throw refused;
  };
  const unzip = new Unzip((file) => {
    if (++entries > maxEntries) stop('entries', maxEntries);
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name);
    // The last bytes of the previous chunk: a tag may be split between two chunks.
    let carry = new Uint8Array(0);
    file.ondata = (err, chunk) => {
      if (err) throw err;
      bytes += chunk.length;
      if (bytes > maxBytes) stop('bytes', maxBytes);
      if (!isSheet) return;
      const data = carry.length ? concat(carry, chunk) : chunk;
      for (let i = data.indexOf(0x3c); i >= 0 && i + 4 < data.length; i = data.indexOf(0x3c, i + 1)) {
        if (data[i + 1] === ROW_TAG[1] && data[i + 2] === ROW_TAG[2] && data[i + 3] === ROW_TAG[3]) {
          const next = data[i + 4];
          // "<row " or "<row>": a row element (not "<rowBreaks" and the like).
          if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d) {
            if (++rows > maxRows) stop('rows', maxRows - 1);
          }
        }
      }
      carry = data.slice(Math.max(0, data.length - 4));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Pushed in small slices: inflating is synchronous, so one push yields at most a slice's worth of output (deflate
    // expands at most about 1,000 times): the scan stops within a few MB of a limit, whatever the file declares.
    const SLICE = 16 * 1024;
    for (let i = 0; i < buffer.length; i += SLICE) unzip.push(buffer.subarray(i, i + SLICE), i + SLICE >= buffer.length);
  } catch (_err) {
    if (refused) return refused;
    return { type: 'refused', reason: 'unreadable' };
  }
  return null;
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A cell's value as the import reads it: text of rich text and hyperlinks, a formula's result, errors as empty. */
function primitive(v) {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((x) => x.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return primitive(v.result);
    return null;
  }
  return v;
}

async function load(buffer) {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer);
  } catch {
    return null;
  }
  return wb;
}

const solid = (argb) => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

async function read({ buffer, maxBytes, maxRows, maxEntries }) {
  const refused = scan(buffer, maxBytes, maxRows + 1, maxEntries);
  if (refused) return post(refused);
  const wb = await load(buffer);
  if (!wb) return post({ type: 'refused', reason: 'unreadable' });
  const ws = wb.worksheets[0];
  if (!ws) return post({ type: 'done', header: [], columnCount: 0 });
  const header = [];
  ws.getRow(1).eachCell((cell, col) => {
    header.push([col, String(primitive(cell.value) ?? '').trim()]);
  });
  let chunk = [];
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = [];
    row.eachCell((cell, col) => {
      cells.push([col, primitive(cell.value)]);
    });
    chunk.push([rowNumber, cells]);
    if (chunk.length === 1000) {
      post({ type: 'rows', rows: chunk });
      chunk = [];
    }
  });
  if (chunk.length) post({ type: 'rows', rows: chunk });
  post({ type: 'done', header, columnCount: ws.columnCount });
}

/** The same marking as before the worker: clears an earlier check's marks, then fills each bad cell, notes and a last column. */
async function mark({ buffer, columns, errorsColumn, errors, header, errorFill, headerColor }) {
  const wb = await load(buffer);
  const ws = wb?.worksheets[0];
  if (!ws) return post({ type: 'refused', reason: 'unreadable' });
  const colOf = new Map(columns.map((c) => [c.field, c.index]));
  const errorsCol = errorsColumn || ws.columnCount + 1;
  // Styles loaded from a file are shared between cells: always assign a copy.
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    for (const c of columns) {
      const cell = row.getCell(c.index);
      const fill = cell.style?.fill;
      if (fill && fill.type === 'pattern' && fill.pattern === 'solid' && fill.fgColor && fill.fgColor.argb === errorFill) {
        const { fill: _old, ...rest } = cell.style;
        // exceljs has no call to remove a note: the cell is rebuilt from its model without it.
        const { comment: _note, ...model } = cell.model;
        delete cell._comment;
        cell.model = { ...model, style: rest };
      }
    }
    if (errorsColumn) row.getCell(errorsColumn).value = null;
  });
  const byCell = new Map();
  const byRow = new Map();
  for (const e of errors) {
    const col = e.field ? colOf.get(e.field) : undefined;
    if (col) {
      const k = `${e.row}:${col}`;
      const entry = byCell.get(k) || { row: e.row, col, messages: [] };
      if (!entry.messages.includes(e.message)) entry.messages.push(e.message);
      byCell.set(k, entry);
    } else {
      const list = byRow.get(e.row) || [];
      if (!list.includes(e.message)) list.push(e.message);
      byRow.set(e.row, list);
    }
  }
  for (const { row, col, messages } of byCell.values()) {
    const cell = ws.getCell(row, col);
    cell.style = { ...cell.style, fill: solid(errorFill) };
    cell.note = messages.join('\n');
  }
  const head = ws.getCell(1, errorsCol);
  head.value = header;
  head.style = { ...head.style, font: { bold: true, color: { argb: headerColor } }, fill: solid(errorFill) };
  ws.getColumn(errorsCol).width = 60;
  for (const [row, messages] of byRow) {
    const cell = ws.getCell(row, errorsCol);
    cell.value = messages.join('\n');
    cell.style = { ...cell.style, font: { color: { argb: headerColor } }, alignment: { wrapText: true, vertical: 'top' } };
  }
  post({ type: 'file', buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
}

const jobs = { read, mark };
parentPort.on('message', (job) => {
  post = (m) => parentPort.postMessage({ ...m, id: job.id });
  jobs[job.job](job).catch((err) => post({ type: 'refused', reason: 'unreadable', detail: String(err?.message) }));
});
