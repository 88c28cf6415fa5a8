// The open delivery: its head and facts, why it was refused, its replays, its payload (a tree
// or raw) and its headers, fetched once and kept for a few deliveries.
import { $, ago, clock, copy, formatSize, h, isolated, toast } from './dom.js';
import { subscriptionText } from './list.js';
import { replay, replayFields, replaysOf, replayTitle } from './replay.js';
import { api, detailPane, gate, MAX_DETAILS, state } from './session.js';
import { good } from './stream.js';
import { tree } from './tree.js';

export async function showDetail(id) {
  const entry = state.entries.get(id);
  if (!entry) return;
  const cached = state.details.get(id);
  if (cached) return renderDetail(cached);
  renderDetail(null, entry);
  let res;
  try {
    res = await api(`/api/deliveries/${encodeURIComponent(id)}`);
  } catch {
    if (state.selected === id) renderGone(entry, 'The listener did not answer: is it still running?');
    return;
  }
  if (res.status === 401) return gate('stale');
  if (!res.ok) {
    if (state.selected === id) renderGone(entry, res.status === 404 ? 'This delivery is no longer kept: the listener keeps only the newest ones.' : `The listener answered ${res.status}.`);
    return;
  }
  const detail = await res.json();
  state.details.set(id, detail);
  if (state.details.size > MAX_DETAILS) state.details.delete(state.details.keys().next().value);
  if (state.selected === id) renderDetail(detail);
}

function renderGone(entry, text) {
  detailPane.replaceChildren(headOf(entry), h('div', { class: 'reason-box' }, h('p', null, text)));
}

function headOf(entry) {
  const rejected = entry.verdict === 'rejected';
  const busy = state.replaying.has(entry.id);
  return h(
    'div',
    null,
    h(
      'div',
      { class: 'head' },
      h('span', { class: `pill ${entry.verdict}` }, rejected ? '✕ Rejected' : '✓ Verified'),
      h('h2', { class: entry.event ? null : 'unknown' }, entry.event || 'unknown event'),
      rejected && entry.event ? h('span', { class: 'inferred-note' }, "by the payload's shape") : null,
      entry.duplicate ? h('span', { class: 'pill dup', title: 'already seen: the same resource and timestamps' }, 'duplicate') : null,
      h(
        'div',
        { class: 'replay-bar' },
        replayFields(entry),
        h(
          'button',
          { type: 'button', class: `btn primary${busy ? ' busy' : ''}`, id: 'replay', disabled: busy, title: replayTitle(entry), onclick: () => replay(entry.id) },
          busy ? 'Replaying…' : 'Replay',
          busy ? null : h('kbd', null, 'r'),
        ),
      ),
    ),
    entry.resource && entry.resource.title !== null ? h('p', isolated({ class: 'resource-title' }), entry.resource.title) : null,
  );
}

export function renderDetail(detail, summary) {
  const entry = detail || summary;
  const { hms, ms } = clock(entry.received_at);
  const facts = h(
    'dl',
    { class: 'facts' },
    fact('Received', `${hms}${ms}`, `${new Date(entry.received_at).toString()} (${ago(entry.received_at)})`),
    fact('Subscription', subscriptionText(entry)),
    fact('Size', formatSize(entry.size), `${entry.size.toLocaleString()} bytes`),
    fact('Request', [`${entry.method} `, h('span', isolated(), entry.path)]),
    fact('Resource', entry.resource && entry.resource.id !== null ? `#${entry.resource.id}` : '—'),
    fact('Delivery id', entry.id),
    entry.forwarded_to.length > 0 ? h('div', { class: 'wide' }, h('dt', null, 'Forwarded to'), entry.forwarded_to.map((target) => forwardLine(entry, target))) : null,
  );
  const parts = [headOf(entry), facts];
  if (entry.verdict === 'rejected') parts.push(reasonBox(detail || entry));
  parts.push(replaysOf(entry.id));
  if (!detail) {
    parts.push(h('section', { class: 'card' }, h('header', null, h('h3', null, 'Payload')), h('div', { class: 'card-body' }, h('p', { class: 'meta' }, 'Loading…'))));
  } else {
    parts.push(payloadCard(detail), headersCard(detail));
  }
  const top = detailPane.scrollTop;
  const sameDelivery = detailPane.dataset.id === entry.id;
  // A relay that ends while someone types a URL re-renders the pane: the field keeps its focus and caret.
  const active = document.activeElement;
  const field = sameDelivery && active instanceof HTMLInputElement && detailPane.contains(active) ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  detailPane.dataset.id = entry.id;
  detailPane.replaceChildren(...parts);
  if (sameDelivery) detailPane.scrollTop = top;
  if (field) {
    const again = $(field.id);
    if (again) {
      again.focus();
      if (field.start !== null && again.type !== 'checkbox') {
        try {
          again.setSelectionRange(field.start, field.end);
        } catch {
          // type=url fields allow no selection ranges in some browsers: the caret goes to the end.
        }
      }
    }
  }
}

/** A --forward-to target, and what it answered to the relay. */
function forwardLine(entry, target) {
  const result = (entry.forwards || []).find((f) => f.target === target);
  let answer = null;
  if (result) {
    answer = h('span', { class: `fwd ${good(result) ? 'ok' : 'bad'}` }, result.status === null ? 'failed' : String(result.status));
  } else if (entry.forwards) {
    answer = h('span', { class: 'fwd pending' }, '…');
  }
  return h(
    'dd',
    { class: 'forward' },
    answer,
    h('span', isolated({ class: 'target' }), target),
    result ? h('span', isolated({ class: 'meta' }), result.status === null ? result.error : `${result.ms} ms`) : null,
  );
}

