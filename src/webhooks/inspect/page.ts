// The inspector page's files, embedded in the bundle as text (the build's text loader:
// scripts/build.mjs; vitest.config.ts does the same for tests), so the page works offline
// and is served from pwctl itself, by the path the page asks for.
import html from './page/index.html';
import css from './page/app.css';
import script from './page/app.js';
import icon from './page/icon.svg';

export interface PageAsset {
  type: string;
  body: string;
}

export const PAGE_ASSETS: ReadonlyMap<string, PageAsset> = new Map([
  ['/', { type: 'text/html; charset=utf-8', body: html }],
  ['/app.css', { type: 'text/css; charset=utf-8', body: css }],
  ['/app.js', { type: 'text/javascript; charset=utf-8', body: script }],
  ['/icon.svg', { type: 'image/svg+xml', body: icon }],
]);
