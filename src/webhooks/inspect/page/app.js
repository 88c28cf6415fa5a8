// The webhook inspector page of `pwctl webhooks listen --inspect`. Plain JavaScript, no
// framework, served by pwctl. Every value from a delivery reaches the page as text
// (textContent, text nodes, attributes that are never URLs): the page's Content-Security-Policy
// also requires Trusted Types, so an innerHTML assignment would throw. Text from a delivery or
// a server that sits among the page's own words is in an element of its own with dir=auto
// (isolated()), so direction marks in it (U+202E and the like) reorder nothing around it.
// The page is ES modules, a part each (./session.js, ./stream.js, ./list.js, ./detail.js,
// ./replay.js, ./tree.js, ./dom.js); this one wires the controls and keys, then starts.
import { copyPayload, setView, showDetail } from './detail.js';
import { $, copy } from './dom.js';
import { move, renderList, select, visibleIds } from './list.js';
import { replay } from './replay.js';
import { detailPane, filterInput, gate, list, state } from './session.js';
import { connect } from './stream.js';

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

if (!state.token) gate('missing');
else connect();
