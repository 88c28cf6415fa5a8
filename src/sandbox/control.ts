// /_sandbox/*: the control API for out-of-process tests and benchmarks (controlApi: true),
// never under /api/v1, never rate limited, not written to the request log.
//
// Without controlApi only GET /_sandbox/deliveries exists: a team member's bearer token sees
// the deliveries of their own companies' subscriptions (so a user can see what was sent and
// what their endpoint answered); a client token gets 403, no token 401. With controlApi it
// needs no token and lists every delivery.
import { isMemberOf, isTeam } from './access.js';
import type { SandboxCore } from './core.js';
import { parseFaultRule } from './faults.js';
import { HttpError, forbidden, notFound } from './http-error.js';
import { phasePayload, projectPayload, type CreateProjectInput, type UpdatePhaseInput } from './resources/index.js';
import type { ApiResponse } from './routing.js';
import type { SeedName, UserRecord } from './state.js';

export interface ControlRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The bearer token's user, if any. */
  user: UserRecord | null;
}

const json = (value: unknown, status = 200): ApiResponse => ({ status, json: value });

function deliveriesFor(core: SandboxCore, req: ControlRequest): ApiResponse {
  const subscription = req.query.subscription_id;
  let entries = core.deliveries.filter((d) => subscription === undefined || String(d.subscription_id) === subscription);
  if (!core.options.controlApi) {
    if (!req.user) throw new HttpError(401, 'Unauthenticated.');
    if (!isTeam(req.user)) throw forbidden('Only team members can view webhook deliveries.');
    const user = req.user;
    entries = entries.filter((d) => {
      const company = core.deliveryCompany(d);
      return company !== null && isMemberOf(user, company);
    });
  }
  return json({ data: entries });
}

export async function handleControl(core: SandboxCore, req: ControlRequest): Promise<ApiResponse> {
  const { method, path } = req;
  if (path === '/_sandbox/deliveries' && method === 'GET') return deliveriesFor(core, req);
  if (!core.options.controlApi) throw notFound();

  if (path === '/_sandbox/requests' && method === 'GET') return json({ data: core.requests });
  if (path === '/_sandbox/state' && method === 'GET') return json(core.state);
  if (path === '/_sandbox/deliveries/flush' && method === 'POST') {
    await core.queue.flush();
    return json({ data: { flushed: true } });
  }
  const redeliver = /^\/_sandbox\/deliveries\/(\d+)\/redeliver$/.exec(path);
  if (redeliver && method === 'POST') {
    const id = Number(redeliver[1]);
    if (!core.deliveries.some((d) => d.id === id)) throw notFound(`Delivery ${id} not found.`);
    return json({ data: await core.queue.redeliver(id) });
  }
  if (path === '/_sandbox/reset' && method === 'POST') {
    const seed = (req.body as { seed?: unknown } | undefined)?.seed;
    if (seed !== undefined && seed !== 'demo' && seed !== 'empty') {
      throw new HttpError(422, 'seed must be demo or empty.', { seed: ['seed must be demo or empty.'] });
    }
    core.reset(seed as SeedName | undefined);
    return json({ data: { seed: core.state.seed } });
  }
  if (path === '/_sandbox/faults' && method === 'POST') {
    const rule = parseFaultRule(req.body);
    core.faults.add(rule);
    return json(
      { data: { ...rule, path: rule.path instanceof RegExp ? { regex: rule.path.source } : rule.path } },
      201,
    );
  }
  if (path === '/_sandbox/faults' && method === 'DELETE') {
    core.faults.clear();
    return { status: 204 };
  }
  if (path === '/_sandbox/projects' && method === 'POST') {
    const project = core.createProject((req.body ?? {}) as CreateProjectInput);
    return json({ data: projectPayload(core.state, project) }, 201);
  }
  const phase = /^\/_sandbox\/phases\/(\d+)$/.exec(path);
  if (phase && method === 'PUT') {
    const updated = core.updatePhase(Number(phase[1]), (req.body ?? {}) as UpdatePhaseInput);
    return json({ data: phasePayload(core.state, updated) });
  }
  throw notFound();
}
