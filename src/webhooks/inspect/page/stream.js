// The listener's event stream: deliveries as they arrive and as their relays end, added to the
// list; reconnecting, with a growing pause, when the stream ends.
import { refreshDetail } from './detail.js';
import { $, h, setCommand, setText } from './dom.js';
import { matches, rowOf, select, updateCounts, updateWaiting, visibleIds } from './list.js';
import { api, gate, list, MAX_ROWS, setConnection, state } from './session.js';

let retryMs = 500;

export async function connect() {
  setConnection(state.everConnected ? 'reconnecting' : 'connecting', state.everConnected ? 'reconnecting…' : 'connecting…');
  let res;
  try {
    res = await api('/api/stream');
  } catch {
    return retry();
  }
  if (res.status === 401) return gate('stale');
  if (res.status === 503) return retry('too many pages open: close one');
  if (!res.ok || !res.body) return retry();
  state.everConnected = true;
  retryMs = 500;
  setConnection('live', 'live');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch {
      break;
    }
    if (chunk.done) break;
    buffer += chunk.value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      handleEvent(block);
    }
  }
  retry();
}

function retry(why) {
  if (why) setConnection('down', why);
  else setConnection(state.everConnected ? 'down' : 'reconnecting', state.everConnected ? 'listener stopped? retrying…' : 'connecting…');
  setTimeout(connect, retryMs);
  retryMs = Math.min(retryMs * 2, 5000);
}

function handleEvent(block) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    if (line.startsWith('event: ')) name = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return;
  const message = JSON.parse(data.join('\n'));
  if (name === 'hello') hello(message);
  else if (name === 'entries') arrived(message.entries, message.skipped);
  else if (name === 'forwards') relayed(message.updates);
}

function hello(message) {
  state.receiver = message.receiver;
  state.forwardTo = message.forward_to || [];
  setText('receiver', state.receiver);
  setText('waiting-url', state.receiver);
  $('route').hidden = false;
  if (state.forwardTo.length > 0) {
    $('forward').hidden = false;
    setText('forward-url', state.forwardTo.join(', '));
  }
  // listen's ready-made line when it has one (trigger finds this listener and the stored secret), else the whole form.
  setCommand('cmd-trigger', message.trigger_command || `pwctl webhooks trigger task.completed --to ${state.receiver} --secret-file <file>`);
  setCommand('cmd-create', `pwctl webhooks create --url ${state.receiver} --event task.completed --company <id>`);
  // The newest deliveries, oldest first, as if they had just arrived (a reconnect adds what it missed).
  const fresh = message.entries.filter((e) => !state.entries.has(e.id)).reverse();
  add(fresh, false);
}

function arrived(entries, skipped) {
  if (skipped > 0) {
    state.skipped += skipped;
    const notice = $('notice');
    notice.hidden = false;
    notice.textContent = `${state.skipped.toLocaleString()} deliveries arrived too fast to list here`;
  }
  add(entries.filter((e) => !state.entries.has(e.id)), true);
}

/** Relays that ended: what the receiver being built answered. */
function relayed(updates) {
  for (const { id, forwards } of updates) {
    const entry = state.entries.get(id);
    if (!entry) continue;
    entry.forwards = forwards;
    const detail = state.details.get(id);
    if (detail) detail.forwards = forwards;
    const row = state.rows.get(id);
    if (row) row.querySelector('.fwd-cell').replaceChildren(forwardChip(entry));
    if (state.selected === id) refreshDetail(id);
  }
}

/** The receiver's answer to the relay, in a word: its status, … while waiting, ✕ when none came. */
export function forwardChip(entry) {
  if (entry.forwarded_to.length === 0 || !entry.forwards) return '';
  const done = entry.forwards;
  if (done.length < entry.forwarded_to.length && done.every(good)) return h('span', { class: 'fwd pending', title: 'waiting for the --forward-to target' }, '…');
  const bad = done.find((f) => !good(f));
  const shown = bad || done[0];
  const title = done.map((f) => `${f.target}: ${f.status === null ? f.error : f.status} (${f.ms} ms)`).join('\n');
  return h('span', { class: `fwd ${bad ? 'bad' : 'ok'}`, title }, shown.status === null ? '✕' : String(shown.status));
}

export function good(result) {
  return result.status !== null && result.status >= 200 && result.status < 300;
}

/** Add entries (oldest first) at the top of the list. */
function add(entries, live) {
  for (const entry of entries) {
    state.entries.set(entry.id, entry);
    state.order.unshift(entry.id);
    const row = rowOf(entry);
    if (live) row.classList.add('arrived');
    state.rows.set(entry.id, row);
    if (matches(entry)) list.prepend(row);
  }
  while (state.order.length > MAX_ROWS) {
    const id = state.order.pop();
    state.entries.delete(id);
    state.rows.get(id)?.remove();
    state.rows.delete(id);
    state.details.delete(id);
    state.replays.delete(id);
    state.replayForms.delete(id);
  }
  updateCounts();
  updateWaiting();
  if (state.selected === null) {
    const first = visibleIds()[0];
    if (first) select(first);
  }
}
