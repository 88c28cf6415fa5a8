// Tasks back: created in their phase with title, body, due date, publication and approval
// (and completed, when no verdict needs saying), then — only where needed — moved to their
// place among the phase's tasks (./step-order.ts), completed with a "not approved" verdict,
// and given their tags by name. An update sends only the fields that differ.
//
// Tags go by name, never by id: ids are the service's own, and another service's tag 62 is
// another tag. A name is matched case-insensitively among the company's tags, and a name
// that matches none is created — which is right only for the names the export holds, and
// these are all a restore sends. When every name is known to the service already (seen on
// its tasks), the request says create_missing: false, so that a tag renamed in the meantime
// is reported rather than made again under its old name. Tags of a retired set can never be
// put on a task; the service refuses them by position (`tags.3`), and the rest go on without
// them, the refusal told in the result's note.
//
// Assignees cannot be put back: the reference shows no endpoint that sets them (create and
// update take no assignee field). A task restored without the people the export names says
// so in its result's note, by name.
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { createStep, reorderStep, updateStep } from '../../api/steps.js';
import { addTags, setTags } from '../../api/tags.js';
import { MAX_TAG_REFERENCES, type CreateStepBody, type Step, type UpdateStepBody } from '../../api/types.js';
import { bodyHolds } from '../../content/bodies.js';
import { calendarDay } from '../../output/view.js';
import { chunk, uniqueRefs } from '../tags/tag-ref.js';
import { noticeKept, type RecordKind, type RestoreDetail, type RestoreEnv } from './record-kind.js';

export const STEPS: RecordKind<Step, Step> = {
  kind: 'steps',
  noun: 'task',
  oldId: (step) => step.id,
  serviceId: (step) => step.id,
  title: (step) => step.title,
  createdAt: (step) => step.created_at,
  parents: (step) => [{ kind: 'phases', id: step.phase.id, title: step.phase.title }],
  identity: (step, placed) => JSON.stringify([placed.phases ?? null, step.title]),
  currentIdentity: (step) => JSON.stringify([step.phase?.id ?? null, step.title]),

  differences(step, current, placed) {
    const changed: string[] = [];
    if (step.title !== current.title) changed.push('title');
    if (!bodyHolds(current.content ?? '', step.content ?? '')) changed.push('content');
    if (calendarDay(step.due_date) !== calendarDay(current.due_date)) changed.push('due_date');
    if (step.published !== current.published) changed.push('published');
    if (step.is_approval !== current.is_approval) changed.push('is_approval');
    if (step.completed !== current.completed) changed.push('completed');
    else if (step.completed && step.is_approval && verdictOf(step) !== verdictOf(current))
      changed.push('approval_status');
    if (placed.phases !== undefined && current.phase?.id !== placed.phases) changed.push('phase');
    if (!sameNames(tagNames(step), tagNames(current))) changed.push('tags');
    return changed;
  },

  // Every field but the body is short: shown old → new in the plan and the results.
  change(field, step, current, placed) {
    switch (field) {
      case 'title':
      case 'published':
      case 'is_approval':
      case 'completed':
        return { from: current[field], to: step[field] };
      case 'due_date':
        return { from: calendarDay(current.due_date) || null, to: calendarDay(step.due_date) || null };
      case 'approval_status':
        return { from: verdictOf(current), to: verdictOf(step) };
      case 'phase':
        return {
          from: current.phase ? `${current.phase.title} (${current.phase.id})` : null,
          to: `${step.phase.title} (${placed.phases ?? step.phase.id})`,
        };
      case 'tags':
        return { from: tagNames(current), to: tagNames(step) };
      default:
        return undefined;
    }
  },

  async create(client, step, placed, env, onCreated) {
    const slot = env.order.slot(step.id);
    await slot?.turn();
    // Completing at the create records "approved" on an approval task; another verdict is a second request.
    const verdictLater = step.completed && step.is_approval && verdictOf(step) !== 'approved';
    const tags = tagNames(step);
    let id: number | undefined;
    try {
      const body: CreateStepBody = {
        title: step.title,
        phase_id: placed.phases!,
        published: step.published,
        is_approval: step.is_approval,
      };
      if ((step.content ?? '') !== '') body.content = step.content;
      if (calendarDay(step.due_date) !== '') body.due_date = calendarDay(step.due_date);
      if (step.completed && !verdictLater) body.completed = true;
      id = (await createStep(client, body, 'pwctl steps list --all --fields id,title,phase.id,created_at')).id;
      const move = slot?.needsMove === true;
      onCreated(id, [
        ...(move ? ['order'] : []),
        ...(verdictLater ? ['approval_status'] : []),
        ...(tags.length > 0 ? ['tags'] : []),
      ]);
      if (move) await reorderStep(client, id, await slot.position());
    } finally {
      slot?.placed(id);
    }
    if (verdictLater) await updateStep(client, id, { completed: true, approval_status: verdictOf(step) });
    return withAssignees(
      step,
      undefined,
      tags.length === 0 ? {} : await putTags(client, id, tags, 'add', env, placed.phases),
    );
  },

  async update(client, step, current, placed, env, placing) {
    const slot = placing ? env.order.slot(step.id) : undefined;
    await slot?.turn();
    const changed = STEPS.differences(step, current, placed);
    try {
      const body: UpdateStepBody = {};
      if (changed.includes('title')) body.title = step.title;
      if (changed.includes('content')) {
        body.content = step.content ?? '';
        noticeKept(env, `task ${current.id}`, current.content ?? '', body.content);
      }
      if (changed.includes('due_date')) body.due_date = calendarDay(step.due_date) || null;
      if (changed.includes('published')) body.published = step.published;
      if (changed.includes('is_approval')) body.is_approval = step.is_approval;
      if (changed.includes('completed') || changed.includes('approval_status')) {
        body.completed = step.completed;
        if (step.completed && step.is_approval) body.approval_status = verdictOf(step);
      }
      if (changed.includes('phase')) body.phase_id = placed.phases;
      if (Object.keys(body).length > 0) await updateStep(client, current.id, body);
      if (slot?.needsMove) await reorderStep(client, current.id, await slot.position());
    } finally {
      slot?.placed(current.id);
    }
    if (!changed.includes('tags')) return withAssignees(step, current, {});
    // Finishing an earlier run's create adds what it lacks; --overwrite makes the tags exactly the export's.
    const wanted = tagNames(step);
    const missing = wanted.filter((name) => !tagNames(current).some((has) => same(has, name)));
    const detail = placing
      ? missing.length === 0
        ? {}
        : await putTags(client, current.id, missing, 'add', env, placed.phases)
      : await putTags(client, current.id, wanted, 'set', env, placed.phases);
    return withAssignees(step, current, detail);
  },
};

