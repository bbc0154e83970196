import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One item per webhook event (`WEBHOOK#<eventId>` / `WEBHOOK`), so that an event is delivered at most once even
 * when EventBridge or the local queue hands it over twice: a delivery claims the event with a conditional write,
 * and a delivered event is never sent again.
 */
export type DeliveryStatus = 'delivering' | 'delivered' | 'failed';

/** Outcome of {@link DeliveryLog.claim}. */
export type ClaimOutcome = 'claimed' | 'already_delivered' | 'in_flight';

export class DeliveryLog {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly retentionDays: number,
  ) {}

  private key(eventId: string) {
    return { PK: `WEBHOOK#${eventId}`, SK: 'WEBHOOK' };
  }

  /**
   * Claims an event for one delivery attempt, for `leaseSeconds`. Succeeds when the event is new, failed before,
   * or its previous attempt's lease expired.
   */
  async claim(eventId: string, sessionId: string, leaseSeconds: number): Promise<ClaimOutcome> {
    const now = Date.now();
    try {
      await this.ddb.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(eventId),
          UpdateExpression:
            'SET #status = :delivering, leaseUntil = :lease, sessionId = :sid, attempts = if_not_exists(attempts, :zero) + :one, expiresAt = :exp, #type = :type',
          ConditionExpression: 'attribute_not_exists(PK) OR #status = :failed OR (#status = :delivering AND leaseUntil < :now)',
          ExpressionAttributeNames: { '#status': 'status', '#type': 'type' },
          ExpressionAttributeValues: {
            ':delivering': 'delivering',
            ':failed': 'failed',
            ':lease': now + leaseSeconds * 1000,
            ':now': now,
            ':sid': sessionId,
            ':zero': 0,
            ':one': 1,
            ':exp': Math.floor(now / 1000) + this.retentionDays * 86_400,
            ':type': 'webhook',
          },
        }),
      );
      return 'claimed';
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      const item = (await this.ddb.send(new GetCommand({ TableName: this.table, Key: this.key(eventId), ConsistentRead: true }))).Item;
      return item?.['status'] === 'delivered' ? 'already_delivered' : 'in_flight';
    }
  }

  /** Records the end of an attempt: `delivered`, or `failed` with the reason (a later attempt may claim it again). */
  async finish(eventId: string, status: 'delivered' | 'failed', detail: { httpStatus?: number; error?: string; target?: string }): Promise<void> {
    await this.ddb.send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.key(eventId),
        UpdateExpression: 'SET #status = :s, lastAttemptAt = :at, lastHttpStatus = :hs, lastError = :e, target = :t',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':s': status,
          ':at': new Date().toISOString(),
          ':hs': detail.httpStatus ?? null,
          ':e': detail.error ?? null,
          ':t': detail.target ?? null,
        },
      }),
    );
  }

  /** Records an event parked for good (no target, refused target, or retries exhausted). */
  async park(eventId: string, sessionId: string, reason: string): Promise<void> {
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...this.key(eventId), type: 'webhook', sessionId, status: 'failed', parked: true, lastError: reason, lastAttemptAt: new Date().toISOString() },
      }),
    );
  }
}
