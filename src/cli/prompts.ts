// Asking the person at the terminal (contract, "Interactive use"): text prompts validated as
// the flag would be, and pickers that filter as they type, with @clack/prompts — loaded only
// when a question is put, so nothing of it costs a command that asks nothing. Questions go
// to stderr (stdout stays the command's data). Every text handed to the library — questions,
// the titles of records — passes the sanitiser first; the library's own cursor moves and
// colours reach the terminal as they are.
import type { Asker } from '../commands/context.js';
import type { Choice } from '../commands/flags.js';
import { CANCELLED, InterruptedError } from '../errors.js';
import type { IO } from '../io/io.js';
import { escapeInline } from '../io/sanitize.js';

/** Rows of a picker shown at once: enough to scan, few enough for a small terminal. */
const PICKER_ROWS = 12;

export class TerminalAsker implements Asker {
  constructor(private readonly io: IO) {}

  async text(message: string, check: (value: string) => unknown, placeholder?: string): Promise<string> {
    const { text, isCancel } = await import('@clack/prompts');
    const answer = await text({
      ...this.io.promptStreams(),
      message: escapeInline(message),
      ...(placeholder === undefined ? {} : { placeholder: escapeInline(placeholder) }),
      validate: (value) => {
        try {
          check(value ?? '');
          return undefined;
        } catch (error) {
          return escapeInline(error instanceof Error ? error.message : String(error));
        }
      },
    });
    return answered(answer, isCancel);
  }

  async choose(message: string, choices: readonly Choice[]): Promise<string> {
    const { autocomplete, isCancel } = await import('@clack/prompts');
    return answered(await autocomplete<string>(this.#picker(message, choices)), isCancel);
  }

  async chooseMany(message: string, choices: readonly Choice[]): Promise<string[]> {
    const { autocompleteMultiselect, isCancel } = await import('@clack/prompts');
    return answered(await autocompleteMultiselect<string>(this.#picker(message, choices)), isCancel);
  }

  /** What both pickers are given: the terminal, the question, and choices filtered as the user types. */
  #picker(message: string, choices: readonly Choice[]) {
    const search = new Search(choices);
    return {
      ...this.io.promptStreams(),
      message: escapeInline(message),
      options(this: { userInput: string }) {
        return search.matches(this.userInput);
      },
      maxItems: PICKER_ROWS,
    };
  }
}

/** The answer, or Ctrl-C told as it is everywhere. */
function answered<T>(answer: T, isCancel: (value: unknown) => value is symbol): Exclude<T, symbol> {
  if (isCancel(answer)) throw new InterruptedError(CANCELLED);
  return answer as Exclude<T, symbol>;
}

interface Entry {
  option: { value: string; label: string; hint?: string };
  label: string;
  hint: string;
}

/**
 * What a picker shows for what was typed: the choices whose label holds every typed word,
 * those that start with it first; only when no label matches, those whose hint does (a
 * task's phase and project) — so `Design` finds the phase named Design and not the phases
 * of the project "Website Redesign", while `Acme` finds the phases of Acme's projects.
 */
export class Search {
  readonly #entries: Entry[];
  #last: { query: string; result: Entry['option'][] } | undefined;

  constructor(choices: readonly Choice[]) {
    this.#entries = choices.map((choice) => ({
      option: {
        value: choice.value,
        label: escapeInline(choice.label),
        ...(choice.hint ? { hint: escapeInline(choice.hint) } : {}),
      },
      label: choice.label.toLowerCase(),
      hint: (choice.hint ?? '').toLowerCase(),
    }));
  }

  matches(typed: string | undefined): Entry['option'][] {
    const query = (typed ?? '').trim().toLowerCase();
    // The prompt asks on every render (cursor moves too), not only when the text changes.
    if (this.#last?.query === query) return this.#last.result;
    let result: Entry['option'][];
    if (query === '') result = this.#entries.map((e) => e.option);
    else {
      const words = query.split(/\s+/);
      const ranked: Entry['option'][][] = [[], [], []];
      for (const entry of this.#entries) {
        if (!words.every((w) => entry.label.includes(w) || entry.hint.includes(w))) continue;
        const rank = entry.label.startsWith(query) ? 0 : words.every((w) => entry.label.includes(w)) ? 1 : 2;
        ranked[rank]!.push(entry.option);
      }
      result = ranked[0]!.length + ranked[1]!.length > 0 ? [...ranked[0]!, ...ranked[1]!] : ranked[2]!;
    }
    this.#last = { query, result };
    return result;
  }
}
