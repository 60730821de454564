import { loadEsm } from 'load-esm';

/** What `file-type` reads from a file's first bytes. */
export interface DetectedFileType {
  ext: string;
  mime: string;
}

type FileTypeModule = {
  fileTypeFromBuffer(bytes: Uint8Array): Promise<DetectedFileType | undefined>;
};

let fileType: Promise<FileTypeModule> | undefined;

/**
 * `file-type` is ESM-only and this backend is CommonJS: the one place that imports it, through
 * `load-esm` (its author's loader, which TypeScript's CommonJS output cannot rewrite to require).
 */
export async function detectFileType(bytes: Buffer): Promise<DetectedFileType | undefined> {
  fileType ??= loadEsm<FileTypeModule>('file-type');
  return (await fileType).fileTypeFromBuffer(bytes);
}
