import { open } from 'node:fs/promises';
import * as FileType from 'file-type';
import { AppError } from '@portal/service-kit';
import { accessType, cfbOfficeType } from './office';
import type { TextCheck } from './text';

/**
 * What may be uploaded (spec §5): Word, Excel, PowerPoint, Access, JSON, zip, pdf, gzip, rar, plain text,
 * images (JPG, GIF or PNG only, at most 2 MB) and mp4. Decided from the bytes (magic numbers through the
 * `file-type` package; text and JSON by validating their content), never from the client's name or type.
 */

export interface Kind {
  mime: string;
  /** Canonical extension of the detected type. */
  ext: string;
  /** Extensions a download name may keep for this type (anything else gets `.ext` appended). */
  names: string[];
  image: boolean;
}

const kind = (mime: string, ext: string, names: string[] = [ext], image = false): Kind => ({ mime, ext, names, image });

/** Allowed types by the extension `file-type` reports. */
const BY_FILE_TYPE: Record<string, Kind> = {
  png: kind('image/png', 'png', ['png'], true),
  apng: kind('image/png', 'png', ['png', 'apng'], true),
  jpg: kind('image/jpeg', 'jpg', ['jpg', 'jpeg', 'jpe', 'jfif'], true),
  gif: kind('image/gif', 'gif', ['gif'], true),
  pdf: kind('application/pdf', 'pdf'),
  zip: kind('application/zip', 'zip'),
  gz: kind('application/gzip', 'gz', ['gz', 'tgz']),
  rar: kind('application/vnd.rar', 'rar'),
  mp4: kind('video/mp4', 'mp4'),
  docx: kind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', ['docx', 'docm', 'dotx', 'dotm']),
  xlsx: kind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', ['xlsx', 'xlsm', 'xltx', 'xltm']),
  pptx: kind('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', ['pptx', 'pptm', 'ppsx', 'potx']),
};
const LEGACY_NAMES: Record<string, string[]> = {
  doc: ['doc', 'dot'],
  xls: ['xls', 'xlt'],
  ppt: ['ppt', 'pps', 'pot'],
  cfb: ['doc', 'xls', 'ppt', 'docx', 'xlsx', 'pptx'],
  mdb: ['mdb'],
  accdb: ['accdb', 'mdb'],
};
export const TEXT = kind('text/plain', 'txt', ['txt', 'text', 'log', 'csv', 'tsv', 'md']);
export const JSON_KIND = kind('application/json', 'json', ['json']);

const MB = (bytes: number) => Math.round((bytes / 1048576) * 100) / 100;
export const wrongType = () => new AppError(415, 'file_wrong_type', {}, [{ path: 'file', key: 'file_wrong_type' }]);
export const imageRule = (status: 413 | 415, imageMax: number) =>
  new AppError(status, 'image_rule', { max: MB(imageMax) }, [{ path: 'file', key: 'image_rule', params: { max: MB(imageMax) } }]);
export const tooLarge = (max: number) =>
  new AppError(413, 'file_too_large', { max: MB(max) }, [{ path: 'file', key: 'file_too_large', params: { max: MB(max) } }]);

/** `file-type` on a buffer; a truncated container (a zip cut at the sample size) is "not known yet", not an error. */
async function sniff(run: () => Promise<FileType.FileTypeResult | undefined>) {
  try {
    return await run();
  } catch {
    return undefined;
  }
}

function fromFileType(ft: FileType.FileTypeResult, imageMax: number): Kind | 'cfb' {
  if (ft.ext === 'cfb') return 'cfb';
  const k = BY_FILE_TYPE[ft.ext];
  if (k) return k;
  if (ft.mime.startsWith('image/')) throw imageRule(415, imageMax);
  throw wrongType();
}

/**
 * The early verdict on the first bytes (about 4 KB), so a refused binary is stopped before the rest of it
 * is received: 'binary' (an allowed magic number; containers are confirmed on the whole file), 'image'
 * (JPG/GIF/PNG: the 2 MB limit applies from now on), or 'text' (no magic number: must validate as text).
 */
export async function headVerdict(head: Buffer, imageMax: number): Promise<'binary' | 'image' | 'text'> {
  const ft = await sniff(() => FileType.fromBuffer(head));
  if (ft) {
    const k = fromFileType(ft, imageMax);
    return k !== 'cfb' && k.image ? 'image' : 'binary';
  }
  return accessType(head) ? 'binary' : 'text';
}

/** The final verdict on the whole staged file. */
export async function classify(
  path: string,
  size: number,
  head: Buffer,
  text: TextCheck,
  claim: { json: boolean; ext: string },
  imageMax: number,
): Promise<Kind> {
  const ft = await sniff(() => FileType.fromFile(path));
  if (ft) {
    const k = fromFileType(ft, imageMax);
    if (k !== 'cfb') {
      if (k.image && size > imageMax) throw imageRule(413, imageMax);
      return k;
    }
    const fh = await open(path, 'r');
    try {
      const office = await cfbOfficeType(fh, size);
      if (!office) throw wrongType();
      return kind(office.mime, office.ext, LEGACY_NAMES[office.ext]);
    } finally {
      await fh.close();
    }
  }
  const access = accessType(head);
  if (access) return kind(access.mime, access.ext, LEGACY_NAMES[access.ext]);
  text.end();
  if (!text.ok || text.markup) throw wrongType();
  // Claimed JSON (name or type) must be JSON. Unclaimed content that is a JSON object or array is JSON too,
  // unless its name says text (a .txt holding JSON stays text).
  if (claim.json) {
    if (!text.json.ok) throw wrongType();
    return JSON_KIND;
  }
  return text.json.container && text.json.ok && !TEXT.names.includes(claim.ext) ? JSON_KIND : TEXT;
}
