import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { newCalendarItem } from '#functions/adapters/dynamodb/hosts/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll as queryAllPages } from '#functions/adapters/dynamodb/query-all';
import { builtinConnection } from '#functions/domain/calendar';
import type { AccountRecord } from '#functions/domain/records';
import type { AccountRepository } from '#functions/ports/accounts';

/**
 * Accounts: the user's PROFILE item (the host profile the booking side reads, plus the password hash and role) and
 * claim items, `EMAIL#{lower-case e-mail}`, `USERNAME#{username}` and, once linked, `GOOGLE#{sub}`, each naming the
 * user. They are written in one conditional transaction, so an e-mail, a username or a Google account can never
 * belong to two accounts.
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
    findByGoogleSubject: (subject) => byClaim(keys.googleClaim(subject)),

    async create(account, initial = {}) {
      const absent = 'attribute_not_exists(pk)';
      const emailLower = account.email.toLowerCase();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.userProfile(account.id), type: 'User', ...account },
                  ConditionExpression: absent,
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.emailClaim(emailLower), userId: account.id },
                  ConditionExpression: absent,
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.usernameClaim(account.username), userId: account.id },
                  ConditionExpression: absent,
                },
              },
              ...(account.googleSubject
                ? [
                    {
                      Put: {
                        TableName: tableName,
                        Item: { ...keys.googleClaim(account.googleSubject), userId: account.id },
                        ConditionExpression: absent,
                      },
                    },
                  ]
                : []),
              // Last and unconditional (a new id has no calendar), so the cancellation reasons above keep their places.
              ...(initial.calendar
                ? [{ Put: { TableName: tableName, Item: newCalendarItem(account.id, initial.calendar) } }]
                : []),
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const failed = (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
        if (failed[1]) return 'emailTaken';
        if (failed[2]) return 'usernameTaken';
        if (failed[3]) return 'googleTaken';
        if (failed[0]) throw new Error(`Account id ${account.id} already exists.`, { cause: error });
        throw error;
      }
    },

    async updateProfile(account, changes) {
      const oldEmail = account.email.toLowerCase();
      const newEmail = changes.email.toLowerCase();
      const profileUpdate = {
        Update: {
          TableName: tableName,
          Key: keys.userProfile(account.id),
          UpdateExpression: 'SET #name = :name, email = :email, emailVerified = :verified, pendingEmail = :pending',
          // The profile as read (its name, e-mail and pending e-mail are its version): a change in between
          // fails this one with 'changed' instead of being silently overwritten (two saves at once, issue 30) or
          // orphaning a claim.
          ConditionExpression: [
            'attribute_exists(pk) AND email = :oldEmail AND #name = :oldName',
            account.pendingEmail
              ? 'pendingEmail = :oldPending'
              : '(attribute_not_exists(pendingEmail) OR attribute_type(pendingEmail, :nullType))',
          ].join(' AND '),
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': changes.name,
            ':email': changes.email,
            ':oldEmail': account.email,
            ':oldName': account.name,
            ...(account.pendingEmail ? { ':oldPending': account.pendingEmail } : { ':nullType': 'NULL' }),
            ':verified': changes.emailVerified ?? account.emailVerified,
            ':pending': changes.pendingEmail === undefined ? (account.pendingEmail ?? null) : changes.pendingEmail,
          },
        },
      };
      const claimMove =
        newEmail === oldEmail
          ? []
          : [
              { Delete: { TableName: tableName, Key: keys.emailClaim(oldEmail) } },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.emailClaim(newEmail), userId: account.id },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ];
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [profileUpdate, ...claimMove] }));
        return 'updated';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const failed = (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
        if (failed[2]) return 'emailTaken';
        if (failed[0]) return 'changed';
        throw error;
      }
    },

    async claimProvenAddress(account, proof, now) {
      const wasUnverified = !account.emailVerified;
      const profileUpdate = {
        Update: {
          TableName: tableName,
          Key: keys.userProfile(account.id),
          // Unverified before: the password goes and every session older than now ends (the session store compares
          // each session's creation with sessionsNotBefore, so this one write ends them all at once).
          // ... and an e-mail change it asked for is dropped, so its link can no longer move the account away.
          UpdateExpression: [
            'SET emailVerified = :true',
            ...(wasUnverified ? [', sessionsNotBefore = :now, passwordHash = :null, pendingEmail = :null'] : []),
            ...(proof.googleSubject ? [', googleSubject = :subject'] : []),
          ].join(''),
          // A Google account links only where no other one is linked.
          ConditionExpression: [
            'attribute_exists(pk) AND email = :email',
            ...(proof.googleSubject
              ? [' AND (attribute_not_exists(googleSubject) OR googleSubject = :null OR googleSubject = :subject)']
              : []),
          ].join(''),
          ExpressionAttributeValues: {
            ':true': true,
            ':email': account.email,
            ...(wasUnverified ? { ':now': now.toISOString() } : {}),
            ...(wasUnverified || proof.googleSubject ? { ':null': null } : {}),
            ...(proof.googleSubject ? { ':subject': proof.googleSubject } : {}),
          },
        },
      };
      const googleClaim = proof.googleSubject
        ? [
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.googleClaim(proof.googleSubject), userId: account.id },
                ConditionExpression: 'attribute_not_exists(pk) OR userId = :owner',
                ExpressionAttributeValues: { ':owner': account.id },
              },
            },
          ]
        : [];
      // Whatever calendar the unproven creator connected (their Google Calendar would receive the owner's bookings)
      // gives way to the built-in one; after the claims, so the cancellation reasons above keep their places.
      const calendarReset = wasUnverified
        ? [
            { Put: { TableName: tableName, Item: newCalendarItem(account.id, builtinConnection(account.email)) } },
            { Delete: { TableName: tableName, Key: keys.googleCalendarHost(account.id) } },
          ]
        : [];
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [profileUpdate, ...googleClaim, ...calendarReset] }));
        return 'claimed';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const failed = (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
        if (failed[1]) return 'googleTaken';
        if (failed[0]) return 'changed';
        throw error;
      }
    },

    async grantAdmin(userId) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.userProfile(userId),
          UpdateExpression: 'SET #role = :admin',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':admin': 'admin' },
        }),
      );
    },

    async setPhoto(userId, photoUrl) {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.userProfile(userId),
          UpdateExpression: 'SET photoUrl = :url',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':url': photoUrl },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      return (Attributes?.photoUrl as string | null | undefined) ?? null;
    },

    async deleteAccount(account) {
      const eventItems = await queryAll({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': keys.eventIndex(account.id, 0).gsi1pk },
      });
      for (const event of eventItems) {
        await deleteAll(await queryPartition(keys.eventPartition(Number(event.id))));
        await deleteAll([keys.slug(String(event.slug))]);
      }
      await deleteAll(await queryPartition(keys.hostPartition(account.id)));
      const own = await queryPartition(keys.userPartition(account.id));
      // A team membership's mirror goes with the membership under its team (the use case has left the teams first:
      // this only finishes an interrupted deletion).
      const teamIds = own
        .filter((key) => key.sk.startsWith(keys.memberTeamPrefix))
        .map((key) => key.sk.slice(keys.memberTeamPrefix.length));
      await deleteAll(teamIds.map((teamId) => keys.teamMember(teamId, account.id)));
      // API keys (issue 29): each key's lookup by hash goes before its record, so no key outlives its account.
      const apiKeys = await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(account.id), ':prefix': keys.apiKeyPrefix },
        ProjectionExpression: 'keyHash',
      });
      await deleteAll(apiKeys.map((item) => keys.apiKeyLookup(String(item.keyHash))));
      await deleteAll(own.filter((key) => key.sk !== 'PROFILE'));
      // Last, together: the profile and its claims.
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: keys.userProfile(account.id) } },
            { Delete: { TableName: tableName, Key: keys.emailClaim(account.email.toLowerCase()) } },
            { Delete: { TableName: tableName, Key: keys.usernameClaim(account.username) } },
            ...(account.googleSubject
              ? [{ Delete: { TableName: tableName, Key: keys.googleClaim(account.googleSubject) } }]
              : []),
          ],
        }),
      );
    },
  };

  function queryAll(input: Omit<QueryCommandInput, 'TableName'>) {
    return queryAllPages(db, tableName, input);
  }

  async function queryPartition(pk: string): Promise<{ pk: string; sk: string }[]> {
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'pk, sk',
    });
    return items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  }

  /** Deletes keys 25 at a time, retrying what DynamoDB leaves unprocessed. */
  async function deleteAll(itemKeys: { pk: string; sk: string }[]): Promise<void> {
    for (let i = 0; i < itemKeys.length; i += 25) {
      let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 8) throw new Error('DynamoDB kept items unprocessed while deleting an account.');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  }
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
    googleSubject: typeof item.googleSubject === 'string' ? item.googleSubject : null,
    // Accounts from before addresses were verified: proven only when Google linked them.
    emailVerified:
      typeof item.emailVerified === 'boolean' ? item.emailVerified : typeof item.googleSubject === 'string',
    pendingEmail: typeof item.pendingEmail === 'string' ? item.pendingEmail : null,
  };
}
