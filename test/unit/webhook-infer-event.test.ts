import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/api/types.js';
import { inferEvent, nameEvent } from '../../src/webhooks/infer-event.js';
import { samplePayload } from '../../src/webhooks/samples.js';

const ref = { id: 1, title: 'x' };
const task = {
  id: 103,
  title: 'Stakeholder interviews',
  completed: false,
  published: true,
  is_approval: false,
  approval_status: null,
  due_date: '',
  created_at: '2025-01-06T10:42:00.000000Z',
  updated_at: '2025-01-07T10:42:00.000000Z',
  phase: { id: 41, title: 'Discovery', is_internal: false },
  project: ref,
  client: ref,
  company: ref,
  assignees: [],
};

describe('inferEvent', () => {
  it('names every event type from its sample payload', () => {
    for (const event of WEBHOOK_EVENTS) expect(inferEvent(samplePayload(event))).toBe(event);
  });

  it('tells the task events apart by their extra fields', () => {
    expect(inferEvent(task)).toBe('task.created');
    expect(inferEvent({ ...task, completed: true, completed_at: '2025-01-08T00:00:00.000000Z' })).toBe(
      'task.completed',
    );
    expect(inferEvent({ ...task, previous_due_date: '', due_date_updated_at: '2025-01-08T00:00:00.000000Z' })).toBe(
      'task.due_date_updated',
    );
    expect(
      inferEvent({ ...task, tags: [], added_tags: [], removed_tags: [{ id: 61, name: 'urgent', color: 'mandarin' }] }),
    ).toBe('task.tags_updated');
  });

  it('prefers the tag delta over completed_at on one payload (tag change of a completed task)', () => {
    expect(
      inferEvent({ ...task, completed: true, completed_at: 'x', tags: [], added_tags: [], removed_tags: [] }),
    ).toBe('task.tags_updated');
  });

  it('tells a phase from a task and a milestone', () => {
    const phase = {
      id: 41,
      title: 'Discovery',
      due_date: '',
      is_internal: false,
      order: 1,
      created_at: 'a',
      updated_at: 'b',
      project: ref,
      client: ref,
      company: ref,
    };
    expect(inferEvent(phase)).toBe('phase.updated');
    const milestone = {
      id: 71,
      title: 'Sign-off',
      description: null,
      color: null,
      due_date: '',
      is_completed: false,
      milestoneable_type: 'project',
      milestoneable_id: 31,
      project: ref,
      client: ref,
      company: ref,
      created_at: 'a',
      updated_at: 'a',
    };
    expect(inferEvent(milestone)).toBe('milestone.created');
    expect(inferEvent({ ...milestone, updated_at: 'b' })).toBe('milestone.updated');
  });

  it('names a project payload', () => {
    expect(
      inferEvent({
        id: 31,
        title: 'Site',
        code: 'S',
        description: '',
        is_client: true,
        is_internal: false,
        client: ref,
        company: ref,
      }),
    ).toBe('project.created');
  });

  it('returns undefined for anything that is not a known payload shape', () => {
    for (const value of [null, undefined, 42, 'text', [], [task], { id: 1 }, { hello: 'world' }])
      expect(inferEvent(value)).toBeUndefined();
  });
});

describe('nameEvent', () => {
  it("takes the subscription's event when the payload is of its kind, even if its shape suggests another", () => {
    expect(nameEvent('task.completed', samplePayload('task.completed'))).toEqual({ event: 'task.completed' });
    // Telling task events apart by shape is a guess: the subscription knows better.
    expect(nameEvent('task.completed', samplePayload('task.created'))).toEqual({ event: 'task.completed' });
    expect(nameEvent('task.completed', 'not json')).toEqual({ event: 'task.completed' });
  });

  it('shows a plainly different kind of payload as what it is, and says what it contradicts', () => {
    expect(nameEvent('task.completed', samplePayload('milestone.created'))).toEqual({
      event: 'milestone.created',
      contradicted: 'task.completed',
    });
    expect(nameEvent('milestone.updated', samplePayload('project.created'))).toEqual({
      event: 'project.created',
      contradicted: 'milestone.updated',
    });
  });

  it('infers the event for a secret that knows none', () => {
    expect(nameEvent(undefined, samplePayload('phase.updated'))).toEqual({ event: 'phase.updated' });
    expect(nameEvent(undefined, { nothing: 'known' })).toEqual({ event: null });
  });
});
