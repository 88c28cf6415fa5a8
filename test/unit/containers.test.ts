import { describe, expect, it } from 'vitest';
import { findContainerProblems, isCalloutColor, parseAttributes } from '../../src/content/containers.js';
import { describeElements, findPreservedElements, omittedElements } from '../../src/content/preserved.js';

const lines = (...l: string[]) => l.join('\n');

describe('findContainerProblems: bodies the service accepts', () => {
  it('passes plain Markdown and an empty body', () => {
    expect(findContainerProblems('')).toEqual([]);
    expect(findContainerProblems('# Title\n\nSome *text* and a [link](https://x.example).\n')).toEqual([]);
  });

  it('passes callouts and toggles with and without attributes', () => {
    const body = lines(
      ':::callout{emoji="💡" color="mint"}',
      'Keep it **short**.',
      ':::',
      '',
      ':::toggle{summary="Details"}',
      'Hidden text',
      ':::',
      ':::callout',
      'no attributes',
      ':::',
    );
    expect(findContainerProblems(body)).toEqual([]);
  });

  it('passes nesting when the outer fence uses more colons, several levels deep', () => {
    const body = lines(
      '::::toggle{summary="Scope details"}',
      'The redesign covers the marketing site only.',
      '',
      ':::callout{emoji="⚠️" color="mustard"}',
      'The customer portal is out of scope.',
      ':::',
      '::::',
      ':::::callout{color="#7C3AED"}',
      '::::toggle{summary="a"}',
      ':::callout{color="steel"}',
      'deep',
      ':::',
      '::::',
      ':::::',
    );
    expect(findContainerProblems(body)).toEqual([]);
  });

  it('accepts every named colour of the reference and 3- or 6-digit hex values', () => {
    for (const color of [
      'mandarin',
      'coral',
      'pink',
      'orchid',
      'mint',
      'aqua',
      'mustard',
      'blue',
      'steel',
      '#fff',
      '#1E90FF',
    ]) {
      expect(findContainerProblems(`:::callout{color="${color}"}\nx\n:::`), color).toEqual([]);
    }
  });

  it('is tolerant of quoting and spacing in attributes, and accepts unknown attributes', () => {
    for (const attrs of [
      `{color='coral'}`,
      '{color=coral}',
      '{ emoji="🎯"   color="coral" }',
      '{color="coral" data-x="1" #anchor .wide open}',
    ]) {
      expect(findContainerProblems(`:::callout${attrs}\nx\n:::`), attrs).toEqual([]);
    }
    expect(findContainerProblems(':::toggle[Label]{summary="A } brace, inside quotes"}\nx\n:::')).toEqual([]);
  });

  it('does not validate a color on a toggle (not one of its attributes)', () => {
    expect(findContainerProblems(':::toggle{color="purple"}\nx\n:::')).toEqual([]);
  });

  it('skips ``` and ~~~ code fences: colons inside code are not containers', () => {
    const body = lines(
      'Example:',
      '```markdown',
      ':::callout{color="purple"}',
      'unclosed on purpose',
      '```',
      '~~~~',
      ':::',
      '```',
      'still code: a shorter or different fence does not close it',
      '~~~~',
      'done',
    );
    expect(findContainerProblems(body)).toEqual([]);
  });

  it('checks containers that surround a code block', () => {
    expect(findContainerProblems(lines(':::callout', '```', ':::', '```', ':::'))).toEqual([]);
  });

  it('accepts CRLF line endings', () => {
    expect(findContainerProblems(':::callout{color="mint"}\r\nx\r\n:::\r\n')).toEqual([]);
  });
});

