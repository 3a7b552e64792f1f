#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Launches the built app twice on a private session bus and checks that one instance runs with one
# window: a second `patience --game …` hands its command line to the first and exits 0, and D-Bus
# activation (how the desktop file's actions start the app, through the installed service file)
# starts one instance that later launches and actions reach.
# Usage: single-instance.sh APP APP_ID SERVICE_FILE SCHEMA_DIR   (needs an X display)

set -eu

inner=false
if [ "${1:-}" = --inner ]; then
  inner=true
  shift
fi
app=$1
app_id=$2
service=$3
schema_dir=$4
object_path=/$(echo "$app_id" | tr . /)

fail () {
  echo "FAIL: $*"
  exit 1
}

bus_call () {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method "org.freedesktop.DBus.$1" "$2"
}

# The process id of the name's owner; gdbus prints "(uint32 PID,)".
owner_pid () {
  bus_call GetConnectionUnixProcessID "$app_id" | sed 's/^(uint32 \([0-9]*\),)$/\1/'
}

# Waits up to a minute for the app's name on the bus; prints the owner's process id.
wait_for_app () {
  tries=0
  while [ "$(bus_call NameHasOwner "$app_id")" != "(true,)" ]; do
    tries=$((tries + 1))
    [ $tries -le 600 ] || fail "$app_id never appeared on the session bus"
    sleep 0.1
  done
  owner_pid
}

# The windows the app exports on the bus (GtkApplication exports each window's actions under
# OBJECT_PATH/window/N); waits for the first one, then a moment for any other to show up.
count_windows () {
  tries=0
  while :; do
    n=$(gdbus introspect --session --dest "$app_id" --object-path "$object_path/window" 2>/dev/null |
        grep -c '^ *node [0-9]' || true)
    [ "$n" -ge 1 ] && break
    tries=$((tries + 1))
    [ $tries -le 600 ] || break
    sleep 0.1
  done
  sleep 2
  gdbus introspect --session --dest "$app_id" --object-path "$object_path/window" 2>/dev/null |
    grep -c '^ *node [0-9]' || true
}

quit_app () {
  gdbus call --session --dest "$app_id" --object-path "$object_path" \
    --method org.freedesktop.Application.ActivateAction quit '[]' '{}' >/dev/null
}

wait_gone () {
  tries=0
  while kill -0 "$1" 2>/dev/null; do
    tries=$((tries + 1))
    [ $tries -le 300 ] || fail "process $1 did not quit"
    sleep 0.1
  done
}

if ! $inner; then
  if [ -z "${DISPLAY:-}" ]; then
    echo "SKIP: no X display"
    exit 77
  fi
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/patience-single-instance.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT INT TERM
  # The service file as installed, but running the built app; a session bus that reads it; and
  # settings and saved games that are the test's own.
  mkdir -p "$tmp/share/dbus-1/services" "$tmp/data" "$tmp/config"
  sed "s|^Exec=.*|Exec=$app --gapplication-service|" "$service" \
    >"$tmp/share/dbus-1/services/$app_id.service"
  # The bus activates only the app: with the system's service folders it would also start
  # xdg-desktop-portal for GTK and libadwaita, which without a desktop can take longer to give up
  # than the test may run (it once made it time out), and whose messages hide the test's own.
  cat >"$tmp/bus.conf" <<END
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=$tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$tmp/share/dbus-1/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
END
  XDG_DATA_DIRS="$tmp/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
  XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config \
  GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR=$schema_dir GTK_A11Y=none \
    dbus-run-session --config-file="$tmp/bus.conf" -- "$0" --inner "$@"
  exit $?
fi

# 1. Launched directly, twice.
"$app" --game penguin &
first=$!
owner=$(wait_for_app)
[ "$owner" = "$first" ] || fail "the bus name belongs to $owner, not the first launch ($first)"
echo "ok: the first launch ($first) owns $app_id"

timeout 60 "$app" --game black-hole || fail "the second launch exited with status $?"
kill -0 "$first" 2>/dev/null || fail "the first instance is gone after the second launch"
[ "$(owner_pid)" = "$first" ] ||
  fail "another process owns $app_id after the second launch"
echo "ok: the second launch handed over to the first and exited 0"
windows=$(count_windows)
[ "$windows" = 1 ] || fail "$windows windows after two launches, not 1"
echo "ok: one window"

# Bad command lines, handed to the first instance or refused before: the status and the words of
# patience-cli ("error: " and the message, arguments in '…').
status=0
err=$(timeout 60 "$app" --game nonsense 2>&1 >/dev/null) || status=$?
[ $status = 2 ] || fail "an unknown game exited with status $status, not 2"
case $err in
  "error: unknown game 'nonsense' (games: "*) ;;
  *) fail "an unknown game said: $err" ;;
esac
status=0
err=$(timeout 60 "$app" --bogus 2>&1 >/dev/null) || status=$?
[ $status = 2 ] || fail "an unknown option exited with status $status, not 2"
[ "$err" = "error: unknown option --bogus" ] || fail "an unknown option said: $err"
status=0
err=$(timeout 60 "$app" --deal x 2>&1 >/dev/null) || status=$?
[ $status = 2 ] || fail "a bad deal number exited with status $status, not 2"
case $err in
  "error: deal number 'x' "*) ;;
  *) fail "a bad deal number said: $err" ;;
esac
kill -0 "$first" 2>/dev/null || fail "the first instance is gone after the bad command lines"
echo "ok: bad command lines are refused in patience-cli's words"

quit_app
wait "$first" || true
wait_gone "$first"

# 2. Started by D-Bus activation, as the desktop file's actions do, then launched directly.
gdbus call --session --dest "$app_id" --object-path "$object_path" \
  --method org.freedesktop.Application.ActivateAction new-game-penguin '[]' '{}' >/dev/null ||
  fail "activating new-game-penguin over D-Bus"
service_pid=$(wait_for_app)
echo "ok: D-Bus activation started $app_id ($service_pid)"
gdbus call --session --dest "$app_id" --object-path "$object_path" \
  --method org.freedesktop.Application.ActivateAction new-game '[<"demon">]' '{}' >/dev/null ||
  fail "activating new-game over D-Bus"
timeout 60 "$app" --game all-in-a-row || fail "the direct launch exited with status $?"
[ "$(owner_pid)" = "$service_pid" ] ||
  fail "another process owns $app_id"
kill -0 "$service_pid" 2>/dev/null || fail "the activated instance is gone"
windows=$(count_windows)
[ "$windows" = 1 ] || fail "$windows windows after activation, an action and a launch, not 1"
echo "ok: one instance, one window"

quit_app
wait_gone "$service_pid"
echo "ok: single instance"
