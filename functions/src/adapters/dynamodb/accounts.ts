import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountRecord, AccountRepository } from '#functions/ports';
import { keys } from './keys.ts';

/**
 * Accounts: the user's PROFILE item (the host profile the booking side reads, plus the password hash and role) and
 * two claim items, `EMAIL#{lower-case e-mail}` and `USERNAME#{username}`, each naming the user. The three are
 * written in one conditional transaction, so an e-mail or username can never belong to two accounts.
 */
export function dynamoAccounts(db: DynamoDBDocumentClient, tableName: string): AccountRepository {
  const get = async (userId: string): Promise<AccountRecord | null> => {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.userProfile(userId) }));
    return Item ? toAccount(Item) : null;
  };
  const byClaim = async (key: { pk: string; sk: string }) => {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key }));
    return Item ? get(String(Item.userId)) : null;
  };

  return {
    get,
    findByEmail: (email) => byClaim(keys.emailClaim(email.trim().toLowerCase())),
    findByUsername: (username) => byClaim(keys.usernameClaim(username.trim().toLowerCase())),

    async create(account) {
      const absent = 'attribute_not_exists(pk)';
      const emailLower = account.email.toLowerCase();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: { ...keys.userProfile(account.id), type: 'User', ...account }, ConditionExpression: absent } },
              { Put: { TableName: tableName, Item: { ...keys.emailClaim(emailLower), userId: account.id }, ConditionExpression: absent } },
              { Put: { TableName: tableName, Item: { ...keys.usernameClaim(account.username), userId: account.id }, ConditionExpression: absent } },
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const failed = (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
        if (failed[1]) return 'emailTaken';
        if (failed[2]) return 'usernameTaken';
        if (failed[0]) throw new Error(`Account id ${account.id} already exists.`, { cause: error });
        throw error;
      }
    },
  };
}

function toAccount(item: Record<string, unknown>): AccountRecord {
  return {
    id: String(item.id),
    name: String(item.name),
    email: String(item.email),
    username: String(item.username),
    photoUrl: (item.photoUrl as string | null | undefined) ?? null,
    createdAt: String(item.createdAt),
    passwordHash: (item.passwordHash as string | null | undefined) ?? null,
    role: item.role === 'admin' ? 'admin' : null,
  };
}
