import { describe, expect, it } from 'vitest';
import { docFileOf, editableDigest, isNewer, parseDocFile, renderDocFile } from '../../src/commands/docs/doc-file.js';
import { planAgainstService, planWithoutService } from '../../src/commands/docs/push-plan.js';
import { readFrontMatter } from '../../src/files/front-matter.js';
import { NameAllocator, slugify } from '../../src/files/safe-name.js';
import { documentRecord } from '../helpers/documents.js';

const DOC = documentRecord({ title: 'yes', content: 'Body\n\n---\nafter a rule' });

describe('safe file names', () => {
  it('keeps lower-case ASCII letters and digits, folds accents, and never leaves the directory', () => {
    expect(slugify('Q3 Brief: Café / Notes')).toBe('q3-brief-cafe-notes');
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
    expect(slugify('\u001b[31mred\u0007')).toBe('31mred');
    expect(slugify('日本語')).toBe('untitled');
    expect(slugify('CON')).toBe('con-doc');
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('hands out names unique within the directory, whatever their case', () => {
    const names = new NameAllocator(['Brief.md']);
    expect(names.allocate('brief')).toBe('brief-2.md');
    expect(names.allocate('BRIEF')).toBe('brief-3.md');
    expect(names.allocate('Other')).toBe('other.md');
  });
});

describe('document files', () => {
  it('round-trip a document: strings YAML would read otherwise stay strings, a --- in the body stays body', () => {
    const text = renderDocFile(docFileOf(DOC, { layout: 'page' }));
    expect(text.startsWith('---\nuuid: 5eed0000-0000-4000-8000-000000000081\ntitle: "yes"\nupdated_at: ')).toBe(true);
    const back = parseDocFile(text, 'a.md');
    expect(back).toMatchObject({
      uuid: DOC.uuid,
      title: 'yes',
      updated_at: DOC.updated_at,
      is_internal: false,
      edit_access: 'team',
      project_id: 31,
      client_id: null,
      company_id: 1,
      extra: { layout: 'page' },
    });
    expect(back.body).toBe(`${DOC.content}\n`);
    expect(editableDigest(back)).toBe(editableDigest(docFileOf(DOC)));
  });

  it('reads CRLF files and a BOM as the same text', () => {
    expect(readFrontMatter('\ufeff---\r\ntitle: x\r\n---\r\nline 1\r\nline 2\r\n')).toEqual({
      data: { title: 'x' },
      body: 'line 1\nline 2\n',
    });
    expect(readFrontMatter('no front matter')).toEqual({ data: {}, body: 'no front matter' });
    expect(() => readFrontMatter('---\ntitle: x\n')).toThrow(/never closed/);
  });

  it('orders timestamps by their microseconds', () => {
    expect(isNewer('2025-01-07T00:00:00.000002Z', '2025-01-07T00:00:00.000001Z')).toBe(true);
    expect(isNewer('2025-01-07T00:00:00.000001Z', '2025-01-07T00:00:00.000001Z')).toBe(false);
    expect(isNewer('2025-01-07T01:00:00Z', '2025-01-07T00:59:59.999999Z')).toBe(true);
  });
});

describe('push plan', () => {
  const file = { ...docFileOf(DOC), body: `${DOC.content}\n` };
  const record = { file: 'a.md', updated_at: DOC.updated_at, digest: editableDigest(file) };

  it('creates without a uuid and skips what is unchanged since the pull, without asking the service', () => {
    expect(planWithoutService({ ...file, uuid: undefined }, undefined)).toEqual({ kind: 'create' });
    expect(planWithoutService(file, record)).toEqual({ kind: 'skip', reason: 'unchanged since the pull' });
    expect(planWithoutService({ ...file, title: 'edited' }, record)).toBeUndefined();
  });

  it('updates only the fields that differ; a newer service is a conflict unless forced', () => {
    const edited = { ...file, title: 'edited', is_internal: true };
    expect(planAgainstService(edited, DOC, false, 'a.md')).toMatchObject({
      kind: 'update',
      changes: { title: 'edited', is_internal: true },
      changed: ['title', 'is_internal'],
    });
    const moved = { ...DOC, updated_at: '2025-01-08T00:00:00.000000Z' };
    expect(planAgainstService(edited, moved, false, 'a.md')).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('See what changed with `pwctl docs diff a.md`'),
    });
    expect(planAgainstService(edited, moved, false, "my docs/it's.md")).toMatchObject({
      reason: expect.stringContaining("`pwctl docs diff 'my docs/it'\\''s.md'`"),
    });
    expect(planAgainstService(edited, moved, true, 'a.md')).toMatchObject({ kind: 'update' });
    expect(planAgainstService(file, moved, false, 'a.md')).toMatchObject({
      kind: 'skip',
      reason: 'same as the service',
    });
    expect(planAgainstService(file, undefined, false, 'a.md')).toEqual({ kind: 'missing' });
  });
});
