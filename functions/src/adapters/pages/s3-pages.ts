import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

import { PUBLISHED_PAGE_CACHE_CONTROL } from '#functions/domain/published-pages';
import type { PublishedPages } from '#functions/ports/events';

/**
 * The published booking pages in the cloud: objects of the site bucket (one PUT each, so a reader gets the old page
 * or the new one, never half), served by CloudFront's /book/* and /events/* behaviours with a short shared cache.
 * The publisher may write and delete only under book/ and events/ (infra/cdk/booking-pages.ts).
 */
export function s3PublishedPages(bucket: string, region: string, client = new S3Client({ region })): PublishedPages {
  return {
    async put(key, html) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: html,
          ContentType: 'text/html; charset=utf-8',
          CacheControl: PUBLISHED_PAGE_CACHE_CONTROL,
        }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
