// -o yaml: a record or a value as one YAML document; a list as one sequence, written entry
// by entry as it arrives; an endless stream, and dry-run requests, as one document each
// (`---` before every one), each readable on its own. The yaml library loads only here.
import { dryRunRecord, type Format } from '../format.js';

const encoder = () => import('../yaml.js');

export const yaml: Format<'yaml'> = {
  name: 'yaml',
  forPeople: false,
  tabular: false,
  machineReadable: false,
  // Results are one sequence, in input order: it is printed once every item has finished.
  streamsResults: false,

  async record(out, record) {
    await out.write((await encoder()).toYaml(out.select(record)));
  },

  async list(out, records, view) {
    const { toYamlListItem } = await encoder();
    let count = 0;
    for await (const record of records) {
      await out.write(toYamlListItem(out.select(record)));
      out.seen(record, view);
      count++;
    }
    if (count === 0) await out.write('[]\n');
    return count;
  },

  async streamRenderer(out) {
    const { toYaml } = await encoder();
    return (record) => out.io.stdoutText(`---\n${toYaml(out.select(record))}`);
  },

  async value(out, value) {
    await out.write((await encoder()).toYaml(value));
  },

  async dryRun(out, request) {
    await out.write(`---\n${(await encoder()).toYaml(dryRunRecord(request))}`);
  },
};
