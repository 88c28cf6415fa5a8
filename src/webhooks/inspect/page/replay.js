// Replay: the fields beside the button (where to, whether to sign anew), sending it through the
// listener, and the list of what each replay's targets answered.
import { refreshDetail } from './detail.js';
import { $, clock, h, isolated, toast } from './dom.js';
import { api, gate, list, state } from './session.js';

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
export function replayFields(entry) {
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

export function replayTitle(entry) {
  const form = replayForm(entry);
  const where = form.to.trim() !== '' ? form.to.trim() : entry.forwarded_to.length > 0 ? entry.forwarded_to.join(', ') : 'the URL typed beside it';
  const how = !form.resign ? 'with the same Signature' : form.acknowledged ? 'signed anew, though they came from an unverified sender' : 'signed anew';
  return `Send the same bytes ${how} to ${where}`;
}

export function replaysOf(id) {
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

export async function replay(id) {
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