/** The note of a task written without the assignees the export names (by name: ids are another service's). */
function withAssignees(step: Step, current: Step | undefined, detail: RestoreDetail): RestoreDetail {
  const missing = (step.assignees ?? []).filter(
    (person) => !(current?.assignees ?? []).some((has) => same(has.name, person.name)),
  );
  if (missing.length === 0) return detail;
  const names = missing.map((person) => person.name).join(', ');
  const note = `assignee${missing.length === 1 ? '' : 's'} not put back: ${names} (the API cannot set a task's assignees)`;
  return { ...detail, note: detail.note ? `${detail.note}; ${note}` : note };
}

function verdictOf(step: Pick<Step, 'approval_status'>): 'approved' | 'not_approved' {
  return step.approval_status ?? 'approved';
}

/** The task's tag names, each once (the service matches names case-insensitively). */
function tagNames(step: Step): string[] {
  return uniqueRefs((step.tags ?? []).map((tag) => tag.name)) as string[];
}

function same(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.some((other) => same(name, other)));
}

/**
 * Put tags on a task by name: added to what it has, or (`set`) made exactly these. Entries the
 * service refuses one by one (a retired set's tags) are left out and the rest sent again.
 */
async function putTags(
  client: ApiClient,
  stepId: number,
  names: readonly string[],
  how: 'add' | 'set',
  env: RestoreEnv,
  phaseId: number | undefined,
): Promise<RestoreDetail> {
  const companyId = phaseId === undefined ? undefined : env.structure.phase(phaseId)?.company.id;
  const known = companyId !== undefined && names.every((name) => env.structure.hasTag(companyId, name));
  const refused: string[] = [];
  const parts = chunk(names, MAX_TAG_REFERENCES);
  for (const [i, part] of parts.entries()) {
    // Only the first part of a `set` replaces; the rest add to it.
    const send = (tags: string[]) =>
      (how === 'set' && i === 0 ? setTags : addTags)(
        client,
        stepId,
        known ? { tags, create_missing: false } : { tags },
      );
    try {
      await send(part);
    } catch (error) {
      const positions = refusedPositions(error, part.length);
      if (positions.size === 0) throw tagFailure(error);
      refused.push(
        ...[...positions].map(
          (p) => `${JSON.stringify(part[p])} (${(error as ApiError).errors![`tags.${p}`]!.join(' ')})`,
        ),
      );
      const rest = part.filter((_, p) => !positions.has(p));
      if (rest.length > 0 || (how === 'set' && i === 0)) {
        try {
          await send(rest);
        } catch (again) {
          throw tagFailure(again);
        }
      }
    }
  }
  return refused.length === 0
    ? {}
    : { note: `the service would not put back tag${refused.length === 1 ? '' : 's'} ${refused.join(', ')}` };
}

/** The positions a 422 names (`tags.3`), when it names only entries of the request. */
function refusedPositions(error: unknown, sent: number): Set<number> {
  if (!(error instanceof ApiError) || error.kind !== 'validation' || !error.errors) return new Set();
  const fields = Object.keys(error.errors);
  const positions = new Set(
    fields.flatMap((field) => {
      const m = /^tags\.(\d+)$/.exec(field);
      return m && Number(m[1]) < sent ? [Number(m[1])] : [];
    }),
  );
  // A refusal of something else as well is not one to work around.
  return positions.size === fields.length ? positions : new Set();
}

function tagFailure(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return error.with({ message: `putting its tags back failed: ${error.message}` });
}
