// Prompt labels say one thing one way (issue 32): every value a terminal user can be asked
// for — each required flag and argument of every declared verb, as a picker or a text prompt —
// is labelled in sentence case, without closing punctuation, in the nouns the commands use,
// and names the option that gives it next time; a date prompt shows that relative dates work.
import { describe, expect, it } from 'vitest';
import { askedAs, promptLabel } from '../../src/cli/read-options.js';
import { COMMANDS } from '../../src/cli/program.js';
import { loadAll, walkVerbs } from '../../src/commands/declare.js';
import { nameOf, type Flag } from '../../src/commands/flags.js';
import { DATE_PLACEHOLDER } from '../../src/validate.js';

const asked: { where: string; flag: Flag }[] = [];
for (const { path, bound } of walkVerbs(await loadAll(COMMANDS))) {
  for (const flag of Object.values(bound.verb.flags)) {
    if (flag.required) asked.push({ where: `${path.join(' ')} ${nameOf(flag)}`, flag });
  }
}

/** The words of nouns that the commands call otherwise (a task is never a "step" to a person). */
const NOT_OUR_WORDS = /\b(steps?|subscriptions?(?<!webhook subscriptions?)|it|uuids?)\b/i;

describe('prompt labels', () => {
  it('there are prompts to check: pickers and text prompts of several nouns', () => {
    expect(asked.length).toBeGreaterThan(30);
    expect(asked.filter(({ flag }) => askedAs(flag).kind === 'pick').length).toBeGreaterThan(15);
    expect(asked.filter(({ flag }) => askedAs(flag).kind === 'text').length).toBeGreaterThan(10);
  });

  it.each(asked.map((a) => [a.where, a.flag] as const))(
    '%s: sentence case, no closing punctuation, our nouns, the option named',
    (_where, flag) => {
      const label = promptLabel(flag);
      const option = flag.form.type === 'positional' ? undefined : ` (${nameOf(flag)})`;
      const what = option ? label.slice(0, -option.length) : label;
      if (option) expect(label.endsWith(option), label).toBe(true);
      expect(what, label).toMatch(/^[A-Z]/);
      expect(what, label).not.toMatch(/[:.?!]$/);
      expect(what, label).not.toMatch(NOT_OUR_WORDS);
    },
  );

  it('a date prompt shows that relative dates work: YYYY-MM-DD, today, +3d, +2w', () => {
    const dates = asked.filter(
      ({ flag }) => flag.form.type === 'value' && flag.form.placeholder.includes('YYYY-MM-DD'),
    );
    expect(dates.map((d) => d.where)).toContain('milestones create --due');
    for (const { flag } of dates) {
      const spec = askedAs(flag);
      expect(spec.kind === 'text' && spec.placeholder).toContain(DATE_PLACEHOLDER);
    }
    expect(DATE_PLACEHOLDER).toBe('YYYY-MM-DD, today, +3d, +2w');
  });

  it('the labels it finds: the same shape for a picker and a text prompt', () => {
    const labelOf = (where: string) => promptLabel(asked.find((a) => a.where === where)!.flag);
    expect(labelOf('steps create --phase')).toBe('Phase of the new task (--phase)');
    expect(labelOf('steps move --phase')).toBe('Phase to move the task to (--phase)');
    expect(labelOf('steps create --title')).toBe('Task title (--title)');
    expect(labelOf('milestones create --due')).toBe('Due date (--due)');
    expect(labelOf('webhooks create --event')).toBe('Event type, e.g. task.completed (--event)');
    expect(labelOf('steps complete <id>')).toBe('Tasks to complete');
  });
});
