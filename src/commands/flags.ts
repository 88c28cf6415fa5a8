// The flag builders a declaration uses (./declare.ts), and how help and messages name a flag:
// one kind of value per file under ./flags/ (one value, a list, switches, either-forms), each
// builder declaring its placeholder, parse and JSON Schema. Data and small pure functions only:
// declarations import this at start-up.
export { forAgent, nameOf, onCommandLine, usageOf } from './flags/describe.js';
export { duration } from './flags/duration.js';
export { textOrFile, type TextSource } from './flags/either.js';
export {
  pick,
  type AgentForm,
  type ApiForm,
  type Choice,
  type ChoiceOption,
  type CommonOptions,
  type EitherOption,
  type Flag,
  type FlagForm,
  type FlagMap,
  type JsonSchema,
  type ParseInput,
  type PresentOf,
  type PromptSpec,
  type RawValue,
} from './flags/flag.js';
export { customList, ids, listOf, texts, uuids } from './flags/list.js';
export { choice, flag, toggle } from './flags/switches.js';
export {
  byteSize,
  color,
  count,
  custom,
  date,
  dateOrNone,
  id,
  oneOf,
  path,
  port,
  raw,
  seconds,
  text,
  type TextOptions,
  url,
  uuid,
} from './flags/value.js';
