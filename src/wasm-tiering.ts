// One V8 setting for pwctl's WebAssembly (jq, for --jq). V8 first compiles a module
// with Liftoff (fast to compile), then recompiles hot functions with TurboFan in the
// background, and a process cannot exit until that background job is done: tens of ms added
// to every short command. Liftoff code does a CLI's work well enough, so pwctl stays on it.
// The flag only changes which WebAssembly compiler runs, for modules compiled after it is
// set; PWCTL_WASM_TIER_UP=1 restores V8's default, should a Node release misbehave with it.
import { setFlagsFromString } from 'node:v8';

export function keepWasmOnLiftoff(env: NodeJS.ProcessEnv): void {
  if (env.PWCTL_WASM_TIER_UP !== '1') setFlagsFromString('--liftoff-only');
}
