import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';

/**
 * Runs the xlsx work of imports (xlsx-worker.js) off the thread that answers requests, bounded (issue: one employee's
 * workbook froze the portal). Every bound holds before or while a file is parsed, never after:
 *
 * | bound | default | setting | refusal |
 * |---|---|---|---|
 * | compressed size (the upload) | 20 MB | (routes.ts IMPORT_MAX_BYTES) | 413 |
 * | inflated size of all entries, counted as they inflate (declared sizes may lie) | 80 MB | IMPORT_MAX_XML_MB | 413 |
 * | rows of the worksheets, counted before parsing | 20,000 | (routes.ts IMPORT_MAX_ROWS) | 400 too_many |
 * | entries in the archive | 2,000 | — | 413 |
 * | parse time | 60 s | IMPORT_PARSE_TIMEOUT_MS | 413 (the worker is stopped) |
 * | worker heap | 1,536 MB | IMPORT_WORKER_HEAP_MB | 413 (the worker dies, not the service) |
 * | jobs at once / waiting | 1 / 4 per process | IMPORT_WORKERS, IMPORT_QUEUE | 503 import_busy |
 *
 * A worker runs one job at a time. One finished worker is kept warm (loading exceljs costs about half a second) and
 * reused for the next job unless its job was a large file or failed: then it is ended, its memory with it. A job past its
 * deadline ends its worker, so a stuck parse is stopped.
 */
export interface XlsxLimits {
  maxBytes: number;
  maxRows: number;
  maxEntries: number;
  timeoutMs: number;
  heapMb: number;
  workers: number;
  queue: number;
}

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);

export function xlsxLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): Omit<XlsxLimits, 'maxRows'> {
  return {
    maxBytes: num(env.IMPORT_MAX_XML_MB, 80) * 1024 * 1024,
    maxEntries: 2000,
    timeoutMs: num(env.IMPORT_PARSE_TIMEOUT_MS, 60_000),
    heapMb: num(env.IMPORT_WORKER_HEAP_MB, 1536),
    workers: num(env.IMPORT_WORKERS, 1),
    queue: num(env.IMPORT_QUEUE, 4),
  };
}

const WORKER = join(__dirname, 'xlsx-worker.js');

type Message =
  | { type: 'rows'; rows: [number, [number, unknown][]][] }
  | { type: 'done'; header: [number, string][]; columnCount: number }
  | { type: 'refused'; reason: 'bytes' | 'rows' | 'entries' | 'unreadable'; n?: number; detail?: string }
  | { type: 'file'; buffer: Uint8Array };

/** The rows of a workbook's first sheet: the header's texts by column, then each row's cells (column, primitive value). */
export interface SheetCells {
  header: [number, string][];
  rows: [number, [number, unknown][]][];
  columnCount: number;
}

let running = 0;
const waiting: (() => void)[] = [];
/** A worker kept from an earlier job, ready (exceljs loaded); unref'd so that it never keeps a process alive. */
let warm: Worker | null = null;
let nextJob = 1;
/** Files up to this size leave their worker fit for reuse; a larger one's worker is ended with the job. */
const REUSE_BELOW = 2 * 1024 * 1024;

/** One job at a time per free worker slot; a full queue is a 503 (try again), never an unbounded pile of uploads in memory. */
async function slot<T>(limits: Pick<XlsxLimits, 'workers' | 'queue'>, run: () => Promise<T>): Promise<T> {
  if (running >= limits.workers) {
    if (waiting.length >= limits.queue) throw new AppError(503, 'import_busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const tooLarge = (reason: string) => new AppError(413, 'import_too_large', { reason });

const spawn = (limits: XlsxLimits) => new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: limits.heapMb }, stdout: false, stderr: false });
/** An idle worker that fails is simply forgotten (a 'error' event without a listener would end the process). */
const forgetIfIdle = function (this: Worker) {
  if (warm === this) warm = null;
};
const keepWarm = (w: Worker) => {
  w.unref();
  w.on('error', forgetIfIdle);
  w.on('exit', forgetIfIdle);
  warm = w;
};

function runWorker(data: Record<string, unknown> & { buffer: Buffer }, limits: XlsxLimits, onMessage: (m: Message) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = warm ?? spawn(limits);
    warm = null;
    worker.off('error', forgetIfIdle);
    worker.off('exit', forgetIfIdle);
    worker.ref();
    const id = nextJob++;
    let settled = false;
    const finish = (err?: Error, fit = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', message);
      worker.off('error', failed);
      worker.off('exit', exited);
      // Kept warm only after a small job that ended well, and only one; else ended, and a fresh one readied for the next job.
      if (fit && !warm && data.buffer.length < REUSE_BELOW) keepWarm(worker);
      else {
        void worker.terminate();
        if (!warm) keepWarm(spawn(limits));
      }
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(tooLarge(`> ${Math.round(limits.timeoutMs / 1000)} s`)), limits.timeoutMs);
    const message = (m: Message & { id: number }) => {
      if (settled || m.id !== id) return;
      try {
        onMessage(m);
      } catch (err) {
        return finish(err as Error);
      }
      if (m.type === 'done' || m.type === 'file') finish(undefined, true);
      else if (m.type === 'refused') finish();
    };
    const failed = (err: Error & { code?: string }) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge('memory') : err);
    const exited = () => finish(tooLarge('memory'));
    worker.on('message', message);
    worker.on('error', failed);
    worker.on('exit', exited);
    worker.postMessage({ ...data, id });
  });
}

function refusal(m: Extract<Message, { type: 'refused' }>, limits: XlsxLimits): AppError {
  switch (m.reason) {
    case 'rows':
      return new AppError(400, 'bad_request', {}, [{ path: 'file', key: 'too_many', params: { n: m.n ?? limits.maxRows } }]);
    case 'bytes':
      return tooLarge(`> ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
    case 'entries':
      return tooLarge(`> ${limits.maxEntries}`);
    default:
      return new AppError(415, 'xlsx_only');
  }
}

/** The first sheet's cells of an uploaded workbook, read in a worker within the limits. */
export async function readSheetCells(buffer: Buffer, limits: XlsxLimits): Promise<SheetCells> {
  return slot(limits, async () => {
    const out: SheetCells = { header: [], rows: [], columnCount: 0 };
    let refused: AppError | null = null;
    await runWorker({ job: 'read', buffer, maxBytes: limits.maxBytes, maxRows: limits.maxRows, maxEntries: limits.maxEntries }, limits, (m) => {
      if (m.type === 'rows') for (const r of m.rows) out.rows.push(r);
      else if (m.type === 'done') {
        out.header = m.header;
        out.columnCount = m.columnCount;
      } else if (m.type === 'refused') refused = refusal(m, limits);
    });
    if (refused) throw refused;
    return out;
  });
}

/** The workbook back with the errors of its check marked (in a worker, within the same limits). */
export async function markSheet(
  buffer: Buffer,
  job: {
    columns: { index: number; field: string }[];
    errorsColumn: number | null;
    errors: { row: number; field: string | null; message: string }[];
    header: string;
    errorFill: string;
    headerColor: string;
  },
  limits: XlsxLimits,
): Promise<Buffer> {
  return slot(limits, async () => {
    let file: Buffer | null = null;
    let refused: AppError | null = null;
    await runWorker({ job: 'mark', buffer, ...job }, limits, (m) => {
      if (m.type === 'file') file = Buffer.from(m.buffer);
      else if (m.type === 'refused') refused = refusal(m, limits);
    });
    if (refused) throw refused;
    if (!file) throw new AppError(415, 'xlsx_only');
    return file;
  });
}
