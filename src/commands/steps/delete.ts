import { deleteStep } from '../../api/steps.js';
import type { Factory } from '../../factory.js';
import { parseId } from '../../validate.js';
import { deleteEach } from '../bulk/delete.js';
import type { BulkFlags } from '../bulk/options.js';

export async function run(ctx: Factory, idArgs: string[], opts: BulkFlags = {}): Promise<void> {
  await deleteEach(ctx, idArgs, opts, {
    parse: parseId,
    argName: '<id>',
    question: (ids) => `Permanently delete ${ids.length === 1 ? `task ${ids[0]}` : `${ids.length} tasks (${preview(ids)})`}?`,
    remove: deleteStep,
  });
}

function preview(ids: number[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')}, …`;
}
