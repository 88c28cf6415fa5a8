// The task verbs over several ids (bulk): complete, reopen, delete.
import { CONCURRENCY } from '../bulk-flags.js';
import { verb } from '../declare.js';
import { choice, ids } from '../flags.js';
import { pickSteps } from '../pick.js';
import { IDS_DETAILS, STEP_ID } from './step-flags.js';

const concurrency = CONCURRENCY;

export const complete = verb({
  name: 'complete',
  summary: 'mark tasks completed (approval tasks: with a verdict)',
  details: `${IDS_DETAILS}\nApproval tasks without --approve or --reject are approved (the default verdict); on a terminal,\nup to 10 tasks, each one's verdict is asked first.`,
  flags: () => ({
    ids: ids('<id...>', 'task ids, or - for standard input', {
      ...STEP_ID,
      prompt: pickSteps('Tasks to complete', false),
    }),
    verdict: choice(
      {
        '--approve': ['approved', 'approval tasks: record the verdict approved'],
        '--reject': ['not_approved', 'approval tasks: record the verdict not approved'],
      },
      'approval tasks: the verdict',
      { field: 'approval_status' },
    ),
    concurrency,
  }),
  examples: [
    'pwctl steps complete 101 102',
    'pwctl steps complete 108 --reject',
    'pwctl steps list --open -o ndjson | pwctl steps complete -',
  ],
  effects: { writes: true },
  mcp: true,
});

export const reopen = verb({
  name: 'reopen',
  summary: 'mark tasks open again (clears an approval verdict)',
  details: IDS_DETAILS,
  flags: () => ({
    ids: ids('<id...>', 'task ids, or - for standard input', {
      ...STEP_ID,
      prompt: pickSteps('Tasks to reopen', true),
    }),
    concurrency,
  }),
  examples: ['pwctl steps reopen 101'],
  effects: { writes: true },
  mcp: true,
});

export const remove = verb({
  name: 'delete',
  summary: 'permanently delete tasks (asks first; without a terminal needs --yes)',
  details: IDS_DETAILS,
  flags: () => ({
    ids: ids('<id...>', 'task ids, or - for standard input', { ...STEP_ID, prompt: pickSteps('Tasks to delete') }),
    concurrency,
  }),
  examples: ['pwctl steps delete 101 --yes', 'pwctl steps list --completed -o ndjson | pwctl steps delete - --yes'],
  effects: { writes: true, confirms: true },
  mcp: true,
});
