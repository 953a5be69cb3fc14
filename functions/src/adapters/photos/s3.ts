import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

import type { PhotoStore } from '#functions/ports/accounts';

/** In the cloud: photos are objects under photos/ in the site's photo bucket, served by CloudFront at /photos/. */
export function s3PhotoStore(bucket: string, region: string): PhotoStore {
  const s3 = new S3Client({ region });
  return {
    async put(key, bytes, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `photos/${key}`,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `photos/${key}` }));
    },
    async deleteFolder(folder) {
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `photos/${folder}/`, ContinuationToken: token }),
        );
        const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (objects.length)
          await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
        token = page.NextContinuationToken;
      } while (token);
    },
  };
}
