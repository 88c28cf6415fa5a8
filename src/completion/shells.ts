/** The shells `pwctl completion` has a script for (completions/). */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/**
 * How a user installs the script for good, as `completion --help` and docs/guide/shell-completion.md say it:
 * into a directory of their own that the shell reads at start (created if missing), never
 * one that needs root (zsh's `${fpath[1]}` is /usr/local/share/zsh/site-functions on most
 * systems). `rc` is what the shell's start-up file must hold, when anything.
 */
export const INSTALL_STEPS: Readonly<Record<CompletionShell, { run: string; rc?: string }>> = {
  bash: {
    // bash-completion loads ~/.local/share/bash-completion/completions/<command> on first TAB.
    run: 'mkdir -p ~/.local/share/bash-completion/completions && pwctl completion bash > ~/.local/share/bash-completion/completions/pwctl',
  },
  zsh: {
    run: 'mkdir -p ~/.zfunc && pwctl completion zsh > ~/.zfunc/_pwctl',
    rc: 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit',
  },
  fish: {
    run: 'mkdir -p ~/.config/fish/completions && pwctl completion fish > ~/.config/fish/completions/pwctl.fish',
  },
};
