#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# What a screen reader sees: runs the built app as its own process with accessibility on and reads
# its accessible tree over AT-SPI, as Orca does. Every header button has a name, the window is named
# after the game, the board names the focused pile and card, keyboard moves change what is
# announced, a refused move says why, the status line reads, the hidden end card and empty labels
# are out of the tree, and the end card of a lost deal reads, from the button that gets the focus.
#
# Usage: test-atspi.py PATIENCE SCHEMA_DIR, under an X display and a session bus (dbus-run-session),
# with at-spi2-core installed; prints TAP.

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import gi
    gi.require_version('Atspi', '2.0')
    import pyatspi
except (ImportError, ValueError) as e:
    print('1..0 # SKIP no pyatspi: %s' % e)
    sys.exit(0)

app_path, schema_dir = sys.argv[1], sys.argv[2]
results = []


def ok(cond, what):
    results.append((bool(cond), what))
    print('%s %d - %s' % ('ok' if cond else 'not ok', len(results), what), flush=True)
    return cond


def wait_for(fn, timeout=20.0):
    end = time.monotonic() + timeout
    while True:
        try:
            value = fn()
        except Exception:
            value = None
        if value or time.monotonic() > end:
            return value
        time.sleep(0.2)


def walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def launch(deal, home):
    env = dict(os.environ, GSETTINGS_BACKEND='memory', GSETTINGS_SCHEMA_DIR=schema_dir,
               XDG_DATA_HOME=os.path.join(home, 'data'), XDG_CONFIG_HOME=os.path.join(home, 'config'),
               LANGUAGE='C', LC_ALL='C.UTF-8')
    env.pop('GTK_A11Y', None)
    env.pop('G_DEBUG', None)
    return subprocess.Popen([app_path, '--game', 'black-hole', '--deal', str(deal)], env=env)


def find_app(proc):
    def look():
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.get_process_id() == proc.pid:
                return app
        return None
    return wait_for(look)


def board_of(app):
    # The board is the one widget whose description tells how to play with the keys.
    for acc in walk(app):
        if 'Arrow keys move' in (acc.description or ''):
            return acc
    return None


def x_window(proc):
    out = wait_for(lambda: subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--pid',
                                           str(proc.pid)], capture_output=True, text=True,
                                          timeout=10).stdout.split())
    return out[-1] if out else None


def key(win, *names):
    subprocess.run(['xdotool', 'key', '--clearmodifiers', '--delay', '80'] + list(names), check=True)
    time.sleep(0.3)


PILE = re.compile(r'^(.+), (empty|.+, \d+ cards?|.+, card \d+ of \d+)$')

