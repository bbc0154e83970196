import type { Caller } from './auth.ts';
import { CallerKind, type AuthHeaders } from './auth.ts';
import type { DocumentTemplatesView } from './contract/documents.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import type { Service } from './service.ts';
import type { Workflow } from './store/model.ts';
import type { StoredTemplate } from './store/templates.ts';

/**
 * Which document template a call may use (issue 5: `documentId` of SPEC.md 4.1): the template must exist, be
 * enabled, and be accepted by the workflow (`Workflow.documentIds`, every enabled template when absent).
 *
 * @param field - request field named in the 400 problem details (`documentId`)
 * @returns the template
 * @throws ValidationError (400) naming `field` when the template is unknown, disabled, or not in the workflow
 */
export async function usableTemplate(service: Service, workflow: Workflow, documentId: string, field = 'documentId'): Promise<StoredTemplate> {
  const template = await service.templates.get(documentId);
  const refuse = (message: string): never => {
    throw new ValidationError(`Document template ${documentId} cannot be used.`, { [field]: [message] });
  };
  if (!template) return refuse(`no document template ${documentId} exists (GET /api/v1/document-templates lists them)`);
  if (!template.enabled) return refuse(`document template ${documentId} is disabled`);
  if (workflow.documentIds && !workflow.documentIds.includes(documentId)) {
    return refuse(`workflow ${workflow.workflowId} accepts ${workflow.documentIds.join(', ')}`);
  }
  return template;
}

/**
 * GET /api/v1/document-templates: the enabled templates a workflow accepts, for the capture flow's document choice.
 * Any key of the application may read them (secret, public, or a `sat`, which reads its session's workflow).
 *
 * @param call.workflowId - the workflow (default: the application's default workflow; a `sat` always uses its session's)
 * @throws NotFoundError when the workflow or the sat's session is not the caller's
 */
export async function listDocumentTemplates(
  call: { headers: AuthHeaders; workflowId?: string | undefined },
  service: Service,
): Promise<DocumentTemplatesView> {
  const caller: Caller = await service.auth.authenticate(call.headers);
  service.auth.authorizeAccount(caller);
  service.auth.rejectSecretFromBrowser(caller, call.headers);
  let workflowId = call.workflowId ?? caller.app.defaultWorkflowId;
  let selected: string | null = null;
  if (caller.kind === CallerKind.Sat) {
    const session = await service.sessions.getSession(caller.sessionId!);
    if (!session || session.appId !== caller.app.appId) throw new NotFoundError('The session of this token no longer exists.');
    if (call.workflowId && call.workflowId !== session.workflowId) throw new NotFoundError(`Workflow ${call.workflowId} not found.`, { workflowId: ['not found'] });
    workflowId = session.workflowId;
    selected = session.documentId ?? null;
  }
  const workflow = await service.repo.findWorkflow(caller.app.appId, workflowId);
  if (!workflow) throw new NotFoundError(`Workflow ${workflowId} not found.`, { workflowId: ['not found'] });
  const templates = (await service.templates.list()).filter(
    (t) => t.enabled && (!workflow.documentIds || workflow.documentIds.includes(t.id)),
  );
  return {
    workflowId,
    selectedDocumentId: selected,
    templates: templates.map((t) => ({
      documentId: t.id,
      name: t.name,
      kind: t.kind,
      sides: [...t.sides],
      country: t.country,
    })),
  };
}
