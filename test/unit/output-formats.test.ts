// Output formats are objects registered in one list (src/output/formats.ts): each one is
// complete — it has every property and writes every kind of result — and what the rest of
// pwctl knows about formats (-o's choices, --jq's formats, the JSON error line) is derived
// from that list, not from names spelled elsewhere.
import { describe, expect, it } from 'vitest';
import { JqFilter } from '../../src/output/jq.js';
import {
  allFormats,
  DEFAULT_OUTPUT_FORMAT,
  isMachineReadable,
  JQ_DEFAULT_FORMAT,
  JQ_FORMATS,
  OUTPUT_FORMATS,
  type OutputFormat,
} from '../../src/output/formats.js';
import type { View } from '../../src/output/view.js';
import { OutputWriter } from '../../src/output/writer.js';
import { fakeIO } from '../helpers/fake-io.js';

interface Task {
  id: number;
  title: string;
}
const VIEW: View<Task> = {
  fields: ['id', 'title'],
  columns: [
    { header: 'ID', field: 'id', value: (t) => t.id, fit: 'whole' },
    { header: 'TITLE', field: 'title', value: (t) => t.title, fit: 'shrink' },
  ],
};
const TASKS: Task[] = [
  { id: 41, title: 'Kickoff' },
  { id: 42, title: 'Review' },
];

const FLAGS = ['forPeople', 'tabular', 'machineReadable', 'streamsResults'] as const;
const METHODS = ['record', 'list', 'streamRenderer', 'value', 'dryRun'] as const;

describe('the registered formats', () => {
  it('are the ones -o accepts, each named once, each with every property and method', () => {
    expect(allFormats().map((f) => f.name)).toEqual(OUTPUT_FORMATS);
    expect(new Set(OUTPUT_FORMATS).size).toBe(OUTPUT_FORMATS.length);
    for (const format of allFormats()) {
      for (const flag of FLAGS) expect(typeof format[flag], `${format.name}.${flag}`).toBe('boolean');
      for (const method of METHODS) expect(typeof format[method], `${format.name}.${method}`).toBe('function');
    }
    expect(DEFAULT_OUTPUT_FORMAT).toBe(OUTPUT_FORMATS[0]);
  });

  it('--jq takes exactly the machine-readable ones, and means the first of them without -o', () => {
    expect(JQ_FORMATS).toEqual(
      allFormats()
        .filter((f) => f.machineReadable)
        .map((f) => f.name),
    );
    expect(JQ_FORMATS.length).toBeGreaterThan(0);
    expect(JQ_DEFAULT_FORMAT).toBe(JQ_FORMATS[0]);
    for (const name of OUTPUT_FORMATS) expect(isMachineReadable(name)).toBe(JQ_FORMATS.includes(name));
    expect(isMachineReadable('xml')).toBe(false);
  });

  it('a writer refuses --jq with a format that is not JSON (the settings refuse it first)', async () => {
    const jq = await JqFilter.compile('.', process.env);
    for (const name of OUTPUT_FORMATS) {
      const make = () => new OutputWriter(fakeIO().io, name, undefined, { jq });
      if (isMachineReadable(name)) expect(make).not.toThrow();
      else expect(make).toThrow(/--jq/);
    }
  });
});

describe.each(OUTPUT_FORMATS.map((name) => [name]))('-o %s', (name: OutputFormat) => {
  const writer = (tty = false) => {
    const fake = fakeIO(tty);
    return { ...fake, writer: new OutputWriter(fake.io, name, undefined) };
  };

  it('writes a record', async () => {
    const { writer: w, out } = writer();
    await w.record(TASKS[0]!, VIEW);
    expect(out()).toContain('Kickoff');
  });

  it('writes a list, counting its records, and an empty one', async () => {
    const { writer: w, out } = writer();
    expect(await w.list(TASKS, VIEW)).toBe(2);
    expect(out()).toContain('Kickoff');
    expect(out()).toContain('Review');
    expect(out().indexOf('Kickoff')).toBeLessThan(out().indexOf('Review'));
    expect(await writer().writer.list([], VIEW)).toBe(0);
  });

  it('writes an endless stream, record by record', async () => {
    const { writer: w, out } = writer(true);
    const stream = await w.stream(VIEW);
    stream.write([TASKS[0]!]);
    stream.write([TASKS[1]!]);
    await stream.end();
    expect(out()).toContain('Kickoff');
    expect(out()).toContain('Review');
    expect(stream.dropped).toBe(0);
  });

  it('writes a dry-run request', async () => {
    const { writer: w, out } = writer();
    await w.dryRun({ method: 'PUT', path: '/api/v1/steps/41', body: { completed: true } });
    expect(out()).toContain('PUT');
    expect(out()).toContain('/api/v1/steps/41');
    expect(out()).toContain('completed');
  });

  it('writes a bare value', async () => {
    const { writer: w, out } = writer();
    await w.value({ valid: true, bytes: 12 });
    expect(out()).toContain('12');
  });

  it('answers what callers ask as its registration says', () => {
    const format = allFormats().find((f) => f.name === name)!;
    const { writer: w } = writer();
    expect([w.forPeople, w.tabular, w.streamsResults]).toEqual([
      format.forPeople,
      format.tabular,
      format.streamsResults,
    ]);
  });
});
