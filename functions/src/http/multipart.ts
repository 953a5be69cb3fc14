import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import busboy from 'busboy';

import { PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from '#functions/errors';
import { bodyBytes, header } from '#functions/http/request';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  /** What the browser said; never trusted for the type (see domain/images.ts). */
  declaredType: string;
}

/**
 * The one file of a multipart/form-data write (the profile photo): 415 for another content type, 413 past
 * `maxBytes`, 400 when the field is missing. Parsed by busboy from the body API Gateway handed over.
 */
export function readMultipartFile(
  event: APIGatewayProxyEventV2,
  field: string,
  maxBytes: number,
  tooLarge: string,
): Promise<UploadedFile> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.reject(new UnsupportedMediaType('Content-Type must be multipart/form-data.'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fileSize: maxBytes, fields: 10 },
      });
    } catch {
      reject(new ValidationFailed('Malformed multipart body.'));
      return;
    }
    let found: UploadedFile | null = null;
    let failure: Error | null = null;
    parser.on('file', (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new PayloadTooLarge(tooLarge);
      });
      stream.on('end', () => {
        found = { bytes: Buffer.concat(chunks), filename: info.filename ?? '', declaredType: info.mimeType };
      });
    });
    parser.on('error', () => reject(new ValidationFailed('Malformed multipart body.')));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!found || found.bytes.length === 0)
        reject(new ValidationFailed(`The form field "${field}" with a file is required.`));
      else resolve(found);
    });
    parser.end(bodyBytes(event));
  });
}
