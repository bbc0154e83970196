import { CfnResource, Stack, Validations } from 'aws-cdk-lib';
import type { Acknowledgment } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Rule ids already acknowledged through {@link acknowledgeOn}, per resource. */
const acknowledged = new WeakMap<CfnResource, Set<string>>();

/**
 * Acknowledges cdk-nag findings on exactly one CloudFormation resource: `construct` itself if it is one, else
 * its default child (the `Resource` of an L2 construct). cdk-nag v3 honours an acknowledgement on a resource
 * and on every resource below the construct it is recorded on, so recording it on the L1 keeps it from
 * silently covering anything else. A rule already acknowledged on the resource keeps its first reason (two
 * grants on one policy may imply the same wildcard action).
 *
 * @throws Error if `construct` has no CloudFormation resource of its own.
 * @see https://github.com/cdklabs/cdk-nag#acknowledging-a-rule
 */
export function acknowledgeOn(construct: IConstruct, ...acknowledgments: Acknowledgment[]): void {
  const resource = CfnResource.isCfnResource(construct) ? construct : construct.node.defaultChild;
  if (resource === undefined || !CfnResource.isCfnResource(resource)) {
    throw new Error(`${construct.node.path} has no CloudFormation resource to acknowledge cdk-nag findings on.`);
  }
  const done = acknowledged.get(resource) ?? new Set<string>();
  acknowledged.set(resource, done);
  const fresh = acknowledgments.filter((a) => !done.has(a.id));
  for (const a of fresh) done.add(a.id);
  if (fresh.length > 0) Validations.of(resource).acknowledge(...fresh);
}

/**
 * The finding id cdk-nag's IAM5 rule reports for a wildcard resource such as `${bucket.bucketArn}/sessions/*`:
 * `AwsSolutions-IAM5[Resource::<BucketLogicalId.Arn>/sessions/*]`. The resource is resolved and flattened the
 * way cdk-nag does it (Ref → `<Id>`, GetAtt → `<Id.Attr>`, Join → concatenation, Sub → `<` `>` for `${` `}`).
 */
export function iamResourceFindingId(scope: IConstruct, resourceArn: string): string {
  return `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(resourceArn))}]`;
}

function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const value = node as Record<string, unknown>;
    if (Array.isArray(value['Fn::Join'])) {
      const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if ('Fn::Sub' in value) return flatten(value['Fn::Sub']);
    if (Array.isArray(value['Fn::GetAtt'])) {
      const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if ('Fn::ImportValue' in value) return flatten(value['Fn::ImportValue']);
    if ('Ref' in value) return `<${flatten(value.Ref)}>`;
  }
  return JSON.stringify(node);
}
