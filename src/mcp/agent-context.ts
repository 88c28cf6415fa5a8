// The context a verb runs in when an agent calls it as a tool: the server's own context (its
// API client, settings and config store), with results collected as the tool's data instead
// of printed, bulk work collected item by item, no terminal, and nothing asked (offering a
// write tool at all took --allow-writes).
import type { ApiClient } from '../api/client.js';
import type { PaginateResult } from '../api/pagination.js';
import type { BulkOptions, BulkWork } from '../bulk/bulk-options.js';
import { readyWork, runItems } from '../bulk/run-items.js';
import type { Ctx } from '../commands/context.js';
import { forAgent, type Flag } from '../commands/flags.js';
import { selectFields, validateFields } from '../output/fields.js';
import type { TerminalText } from '../io/sanitize.js';
import type { DryRunRequest, Output, RecordStream } from '../output/output.js';
import type { View } from '../output/view.js';
import type { ToolData } from './tool.js';

/** What a verb hands over, kept as the tool's data. */
class Collector implements Output {
  readonly tabular = false;
  readonly forPeople = false;
  readonly streamsResults = false;
  result: ToolData = { data: null };

  constructor(readonly fields: readonly string[] | undefined) {}

  checkFields(view: View<never> | View<unknown>): void {
    if (this.fields && view.fields.length > 0) validateFields(this.fields, view.fields, view.nested, 'fields');
  }

  async record<T>(record: T, view: View<T>): Promise<void> {
    this.checkFields(view as View<unknown>);
    this.result = { data: this.#shaped(record) };
  }

  async list<T>(records: AsyncIterable<T> | Iterable<T>, view: View<T>, paging?: PaginateResult): Promise<number> {
    this.checkFields(view as View<unknown>);
    const data: unknown[] = [];
    for await (const record of records) data.push(this.#shaped(record));
    this.result = paging?.truncated ? { data, truncated: true } : { data };
    return data.length;
  }

  async value(value: unknown): Promise<void> {
    this.result = { data: value };
  }

  stream<T>(): Promise<RecordStream<T>> {
    throw new Error('an endless stream cannot be a tool result');
  }

  async text(text: string): Promise<void> {
    this.result = { data: text };
  }

  async raw(text: string): Promise<void> {
    this.result = { data: text };
  }

  async diff(text: string): Promise<void> {
    this.result = { data: text };
  }

  dryRun(_request: DryRunRequest): Promise<void> {
    throw new Error('agents do not dry-run');
  }

  paged(draw: (output: Output) => Promise<void>): Promise<void> {
    return draw(this);
  }

  drawn(): Promise<TerminalText> {
    throw new Error('an agent has no screen to draw on');
  }

  #shaped(record: unknown): unknown {
    return this.fields ? selectFields(record, this.fields) : record;
  }
}

export class AgentContext implements Ctx {
  readonly output: Collector;
  readonly dryRun = false;
  readonly ask = undefined;

  constructor(
    private readonly base: Ctx,
    fields: readonly string[] | undefined,
  ) {
    this.output = new Collector(fields);
  }

  /** The tool's data once the verb has run. */
  get result(): ToolData {
    return this.output.result;
  }

  get env() {
    return this.base.env;
  }
  get io() {
    return this.base.io;
  }
  get flags() {
    return this.base.flags;
  }
  get store() {
    return this.base.store;
  }
  get profileName() {
    return this.base.profileName;
  }
  get settings() {
    return this.base.settings;
  }

  api(): Promise<ApiClient> {
    return this.base.api();
  }

  given(flag: Flag, value: unknown): string {
    return forAgent(flag, value);
  }

  onClose(cleanup: () => Promise<void>): void {
    this.base.onClose(cleanup);
  }

  async confirm(): Promise<void> {}

  /** Each item through the API, several at once within the service's rate limit; results in input order. */
  async bulk<I, T>(items: readonly I[], work: BulkWork<I, T>, options: BulkOptions<I, T>): Promise<void> {
    // Nothing stops an agent's run part-way: every item has its result.
    const { results, failed } = await runItems(items, await readyWork(work, () => this.api()), options);
    this.output.result = failed > 0 ? { data: results, failed } : { data: results };
  }

  clientWithToken(baseUrl: string, token: string): Promise<ApiClient> {
    return this.base.clientWithToken(baseUrl, token);
  }

  storedProfile(name: string): Ctx & { close(): Promise<void> } {
    return this.base.storedProfile(name);
  }
}
