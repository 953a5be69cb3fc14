import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';

import type { DataKeySource } from '#functions/adapters/crypto/token-cipher';

/** Data keys from AWS KMS under the stack's token key (CALENDAR_KMS_KEY_ID). */
export function kmsDataKeys(keyId: string, client: KMSClient): DataKeySource {
  return {
    async generate(context) {
      const answer = await client.send(
        new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
      );
      if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS answered no data key.');
      return { plaintext: answer.Plaintext, encrypted: answer.CiphertextBlob };
    },
    async decrypt(encrypted, context) {
      const answer = await client.send(
        new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted, EncryptionContext: context }),
      );
      if (!answer.Plaintext) throw new Error('KMS answered no plaintext.');
      return answer.Plaintext;
    },
  };
}

export const kmsClient = (region: string) => new KMSClient({ region });
