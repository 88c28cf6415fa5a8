// YAML through the `yaml` library, made safe for a terminal and for readers of either YAML.
//
// A string that a YAML 1.1 reader (PyYAML) or a YAML 1.2 reader would take for something
// else — `yes`, `n`, `2024-01-01`, `0o17` — is quoted, so both read back the string it is:
// the document is written with 1.1's rules, and strings 1.2 resolves otherwise are quoted
// as well. A string holding a character no terminal should receive raw (C0 and
// C1 controls, DEL, line separators, a BOM, a lone surrogate) is written double-quoted, and
// those characters as escapes: the value reads back the same, and nothing reaches a
// terminal that could rewrite it.
import { Document, Scalar, visit } from 'yaml';

const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');
// How YAML 1.2's core schema reads plain scalars that are not strings.
const READ_OTHERWISE_BY_1_2 = new Document(null, { version: '1.2' }).schema.tags.flatMap((tag) =>
  tag.default === true && 'test' in tag && tag.test instanceof RegExp && tag.tag !== 'tag:yaml.org,2002:str'
    ? [tag.test]
    : [],
);

function needsDoubleQuotes(text: string): boolean {
  if (UNSAFE.test(text) || READ_OTHERWISE_BY_1_2.some((test) => test.test(text))) return true;
  // A literal block whose first line starts with white space needs an indentation indicator,
  // which the library writes in a form it does not always read back the same.
  return text.includes('\n') && /^\s/.test(text);
}

/** A YAML document for one value, ending in a newline. */
export function toYaml(value: unknown): string {
  const doc = new Document(value ?? null, { version: '1.1' });
  visit(doc, {
    Scalar(_key, node) {
      const text = node.value;
      if (typeof text === 'string' && needsDoubleQuotes(text)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  // Only double-quoted scalars can still hold such a character here, where an escape means the same.
  return doc
    .toString({ lineWidth: 0 })
    .replace(UNSAFE_GLOBAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One entry of a top-level sequence (`- …`): a list is streamed as a run of these. */
export function toYamlListItem(value: unknown): string {
  return toYaml([value]);
}
