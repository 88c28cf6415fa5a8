// Building the inspector page, as text: elements whose string children become text nodes,
// never markup, and the small formatting helpers the page's parts share.

export const $ = (id) => document.getElementById(id);

/** An element; string children become text nodes, never markup. */
export function h(tag, props, ...children) {
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
export function isolated(props) {
  return { ...props, dir: 'auto' };
}

export function setText(id, text) {
  $(id).textContent = text;
}

/** A command line that wraps only between its words (never inside `--secret-file`). */
export function setCommand(id, text) {
  const words = text.split(' ');
  $(id).replaceChildren(...words.flatMap((word, i) => [i > 0 ? ' ' : null, h('span', { class: 'word' }, word)]).filter((part) => part !== null));
}

export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

export function clock(iso) {
  const d = new Date(iso);
  return { hms: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`, ms: `.${pad(d.getMilliseconds(), 3)}` };
}

export function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

export function toast(...parts) {
  const el = h('div', { class: 'toast' }, ...parts);
  $('toasts').append(el);
  setTimeout(() => el.remove(), 3200);
}

export async function copy(text, what) {
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
