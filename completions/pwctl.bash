# bash completion for pwctl                                  -*- shell-script -*-
#
# Install:  pwctl completion bash > ~/.local/share/bash-completion/completions/pwctl
# For the current shell only:  source <(pwctl completion bash)
#
# The candidates come from pwctl itself: at each TAB this asks `pwctl __complete bash --
# <words>`, which answers from the program's own command tree and from the ids of records
# recently listed in this profile, without contacting the service. So this script never
# changes when the commands do.

_pwctl()
{
    local cur words cword
    if declare -F _get_comp_words_by_ref >/dev/null; then
        # bash-completion: keep --output=json and name:x as one word.
        _get_comp_words_by_ref -n =: cur words cword
    else
        # Without bash-completion: the line up to the cursor, split at blanks.
        local line=${COMP_LINE:0:COMP_POINT}
        read -ra words <<<"$line"
        [[ -z $line || $line == *[[:blank:]] ]] && words+=('')
        cword=$((${#words[@]} - 1))
        cur=${words[cword]}
    fi

    local cmd=${words[0]}
    [[ $cmd == '~/'* ]] && cmd=$HOME/${cmd#'~/'}
    local out
    out=$("$cmd" __complete bash -- "${words[@]:1:cword-1}" "$cur" 2>/dev/null) || return

    COMPREPLY=()
    if [[ $out == :files ]]; then
        if declare -F _filedir >/dev/null; then
            _filedir
        else
            compopt -o filenames 2>/dev/null
            local file
            while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$cur")
        fi
        return
    fi

    local candidate
    while IFS= read -r candidate; do
        [[ -n $candidate ]] && COMPREPLY+=("$candidate")
    done <<<"$out"

    # Readline replaces only the part after the last '=' or ':' (COMP_WORDBREAKS), so
    # --output=js completes to json, not --output=json.
    if [[ $cur == *[=:]* ]]; then
        local prefix=${cur%"${cur##*[=:]}"}
        COMPREPLY=("${COMPREPLY[@]#"$prefix"}")
    fi
}

complete -F _pwctl pwctl
