// The pure parts restore decides with: when a body on the service holds the exported one,
// how unanswered creates and copies are matched, and where a task goes in its phase.
import { describe, expect, it } from 'vitest';
import { matchCreates } from '../../src/bulk/unanswered-creates.js';
import { bodyHolds } from '../../src/content/bodies.js';
import { StepOrder, type StepSlot } from '../../src/commands/restore/step-order.js';

describe('bodyHolds', () => {
  const exported = '# Brief\n\nText.\n\n[[attachment:brief.pdf]]';
  it('holds the same text, whatever trailing newlines or line endings', () => {
    expect(bodyHolds(`${exported}\n\n`, exported)).toBe(true);
    expect(bodyHolds(exported.replace(/\n/g, '\r\n'), exported)).toBe(true);
  });
  it('holds the exported text plus attachments the service would keep on an update', () => {
    expect(bodyHolds(`${exported}\n\n[[attachment:new.pdf]]`, exported)).toBe(true);
    expect(bodyHolds(`[[form:Request type]]\n${exported}`, exported)).toBe(true);
  });
  it('does not hold other text, nor lack an element the export has', () => {
    expect(bodyHolds(`${exported}\n\nMore text.`, exported)).toBe(false);
    expect(bodyHolds('# Brief\n\nText.', exported)).toBe(false);
    expect(bodyHolds(`${exported}\n\n[[attachment:new.pdf]]\nMore text.`, exported)).toBe(false);
  });
});

describe('matchCreates', () => {
  const since = '2026-01-01T10:00:00Z';
  const later = (minutes: number) => new Date(Date.parse(since) + minutes * 60_000).toISOString();
  it('exact: as many records as items are theirs, none means nothing was made, anything else cannot be told', () => {
    const candidates = [
      { id: 7, group: 'a', created_at: later(2) },
      { id: 5, group: 'a', created_at: later(1) },
      { id: 9, group: 'b', created_at: later(1) },
      { id: 10, group: 'b', created_at: later(2) },
    ];
    const items = [
      { group: 'a', since },
      { group: 'a', since },
      { group: 'b', since },
      { group: 'c', since },
    ];
    expect(matchCreates(items, candidates, new Set(), 'exact')).toEqual([
      5,
      7,
      { undecided: { found: [9, 10], items: 1 } },
      null,
    ]);
  });
  it('pairs: matches as far as both go, oldest first, never a claimed record or one made before', () => {
    const candidates = [
      { id: 3, group: 'a', created_at: later(-30) },
      { id: 4, group: 'a', created_at: later(1) },
      { id: 6, group: 'a', created_at: later(3) },
      { id: 8, group: 'a', created_at: later(2) },
    ];
    const claimed = new Set<number | string>([8]);
    const items = [
      { group: 'a', since },
      { group: 'a', since },
      { group: 'a', since },
    ];
    expect(matchCreates(items, candidates, claimed, 'pairs')).toEqual([4, 6, null]);
    expect([...claimed].sort()).toEqual([4, 6, 8]);
  });
});

describe('StepOrder', () => {
  it('moves a created task only when a task that stays comes after it, behind the nearest one before it', async () => {
    const order = new StepOrder();
    order.add(1, 41, 'placing');
    order.add(2, 41, { present: 102 });
    order.add(3, 41, 'placing');
    order.add(4, 41, 'placing');
    order.add(5, 41, { present: 105 });
    order.add(6, 41, 'placing');
    const [one, three, four, six] = [1, 3, 4, 6].map((id) => order.slot(id)!) as [
      StepSlot,
      StepSlot,
      StepSlot,
      StepSlot,
    ];
    expect([one.needsMove, three.needsMove, four.needsMove, six.needsMove]).toEqual([true, true, true, false]);
    expect(order.slot(2)).toBeUndefined();
    expect(await one.position()).toEqual({ position: 'first' });
    one.placed(201);
    await three.turn();
    expect(await three.position()).toEqual({ after_step_id: 102 });
    three.placed(undefined); // its create failed: the next goes behind the one before it
    await four.turn();
    expect(await four.position()).toEqual({ after_step_id: 102 });
  });

  it('lets a task take its turn only once the one placed before it in its phase has its place', async () => {
    const order = new StepOrder();
    order.add(1, 41, 'placing');
    order.add(2, 42, 'placing');
    order.add(3, 41, 'placing');
    let turned = false;
    const waiting = order
      .slot(3)!
      .turn()
      .then(() => (turned = true));
    await order.slot(2)!.turn(); // another phase: no wait
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(turned).toBe(false);
    order.slot(1)!.placed(301);
    await waiting;
    expect(turned).toBe(true);
  });
});
