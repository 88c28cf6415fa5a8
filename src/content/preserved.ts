// Elements of a body that Markdown cannot express (attachments, embedded documents, form
// fields). The service keeps them in place when new content omits them, unless the update
// sends allow_removing_attachments — so before replacing a body, pwctl tells the user which
// ones the service will keep. In a Markdown body each one is a line of its own holding one
// marker, as the sandbox writes them:
//
//   [[attachment:brief.pdf]]   [[embed:Agency handbook]]   [[form:Request type]]

export type PreservedKind = 'attachment' | 'embed' | 'form';

export interface PreservedElement {
  kind: PreservedKind;
  name: string;
}

const MARKER = /^\s*\[\[(attachment|embed|form):([^\]\n]+)\]\]\s*$/;

export function findPreservedElements(markdown: string): PreservedElement[] {
  return markdown.split(/\r?\n/).flatMap((line) => {
    const m = MARKER.exec(line);
    return m ? [{ kind: m[1] as PreservedKind, name: m[2]!.trim() }] : [];
  });
}

/** Elements of the current body that the new body leaves out. */
export function omittedElements(current: string, next: string): PreservedElement[] {
  const kept = new Set(findPreservedElements(next).map(key));
  return findPreservedElements(current).filter((element) => !kept.has(key(element)));
}

function key(element: PreservedElement): string {
  return `${element.kind}:${element.name}`;
}

export function describeElements(elements: readonly PreservedElement[]): string {
  const label: Record<PreservedKind, string> = {
    attachment: 'attachment',
    embed: 'embedded document',
    form: 'form field',
  };
  return elements.map((e) => `${label[e.kind]} ${JSON.stringify(e.name)}`).join(', ');
}
