// /api/v1/webhooks: subscriptions, returned directly (no data envelope) except in the list.
import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS } from '../../../api/types.js';
import { isManagerOf, isMemberOf } from '../../access.js';
import { nowTimestamp } from '../../clock.js';
import { forbidden, notFound, validationFailed, type FieldErrors } from '../../http-error.js';
import { paginateWebhooks, parsePageQuery } from '../../pagination.js';
import { defineRoute, idParam, noContent, ok, type ApiContext, type ApiRoute } from '../../routing.js';
import { takeId } from '../../state.js';
import { BodyValidator, bodyObject, queryInteger } from '../../validate.js';
import { presentWebhook } from './present.js';
import type { WebhookRecord } from './records.js';

const MANAGER_ONLY = 'Managing webhook subscriptions requires the manager role on the company.';

function findWebhook(ctx: ApiContext): WebhookRecord {
  const hook = ctx.state.webhooks[idParam(ctx)];
  if (!hook || !isMemberOf(ctx.user, hook.company_id)) throw notFound('Webhook subscription not found.');
  return hook;
}

function listWebhooks(ctx: ApiContext) {
  const errors: FieldErrors = {};
  const companyId = queryInteger(ctx.query, 'company_id', errors);
  const page = parsePageQuery(ctx.query, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (companyId !== undefined && !isMemberOf(ctx.user, companyId)) {
    throw forbidden('You do not have access to this company.');
  }
  const hooks = Object.values(ctx.state.webhooks).filter(
    (h) => isMemberOf(ctx.user, h.company_id) && (companyId === undefined || h.company_id === companyId),
  );
  return ok(paginateWebhooks(hooks, page, ctx.url, (h) => presentWebhook(ctx.state, h, { company: true })));
}

function createWebhook(ctx: ApiContext) {
  const v = new BodyValidator(bodyObject(ctx.body));
  const url = v.url('url', { required: true });
  const event = v.oneOf('event', WEBHOOK_EVENTS, { required: true });
  const companyId = v.integer('company_id', { required: true });
  v.check();
  if (!isMemberOf(ctx.user, companyId as number)) throw forbidden('You do not belong to this company.');
  if (!isManagerOf(ctx.user, companyId as number)) throw forbidden(MANAGER_ONLY);

  const now = nowTimestamp();
  const hook: WebhookRecord = {
    id: takeId(ctx.state, 'webhook'),
    url: url as string,
    event: event as WebhookRecord['event'],
    company_id: companyId as number,
    active: true,
    secret: randomBytes(32).toString('hex'),
    created_at: now,
    updated_at: now,
  };
  ctx.state.webhooks[hook.id] = hook;
  return ok(presentWebhook(ctx.state, hook, { secret: true }), 201);
}

function updateWebhook(ctx: ApiContext) {
  const hook = findWebhook(ctx);
  if (!isManagerOf(ctx.user, hook.company_id)) throw forbidden(MANAGER_ONLY);
  const v = new BodyValidator(bodyObject(ctx.body));
  const url = v.url('url');
  const active = v.boolean('active');
  v.prohibit(['event', 'company_id'], 'is fixed after creation');
  v.prohibit(['secret'], 'cannot be changed');
  v.check();
  if (url !== undefined) hook.url = url;
  if (active !== undefined) hook.active = active;
  hook.updated_at = nowTimestamp();
  return ok(presentWebhook(ctx.state, hook, { company: true }));
}

function deleteWebhook(ctx: ApiContext) {
  const hook = findWebhook(ctx);
  if (!isManagerOf(ctx.user, hook.company_id)) throw forbidden(MANAGER_ONLY);
  delete ctx.state.webhooks[hook.id];
  return noContent();
}

export const webhookRoutes: ApiRoute[] = [
  defineRoute('GET', '/api/v1/webhooks', listWebhooks),
  defineRoute('POST', '/api/v1/webhooks', createWebhook),
  defineRoute('GET', '/api/v1/webhooks/:id', (ctx) =>
    ok(presentWebhook(ctx.state, findWebhook(ctx), { company: true })),
  ),
  defineRoute('PUT', '/api/v1/webhooks/:id', updateWebhook),
  defineRoute('DELETE', '/api/v1/webhooks/:id', deleteWebhook),
];
