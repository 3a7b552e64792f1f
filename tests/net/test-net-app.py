#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The app in a network match, on a network of the test's own (the namespaces, bridge, buses
and Avahi daemons of test-net-netns.py): `patience-cli match-host` hosts a match of two teams in
the first namespace; the app, under a virtual X display, joins it by address from the second
(`patience --join`), and two `match-join` players from the third. Each round the app's player
ends their round with Ctrl+N, as a player at the keyboard does; in the second round the host is
killed with SIGKILL and started again from its saved state, and the app rejoins by itself. The
match goes to the target; the host's final table has the app's player in their team, and the
app shows "The demon is exorcised!" (a screenshot is left in the build's meson-logs).

Needs root, `ip netns`, dbus-daemon, avahi-daemon, Xvfb, openbox and xdotool: without them it
says why and exits 77. The X display listens on its Unix socket only; nothing is sent on the
machine's own interfaces."""

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('netns', os.path.join(HERE, 'test-net-netns.py'))
netns = importlib.util.module_from_spec(spec)
spec.loader.exec_module(netns)

APP = os.environ.get('PATIENCE_APP', 'patience')
SCHEMAS = os.environ.get('PATIENCE_SCHEMA_DIR', '')
LOGS = os.environ.get('PATIENCE_LOG_DIR', '')
TARGET = 25
check = netns.check


def can_run():
    netns.can_run()
    for tool in ('Xvfb', 'openbox', 'xdotool', 'dbus-run-session'):
        if shutil.which(tool) is None:
            netns.skip(f'{tool} is not installed (build-aux/dev deps installs it)')
    if not os.path.exists(APP):
        netns.skip(f'the app is not built ({APP})')


def start_display(tmp):
    for n in range(140, 200):
        if not os.path.exists(f'/tmp/.X11-unix/X{n}') and not os.path.exists(f'/tmp/.X{n}-lock'):
            break
    display = f':{n}'
    xvfb = subprocess.Popen(['Xvfb', display, '-nolisten', 'tcp', '-screen', '0', '1280x800x24'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not os.path.exists(f'/tmp/.X11-unix/X{n}'):
        if time.monotonic() > deadline:
            raise RuntimeError('Xvfb did not start')
        time.sleep(0.05)
    env = dict(os.environ, DISPLAY=display)
    wm = subprocess.Popen(['openbox', '--sm-disable'], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    return display, [wm, xvfb]


def xdotool(display, *args):
    return subprocess.run(['xdotool', *args], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=20)


def end_app_round(display, app):
    """Ctrl+N in the app's main window: in a network round, End My Round. Another app's windows
    on the display are left alone."""
    windows = [window for window, name in app_windows(display, app) if name.startswith('Demon')]
    if not windows:
        return False
    xdotool(display, 'windowactivate', '--sync', windows[0])
    time.sleep(0.3)
    return xdotool(display, 'key', '--clearmodifiers', 'ctrl+n').returncode == 0


def app_windows(display, pid_of):
    """The app's visible windows whose process is a child of @pid_of's (dbus-run-session)."""
    found = xdotool(display, 'search', '--onlyvisible', '--class', 'patience').stdout.split()
    mine = []
    for window in found:
        pid = xdotool(display, 'getwindowpid', window).stdout.strip()
        try:
            with open(f'/proc/{pid}/stat') as f:
                parent = int(f.read().rsplit(')', 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid_of.pid or pid == str(pid_of.pid):
            name = xdotool(display, 'getwindowname', window).stdout.strip()
            mine.append((window, name))
    return mine


def stop_app(app):
    """Ends the app started by @app (dbus-run-session), and so the wrapper and its bus: a signal
    to the wrapper alone would leave the app running, its windows on the display."""
    children = []
    for entry in os.listdir('/proc'):
        try:
            with open(f'/proc/{entry}/stat') as f:
                if int(f.read().rsplit(')', 1)[1].split()[1]) == app.pid:
                    children.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    for pid in children:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    try:
        app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        app.kill()
        app.wait()


def wait_window(display, app, title, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for window, name in app_windows(display, app):
            if title is None or name == title:
                return window
        time.sleep(0.2)
    return None


def geometry(display, window):
    out = xdotool(display, 'getwindowgeometry', '--shell', window).stdout
    values = dict(line.split('=', 1) for line in out.split() if '=' in line)
    return int(values.get('X', 0)), int(values.get('Y', 0))


def click(display, window, x, y):
    left, top = geometry(display, window)
    xdotool(display, 'mousemove', str(left + x), str(top + y), 'click', '1')
    time.sleep(0.4)


def discover(net, display):
    """The app's Join dialog lists the match the host announces in another namespace (DNS-SD
    through the Avahi daemons), and joins it with the code typed in, as a player does: the main
    menu (F10), New Demon Match (M), Join a Match, the code, the name, Join."""
    host = net.spawn(1, 'announcing-host', [netns.CLI, 'match-host', '--bind', f'{netns.SUBNET}1',
                                            '--port', '0', '--players', '2', '--teams', '2',
                                            '--target', '5',
                                            '--name', 'Found match', '--host-name', 'Hal',
                                            '--cert-dir', f'{net.tmp}/cert2'])
    listening = netns.wait_for_line(host, lambda line: line['type'] == 'listening')
    announced = netns.wait_for_line(host, lambda line: line['type'] == 'announced')
    if not check(listening and announced, 'a host announces a match in the first namespace'):
        return
    app = start_app(net, 3, display, 'finder-home', [])
    main = wait_window(display, app, None)
    if not check(main, 'the app starts in the third namespace'):
        return
    xdotool(display, 'windowactivate', '--sync', main)
    time.sleep(0.5)
    xdotool(display, 'key', 'F10')
    time.sleep(0.8)
    xdotool(display, 'key', 'm')
    dialog = wait_window(display, app, 'New Demon Match')
    if not check(dialog, 'F10, M: the match dialog'):
        return
    # The dialog's layout at its default size: the Join a Match row.
    click(display, dialog, 270, 226)
    join = wait_window(display, app, 'Join a Match')
    if not check(join, 'Join a Match opens the join dialog'):
        return
    # The match found is chosen by itself; give Avahi the time to resolve it.
    time.sleep(6)
    if LOGS and shutil.which('import'):
        subprocess.run(['import', '-window', 'root', f'{LOGS}/net-app-found.png'],
                       env=dict(os.environ, DISPLAY=display), capture_output=True)
    click(display, join, 240, 143)
    xdotool(display, 'type', '--delay', '30', listening['code'].lower())
    click(display, join, 240, 198)
    xdotool(display, 'key', 'ctrl+a')
    xdotool(display, 'type', '--delay', '30', 'Dee')
    # The match found has two teams, which the Team row lists alone: the second one.
    click(display, join, 240, 251)
    time.sleep(0.5)
    xdotool(display, 'key', 'Down')
    xdotool(display, 'key', 'Return')
    time.sleep(0.5)
    if LOGS and shutil.which('import'):
        subprocess.run(['import', '-window', 'root', f'{LOGS}/net-app-team.png'],
                       env=dict(os.environ, DISPLAY=display), capture_output=True)
    click(display, join, 497, 28)
    lobby = netns.wait_for_line(host, lambda line: line['type'] == 'lobby' and any(
        row['name'] == 'Dee' for row in line['players']), timeout=30)
    check(lobby, 'the app found the announced match in its list and joined it with the code '
          'typed in')
    dee = [row for row in (lobby or {}).get('players', []) if row['name'] == 'Dee']
    check(dee and dee[0].get('team') == 1,
          f'the player is in the team chosen in the form, Team 2 ({dee})')
    stop_app(app)
    check(not app_windows(display, app), 'the app that joined it has quit')
    host.terminate()


def run(net, display):
    state = f'{net.tmp}/host-state.json'
    cert = f'{net.tmp}/cert'
    args = [netns.CLI, 'match-host', '--bind', f'{netns.SUBNET}1', '--no-announce',
            '--players', '3', '--teams', '2', '--target', str(TARGET), '--deal', '11',
            '--name', 'App match', '--cert-dir', cert, '--state', state]
    host = net.spawn(1, 'host', [*args, '--port', '0'])
    listening = netns.wait_for_line(host, lambda line: line['type'] == 'listening')
    if not check(listening, 'the host listens in the first namespace'):
        return
    port, fingerprint, code = listening['port'], listening['fingerprint'], listening['code']

    app = start_app(net, 2, display, 'app-home', ['--join', f'{netns.SUBNET}1:{port}',
                                                   '--code', code.lower(), '--name', 'Ada',
                                                   '--team', '1'])
    run_match(net, display, host, args, port, fingerprint, code, app)


def start_app(net, i, display, name, extra):
    """The app in namespace @i, with a home of its own."""
    home = f'{net.tmp}/{name}'
    os.makedirs(home)
    app_env = {
        'DISPLAY': display,
        'HOME': home,
        'XDG_DATA_HOME': f'{home}/data',
        'XDG_CONFIG_HOME': f'{home}/config',
        'XDG_CACHE_HOME': f'{home}/cache',
        'XDG_RUNTIME_DIR': f'{home}/run',
        'GSETTINGS_BACKEND': 'memory',
        'GSETTINGS_SCHEMA_DIR': SCHEMAS,
        'GTK_A11Y': 'none',
        'NO_AT_BRIDGE': '1',
        'LC_ALL': 'C.UTF-8',
    }
    os.makedirs(app_env['XDG_RUNTIME_DIR'], mode=0o700)
    env_args = ['env', *[f'{k}={v}' for k, v in app_env.items()]]
    return net.spawn(i, 'app', [*env_args, 'dbus-run-session', '--', APP, *extra])


def run_match(net, display, host, args, port, fingerprint, code, app):
    joins = [net.spawn(3, 'join', [netns.CLI, 'match-join', '--address',
                                   f'{netns.SUBNET}1:{port}', '--code', code, '--fingerprint',
                                   fingerprint, '--name', name, '--team', str(team), '--seed',
                                   str(seed)])
             for name, team, seed in (('Bea', 1, 31), ('Cid', 2, 32))]

    lobby = netns.wait_for_line(host, lambda line: line['type'] == 'lobby' and any(
        row['name'] == 'Ada' for row in line['players']), timeout=60)
    check(lobby, 'the app joins the match by address from its namespace '
          f'({netns.last_line(netns.output(app)[1])})')
    ada_id = next((row.get('id') for row in (lobby or {}).get('players', [])
                   if row['name'] == 'Ada'), None)

    # Round after round, the app's player ends their round from the keyboard; in round 2 the
    # host is killed and started again from its state.
    rounds_ended = set()
    killed = False
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        lines = netns.json_lines(host)
        starts = [line['round'] for line in lines if line['type'] == 'round-start']
        if killed and not starts:
            starts = [2]
        if any(line['type'] == 'match-end' for line in lines):
            break
        if starts and starts[-1] not in rounds_ended:
            current = starts[-1]
            if current == 2 and not killed:
                time.sleep(1.0)
                host.send_signal(signal.SIGKILL)
                host.wait()
                killed = True
                host = net.spawn(1, 'host-again', [*args, '--port', str(port)])
                again = netns.wait_for_line(host, lambda line: line['type'] == 'listening')
                check(again and again['port'] == port,
                      'the host killed with SIGKILL starts again from its saved state')
                rejoined = netns.wait_for_line(host, lambda line: line['type'] == 'rejoined' and
                                               line.get('player') == ada_id, timeout=60)
                check(rejoined, f'the app rejoins the restarted host by itself ({rejoined})')
                # The resumed host says no round-start for the round it resumes: end it now.
                time.sleep(1.5)
                if end_app_round(display, app):
                    rounds_ended.add(current)
                continue
            time.sleep(1.5)
            if end_app_round(display, app):
                rounds_ended.add(current)
        if host.poll() is not None:
            break
        time.sleep(0.3)

    status, lines, err = netns.finish(host, timeout=60)
    ends = [line for line in lines if line['type'] == 'match-end']
    if check(status == 0 and len(ends) == 1,
             f'the match ends ({status}: {netns.last_line(err)})'):
        end = ends[0]
        ada = [row for row in end['players'] if row['name'] == 'Ada']
        sums = [sum(r['total'] for r in end['players'] if r['team'] == t) for t in (0, 1)]
        check(ada and ada[0]['team'] == 0 and len(end['players']) == 3,
              f'the final table has the app\'s player in team 1 ({end})')
        check(end['team_totals'] == sums and max(sums) >= TARGET,
              f'a team reached the target {TARGET}, team totals pooled ({sums})')
    for process in joins:
        jstatus, jlines, jerr = netns.finish(process, timeout=60)
        check(jstatus == 0, f'a headless player ends with the match ({jstatus})')

    # The app shows the final table.
    shown = False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not shown:
        # The message dialog has no title of its own (its heading is drawn): a second toplevel
        # of the app's beside the main window.
        shown = len(app_windows(display, app)) >= 2
        time.sleep(0.5)
    if LOGS and shutil.which('import'):
        subprocess.run(['import', '-window', 'root', f'{LOGS}/net-app-final.png'],
                       env=dict(os.environ, DISPLAY=display), capture_output=True)
    check(shown and app.poll() is None,
          'the app is still running and shows the final table in a dialog')
    stop_app(app)


def main():
    can_run()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with tempfile.TemporaryDirectory(prefix='patience-netapp-') as tmp:
        net = netns.Network(tmp)
        display, x = start_display(tmp)
        try:
            net.build()
            check(True, 'three namespaces on a bridge, each with its bus and Avahi daemon')
            discover(net, display)
            run(net, display)
        except (RuntimeError, subprocess.CalledProcessError) as error:
            detail = getattr(error, 'stderr', '') or ''
            check(False, f'the test network: {error} {netns.last_line(detail)}')
        finally:
            for process in net.processes:
                if process.label == 'app':
                    out, err = netns.output(process)
                    for line in err.strip().splitlines()[-15:]:
                        print(f'# app: {line}')
            net.cleanup()
            for process in x:
                process.terminate()
                process.wait()
    results = netns.results
    print(f'1..{len(results)}')
    return 0 if results and all(ok for ok, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