describe('findContainerProblems: bodies it refuses, with the line', () => {
  it('reports an unclosed container at its opening line', () => {
    const problems = findContainerProblems(lines('# Brief', '', ':::callout{color="mint"}', 'never closed'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 3 });
    expect(problems[0]!.message).toMatch(/callout is never closed.*3 colons/);
  });

  it('reports a closing line of a different length', () => {
    const problems = findContainerProblems(lines(':::toggle{summary="x"}', 'text', '::::'));
    expect(problems[0]).toMatchObject({ line: 3 });
    expect(problems[0]!.message).toMatch(/does not match the toggle opened on line 1 with 3 colons/);
    expect(problems).toHaveLength(1); // not also "never closed": the mismatch is the mistake
  });

  it('reports nesting with the same number of colons as the parent', () => {
    const problems = findContainerProblems(lines(':::toggle{summary="x"}', ':::callout', 'y', ':::', ':::'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 2 });
    expect(problems[0]!.message).toMatch(/nested in the toggle opened on line 1 needs fewer colons/);
  });

  it('reports a closing fence with nothing open', () => {
    expect(findContainerProblems(lines('text', ':::'))).toEqual([
      { line: 2, message: expect.stringMatching(/no open callout or toggle/) },
    ]);
  });

  it('reports a colour outside the list, an empty colour and a bad hex value', () => {
    for (const color of ['purple', '', '#12345', 'Mint', '#ggg']) {
      const problems = findContainerProblems(`text\n:::callout{color="${color}"}\nx\n:::`);
      expect(problems, color).toEqual([
        { line: 2, message: expect.stringContaining(`callout color ${JSON.stringify(color)} is not one of mandarin`) },
      ]);
    }
  });

  it('reports malformed attribute blocks', () => {
    expect(findContainerProblems(':::callout{color="mint"\nx\n:::')[0]!.message).toMatch(/never closed with }/);
    expect(findContainerProblems(':::callout{color="mint}\nx\n:::')[0]!.message).toMatch(/no closing "/);
    expect(findContainerProblems(':::callout{color=}\nx\n:::')[0]!.message).toMatch(/has no value/);
  });

  it('reports unknown container names and text after the attributes', () => {
    expect(findContainerProblems(':::warning\nx\n:::')[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/unknown container "warning"/),
    });
    expect(findContainerProblems(':::callout{color="mint"} trailing\nx\n:::')[0]!.message).toMatch(
      /unexpected text "trailing"/,
    );
  });

  it('finds containers after a code fence is closed', () => {
    const problems = findContainerProblems(lines('```', ':::', '```', ':::callout{color="nope"}', ':::'));
    expect(problems).toEqual([{ line: 4, message: expect.stringContaining('"nope"') }]);
  });

  it('lists every problem in line order', () => {
    const problems = findContainerProblems(lines(':::callout{color="bad"}', 'x', ':::', ':::toggle', 'open'));
    expect(problems.map((p) => p.line)).toEqual([1, 4]);
  });
});

describe('parseAttributes', () => {
  it('returns the attributes and the text after the block', () => {
    expect(parseAttributes('{emoji="💡" color=\'mint\' open} rest')).toEqual({
      attributes: { emoji: '💡', color: 'mint', open: '' },
      rest: ' rest',
    });
  });

  it('reports an unclosed block', () => {
    expect(parseAttributes('{color="mint"')).toEqual({ error: 'the { is never closed with }' });
  });
});

describe('isCalloutColor', () => {
  it('knows the named colours and hex values', () => {
    expect(isCalloutColor('blue')).toBe(true);
    expect(isCalloutColor('#abc')).toBe(true);
    expect(isCalloutColor('red')).toBe(false);
  });
});

describe('preserved elements', () => {
  const body = lines(
    '# Handbook',
    '[[embed:Project brief]]',
    'text',
    '  [[form:Request type]]  ',
    'not a [[attachment:x]] marker mid-line',
  );

  it('finds markers on lines of their own', () => {
    expect(findPreservedElements(body)).toEqual([
      { kind: 'embed', name: 'Project brief' },
      { kind: 'form', name: 'Request type' },
    ]);
  });

  it('names what a new body leaves out', () => {
    const omitted = omittedElements(body, '# Handbook\n[[form:Request type]]\nnew text');
    expect(omitted).toEqual([{ kind: 'embed', name: 'Project brief' }]);
    expect(describeElements(omitted)).toBe('embedded document "Project brief"');
    expect(omittedElements(body, body)).toEqual([]);
  });
});
