// The list of deliveries: a row each, the filter and the verdict tabs, the counts, and which
// delivery is open.
import { showDetail } from './detail.js';
import { $, clock, formatSize, h, isolated, setText } from './dom.js';
import { app, detailPane, list, state } from './session.js';
import { forwardChip } from './stream.js';

export function rowOf(entry) {
  const { hms, ms } = clock(entry.received_at);
  const rejected = entry.verdict === 'rejected';
  const what = rejected
    ? h('span', { class: 'what' }, h('span', { class: 'reason', title: entry.reason }, entry.reason))
    : h(
        'span',
        { class: 'what' },
        entry.resource && entry.resource.id !== null ? h('span', isolated({ class: 'rid' }), `#${entry.resource.id}`) : null,
        entry.resource && entry.resource.title !== null ? h('span', isolated({ class: 'title', title: entry.resource.title }), entry.resource.title) : null,
        entry.duplicate ? h('span', { class: 'tag dup', title: 'already seen: the same resource and timestamps' }, 'duplicate') : null,
      );

  return h(
    'li',
    { class: 'row', role: 'option', 'aria-selected': 'false', 'data-id': entry.id, 'data-verdict': entry.verdict, onclick: () => select(entry.id) },
    h('span', { class: `mark ${entry.verdict}`, title: rejected ? 'rejected' : 'verified' }, rejected ? '✕' : '✓'),
    h('span', { class: 'time', title: entry.received_at }, hms, h('span', { class: 'ms' }, ms)),
    eventLabel(entry),
    what,
    h('span', { class: 'sub-cell' }, subscriptionTag(entry)),
    h('span', { class: 'fwd-cell' }, forwardChip(entry)),
    h('span', { class: 'size' }, formatSize(entry.size)),
  );
}

/** The subscription whose secret verified it; for a rejection, marked as a guess, the one its shape suggests. */
function subscriptionTag(entry) {
  if (entry.subscription_id !== null) return h('span', { class: 'tag sub', title: `#${entry.subscription_id}: the subscription whose secret verified it` }, `#${entry.subscription_id}`);
  if (entry.suggested_subscription_id === null) return null;
  const id = entry.suggested_subscription_id;
  return h('span', { class: 'tag sub guess', title: `#${id}? a guess: the subscription whose event its shape suggests; no secret verified its sender` }, `#${id}?`);
}

/** The subscription in words, for the delivery's facts. */
export function subscriptionText(entry) {
  if (entry.subscription_id !== null) return `#${entry.subscription_id}`;
  if (entry.suggested_subscription_id !== null) return `#${entry.suggested_subscription_id}? (a guess from its shape: not verified)`;
  return '—';
}

/** A rejected delivery's event is only what its payload's shape suggests. */
function eventLabel(entry) {
  if (!entry.event) return h('span', { class: 'event unknown', title: 'neither a subscription nor the payload names the event' }, 'unknown');
  const kind = entry.event.split('.')[0];
  if (entry.verdict === 'rejected') return h('span', { class: 'event inferred', 'data-kind': kind, title: "not verified: what the payload's shape suggests" }, `${entry.event}?`);
  return h('span', { class: 'event', 'data-kind': kind, title: entry.event }, entry.event);
}

export function matches(entry) {
  if (state.verdict !== 'all' && entry.verdict !== state.verdict) return false;
  return matchesText(entry);
}

function matchesText(entry) {
  const q = state.filter;
  if (q === '') return true;
  const hay = [entry.event || 'unknown', entry.reason, entry.id, entry.resource && entry.resource.title, entry.resource && entry.resource.id, entry.subscription_id !== null ? `#${entry.subscription_id}` : null, entry.suggested_subscription_id !== null ? `#${entry.suggested_subscription_id}` : null];
  return hay.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));
}

export function renderList() {
  const rows = [];
  for (const id of state.order) {
    const entry = state.entries.get(id);
    if (matches(entry)) rows.push(state.rows.get(id));
  }
  list.replaceChildren(...rows);
  // A delivery the filter hides is not left open beside a list that no longer shows it.
  if (state.selected !== null && !matches(state.entries.get(state.selected))) deselect();
  updateCounts();
  updateWaiting();
}

function deselect() {
  state.rows.get(state.selected)?.setAttribute('aria-selected', 'false');
  state.selected = null;
  delete detailPane.dataset.id;
  detailPane.replaceChildren(h('div', { class: 'placeholder', id: 'no-delivery' }, h('p', null, 'No delivery open.'), h('p', null, 'Pick one from the list.')));
}

export function updateCounts() {
  let all = 0;
  let verified = 0;
  let rejected = 0;
  for (const entry of state.entries.values()) {
    if (!matchesText(entry)) continue;
    all++;
    if (entry.verdict === 'verified') verified++;
    else rejected++;
  }
  setText('count-all', String(all));
  setText('count-verified', String(verified));
  setText('count-rejected', String(rejected));
}

export function updateWaiting() {
  const waiting = state.entries.size === 0;
  app.classList.toggle('is-waiting', waiting && state.receiver !== '');
  $('waiting').hidden = !(waiting && state.receiver !== '');
  $('no-match').hidden = waiting || list.children.length > 0;
}

export function visibleIds() {
  return Array.from(list.children, (row) => row.dataset.id);
}

export function select(id, focusList) {
  if (state.selected !== null) state.rows.get(state.selected)?.setAttribute('aria-selected', 'false');
  state.selected = id;
  const row = state.rows.get(id);
  if (row) {
    row.setAttribute('aria-selected', 'true');
    row.scrollIntoView({ block: 'nearest' });
  }
  if (focusList) list.focus();
  showDetail(id);
}

export function move(step) {
  const ids = visibleIds();
  if (ids.length === 0) return;
  const at = ids.indexOf(state.selected);
  const next = at < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step));
  select(ids[next], true);
}
