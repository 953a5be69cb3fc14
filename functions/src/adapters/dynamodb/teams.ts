import { TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import { queryAll } from '#functions/adapters/dynamodb/query-all';
import type { TeamInvitationRecord, TeamMembershipRecord, TeamRecord } from '#functions/domain/records';
import { WriteConflict } from '#functions/errors';
import type { TeamRepository } from '#functions/ports/teams';

/**
 * Teams (issue 28; the items are in README.md). The team item keeps `ownerCount`, the number of its owners: every
 * write that makes or unmakes an owner moves it in the same transaction, and one that would take it to 0 is refused
 * by its condition, so a team keeps at least one owner whatever the races (WriteConflict; the use cases check first).
 */

const TEAM = 'Team';
const TEAM_SLUG = 'TeamSlug';
const MEMBER = 'TeamMember';
const MIRROR = 'TeamMembership';
const INVITATION = 'TeamInvitation';
const INVITATION_REF = 'TeamInvitationRef';

function toTeam(item: Record<string, unknown>): TeamRecord {
  return {
    id: String(item.id),
    name: String(item.name),
    slug: String(item.slug),
    logoUrl: typeof item.logoUrl === 'string' ? item.logoUrl : null,
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
  };
}

function toMember(item: Record<string, unknown>): TeamMembershipRecord {
  return {
    teamId: String(item.teamId),
    userId: String(item.userId),
    role: item.role === 'owner' || item.role === 'admin' ? item.role : 'member',
    joinedAt: String(item.joinedAt),
  };
}

function toInvitation(item: Record<string, unknown>): TeamInvitationRecord {
  return {
    id: String(item.id),
    teamId: String(item.teamId),
    email: String(item.email),
    role: item.role === 'admin' ? 'admin' : 'member',
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
    expiresAt: String(item.expiresAt),
  };
}

/**
 * An invitation as a stream record's image carries it (DynamoDB's attribute-value map, as Lambda hands it over), or
 * null for an image of another kind of item or none.
 */
export function invitationFromImage(image: Record<string, AttributeValue> | undefined): TeamInvitationRecord | null {
  if (!image) return null;
  const item = unmarshall(image);
  return item.type === INVITATION ? toInvitation(item) : null;
}

const memberFields = (member: TeamMembershipRecord) => ({
  teamId: member.teamId,
  userId: member.userId,
  role: member.role,
  joinedAt: member.joinedAt,
});

export function dynamoTeams(db: DynamoDBDocumentClient, tableName: string): TeamRepository {
  const memberItems = (member: TeamMembershipRecord) => [
    { ...keys.teamMember(member.teamId, member.userId), type: MEMBER, ...memberFields(member) },
    { ...keys.memberTeam(member.userId, member.teamId), type: MIRROR, ...memberFields(member) },
  ];

  /** The owner count's move for a role change (none when the team keeps as many owners). */
  const ownerCountChange = (teamId: string, from: string | undefined, to: string | undefined) => {
    const delta = (to === 'owner' ? 1 : 0) - (from === 'owner' ? 1 : 0);
    if (delta === 0) return [];
    return [
      {
        Update: {
          TableName: tableName,
          Key: keys.team(teamId),
          UpdateExpression: 'ADD ownerCount :delta',
          // Taking an owner away only while another stays.
          ConditionExpression: delta < 0 ? 'attribute_exists(pk) AND ownerCount > :one' : 'attribute_exists(pk)',
          ExpressionAttributeValues: delta < 0 ? { ':delta': delta, ':one': 1 } : { ':delta': delta },
        },
      },
    ];
  };

  async function transact(items: unknown[]): Promise<void> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items as never }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        throw new WriteConflict('The team changed meanwhile.');
      }
      throw error;
    }
  }

  async function deleteKeys(itemKeys: { pk: string; sk: string }[]): Promise<void> {
    for (let i = 0; i < itemKeys.length; i += 25) {
      let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 8) throw new Error('DynamoDB kept items unprocessed while deleting a team.');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  }

  const partition = (teamId: string) =>
    queryAll(db, tableName, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.teamPartition(teamId) },
      ConsistentRead: true,
    });

  async function get(teamId: string): Promise<TeamRecord | null> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.team(teamId) }));
    return Item ? toTeam(Item) : null;
  }

  async function membership(teamId: string, userId: string): Promise<TeamMembershipRecord | null> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.teamMember(teamId, userId), ConsistentRead: true }),
    );
    return Item ? toMember(Item) : null;
  }

  return {
    get,
    membership,

    async create(team, owner) {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.teamSlug(team.slug), type: TEAM_SLUG, teamId: team.id },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.team(team.id), type: TEAM, ...team, ownerCount: 1 },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              ...memberItems(owner).map((Item) => ({ Put: { TableName: tableName, Item } })),
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (error instanceof TransactionCanceledException) return 'slugTaken';
        throw error;
      }
    },

    async findBySlug(slug) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.teamSlug(slug) }));
      if (typeof Item?.teamId !== 'string') return null;
      return get(Item.teamId);
    },

    async getMany(teamIds) {
      const found = new Map<string, TeamRecord>();
      const ids = [...new Set(teamIds)];
      for (let i = 0; i < ids.length; i += 100) {
        let requested: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => keys.team(id));
        for (let attempt = 0; requested.length > 0; attempt++) {
          if (attempt > 8) throw new Error('DynamoDB kept keys unprocessed while reading teams.');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requested } } }));
          for (const item of result.Responses?.[tableName] ?? []) found.set(String(item.id), toTeam(item));
          requested = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      }
      return found;
    },

    async update(team) {
      await transact([
        {
          Update: {
            TableName: tableName,
            Key: keys.team(team.id),
            UpdateExpression: 'SET #name = :name, logoUrl = :logo',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': team.name, ':logo': team.logoUrl },
          },
        },
      ]);
    },

    async members(teamId) {
      const items = await partition(teamId);
      return {
        members: items.filter((item) => item.type === MEMBER).map(toMember),
        invitations: items.filter((item) => item.type === INVITATION).map(toInvitation),
      };
    },

    async teamsOf(userId) {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :team)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':team': keys.memberTeamPrefix },
      });
      return items.filter((item) => item.type === MIRROR).map(toMember);
    },

    async putMember(member, options = {}) {
      const [teamItem, mirrorItem] = memberItems(member);
      const invitation = options.invitationId;
      await transact([
        {
          Put: {
            TableName: tableName,
            Item: teamItem,
            // A role change only of the member as read; a new member only if not one already.
            ...(options.previousRole
              ? {
                  ConditionExpression: '#role = :previous',
                  ExpressionAttributeNames: { '#role': 'role' },
                  ExpressionAttributeValues: { ':previous': options.previousRole },
                }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
        { Put: { TableName: tableName, Item: mirrorItem } },
        ...ownerCountChange(member.teamId, options.previousRole, member.role),
        ...(invitation
          ? [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.teamInvitation(member.teamId, invitation),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              { Delete: { TableName: tableName, Key: keys.invitationRef(invitation) } },
            ]
          : []),
      ]);
    },

    async removeMember(teamId, userId) {
      const current = await membership(teamId, userId);
      if (!current) return;
      await transact([
        {
          Delete: {
            TableName: tableName,
            Key: keys.teamMember(teamId, userId),
            ConditionExpression: '#role = :role',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': current.role },
          },
        },
        { Delete: { TableName: tableName, Key: keys.memberTeam(userId, teamId) } },
        ...ownerCountChange(teamId, current.role, undefined),
      ]);
    },

    async createInvitation(invitation) {
      await transact([
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.teamInvitation(invitation.teamId, invitation.id),
              ...keys.invitationIndex(invitation.email.toLowerCase(), invitation.createdAt, invitation.id),
              type: INVITATION,
              ...invitation,
              email: invitation.email.toLowerCase(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.invitationRef(invitation.id), type: INVITATION_REF, teamId: invitation.teamId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // Only into a team that still exists.
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.team(invitation.teamId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ]);
    },

    async getInvitation(id) {
      const { Item: ref } = await db.send(new GetCommand({ TableName: tableName, Key: keys.invitationRef(id) }));
      if (typeof ref?.teamId !== 'string') return null;
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: keys.teamInvitation(ref.teamId, id), ConsistentRead: true }),
      );
      return Item ? toInvitation(Item) : null;
    },

    async invitationsFor(email) {
      const items = await queryAll(db, tableName, {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': keys.invitationIndex(email.toLowerCase(), '', '').gsi1pk },
        ScanIndexForward: false,
      });
      return items.filter((item) => item.type === INVITATION).map(toInvitation);
    },

    async deleteInvitation(invitation) {
      await transact([
        { Delete: { TableName: tableName, Key: keys.teamInvitation(invitation.teamId, invitation.id) } },
        { Delete: { TableName: tableName, Key: keys.invitationRef(invitation.id) } },
      ]);
    },

    async delete(team) {
      const items = await partition(team.id);
      const itemKeys: { pk: string; sk: string }[] = [];
      for (const item of items) {
        if (item.type === MEMBER) itemKeys.push(keys.memberTeam(String(item.userId), team.id));
        if (item.type === INVITATION) itemKeys.push(keys.invitationRef(String(item.id)));
        // The team item last (with its slug claim): a rerun finishes an interrupted deletion.
        if (item.sk !== keys.team(team.id).sk) itemKeys.push({ pk: String(item.pk), sk: String(item.sk) });
      }
      await deleteKeys(itemKeys);
      await transact([
        { Delete: { TableName: tableName, Key: keys.team(team.id) } },
        {
          Delete: {
            TableName: tableName,
            Key: keys.teamSlug(team.slug),
            ConditionExpression: 'attribute_not_exists(pk) OR teamId = :id',
            ExpressionAttributeValues: { ':id': team.id },
          },
        },
      ]);
    },
  };
}
