// Tasks (the API calls them steps): every verb, declared once, one file per group of verbs
// (read-verbs.ts, edit-verbs.ts, bulk-verbs.ts, import-verb.ts). Their run functions are the
// files beside this one, loaded only when the verb runs.
import { bind, nounBody } from '../declare.js';
import { complete, remove, reopen } from './bulk-verbs.js';
import { create, edit, move, reorder, update } from './edit-verbs.js';
import { importRows } from './import-verb.js';
import { get, list, wait } from './read-verbs.js';

export const steps = nounBody({
  examples: [
    'pwctl steps list --open --has-due-date --include tags',
    'pwctl steps create --phase 7 --title "Draft the brief" --due 2026-12-15',
    'pwctl steps list --open -o ndjson | pwctl steps complete -',
  ],
  commands: [
    bind(list, () => import('./list.js')),
    bind(get, () => import('./get.js')),
    bind(wait, () => import('./wait.js')),
    bind(create, () => import('./create.js')),
    bind(update, () => import('./update.js')),
    bind(complete, () => import('./complete.js')),
    bind(reopen, () => import('./reopen.js')),
    bind(move, () => import('./move.js')),
    bind(reorder, () => import('./reorder.js')),
    bind(edit, () => import('./edit.js')),
    bind(remove, () => import('./delete.js')),
    bind(importRows, () => import('./import.js')),
  ],
});
