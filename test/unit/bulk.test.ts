import { describe, expect, it } from 'vitest';
import { idsFromText } from '../../src/cli/stdin-ids.js';
import { RateGate } from '../../src/bulk/rate-gate.js';

describe('idsFromText', () => {
  it('reads bare ids and NDJSON objects, one per line, skipping blank lines', () => {
    expect(idsFromText('101\n\n{"id": 102, "title": "x"}\r\n  103  \n', '<id>')).toEqual(['101', '102', '103']);
  });

  it('reads a JSON array of ids or objects', () => {
    expect(idsFromText('[101, {"id": 102}, "103"]', '<id>')).toEqual(['101', '102', '103']);
  });

  it('names the line of a malformed entry', () => {
    expect(() => idsFromText('101\n{"id": \n', '<id>')).toThrow(/stdin line 2 is not a JSON object/);
    expect(() => idsFromText('{"title": "no id"}', '<id>')).toThrow(
      /stdin line 1\): expected an id or an object with an "id" field/,
    );
    expect(() => idsFromText('[1, 2', '<id>')).toThrow(/starts with '\[' but is not a JSON array/);
  });
});

describe('RateGate', () => {
  /** Starts `n` acquisitions and reports how many got through before any release. */
  async function admitted(gate: RateGate, n: number): Promise<{ count: number; pending: Promise<void>[] }> {
    let count = 0;
    const pending = Array.from({ length: n }, () => gate.acquire().then(() => void count++));
    await new Promise((resolve) => setImmediate(resolve));
    return { count, pending };
  }

  it('holds nothing back while the service reports no budget', async () => {
    const gate = new RateGate(() => undefined);
    expect((await admitted(gate, 8)).count).toBe(8);
  });

  it('admits no more requests than the reported remaining budget', async () => {
    const remaining = 3;
    const gate = new RateGate(() => remaining);
    const { count } = await admitted(gate, 8);
    expect(count).toBe(3);
    expect(gate.inFlight).toBe(3);
  });

  it('with the budget spent, lets one request probe and the rest wait for its answer', async () => {
    let remaining = 0;
    const gate = new RateGate(() => remaining);
    const { count, pending } = await admitted(gate, 5);
    expect(count).toBe(1);
    // The probe's answer opens a new window with budget to spare: the others go.
    remaining = 29;
    gate.release();
    await Promise.all(pending);
    expect(gate.inFlight).toBe(4);
  });

  it('a probe answered with the budget still spent lets exactly one more through', async () => {
    const gate = new RateGate(() => 0);
    const { count } = await admitted(gate, 3);
    expect(count).toBe(1);
    gate.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.inFlight).toBe(1);
  });
});
