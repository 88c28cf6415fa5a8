// The task verbs that change one task: create, update, move, reorder, edit.
import { verb } from '../declare.js';
import { choice, date, dateOrNone, flag, id, text, toggle } from '../flags.js';
import { pickPhase } from '../pick.js';
import { content, PHASE_HELP, PHASES, STEP_ID } from './step-flags.js';

export const create = verb({
  name: 'create',
  summary: 'create a task in a phase',
  flags: () => ({
    phase: id('--phase', `phase to create the task in ${PHASE_HELP}`, {
      required: true,
      field: 'phase_id',
      complete: PHASES,
      prompt: pickPhase('Phase of the new task'),
    }),
    title: text('--title', 'task title', { required: true, nonEmpty: true }),
    content,
    due: date('--due', 'due date', { field: 'due_date' }),
    published: toggle('--published', '--draft', {
      on: 'visible to the client at once (client-facing phases)',
      off: 'not yet visible to the client',
    }),
    approval: flag('--approval', 'make it an approval (sign-off) task', { field: 'is_approval' }),
    completed: flag('--completed', 'create it already completed'),
  }),
  examples: ['pwctl steps create --phase 41 --title "Collect logos" --due 2026-03-01 --content-file notes.md'],
  effects: { writes: true },
  mcp: true,
});

export const update = verb({
  name: 'update',
  summary: 'change fields of a task (only the ones given)',
  flags: () => ({
    id: id('<id>', 'task id', STEP_ID),
    title: text('--title', 'new title', { nonEmpty: true }),
    content,
    published: toggle('--published', '--draft', {
      on: 'make it visible to the client',
      off: 'hide it from the client (draft)',
    }),
    approval: toggle(
      '--approval',
      '--no-approval',
      { on: 'make it an approval task', off: 'make it a plain task' },
      { field: 'is_approval' },
    ),
    due: dateOrNone('--due', 'new due date, or none to clear it', { field: 'due_date' }),
    phase: id('--phase', `move it to this phase (same as \`steps move\`) ${PHASE_HELP}`, {
      field: 'phase_id',
      complete: PHASES,
    }),
    allowRemovingAttachments: flag(
      '--allow-removing-attachments',
      'with --content: let the new body drop attachments, forms and embeds',
    ),
  }),
  examples: [
    'pwctl steps update 101 --title "Collect logos and fonts" --due none',
    'pwctl steps update 101 --content-file notes.md',
  ],
  effects: { writes: true },
  rules: [
    { requires: ['allowRemovingAttachments', 'content'] },
    { anyOf: ['title', 'content', 'published', 'approval', 'due', 'phase'], what: 'nothing to update' },
  ],
  mcp: true,
});

export const move = verb({
  name: 'move',
  summary: 'move a task to another phase (its audience follows the phase)',
  flags: () => ({
    id: id('<id>', 'task id', STEP_ID),
    phase: id('--phase', `target phase ${PHASE_HELP}`, {
      required: true,
      field: 'phase_id',
      complete: PHASES,
      prompt: pickPhase('Phase to move the task to'),
    }),
  }),
  examples: ['pwctl steps move 101 --phase 42'],
  effects: { writes: true },
  mcp: true,
});

export const reorder = verb({
  name: 'reorder',
  summary: 'reposition a task within its phase',
  flags: () => ({
    id: id('<id>', 'task id', STEP_ID),
    position: choice(
      {
        '--first': ['first', 'make it the first task of its phase'],
        '--last': ['last', 'make it the last task of its phase'],
      },
      'where in its phase',
      { field: 'position' },
    ),
    after: id('--after', 'place it directly after this task (same phase)', {
      field: 'after_step_id',
      complete: { ids: 'steps' },
    }),
  }),
  examples: ['pwctl steps reorder 103 --first', 'pwctl steps reorder 103 --after 101'],
  effects: { writes: true },
  rules: [{ exactlyOne: ['position', 'after'] }],
  mcp: true,
});

export const edit = verb({
  name: 'edit',
  summary: 'edit the task body in $VISUAL/$EDITOR; sent back only if changed',
  flags: () => ({ id: id('<id>', 'task id', STEP_ID) }),
  examples: ['pwctl steps edit 101', 'EDITOR="code --wait" pwctl steps edit 101'],
  effects: { writes: true },
});
