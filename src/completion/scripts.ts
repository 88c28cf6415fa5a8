// The shell scripts of completions/, embedded in the bundle at build time (as text, see
// scripts/build.mjs), so `pwctl completion <shell>` prints exactly the committed
// files without finding them on disk.
import bash from '../../completions/pwctl.bash';
import zsh from '../../completions/_pwctl';
import fish from '../../completions/pwctl.fish';
import type { CompletionShell } from './shells.js';

export const COMPLETION_SCRIPTS: Record<CompletionShell, string> = { bash, zsh, fish };
