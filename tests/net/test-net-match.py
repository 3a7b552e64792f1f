#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Whole network matches between real processes on 127.0.0.1: `patience-cli match-host` and two
or three `patience-cli match-join` greedy players. The host's scores must be what the engine
gives replaying the moves it accepted (`patience-cli replay`), and what each player reckoned
itself; a wrong code, a wrong certificate pin and bad options are refused with a clear message.
TAP output."""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

CLI = os.environ.get('PATIENCE_CLI', 'patience-cli')
TIMEOUT = 240

results = []


def check(ok, title):
    results.append((bool(ok), ' '.join(title.split())))
    return ok


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1][-200:] if lines else ''


def spawn(tmp, args):
    """A process whose output goes to files (a pipe left unread would stall it)."""
    fd, base = tempfile.mkstemp(dir=tmp)
    os.close(fd)
    out = open(base + '.out', 'w+')
    err = open(base + '.err', 'w+')
    process = subprocess.Popen([CLI, *args], stdout=out, stderr=err, text=True)
    process.files = (out, err)
    return process


def start_host(tmp, *args):
    host = spawn(tmp, ['match-host', '--bind', '127.0.0.1', '--port', '0',
                       '--cert-dir', os.path.join(tmp, 'cert'), *args])
    deadline = time.monotonic() + 60
    first = ''
    while not first.endswith('\n'):
        if time.monotonic() > deadline or host.poll() is not None:
            raise RuntimeError('match-host did not start')
        time.sleep(0.05)
        host.files[0].seek(0)
        first = host.files[0].readline()
    first = json.loads(first)
    assert first['type'] == 'listening', first
    return host, first


def join(tmp, listening, name, *args, code=None, fingerprint=None):
    return spawn(tmp, ['match-join', '--address', f"127.0.0.1:{listening['port']}",
                       '--code', code or listening['code'],
                       '--fingerprint', fingerprint or listening['fingerprint'],
                       '--name', name, *args])


def finish(process):
    try:
        process.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    out, err = process.files
    out.seek(0)
    err.seek(0)
    lines = [json.loads(line) for line in out.read().splitlines() if line]
    text = err.read()
    out.close()
    err.close()
    return process.returncode, lines, text


def replay_score(deal, die, moves):
    out = subprocess.run([CLI, 'replay', '--game', 'demon', '--deal', deal, '--die', die,
                          '--moves', ' '.join(moves)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])['score']


def check_match(tmp, label, host_args, players):
    """Runs a host and its players to the end and checks every score the host sent."""
    host, listening = start_host(tmp, *host_args)
    joins = [join(tmp, listening, name, *args) for name, args in players]
    joined = [finish(p) for p in joins]
    status, lines, err = finish(host)
    check(status == 0, f'{label}: the host exits 0 ({status}; {last_line(err)})')
    for (name, _), (jstatus, _, jerr) in zip(players, joined):
        check(jstatus == 0, f'{label}: {name} exits 0 ({jstatus}; {last_line(jerr)})')

    deal = die = None
    moves = {}
    replayed_ok = True
    rounds = 0
    for line in lines:
        if line['type'] == 'round-start':
            deal, die, moves = line['deal'], line['die'], {}
        elif line['type'] == 'move-played':
            moves.setdefault(line['player'], []).append(line['move'])
        elif line['type'] == 'round-end':
            rounds += 1
            for row in line['players']:
                score = replay_score(deal, die, moves.get(row['id'], []))
                if score != row['score']:
                    replayed_ok = False
                    print(f'# round {line["round"]} player {row["id"]}: host {row["score"]}, '
                          f'replayed {score}')
    check(rounds >= 1 and replayed_ok,
          f'{label}: the host\'s scores of {rounds} rounds are the engine\'s, replayed')

    # Each player's own reckoning, round by round, is the host's.
    ends = [line for line in lines if line['type'] == 'round-end']
    own_ok = True
    for index, (_, jlines, _) in enumerate(joined):
        welcome = next((line for line in jlines if line['type'] == 'welcome'), None)
        own = [line for line in jlines if line['type'] == 'own-score']
        if welcome is None or len(own) != len(ends):
            own_ok = False
            continue
        for end, mine in zip(ends, own):
            row = next(r for r in end['players'] if r['id'] == welcome['player'])
            own_ok &= row['score'] == mine['score'] and end['round'] == mine['round']
    check(own_ok, f'{label}: every player reckoned the same scores as the host')

    # On a loopback address nothing is announced, nor even tried.
    check(not any(line['type'] == 'announced' for line in lines) and 'warning' not in err,
          f'{label}: a host on 127.0.0.1 announces nothing')
    result = [line for line in lines if line['type'] == 'match-end']
    check(len(result) == 1, f'{label}: the host announced the end of the match once')
    return result[0] if result else None, err


def main():
    with tempfile.TemporaryDirectory(prefix='patience-net-') as tmp:
        target = 25
        result, err = check_match(tmp, 'three players', ['--players', '3', '--target', str(target),
                                                         '--deal', '11'],
                                  [('Ann', ['--seed', '1']), ('Bob', ['--seed', '2']),
                                   ('Cleo', ['--seed', '3'])])
        if result:
            winner = result['winner']
            check(winner >= 0 and any(r['id'] == winner and r['total'] >= target
                                      for r in result['players']),
                  'three players: the winner reached the target')
            check('The demon is exorcised!' in err, 'three players: the host says so')

        result, _ = check_match(tmp, 'two teams', ['--players', '3', '--teams', '2',
                                                   '--target', str(target), '--die', 'pass'],
                                [('Ann', ['--seed', '4', '--team', '1']),
                                 ('Bob', ['--seed', '5', '--team', '2']),
                                 ('Cleo', ['--seed', '6', '--team', '1'])])
        if result:
            sums = [sum(r['total'] for r in result['players'] if r['team'] == t) for t in (0, 1)]
            check(result['team_totals'] == sums, 'two teams: team totals pool the players\'')
            check(result['winner'] in (0, 1) and sums[result['winner']] >= target,
                  'two teams: the winning team reached the target')

        # A wrong code is refused, in words; the right one then plays a match alone.
        host, listening = start_host(tmp, '--players', '1', '--target', '10')
        status, _, err = finish(join(tmp, listening, 'Eve', code='ZZZZZZ'))
        check(status == 1 and 'the match code is wrong' in err,
              f'a wrong code is refused ({status}: {last_line(err)})')
        status, lines, err = finish(join(tmp, listening, 'Ann', '--seed', '9'))
        check(status == 0 and any(line['type'] == 'match-end' for line in lines),
              f'after a wrong code the right one plays ({status}: {last_line(err)})')
        hstatus, hlines, _ = finish(host)
        check(hstatus == 0 and any(line['type'] == 'turned-away' and
                                   'the match code is wrong' in line['why'] for line in hlines),
              'the host reports the wrong code')

        # A pin that is not the host's certificate: no connection.
        host, listening = start_host(tmp, '--players', '1')
        status, _, err = finish(join(tmp, listening, 'Ann', fingerprint='ab' * 32))
        check(status == 1 and 'not the pinned one' in err,
              f'a wrong certificate pin is refused ({status}: {last_line(err)})')
        host.kill()
        finish(host)

        # Bad options are bad input: status 2 and one line.
        bad = subprocess.run([CLI, 'match-join', '--address', '127.0.0.1:1', '--name', 'A',
                              '--fingerprint', 'ab' * 32], capture_output=True, text=True)
        check(bad.returncode == 2 and bad.stderr.startswith('error: ')
              and bad.stderr.count('\n') == 1, 'match-join without a code is bad input')
        bad = subprocess.run([CLI, 'match-host', '--teams', '1'], capture_output=True, text=True)
        check(bad.returncode == 2 and 'a team needs another' in bad.stderr,
              'match-host --teams 1 is bad input')

        # Without an Avahi daemon (a system bus that is not there), discovery says so.
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=f'unix:path={tmp}/no-bus')
        for args in (['match-list', '--timeout', '1'],
                     ['match-join', '--discover', '--code', 'ABCDEF', '--name', 'A',
                      '--fingerprint', 'ab' * 32]):
            gone = subprocess.run([CLI, *args], capture_output=True, text=True, env=env)
            check(gone.returncode == 1 and 'discovery is unavailable' in gone.stderr
                  and gone.stderr.count('\n') == 1,
                  f'{args[0]} without a daemon says discovery is unavailable '
                  f'({gone.returncode}: {last_line(gone.stderr)})')
        bad = subprocess.run([CLI, 'match-join', '--discover', '--address', '127.0.0.1:1',
                              '--code', 'ABCDEF', '--name', 'A', '--fingerprint', 'ab' * 32],
                             capture_output=True, text=True)
        check(bad.returncode == 2 and 'not both' in bad.stderr,
              'match-join --discover with --address is bad input')

    # The manual page lists both commands and every option their --help shows.
    man = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'data',
                            'patience-cli.1'), encoding='utf-8').read().replace('\\-', '-')
    for command in ('match-host', 'match-join', 'match-list'):
        shown = subprocess.run([CLI, command, '--help'], capture_output=True, text=True).stdout
        options = re.findall(r'^\s+(?:-\w, )?--([\w-]+)', shown, re.M)
        missing = [o for o in options if o != 'help' and f'--{o}' not in man]
        check(f'.B {command}' in man and options and not missing,
              f'the manual page describes {command} and its options {options} (missing: {missing})')

    print(f'1..{len(results)}')
    for number, (ok, title) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {number} - {title}')
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
