import { PassThrough, type Readable } from 'node:stream';
import type { Lang } from '@portal/contracts';
import { asAppError, errorBody } from '../errors';
import { t } from '../i18n';

/** Rows done so far of the file's `total` (the import and its check call it after each row). */
export type ImportProgress = (done: number, total: number) => void;

/** What an import or its check answers: JSON (a success or an error envelope) or the workbook with its errors marked. */
export type ImportAnswer =
  | { status: number; json: unknown }
  | { status: 200; file: { name: string; buffer: Buffer; errors: number; errorRows: number; total: number } };

export const NDJSON = 'application/x-ndjson; charset=utf-8';

/**
 * The import's progress, reported to the user while it runs (`POST /x/import?progress=1`, with or without `dry_run`):
 * the answer is newline-delimited JSON, sent as the work goes —
 *
 *   {"type":"progress","done":0,"total":0}                   the file is being read
 *   {"type":"progress","done":0,"total":10000}               its rows are known
 *   {"type":"progress","done":1250,"total":10000}            every 1 % or 250 ms, and at least every second
 *   ...
 *   {"type":"result","status":200,"body":{"success":true,"data":{"total":10000,"created":10000,"updated":0}}}
 *
 * The last line is exactly what the plain request answers: `status` and `body` (the same envelope, an error too: not
 * an .xlsx, unknown columns, too many rows, a refused row), or for a check with errors `file` (the marked workbook in
 * base64 with its name and counts, the `x-import-*` headers of the plain answer). Only errors of the request itself
 * (not multipart, no file, not named .xlsx) are a plain 4xx before the stream. Streaming also keeps a long import from
 * waiting on a proxy's timeout with nothing sent.
 */
export function streamImport(lang: Lang, run: (onProgress: ImportProgress) => Promise<ImportAnswer>, log: (err: Error) => void): Readable {
  const out = new PassThrough();
  let lastAt = 0;
  let lastDone = 0;
  let total = 0;
  const line = (o: unknown) => {
    lastAt = Date.now();
    out.write(`${JSON.stringify(o)}\n`);
  };
  line({ type: 'progress', done: 0, total });
  const onProgress: ImportProgress = (done, of) => {
    const first = of !== total;
    total = of;
    if (!first && done - lastDone < Math.max(1, Math.floor(total / 100)) && Date.now() - lastAt < 250) return;
    lastDone = done;
    line({ type: 'progress', done, total });
  };
  // While nothing moves (reading the workbook, the commit, the events handed to the bus) the last progress is repeated
  // after 400 ms, so that a line comes at least every second even when the work holds the event loop for a while
  // (exceljs parses a 10,000-row sheet in pieces of up to ~300 ms).
  const keepAlive = setInterval(() => {
    if (Date.now() - lastAt >= 400) line({ type: 'progress', done: lastDone, total });
  }, 100);
  void (async () => {
    try {
      const answer = await run(onProgress);
      if ('file' in answer) {
        const { buffer, ...rest } = answer.file;
        line({ type: 'result', status: answer.status, file: { ...rest, base64: buffer.toString('base64') } });
      } else {
        line({ type: 'result', status: answer.status, body: answer.json });
      }
    } catch (err) {
      const appErr = asAppError(err);
      if (!appErr) log(err as Error);
      line({
        type: 'result',
        status: appErr?.status ?? 500,
        body: appErr ? errorBody(lang, appErr) : { success: false, message: t(lang, 'server_error'), errors: [] },
      });
    } finally {
      clearInterval(keepAlive);
      out.end();
    }
  })();
  return out;
}