home = tempfile.mkdtemp(prefix='patience-atspi-')
procs = []
try:
    # Deal 1 of Black Hole: the header, the board and the keyboard.
    proc = launch(1, home)
    procs.append(proc)
    app = find_app(proc)
    if not ok(app is not None, 'the app shows up on the accessibility bus'):
        raise SystemExit
    frame = wait_for(lambda: next((a for a in app if a.getRole() == pyatspi.ROLE_FRAME), None))
    ok(frame is not None and frame.name == 'Black Hole',
       'the window is named after the game: %r' % (frame.name if frame else None))

    buttons = [a for a in walk(frame)
               if a.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)]
    header = {}
    for b in buttons:
        if b.description in ('New Game', 'Undo', 'Redo', 'Hint', 'Main Menu', 'Stop Playing'):
            header.setdefault(b.description, []).append(b.name)
    # Stop Playing shows only while Play to the End runs.
    ok(len(header) == 5, 'the five icon buttons of the header bar are found: %s' % sorted(header))
    for tip, names in sorted(header.items()):
        # A name that is a type name ("GtkImage") is what GTK says of a widget without a name.
        ok(all(n == tip for n in names), 'header button %r is named %r' % (tip, names))
    unnamed = [b.description or '?' for b in buttons if not b.name or b.name.startswith('Gtk')]
    ok(not unnamed, 'no button is without a name: %s' % unnamed)

    status = [a.name for a in walk(frame) if a.getRole() == pyatspi.ROLE_LABEL]
    ok('Black Hole · Deal 1' in status, 'the status line reads the game and deal')
    ok('0 moves' in status and '51 cards left' in status, 'the status line reads moves and cards left')

    board = board_of(frame)
    if ok(board is not None, 'the board is in the tree'):
        ok(PILE.match(board.name or ''), 'the board names a pile and card: %r' % board.name)

    # Focus the board from the keyboard, then walk every pile with Tab.
    win = x_window(proc)
    ok(win is not None, 'the X window is found')
    if win is not None and board is not None:
        subprocess.run(['xdotool', 'windowfocus', '--sync', win], check=False)
        time.sleep(0.5)
        for _ in range(12):
            if board.getState().contains(pyatspi.STATE_FOCUSED):
                break
            key(win, 'Tab')
        ok(board.getState().contains(pyatspi.STATE_FOCUSED), 'Tab reaches the board')
        seen = [board.name]
        for _ in range(17):
            key(win, 'Tab')
            seen.append(board.name)
        ok(all(PILE.match(n or '') for n in seen), 'every pile reached is named: %s' % seen)
        changed = sum(1 for a, b in zip(seen, seen[1:]) if a != b)
        ok(changed == 17, 'each Tab changes what is announced (%d changes in 17)' % changed)
        ok(len(set(seen)) == 18, 'the 18 piles (17 fans and the hole) are told apart: %d names' % len(set(seen)))
        ok(any(n.startswith('Black Hole, ') for n in seen) and any(n.startswith('Fan ') for n in seen),
           'the hole and the fans are named: %s, %s' % (seen[0], seen[1]))
        before = board.name
        key(win, 'Left')
        ok(board.name != before and PILE.match(board.name or ''), 'Left moves to a pile beside: %r' % board.name)
        before = board.name
        key(win, 'Up')
        ok(board.name != before and re.search(r'card \d+ of \d+', board.name or ''),
           'Up moves into the pile: %r' % board.name)
        # Picked up, and put down where it cannot go: the reason is the board's description, which
        # a screen reader reads when it changes on the focused widget, and the status line's.
        key(win, 'space')
        ok('Holding 1 card' in (board.description or ''),
           'Space picks the card up: %r' % board.description)
        key(win, 'Left')
        key(win, 'space')
        said = wait_for(lambda: board.description if 'Holding' not in board.description else None)
        ok(said and 'Arrow keys' not in said, 'a refused move says why on the board: %r' % said)
        status = [a.name for a in walk(frame) if a.getRole() == pyatspi.ROLE_LABEL]
        ok(said in status, 'the status line says the same: %s' % status)
        key(win, 'Escape')
        ok('Arrow keys move' in (board.description or ''),
           'the next key brings the board\'s own description back: %r' % board.description)

    # While the game goes on, the end card is out of the tree, and no label is without a name.
    ok(not [a for a in walk(frame) if a.getRole() == pyatspi.ROLE_PUSH_BUTTON and
            a.name == 'Restart'],
       'the hidden end card\'s buttons are not in the tree')
    nameless = ['%s %r' % (a.getRoleName(), a.name) for a in walk(frame)
                if a.getRole() in (pyatspi.ROLE_LABEL, pyatspi.ROLE_IMAGE) and
                (not a.name or a.name.startswith('Gtk'))]
    ok(not nameless, 'no label or image without a name: %s' % nameless)
    proc.terminate()
    proc.wait(timeout=10)

    # Deal 27 is lost at once (no top card is a King or a Two): the end card is read.
    proc = launch(27, home)
    procs.append(proc)
    app = find_app(proc)
    if ok(app is not None, 'the app shows up again for deal 27'):
        def end_card():
            labels = [a.name for a in walk(app) if a.getRole() == pyatspi.ROLE_LABEL]
            return labels if any('lost' in n.lower() or 'no more' in n.lower() for n in labels) else None
        labels = wait_for(end_card) or []
        ok(labels, 'the end card of a lost deal reads: %s' % labels)
        header_tips = ('New Game', 'Undo', 'Redo', 'Hint', 'Main Menu', 'Stop Playing',
                       'Minimize the window', 'Maximize the window', 'Close the window')
        end_buttons = [a.name for a in walk(app)
                       if a.getRole() == pyatspi.ROLE_PUSH_BUTTON and
                       a.description not in header_tips]
        # Named by their words alone: GTK 4.8 by itself would say "_Undo Undo" (see pat-a11y.c).
        ok(all(w in end_buttons for w in ('Undo', 'Restart', 'New Game')) and
           not any('_' in n for n in end_buttons),
           'the end card buttons are named: %s' % end_buttons)
        # The focus goes to New Game: it tells how the game ended.
        focused = wait_for(lambda: next((a for a in walk(app)
                                         if a.getState().contains(pyatspi.STATE_FOCUSED)), None))
        ok(focused is not None and focused.name == 'New Game',
           'the end card\'s New Game button has the focus: %r' % (focused and focused.name))
        description = (focused.description or '') if focused is not None else ''
        ok('No More Moves' in description and 'top card of the hole' in description,
           'the focused button tells the end card\'s title and reason: %r' % description)
        card = next((a for a in walk(app) if a.getRole() == pyatspi.ROLE_PANEL and
                     a.name == 'No More Moves'), None)
        ok(card is not None, 'the end card is named after its title')
        nameless = ['%s %r' % (a.getRoleName(), a.name) for a in walk(app)
                    if a.getRole() in (pyatspi.ROLE_LABEL, pyatspi.ROLE_IMAGE) and
                    (not a.name or a.name.startswith('Gtk'))]
        ok(not nameless, 'no label or image of the end card without a name: %s' % nameless)
finally:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
    shutil.rmtree(home, ignore_errors=True)
    print('1..%d' % len(results))

sys.exit(0 if results and all(r for r, _ in results) else 1)
