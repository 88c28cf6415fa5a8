// A JSON payload as a tree: the first levels open, long objects and arrays shown a chunk at a time.
import { h, isolated } from './dom.js';
import { OPEN_LEVELS, TREE_CHUNK } from './session.js';

export function tree(value) {
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
