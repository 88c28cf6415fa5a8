// The guide topics of `pwctl help <topic>`: the pages of docs/guide/, one topic per page
// (exit-codes.md is `pwctl help exit-codes`). The pages are the one source of both; the build
// takes them from ./help-topics-text.ts, which scripts/help-topics.mjs writes from them
// (`npm run docs`; a test fails when it is stale).
import { GUIDE_PAGES } from './help-topics-text.js';

/** Topic → its page's Markdown. */
export const TOPICS: Readonly<Record<string, string>> = GUIDE_PAGES;

/** A page's title: its first heading. */
export function topicTitle(name: string): string {
  return /^#\s+(.*)$/m.exec(TOPICS[name] ?? '')?.[1]?.replace(/`/g, '') ?? name;
}
