import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
// The templates module only (zod and the seed JSON): the engine's index would load onnxruntime-node and sharp.
import { DOCUMENT_TEMPLATES_SEED, parseTemplate } from '../../engines/document/templates/loadTemplates.ts';
import type { DocumentTemplate } from '../../engines/document/templates/templateSchema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { Keys } from './model.ts';

/** Where a template's definition comes from. */
export const TemplateSource = {
  /** data/documents/templates.json, shipped with the service. */
  Seed: 'seed',
  /** Written by an operator (admin CLI `create-template`, `disable-template`, `enable-template`). */
  Table: 'table',
} as const;
export type TemplateSource = (typeof TemplateSource)[keyof typeof TemplateSource];

/** A template as the service sees it: the definition and where it comes from. */
export type StoredTemplate = DocumentTemplate & { source: TemplateSource; updatedAt?: string };

const SEED = new Map(DOCUMENT_TEMPLATES_SEED.map((t) => [t.id, t]));

/**
 * Document templates (`doc_<id>`, issue 5) of the deployment: the generic seed templates of
 * data/documents/templates.json, overlaid by the operator's items in the table (PK `DOCTEMPLATE`, SK `DOC#<id>`).
 * An item with a seed id replaces the seed definition (that is how a seed template is disabled), so the seed needs
 * no write to exist on a new deployment and an operator's changes survive upgrades of the seed file.
 *
 * Templates are read on every use (one GetItem): a disabled template is refused by the next request.
 */
export class TemplateStore {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Every template, enabled or not, sorted by id. */
  async list(): Promise<StoredTemplate[]> {
    const out = new Map<string, StoredTemplate>();
    for (const t of DOCUMENT_TEMPLATES_SEED) out.set(t.id, { ...t, source: TemplateSource.Seed });
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.ddb.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': Keys.template('x').PK },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        const t = fromItem(item);
        out.set(t.id, t);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return [...out.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  /** One template (enabled or not); null when no seed or table item has this id. */
  async get(id: string): Promise<StoredTemplate | null> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.template(id) }));
    if (out.Item) return fromItem(out.Item);
    const seed = SEED.get(id);
    return seed ? { ...seed, source: TemplateSource.Seed } : null;
  }

  /**
   * Creates a template (admin CLI). The definition is validated with `DocumentTemplateSchema`.
   * @param json - the template as JSON (functions/engines/document/templates/templateSchema.ts)
   * @param opts.replace - allow replacing an existing template (a seed one included)
   * @throws ValidationError when the definition is invalid, or the id exists and `replace` is not set
   */
  async create(json: unknown, opts: { replace?: boolean } = {}): Promise<StoredTemplate> {
    let template: DocumentTemplate;
    try {
      template = parseTemplate(json);
    } catch (err) {
      throw new ValidationError((err as Error).message, { template: [(err as Error).message] });
    }
    if (!opts.replace && SEED.has(template.id)) {
      throw new ValidationError(`Template ${template.id} is a seed template; pass --replace to redefine it.`, { id: ['is a seed template'] });
    }
    try {
      return await this.write(template, !opts.replace);
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new ValidationError(`Template ${template.id} exists; pass --replace to redefine it.`, { id: ['exists'] });
      throw err;
    }
  }

  /**
   * Enables or disables a template. A seed template gets a table item holding its definition with the new state.
   * @throws NotFoundError when no template has this id
   */
  async setEnabled(id: string, enabled: boolean): Promise<StoredTemplate> {
    const current = await this.get(id);
    if (!current) throw new NotFoundError(`Template ${id} not found.`);
    const { source: _source, updatedAt: _updated, ...definition } = current;
    return this.write({ ...definition, enabled }, false);
  }

  private async write(template: DocumentTemplate, mustBeNew: boolean): Promise<StoredTemplate> {
    const stored: StoredTemplate = { ...template, source: TemplateSource.Table, updatedAt: new Date().toISOString() };
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.template(template.id), type: 'template', ...stored },
        ...(mustBeNew ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
      }),
    );
    return stored;
  }
}

function fromItem(item: Record<string, unknown>): StoredTemplate {
  const { PK: _pk, SK: _sk, type: _type, source: _source, updatedAt, ...definition } = item;
  return { ...parseTemplate(definition), source: TemplateSource.Table, ...(typeof updatedAt === 'string' ? { updatedAt } : {}) };
}
