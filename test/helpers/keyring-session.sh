#!/usr/bin/env bash
# Runs inside `dbus-run-session -- bash keyring-session.sh <home>`: starts gnome-keyring's
# Secret Service on this private session bus with an unlocked default collection (a fresh
# HOME makes `--unlock` create one from the password on stdin), waits until the service
# owns its bus name (a client that comes earlier would start a second daemon), prints
# `ready <bus address>` and stays until its standard input closes. The bus and the daemon
# end with it.
set -euo pipefail
export HOME="$1" XDG_DATA_HOME="$1/.local/share" XDG_CONFIG_HOME="$1/.config" XDG_CACHE_HOME="$1/.cache" XDG_RUNTIME_DIR="$1/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
printf pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null
for _ in $(seq 100); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'; then
    echo "ready $DBUS_SESSION_BUS_ADDRESS"
    cat >/dev/null
    exit 0
  fi
  sleep 0.1
done
echo "org.freedesktop.secrets never appeared on the session bus" >&2
exit 1
