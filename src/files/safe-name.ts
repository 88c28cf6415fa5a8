// File names made from titles: `Q3 Brief: Café / Notes` → `q3-brief-cafe-notes.md`. Only
// lower-case ASCII letters, digits and '-' survive, so a name is the same on every file
// system, cannot climb out of its directory, and never holds a control character. Names
// are unique within a directory case-insensitively (macOS and Windows fold case).

const MAX_SLUG_LENGTH = 80;
// Names Windows reserves for devices, whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  if (slug === '') return 'untitled';
  return RESERVED.test(slug) ? `${slug}-doc` : slug;
}

/** Hands out names not yet taken in one directory: `brief.md`, then `brief-2.md`, … */
export class NameAllocator {
  readonly #taken = new Set<string>();

  constructor(taken: Iterable<string> = []) {
    for (const name of taken) this.#taken.add(name.toLowerCase());
  }

  take(name: string): void {
    this.#taken.add(name.toLowerCase());
  }

  /** A free `<slug>.md` for a title, now taken. */
  allocate(title: string, extension = '.md'): string {
    const slug = slugify(title);
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${slug}${extension}` : `${slug}-${n}${extension}`;
      if (!this.#taken.has(name.toLowerCase())) {
        this.take(name);
        return name;
      }
    }
  }
}
