import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live; keys are slash-separated paths such as `events/<id>/<file>.webp`. */
export interface MediaStorage {
  /** Writes an object; a store that cannot be written throws (StoreUnavailableError for a remote one). */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** Size of a stored object, or undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** Reads bytes `start`..`end` inclusive (the whole object when omitted). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Removes every object under a prefix (an item's folder). */
  removePrefix(prefix: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Resolves when the store can be written now (the admin console's System view). */
  ping(): Promise<void>;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** The store is down or refuses this installation's requests: uploads and reads answer 503. */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** True for keys made only of safe segments: no `..`, no absolute paths, no hidden files. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part.startsWith('.'));
}

/** Local disk under UPLOAD_DIR: the default (S3Storage when S3_BUCKET is set). */
export class LocalDiskStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const full = resolve(join(this.root, key));
    if (!isSafeKey(key) || !full.startsWith(this.root + sep)) {
      throw new Error(`unsafe media key: ${key}`);
    }
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
  }

  async size(key: string): Promise<number | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(key), range);
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
