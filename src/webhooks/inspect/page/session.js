// What the whole page shares: its limits, its elements, its state, the per-run key the API
// asks for, and the connection indicator and gate that say when the key is missing or stale.
import { $, setText } from './dom.js';

const TOKEN_HEADER = 'x-inspector-token';
const TOKEN_KEY = 'pwctl-inspector-token';
/** Rows kept in the page; the oldest go first. */
export const MAX_ROWS = 1000;
/** Details kept for revisiting without a request. */
export const MAX_DETAILS = 50;
/** Children of one object or array shown before a "show more". */
export const TREE_CHUNK = 200;
/** Levels of the payload open at first. */
export const OPEN_LEVELS = 3;

export const app = $('app');
export const list = $('list');
export const detailPane = $('detail');
export const filterInput = $('filter');

export const state = {
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

export function api(path, init = {}) {
  return fetch(path, { ...init, cache: 'no-store', headers: { ...(init.headers || {}), [TOKEN_HEADER]: state.token } });
}

export function setConnection(kind, text) {
  $('conn').dataset.state = kind;
  setText('conn-text', text);
}

export function gate(kind) {
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
