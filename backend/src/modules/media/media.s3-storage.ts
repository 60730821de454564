import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Options } from '../../config/config';
import { isSafeKey, MediaStorage, StoreUnavailableError } from './media.storage';

/** A store that does not answer, or answers that it cannot serve, is unavailable (503), not a bug. */
function unavailable(error: unknown): Error {
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) {
    // 4xx other than a missing object: a wrong bucket, keys or clock; the operator must act.
    return new StoreUnavailableError(`object store refused: ${error.name}`, error);
  }
  return new StoreUnavailableError(`object store unreachable: ${(error as Error).message}`, error);
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey');

/**
 * Any S3-compatible store (AWS S3, MinIO, Garage, Ceph, R2...): S3_ENDPOINT, S3_BUCKET, S3_REGION,
 * keys and path-style addressing for self-hosted stores. Objects are named by the same keys as
 * files on disk, so a migration copies them one for one (media-migrate.cli.ts).
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Fail fast while the store is down (an upload answers 503), once retried.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2000, requestTimeout: 60_000 },
      // Checksums only where S3 requires them: several self-hosted stores reject the newer
      // trailing-checksum (aws-chunked) uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket(): string {
    return this.options.bucket;
  }

  /** Streams the body to the store in parts (lib-storage); a failed multipart upload is aborted. */
  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
        leavePartsOnError: false,
      }).done();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async size(key: string): Promise<number | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw unavailable(error);
    }
  }

  /** The object's bytes as a stream; a byte range is asked of the store, not cut here. */
  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .then(
        (object) => {
          const body = object.Body as Readable;
          body.on('error', (error) => out.destroy(error));
          body.pipe(out);
        },
        (error: unknown) => out.destroy(unavailable(error)),
      );
    return out;
  }

  async removePrefix(prefix: string): Promise<void> {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    try {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: folder,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length) {
          await this.client.send(
            new DeleteObjectsCommand({
              Bucket: this.bucket,
              Delete: { Objects: keys, Quiet: true },
            }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The bucket answers with these keys (HeadBucket): reachable, existing and allowed. */
  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw unavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Every key in the store (the migration's check). */
  async *keys(): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.client.destroy();
  }
}
