#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the built data files of both profiles: each names its own app id and its own programs
# (patience, patience-cli; patience-devel, patience-cli-devel) and gettext domain, the development
# one says "(Development)", the desktop file is DBusActivatable with a D-Bus service of its name
# that runs its program, and its actions are exactly one new-game-GAME-ID per game of the engine,
# each running `PROGRAM --game`.
# Usage: check-profile-files.sh BASE_ID DEVEL_ID BUILD_DATA_DIR ENGINE_SOURCE_DIR

set -eu

base_id=$1
devel_id=$2
data=$3
engine=$4

failed=0
fail () {
  echo "FAIL: $*"
  failed=1
}
has () {
  if grep -qxF -- "$2" "$1"; then
    echo "ok: $(basename "$1"): $2"
  else
    fail "$(basename "$1") has no line “$2”"
  fi
}

# The games, from the engine's rules tables: the line after `const PatRules pat_rules_X = {`.
games=$(awk '/^const PatRules pat_rules_[a-z_]* = \{/ { getline; gsub(/[ ",]/, ""); print }' \
        "$engine"/*.c | sort)
[ -n "$games" ] || fail "no game found in $engine"
expected_actions=$(for game in $games; do printf 'new-game-%s\n' "$game"; done)

for id in "$base_id" "$devel_id"; do
  desktop=$data/$id.desktop
  metainfo=$data/$id.metainfo.xml
  service=$data/$id.service
  schema=$data/$id.gschema.xml
  if [ "$id" = "$devel_id" ]; then
    name='Patience (Development)' suffix=-devel
  else
    name='Patience' suffix=
  fi
  app=patience$suffix
  cli=patience-cli$suffix

  has "$desktop" "Name=$name"
  has "$desktop" "Icon=$id"
  has "$desktop" "DBusActivatable=true"
  has "$desktop" "Exec=$app"
  has "$metainfo" "  <id>$id</id>"
  has "$metainfo" "  <name>$name</name>"
  has "$metainfo" "  <launchable type=\"desktop-id\">$id.desktop</launchable>"
  has "$metainfo" "    <binary>$app</binary>"
  has "$metainfo" "    <binary>$cli</binary>"
  has "$metainfo" "  <translation type=\"gettext\">patience$suffix</translation>"
  if [ "$(grep -c '<binary>' "$metainfo")" -ne 2 ]; then
    fail "$(basename "$metainfo") provides other programs than $app and $cli"
  fi
  has "$service" "Name=$id"
  if ! grep -qE "^Exec=/.*/$app --gapplication-service\$" "$service"; then
    fail "$(basename "$service") does not run $app --gapplication-service"
  fi
  if ! grep -qF "<schema id=\"$id\" path=\"/$(echo "$id" | tr . /)/\">" "$schema"; then
    fail "$(basename "$schema") has no schema $id at its own path"
  fi

  # Actions= lists the same actions the file defines, one per game, and each opens its game.
  listed=$(sed -n 's/^Actions=//p' "$desktop" | tr ';' '\n' | sed '/^$/d' | sort)
  defined=$(sed -n 's/^\[Desktop Action \(.*\)\]$/\1/p' "$desktop" | sort)
  [ "$listed" = "$expected_actions" ] || fail "$(basename "$desktop"): Actions= is “$(echo $listed)”, the games are “$(echo $games)”"
  [ "$defined" = "$expected_actions" ] || fail "$(basename "$desktop"): defined actions are “$(echo $defined)”"
  for game in $games; do
    if ! sed -n "/^\[Desktop Action new-game-$game\]\$/,/^\$/p" "$desktop" | grep -qxF "Exec=$app --game $game"; then
      fail "$(basename "$desktop"): new-game-$game does not run $app --game $game"
    fi
  done
done

# The two profiles keep apart: different schema paths and no shared file name.
[ "$base_id" != "$devel_id" ] || fail "both profiles have the app id $base_id"

[ $failed -eq 0 ] && echo "ok: both profiles' files"
exit $failed
