// Flags whose value may be given one of several ways, at most one used: text inline or from a
// file (`--content <markdown> | --content-file <path|->`). An agent gives the value itself,
// read as the first way reads it.
import { makeFlag, STRING, type CommonOptions, type EitherOption, type Flag, type PresentOf } from './flag.js';
import { fieldOf, optionNames } from './form.js';

/** Text given one of two ways: `--content <markdown>` or `--content-file <path|->` (a file, or - for standard input). */
export interface TextSource {
  text: string;
  /** How it is named in messages: '--content', '--content-file notes.md'. */
  source: string;
}

export function textOrFile<const O extends CommonOptions<TextSource>>(
  inline: readonly [spec: string, placeholder: string, help: string],
  file: readonly [spec: string, help: string],
  options?: O,
): Flag<TextSource, PresentOf<O>> {
  const inlineLong = optionNames(inline[0]).long;
  const fileLong = optionNames(file[0]).long;
  const ways: EitherOption[] = [
    { long: inlineLong, placeholder: inline[1], help: inline[2] },
    { long: fileLong, placeholder: '<path|->', help: file[1], complete: { files: true } },
  ];
  /** The text as given inline (named as `name` says: the option, or an agent's field). */
  const given = (text: string, name: string): TextSource => ({ text, source: name });
  return makeFlag<TextSource, PresentOf<O>>(
    { type: 'either', options: ways },
    inline[2],
    options,
    fieldOf(inlineLong),
    async (raw, input) => {
      const way = raw as { long: string; value: string };
      if (way.long === inlineLong) return given(way.value, inlineLong);
      const text = await input.readText(way.value, fileLong);
      return { text, source: way.value === '-' ? `${fileLong} (standard input)` : `${fileLong} ${way.value}` };
    },
    { schema: STRING, fromJson: (value, field) => given(String(value), field) },
  );
}
