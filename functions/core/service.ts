import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { Authenticator } from './auth.ts';
import { getConfig, type Config } from './config.ts';
import { ServiceUnavailableError } from './errors.ts';
import { EventBridgePublisher, type EventPublisher } from './events.ts';
import { getClients } from './store/clients.ts';
import { Repository } from './store/repository.ts';
import { SessionStore } from './store/sessions.ts';
import { MediaStore } from './store/media.ts';
import { TemplateStore } from './store/templates.ts';
import { SatIssuer } from './tokens.ts';
import { DeliveryLog } from './webhooks/delivery-log.ts';

/** The service's collaborators, built once per process from the configuration. */
export interface Service {
  readonly config: Config;
  readonly repo: Repository;
  readonly sessions: SessionStore;
  /** Document templates (seed + operator's). */
  readonly templates: TemplateStore;
  readonly auth: Authenticator;
  /** The session access token issuer (key from config or Secrets Manager, read once). */
  readonly sat: () => Promise<SatIssuer>;
  /** Media of sessions in S3. */
  readonly media: MediaStore;
  /** Webhook deliveries (at most once per event). */
  readonly deliveries: DeliveryLog;
  /** Where session events go: EventBridge when `EVENT_BUS_NAME` is set, else the publisher set by {@link setEventPublisher}. */
  readonly events: () => EventPublisher | undefined;
}

let cached: Service | undefined;
let localPublisher: EventPublisher | undefined;

/**
 * Sets the publisher used when no EventBridge bus is configured: the one-machine service's in-process queue
 * (local/event-queue.ts). On AWS `EVENT_BUS_NAME` is set and this is not called.
 */
export function setEventPublisher(publisher: EventPublisher | undefined): void {
  localPublisher = publisher;
}

/** Reads the sat signing key once: `SAT_SIGNING_KEY`, else the Secrets Manager secret `SAT_SECRET_ARN`. */
function satIssuerLoader(config: Config): () => Promise<SatIssuer> {
  let issuer: Promise<SatIssuer> | undefined;
  return () => {
    issuer ??= (async () => {
      let encoded = config.SAT_SIGNING_KEY;
      if (!encoded && config.SAT_SECRET_ARN) {
        const sm = new SecretsManagerClient({ region: config.AWS_REGION });
        encoded = (await sm.send(new GetSecretValueCommand({ SecretId: config.SAT_SECRET_ARN }))).SecretString;
      }
      if (!encoded) throw new ServiceUnavailableError('No session access token signing key is configured (SAT_SIGNING_KEY or SAT_SECRET_ARN).');
      return new SatIssuer(Buffer.from(encoded.trim(), 'base64'), config.SAT_TTL_SECONDS);
    })().catch((err: unknown) => {
      issuer = undefined;
      throw err instanceof ServiceUnavailableError ? err : new ServiceUnavailableError('The session token key could not be read.', { cause: err });
    });
    return issuer;
  };
}

/** Returns the process-wide service, building it on first use. @throws Error when the configuration is invalid. */
export function getService(): Service {
  if (cached) return cached;
  const config = getConfig();
  const { ddb, s3 } = getClients(config);
  const repo = new Repository(ddb, config.TABLE_NAME);
  const sat = satIssuerLoader(config);
  const bus = config.EVENT_BUS_NAME ? new EventBridgePublisher(config.EVENT_BUS_NAME, config.AWS_REGION) : undefined;
  cached = {
    config,
    repo,
    sessions: new SessionStore(ddb, config.TABLE_NAME, config.RETENTION_DAYS),
    templates: new TemplateStore(ddb, config.TABLE_NAME),
    auth: new Authenticator(repo, sat, config.AUTH_CACHE_SECONDS),
    sat,
    media: new MediaStore(s3, config.BUCKET_NAME),
    deliveries: new DeliveryLog(ddb, config.TABLE_NAME, config.RETENTION_DAYS),
    events: () => bus ?? localPublisher,
  };
  return cached;
}

/** Forgets the process-wide service (tests that change the configuration). */
export function resetService(): void {
  cached = undefined;
}
