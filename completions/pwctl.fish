# fish completion for pwctl
#
# Install:  pwctl completion fish > ~/.config/fish/completions/pwctl.fish
# For the current shell only:  pwctl completion fish | source
#
# The candidates come from pwctl itself: at each TAB this asks `pwctl __complete fish --
# <words>`, which answers from the program's own command tree and from the ids of records
# recently listed in this profile (with their titles), without contacting the service. So
# this script never changes when the commands do.

function __pwctl_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l out ($tokens[1] __complete fish -- $tokens[2..-1] $current 2>/dev/null)
    if test "$out[1]" = :files
        __fish_complete_path $current
        return
    end
    printf '%s\n' $out
end

complete -c pwctl -f -a '(__pwctl_complete)'
