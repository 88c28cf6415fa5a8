// The inspector page's files, embedded in the bundle as text (the build's text loader:
// scripts/build.mjs; vitest.config.ts does the same for tests), so the page works offline
// and is served from pwctl itself, by the path the page asks for.
import html from './page/index.html';
import appCss from './page/app.css';
import deliveryCss from './page/delivery.css';
import listCss from './page/list.css';
import pageStatesCss from './page/page-states.css';
import app from './page/app.js';
import detail from './page/detail.js';
import dom from './page/dom.js';
import list from './page/list.js';
import replay from './page/replay.js';
import session from './page/session.js';
import stream from './page/stream.js';
import tree from './page/tree.js';
import icon from './page/icon.svg';

export interface PageAsset {
  type: string;
  body: string;
}

/** Each file as /<name>.<extension>. */
const served = (extension: string, type: string, files: Record<string, string>): Array<[string, PageAsset]> =>
  Object.entries(files).map(([name, body]) => [`/${name}.${extension}`, { type, body }]);

export const PAGE_ASSETS: ReadonlyMap<string, PageAsset> = new Map([
  ['/', { type: 'text/html; charset=utf-8', body: html }],
  // The page's style, in the order index.html links it.
  ...served('css', 'text/css; charset=utf-8', {
    app: appCss,
    list: listCss,
    delivery: deliveryCss,
    'page-states': pageStatesCss,
  }),
  // The page's script: ES modules, which import one another by these paths.
  ...served('js', 'text/javascript; charset=utf-8', { app, detail, dom, list, replay, session, stream, tree }),
  ['/icon.svg', { type: 'image/svg+xml', body: icon }],
]);
