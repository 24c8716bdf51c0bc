import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '@portal/service-kit';
import type { FilesConfig } from './config';
import { classify, headVerdict, imageRule, tooLarge, wrongType, type Kind } from './inspect/detect';
import { TextCheck } from './inspect/text';
import { cleanName, nameForType } from './names';

/** Bytes looked at before the early verdict (what `file-type` samples). */
const HEAD_BYTES = 4100;

export interface Staged {
  id: string;
  path: string;
  name: string;
  size: number;
  md5: string;
  kind: Kind;
}

/**
 * Sits between the upload and its staging file: counts bytes against the limit (the image limit once the
 * first bytes show a JPG/GIF/PNG), computes the md5, keeps the first bytes for the early verdict and feeds
 * the text checks. Nothing is buffered beyond the first 4 KB; a refused file stops the upload at once.
 */
class Inspector extends Transform {
  size = 0;
  readonly md5 = createHash('md5');
  readonly text = new TextCheck();
  head = Buffer.alloc(0);
  private held: Buffer[] = [];
  private heldBytes = 0;
  private verdict: 'binary' | 'image' | 'text' | null = null;
  private limit: number;

  constructor(private readonly cfg: FilesConfig) {
    super();
    this.limit = cfg.maxBytes;
  }

  private tooLarge() {
    return this.verdict === 'image' ? imageRule(413, this.cfg.imageMaxBytes) : tooLarge(this.cfg.maxBytes);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.limit) return cb(this.tooLarge());
    this.md5.update(chunk);
    if (this.verdict !== 'binary' && this.verdict !== 'image') {
      this.text.feed(chunk);
      if (this.verdict === 'text' && !this.text.ok) return cb(wrongType());
    }
    if (this.verdict) return cb(null, chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < HEAD_BYTES) return cb();
    this.decide().then(() => cb(null, this.release()), cb);
  }

  override _flush(cb: TransformCallback) {
    const done = () => {
      if (this.verdict === 'text') {
        this.text.end();
        if (!this.text.ok) return cb(wrongType());
      }
      cb();
    };
    if (this.verdict) return done();
    this.decide().then(() => {
      const rest = this.release();
      if (rest.length) this.push(rest);
      done();
    }, cb);
  }

  private release(): Buffer {
    const all = Buffer.concat(this.held);
    this.held = [];
    return all;
  }

  private async decide() {
    this.head = Buffer.concat(this.held).subarray(0, HEAD_BYTES);
    this.verdict = await headVerdict(this.head, this.cfg.imageMaxBytes);
    if (this.verdict === 'image') {
      this.limit = Math.min(this.cfg.maxBytes, this.cfg.imageMaxBytes);
      if (this.size > this.limit) throw this.tooLarge();
    }
    if (this.verdict === 'text' && (!this.text.ok || this.text.markup)) throw wrongType();
  }
}

/** Receives one file part into the staging folder and checks it; the staged file is removed on refusal. */
export async function stageUpload(part: MultipartFile, cfg: FilesConfig, stagingDir: string): Promise<Staged> {
  const id = randomUUID();
  const path = join(stagingDir, `${id}.part`);
  const inspector = new Inspector(cfg);
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(part.file, inspector, out);
    if ((part.file as { truncated?: boolean }).truncated) throw tooLarge(cfg.maxBytes);
    if (inspector.size === 0) throw new AppError(400, 'file_empty', {}, [{ path: 'file', key: 'file_empty' }]);
    const ext = /\.([^.]+)$/.exec(part.filename ?? '')?.[1]?.toLowerCase() ?? '';
    const claim = { json: ext === 'json' || /^application\/json\b/i.test(part.mimetype ?? ''), ext };
    const kind = await classify(path, inspector.size, inspector.head, inspector.text, claim, cfg.imageMaxBytes);
    const name = nameForType(cleanName(part.filename), kind.ext, kind.names);
    return { id, path, name, size: inspector.size, md5: inspector.md5.digest('hex'), kind };
  } catch (err) {
    part.file.resume();
    // The file may still be opening when the pipeline fails: remove it only once the stream has closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(path, { force: true });
    throw err;
  }
}
