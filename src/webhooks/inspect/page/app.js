// The webhook inspector page of `pwctl webhooks listen --inspect`. Plain JavaScript, no
// framework, served by pwctl. Every value from a delivery reaches the page as text
// (textContent, text nodes, attributes that are never URLs): the page's Content-Security-Policy
// also requires Trusted Types, so an innerHTML assignment would throw. Text from a delivery or
// a server that sits among the page's own words is in an element of its own with dir=auto
// (isolated()), so direction marks in it (U+202E and the like) reorder nothing around it.
(() => {
  'use strict';

  const TOKEN_HEADER = 'x-inspector-token';
  const TOKEN_KEY = 'pwctl-inspector-token';
  /** Rows kept in the page; the oldest go first. */
  const MAX_ROWS = 1000;
  /** Details kept for revisiting without a request. */
  const MAX_DETAILS = 50;
  /** Children of one object or array shown before a "show more". */
  const TREE_CHUNK = 200;
  /** Levels of the payload open at first. */
  const OPEN_LEVELS = 3;

  const $ = (id) => document.getElementById(id);
  const app = $('app');
  const list = $('list');
  const detailPane = $('detail');
  const filterInput = $('filter');

  const state = {
    token: readToken(),
    /** id → summary */
    entries: new Map(),
    /** ids, newest first */
    order: [],
    /** id → row element */
    rows: new Map(),
    selected: null,
    filter: '',
    verdict: 'all',
    /** id → detail (a few, most recent last) */
    details: new Map(),
    /** id → [{ at, outcome }] newest first */
    replays: new Map(),
    replaying: new Set(),
    /** id → { to, resign }: what the fields beside Replay say, kept across re-renders */
    replayForms: new Map(),
    view: 'tree',
    receiver: '',
    forwardTo: [],
    skipped: 0,
    everConnected: false,
  };

  // ---- the key ---------------------------------------------------------------------------

  /** The per-run key: from the address `listen` printed (then taken out of the address bar), or kept for reloads of this tab. */
  function readToken() {
    const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (match) {
      try {
        sessionStorage.setItem(TOKEN_KEY, match[1]);
      } catch {
        // Storage off: the key lives as long as the page.
      }
      history.replaceState(null, '', location.pathname);
      return match[1];
    }
    try {
      return sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  }

  function api(path, init = {}) {
    return fetch(path, { ...init, cache: 'no-store', headers: { ...(init.headers || {}), [TOKEN_HEADER]: state.token } });
  }

  // ---- building the page, as text -----------------------------------------------------------

  /** An element; string children become text nodes, never markup. */
  function h(tag, props, ...children) {
    const el = document.createElement(tag);
    if (props) {
      for (const [key, value] of Object.entries(props)) {
        if (value === undefined || value === null || value === false) continue;
        if (key === 'class') el.className = value;
        else if (key === 'text') el.textContent = value;
        else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
        else el.setAttribute(key, value === true ? '' : String(value));
      }
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  /** Props for an element holding text from a delivery or a server: isolated from the text around it (dir=auto, unicode-bidi: isolate). */
  function isolated(props) {
    return { ...props, dir: 'auto' };
  }

  function setText(id, text) {
    $(id).textContent = text;
  }

  /** A command line that wraps only between its words (never inside `--secret-file`). */
  function setCommand(id, text) {
    const words = text.split(' ');
    $(id).replaceChildren(...words.flatMap((word, i) => [i > 0 ? ' ' : null, h('span', { class: 'word' }, word)]).filter((part) => part !== null));
  }

  function formatSize(bytes) {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  }

  const pad = (n, width = 2) => String(n).padStart(width, '0');

  function clock(iso) {
    const d = new Date(iso);
    return { hms: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, ms: `.${pad(d.getMilliseconds(), 3)}` };
  }

  function ago(iso) {
    const s = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
    if (s < 60) return `${s} s ago`;
    if (s < 3600) return `${Math.floor(s / 60)} min ago`;
    return `${Math.floor(s / 3600)} h ago`;
  }

  function toast(...parts) {
    const el = h('div', { class: 'toast' }, ...parts);
    $('toasts').append(el);
    setTimeout(() => el.remove(), 3200);
  }

  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = h('textarea', { 'aria-hidden': 'true' });
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    toast(`Copied ${what}`);
  }

  // ---- the stream --------------------------------------------------------------------------

  let retryMs = 500;

  function setConnection(kind, text) {
    $('conn').dataset.state = kind;
    setText('conn-text', text);
  }

  async function connect() {
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
  function forwardChip(entry) {
    if (entry.forwarded_to.length === 0 || !entry.forwards) return '';
    const done = entry.forwards;
    if (done.length < entry.forwarded_to.length && done.every(good)) return h('span', { class: 'fwd pending', title: 'waiting for the --forward-to target' }, '…');
    const bad = done.find((f) => !good(f));
    const shown = bad || done[0];
    const title = done.map((f) => `${f.target}: ${f.status === null ? f.error : f.status} (${f.ms} ms)`).join('\n');
    return h('span', { class: `fwd ${bad ? 'bad' : 'ok'}`, title }, shown.status === null ? '✕' : String(shown.status));
  }

  function good(result) {
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

  // ---- the list ------------------------------------------------------------------------------

  function rowOf(entry) {
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
  function subscriptionText(entry) {
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

  function matches(entry) {
    if (state.verdict !== 'all' && entry.verdict !== state.verdict) return false;
    return matchesText(entry);
  }

  function matchesText(entry) {
    const q = state.filter;
    if (q === '') return true;
    const hay = [entry.event || 'unknown', entry.reason, entry.id, entry.resource && entry.resource.title, entry.resource && entry.resource.id, entry.subscription_id !== null ? `#${entry.subscription_id}` : null, entry.suggested_subscription_id !== null ? `#${entry.suggested_subscription_id}` : null];
    return hay.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));
  }

  function renderList() {
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

  function updateCounts() {
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

  function updateWaiting() {
    const waiting = state.entries.size === 0;
    app.classList.toggle('is-waiting', waiting && state.receiver !== '');
    $('waiting').hidden = !(waiting && state.receiver !== '');
    $('no-match').hidden = waiting || list.children.length > 0;
  }

  function visibleIds() {
    return Array.from(list.children, (row) => row.dataset.id);
  }

  function select(id, focusList) {
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

  function move(step) {
    const ids = visibleIds();
    if (ids.length === 0) return;
    const at = ids.indexOf(state.selected);
    const next = at < 0 ? 0 : Math.min(ids.length - 1, Math.max(0, at + step));
    select(ids[next], true);
  }

  // ---- the delivery --------------------------------------------------------------------------

  async function showDetail(id) {
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

  /**
   * What the fields beside Replay say for a delivery: at first its one --forward-to target, and
   * not re-signed. A rejected delivery is re-signed only once its re-signing was confirmed
   * (`acknowledged`: `deliveries replay --resign-rejected`), which the listener insists on too.
   */
  function replayForm(entry) {
    let form = state.replayForms.get(entry.id);
    if (!form) {
      form = { to: entry.forwarded_to.length === 1 ? entry.forwarded_to[0] : '', resign: false, acknowledged: false };
      state.replayForms.set(entry.id, form);
    }
    return form;
  }

  /** Ticking re-sign for a rejected delivery: its bytes came from an unverified sender, so ask first. */
  function confirmResignRejected(entry) {
    const subscription = entry.suggested_subscription_id !== null ? `subscription #${entry.suggested_subscription_id}’s stored secret` : 'a stored secret';
    return confirm(
      `This delivery was rejected (${entry.reason}): its bytes came from an unverified sender.\n\n` +
        `Re-signing them with ${subscription} would make them look genuine to your receiver. Re-sign them anyway?`,
    );
  }

  /** Where Replay sends it (`deliveries replay --to`), and whether it signs it anew (`--resign`). */
  function replayFields(entry) {
    const form = replayForm(entry);
    const to = h('input', {
      id: 'replay-to',
      type: 'url',
      placeholder: entry.forwarded_to.length > 1 ? `empty: its ${entry.forwarded_to.length} --forward-to targets` : 'URL to send it to',
      spellcheck: 'false',
      autocomplete: 'off',
      'aria-label': 'Replay to this URL',
      title: entry.forwarded_to.length > 0 ? 'Where to send it; empty: where it was forwarded' : 'Where to send it: the URL of your receiver',
    });
    to.value = form.to;
    to.addEventListener('input', () => {
      form.to = to.value;
      $('replay')?.setAttribute('title', replayTitle(entry));
    });
    to.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') replay(entry.id);
      else if (event.key === 'Escape') list.focus();
      else return;
      event.preventDefault();
    });
    const resign = h('input', { id: 'replay-resign', type: 'checkbox' });
    resign.checked = form.resign;
    resign.addEventListener('change', () => {
      if (resign.checked && entry.verdict === 'rejected' && !confirmResignRejected(entry)) resign.checked = false;
      form.resign = resign.checked;
      form.acknowledged = resign.checked && entry.verdict === 'rejected';
      $('replay')?.setAttribute('title', replayTitle(entry));
    });
    return h(
      'div',
      { class: 'replay-fields' },
      h('label', { class: 'to-label', for: 'replay-to' }, 'to'),
      to,
      h(
        'label',
        {
          class: 'check',
          title:
            entry.verdict === 'rejected'
              ? 'Sign the exact bytes anew with the stored secret of the subscription its shape suggests, as `deliveries replay --resign-rejected` does: they came from an unverified sender, so you are asked to confirm'
              : 'Sign the exact bytes anew with its subscription’s stored secret, as `deliveries replay --resign` does',
        },
        resign,
        're-sign',
      ),
    );
  }

  function replayTitle(entry) {
    const form = replayForm(entry);
    const where = form.to.trim() !== '' ? form.to.trim() : entry.forwarded_to.length > 0 ? entry.forwarded_to.join(', ') : 'the URL typed beside it';
    const how = !form.resign ? 'with the same Signature' : form.acknowledged ? 'signed anew, though they came from an unverified sender' : 'signed anew';
    return `Send the same bytes ${how} to ${where}`;
  }

  function renderDetail(detail, summary) {
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

  function replaysOf(id) {
    const done = state.replays.get(id) || [];
    const items = [];
    done.forEach(({ at, outcome }, index) => {
      if (!outcome.ok) {
        items.push(h('div', { class: 'replay fail' }, h('div', { class: 'line' }, h('span', { class: 'status' }, 'not sent'), h('span', isolated({ class: 'why' }), outcome.reason), h('span', { class: 'meta' }, at))));
        return;
      }
      for (const a of outcome.attempts) {
        const good = a.status !== null && a.status >= 200 && a.status < 300;
        // The newest replay shows what the receiver answered; older ones keep it in their tooltip.
        const answer = a.error || (a.body_excerpt !== null ? a.body_excerpt + (a.body_truncated ? '\n…' : '') : null);
        items.push(
          h(
            'div',
            { class: `replay ${good ? 'ok' : 'fail'}`, title: index > 0 && answer ? answer : null },
            h(
              'div',
              { class: 'line' },
              h('span', { class: 'status' }, a.status === null ? 'failed' : `${a.status} ${a.status_text || ''}`.trim()),
              h('span', isolated({ class: 'target', title: a.target }), a.target),
              a.resigned ? h('span', { class: 'tag resigned', title: 'signed anew with its subscription’s stored secret' }, 're-signed') : null,
              h('span', { class: 'meta' }, `${a.ms} ms · ${at}`),
            ),
            index === 0 && answer ? h('pre', null, answer) : null,
          ),
        );
      }
    });
    if (items.length === 0) return h('div', { class: 'replays', id: 'replays' });
    return h(
      'section',
      { class: 'card replays', id: 'replays' },
      h('header', null, h('h3', null, 'Replays'), h('span', { class: 'meta' }, 'the same bytes, sent again')),
      h('div', null, items),
    );
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

  function setView(view) {
    state.view = view;
    const detail = state.details.get(state.selected);
    if (detail) renderDetail(detail);
  }

  function openAll(open) {
    for (const d of detailPane.querySelectorAll('#payload details')) d.open = open;
  }

  async function copyPayload(detail) {
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

  // ---- the payload as a tree -----------------------------------------------------------------

  function tree(value) {
    return h('div', { class: 'tree' }, node(value, null, 0, true));
  }

  function node(value, key, depth, last) {
    const label = key === null ? null : [h('span', isolated({ class: 'j-key' }), JSON.stringify(key)), h('span', { class: 'j-punct' }, ': ')];
    const comma = last ? null : h('span', { class: 'j-punct' }, ',');
    if (value === null || typeof value !== 'object') return h('div', { class: 'j' }, label, scalar(value), comma);
    const isArray = Array.isArray(value);
    const keys = isArray ? null : Object.keys(value);
    const size = isArray ? value.length : keys.length;
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (size === 0) return h('div', { class: 'j' }, label, h('span', { class: 'j-punct' }, open + close), comma);
    const count = isArray ? `${size} item${size === 1 ? '' : 's'}` : `${size} key${size === 1 ? '' : 's'}`;
    const details = h(
      'details',
      { open: depth < OPEN_LEVELS },
      h('summary', null, label, h('span', { class: 'j-punct' }, open), h('span', { class: 'close-inline' }, h('span', { class: 'j-punct' }, ` … ${close}`), comma), h('span', { class: 'summary-count' }, count)),
    );
    const kids = h('div', { class: 'kids' });
    const fill = (from) => {
      const to = Math.min(size, from + TREE_CHUNK);
      for (let i = from; i < to; i++) kids.append(isArray ? node(value[i], null, depth + 1, i === size - 1) : node(value[keys[i]], keys[i], depth + 1, i === size - 1));
      if (to < size) {
        const more = h('button', { type: 'button', class: 'btn small more' }, `Show ${Math.min(TREE_CHUNK, size - to)} more of ${size - to}`);
        more.addEventListener('click', () => {
          more.remove();
          fill(to);
        });
        kids.append(more);
      }
    };
    fill(0);
    details.append(kids, h('div', null, h('span', { class: 'j-punct' }, close), comma));
    return details;
  }

  function scalar(value) {
    if (typeof value === 'string') return h('span', isolated({ class: 'j-str' }), JSON.stringify(value));
    if (typeof value === 'number') return h('span', { class: 'j-num' }, String(value));
    if (typeof value === 'boolean') return h('span', { class: 'j-bool' }, String(value));
    return h('span', { class: 'j-null' }, 'null');
  }

  // ---- replay --------------------------------------------------------------------------------

  async function replay(id) {
    if (!id || state.replaying.has(id)) return;
    const entry = state.entries.get(id);
    if (!entry) return;
    // What the fields say, as `deliveries replay --to <url> --resign` would: the listener checks the URL.
    const form = replayForm(entry);
    const to = form.to.trim();
    const options = { resign: form.resign };
    // The listener re-signs a rejected delivery only with this acknowledgement (`--resign-rejected`).
    if (form.resign && form.acknowledged) options.resign_rejected = true;
    const body = JSON.stringify(to === '' ? options : { to, ...options });
    state.replaying.add(id);
    refreshDetail(id);
    let outcome;
    try {
      const res = await api(`/api/deliveries/${encodeURIComponent(id)}/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (res.status === 401) return gate('stale');
      if (res.ok) outcome = await res.json();
      else if (res.status === 400) outcome = { ok: false, reason: (await res.text()).trim() };
      else outcome = { ok: false, reason: `the listener answered ${res.status}` };
    } catch {
      outcome = { ok: false, reason: 'the listener did not answer: is it still running?' };
    } finally {
      state.replaying.delete(id);
    }
    const { hms } = clock(new Date().toISOString());
    const done = state.replays.get(id) || [];
    done.unshift({ at: hms, outcome });
    state.replays.set(id, done.slice(0, 10));
    refreshDetail(id);
    if (!outcome.ok) toast('Not replayed: ', h('span', isolated(), outcome.reason));
    else toast(outcome.attempts.flatMap((a, i) => [i > 0 ? '; ' : null, h('span', isolated(), a.target), a.status === null ? ': failed' : `: ${a.status} ${a.status_text || ''}`]));
  }

  function refreshDetail(id) {
    if (state.selected !== id) return;
    const detail = state.details.get(id);
    if (detail) renderDetail(detail);
    else renderDetail(null, state.entries.get(id));
  }

  // ---- without the key -----------------------------------------------------------------------

  function gate(kind) {
    app.classList.add('is-gated');
    $('gate').hidden = false;
    $('waiting').hidden = true;
    setConnection('down', kind === 'stale' ? 'not this run' : 'no key');
    if (kind === 'stale') {
      setText('gate-title', 'This page belongs to another run of the listener');
      setText('gate-text', 'Open the address that the running `pwctl webhooks listen --inspect` printed: it carries that run’s key.');
    } else {
      setText('gate-title', 'Open the address the listener printed');
      setText('gate-text', 'This page shows deliveries only with the key in the address `pwctl webhooks listen --inspect` printed (it ends in #token=…).');
    }
  }

  // ---- controls and keys -----------------------------------------------------------------------

  filterInput.addEventListener('input', () => {
    state.filter = filterInput.value.trim().toLowerCase();
    renderList();
  });
  filterInput.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      if (filterInput.value !== '') {
        filterInput.value = '';
        state.filter = '';
        renderList();
      } else {
        list.focus();
      }
      event.preventDefault();
    } else if (event.key === 'ArrowDown' || event.key === 'Enter') {
      const first = visibleIds()[0];
      if (first) select(first, true);
      event.preventDefault();
    }
  });
  $('clear-filter').addEventListener('click', () => {
    filterInput.value = '';
    state.filter = '';
    setVerdict('all');
  });
  for (const button of $('verdicts').querySelectorAll('button')) button.addEventListener('click', () => setVerdict(button.dataset.verdict));
  $('copy-receiver').addEventListener('click', () => copy(state.receiver, 'the address'));

  function setVerdict(verdict) {
    state.verdict = verdict;
    for (const button of $('verdicts').querySelectorAll('button')) button.setAttribute('aria-checked', String(button.dataset.verdict === verdict));
    renderList();
  }

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // A checkbox takes no letters: r still replays from the re-sign box.
    const typing = (target instanceof HTMLInputElement && target.type !== 'checkbox') || target instanceof HTMLTextAreaElement;
    if (typing) return;
    const inDetail = detailPane.contains(target);
    switch (event.key) {
      case '/':
        filterInput.focus();
        filterInput.select();
        break;
      case 'ArrowDown':
      case 'j':
        if (inDetail && event.key === 'ArrowDown') return;
        move(1);
        break;
      case 'ArrowUp':
      case 'k':
        if (inDetail && event.key === 'ArrowUp') return;
        move(-1);
        break;
      case 'Home':
        if (inDetail) return;
        move(-Infinity);
        break;
      case 'End':
        if (inDetail) return;
        move(Infinity);
        break;
      case 'Enter':
        if (target instanceof HTMLButtonElement || target instanceof HTMLElement && target.tagName === 'SUMMARY') return;
        if (state.selected === null) move(0);
        if (state.selected !== null) {
          showDetail(state.selected);
          detailPane.focus();
        }
        break;
      case 'Escape':
        list.focus();
        break;
      case 'r':
        replay(state.selected);
        break;
      case 't':
        setView(state.view === 'tree' ? 'raw' : 'tree');
        break;
      case 'c': {
        const detail = state.details.get(state.selected);
        if (detail) copyPayload(detail);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  });

  // ---- start ---------------------------------------------------------------------------------

  if (!state.token) gate('missing');
  else connect();
})();