function fact(label, value, title, wide) {
  return h('div', { class: wide ? 'wide' : null }, h('dt', null, label), h('dd', { title: title || null }, value));
}

function reasonBox(entry) {
  return h('div', { class: 'reason-box' }, h('strong', null, 'Rejected: '), entry.reason, h('p', null, hintFor(entry)));
}

/** What a developer looking at a 401 (or 413) wants to know next. */
function hintFor(entry) {
  const reason = entry.reason || '';
  // The inbox's reasons (src/webhooks/inbox/make-entry.ts, KEPT_REJECTIONS).
  if (reason === 'no signature') return ['The service signs every delivery: its Signature header is the hex HMAC-SHA256 of the body under the subscription’s secret. ', h('code', null, 'pwctl webhooks trigger'), ' sends signed test deliveries.'];
  if (reason === 'malformed signature') return 'A Signature is 64 hex characters: the HMAC-SHA256 of the exact body.';
  if (reason.startsWith('body over')) return 'The body was not read. Start listen with a larger --max-body if deliveries really are this large.';
  if (reason === 'no secret matches') {
    const shape = entry.body_parses && entry.event ? `The body is JSON shaped like a ${entry.event} payload${entry.suggested_subscription_id !== null ? ` (subscription #${entry.suggested_subscription_id} is of that event)` : ''}. ` : '';
    return [shape, 'Was it signed with a secret this listener does not know, or changed on the way? Give listen the secret with --secret-file; ', h('code', null, 'pwctl webhooks verify'), ' checks one body against one secret.'];
  }
  return null;
}

function payloadCard(detail) {
  const body = h('div', { class: 'card-body', id: 'payload' });
  const parsed = detail.body_truncated ? undefined : parseJson(detail.body);
  const canTree = parsed !== undefined;
  const view = canTree ? state.view : 'raw';
  if (detail.size > 0 && detail.body === '' && !detail.body_truncated) {
    body.append(h('p', { class: 'meta' }, 'The body was not kept (it was refused before it was read).'));
  } else if (detail.size === 0) {
    body.append(h('p', { class: 'meta' }, 'Empty body.'));
  } else {
    if (detail.body_truncated) {
      body.append(
        h(
          'div',
          { class: 'note' },
          `Showing the first ${formatSize(new TextEncoder().encode(detail.body).length)} of ${formatSize(detail.size)}.`,
          h('button', { type: 'button', class: 'btn small', id: 'show-all', onclick: () => showAll(detail.id) }, 'Show all'),
        ),
      );
    }
    if (!detail.body_utf8) body.append(h('div', { class: 'note' }, 'The body is not UTF-8 text; bytes that are not are shown as �.'));
    body.append(view === 'tree' ? tree(parsed) : h('pre', { class: 'raw' }, detail.body));
  }
  const toggle = h(
    'div',
    { class: 'seg', role: 'radiogroup', 'aria-label': 'Payload view' },
    h('button', { type: 'button', role: 'radio', 'aria-checked': String(view === 'tree'), disabled: !canTree, title: canTree ? 'formatted (t)' : 'the body is not JSON', onclick: () => setView('tree') }, 'Tree'),
    h('button', { type: 'button', role: 'radio', 'aria-checked': String(view === 'raw'), onclick: () => setView('raw') }, 'Raw'),
  );
  return h(
    'section',
    { class: 'card' },
    h(
      'header',
      null,
      h('h3', null, 'Payload'),
      h('span', { class: 'meta' }, `${formatSize(detail.size)}${canTree ? ' · JSON' : ''}`),
      h('span', { class: 'spacer' }),
      view === 'tree' ? h('button', { type: 'button', class: 'btn small', onclick: () => openAll(true) }, 'Expand all') : null,
      view === 'tree' ? h('button', { type: 'button', class: 'btn small', onclick: () => openAll(false) }, 'Collapse') : null,
      toggle,
      h('button', { type: 'button', class: 'btn small', id: 'copy-payload', onclick: () => copyPayload(detail) }, 'Copy'),
    ),
    body,
  );
}

function headersCard(detail) {
  return h(
    'section',
    { class: 'card' },
    h(
      'header',
      null,
      h('h3', null, 'Headers'),
      h('span', { class: 'meta' }, String(detail.headers.length)),
      h('span', { class: 'spacer' }),
      h('button', { type: 'button', class: 'btn small', onclick: () => copy(detail.headers.map(([n, v]) => `${n}: ${v}`).join('\n'), 'the headers') }, 'Copy'),
    ),
    h('div', { class: 'card-body flush' }, h('table', { class: 'headers' }, h('tbody', null, detail.headers.map(([name, value]) => h('tr', null, h('td', isolated(), name), h('td', isolated(), value)))))),
  );
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function setView(view) {
  state.view = view;
  const detail = state.details.get(state.selected);
  if (detail) renderDetail(detail);
}

function openAll(open) {
  for (const d of detailPane.querySelectorAll('#payload details')) d.open = open;
}

export async function copyPayload(detail) {
  if (!detail.body_truncated) return copy(detail.body, 'the payload');
  const res = await api(`/api/deliveries/${encodeURIComponent(detail.id)}/body`);
  if (res.ok) copy(await res.text(), 'the payload');
}

async function showAll(id) {
  const res = await api(`/api/deliveries/${encodeURIComponent(id)}/body`);
  if (!res.ok) return toast(`The listener answered ${res.status}`);
  const detail = state.details.get(id);
  if (!detail) return;
  detail.body = await res.text();
  detail.body_truncated = false;
  if (state.selected === id) renderDetail(detail);
}

export function refreshDetail(id) {
  if (state.selected !== id) return;
  const detail = state.details.get(id);
  if (detail) renderDetail(detail);
  else renderDetail(null, state.entries.get(id));
}
