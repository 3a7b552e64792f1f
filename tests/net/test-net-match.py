#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Whole network matches between real processes on 127.0.0.1: `patience-cli match-host` and two
or three `patience-cli match-join` greedy players. The host's scores must be what the engine
gives replaying the moves it accepted (`patience-cli replay`), and what each player reckoned
itself; a wrong code, a wrong certificate pin and bad options are refused with a clear message.
Then the same match through a fault-injecting relay (200 ms of delay each way, a trickle of a
few bytes at a time, a connection cut mid-message) must end as it does without one. TAP
output."""

import json
import os
import queue
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

CLI = os.environ.get('PATIENCE_CLI', 'patience-cli')
TIMEOUT = 240

results = []
spawned = []


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
    process.out_path = base + '.out'
    spawned.append(process)
    return process


def start_host(tmp, *args, port=0):
    host = spawn(tmp, ['match-host', '--bind', '127.0.0.1', '--port', str(port),
                       '--cert-dir', os.path.join(tmp, 'cert'), *args])
    deadline = time.monotonic() + 60
    first = ''
    while not first.endswith('\n'):
        if time.monotonic() > deadline or host.poll() is not None:
            raise RuntimeError('match-host did not start')
        time.sleep(0.05)
        # A file of its own: seeking the one the host writes to would move where it writes.
        with open(host.out_path, encoding='utf-8') as out:
            first = out.readline()
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


class Relay:
    """A TCP relay on 127.0.0.1 between the players and the host that injects faults: 'delay'
    holds every chunk 200 ms each way; 'trickle' passes a few dozen bytes a write, with a pause
    between writes; 'cut' closes both sides of the first connection that has carried
    `cut_after` bytes from its player, in the middle of whatever was passing, once: the
    moves in flight are lost and must be sent again."""

    def __init__(self, target_port, mode, cut_after=0):
        self.target_port = target_port
        self.mode = mode
        self.cut_after = cut_after
        self.cuts = 0
        self.connections = 0
        self.lock = threading.Lock()
        self.sockets = []
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(('127.0.0.1', 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(('127.0.0.1', self.target_port))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.connections += 1
                self.sockets += [client, upstream]
            pair = {'cut': False}
            threading.Thread(target=self.pump, args=(client, upstream, pair, False),
                             daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, pair, True),
                             daemon=True).start()

    def cut(self, pair, source, sink):
        pair['cut'] = True
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def later(self, chunks, sink):
        """Sends each chunk 200 ms after it came, in order."""
        try:
            while True:
                due, data = chunks.get()
                time.sleep(max(0.0, due - time.monotonic()))
                if data is None:
                    break
                sink.sendall(data)
        except OSError:
            pass
        try:
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def pump(self, source, sink, pair, from_host):
        carried = 0
        if self.mode == 'delay':
            chunks = queue.Queue()
            threading.Thread(target=self.later, args=(chunks, sink), daemon=True).start()
            try:
                while True:
                    data = source.recv(4096)
                    chunks.put((time.monotonic() + 0.2, data or None))
                    if not data:
                        return
            except OSError:
                chunks.put((time.monotonic(), None))
                return
        try:
            while True:
                data = source.recv(4096)
                if not data or pair['cut']:
                    break
                if self.mode == 'cut' and not from_host:
                    with self.lock:
                        cut_now = self.cuts == 0 and carried + len(data) >= self.cut_after
                        if cut_now:
                            self.cuts += 1
                    if cut_now:
                        # Half of what was passing goes through: the rest is lost.
                        sink.sendall(data[:max(1, (self.cut_after - carried) // 2)])
                        self.cut(pair, source, sink)
                        return
                carried += len(data)
                if self.mode == 'trickle':
                    # Pieces smaller than a TLS record, each on its own, with a pause.
                    for i in range(0, len(data), 61):
                        sink.sendall(data[i:i + 61])
                        time.sleep(0.001)
                else:
                    sink.sendall(data)
        except OSError:
            pass
        try:
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def close(self):
        self.closed = True
        self.listener.close()
        with self.lock:
            for sock in self.sockets:
                try:
                    sock.close()
                except OSError:
                    pass


def by_name(result):
    """A match's outcome regardless of the order the players joined in: each name's total,
    and the winner's name."""
    if result is None:
        return None
    names = {row['id']: row['name'] for row in result['players']}
    return ({row['name']: row['total'] for row in result['players']},
            names.get(result['winner']) if result['teams'] == 0 else result['winner'])


def relay_match(tmp, label, host_args, players, mode=None, cut_after=0):
    """A match whose players all connect through a relay in @mode (none: straight to the
    host). Returns its outcome by name, the players' outputs and the relay."""
    host, listening = start_host(tmp, *host_args)
    relay = Relay(listening['port'], mode, cut_after) if mode else None
    port = relay.port if relay else listening['port']
    joins = [spawn(tmp, ['match-join', '--address', f'127.0.0.1:{port}',
                         '--code', listening['code'], '--fingerprint', listening['fingerprint'],
                         '--name', name, *args]) for name, args in players]
    started = time.monotonic()
    joined = [finish(p) for p in joins]
    status, lines, err = finish(host)
    took = time.monotonic() - started
    if relay:
        relay.close()
    check(status == 0 and all(j[0] == 0 for j in joined),
          f'{label}: the host and every player exit 0 ({status}, {[j[0] for j in joined]}; '
          f'{last_line(err)}; {[last_line(j[2]) for j in joined if j[0]]})')
    result = next((line for line in lines if line['type'] == 'match-end'), None)
    print(f'# {label}: {took:.1f} s, {by_name(result)}')
    relay_match.host_err = err
    return by_name(result), joined, lines, relay


def read_lines(process):
    """The whole lines a process has printed so far."""
    with open(process.out_path, encoding='utf-8') as out:
        return [json.loads(line) for line in out.read().split('\n')[:-1] if line]


def host_killed(tmp, match_args, match_players, plain):
    """The host killed with SIGKILL in the middle of the first round and started again on the
    same port with the same --state: the players rejoin and the match ends as it would have."""
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]
    state = os.path.join(tmp, 'match-state.json')
    args = ['--state', state, *match_args]
    host, listening = start_host(tmp, *args, port=port)
    joins = [join(tmp, listening, name, *jargs) for name, jargs in match_players]
    deadline = time.monotonic() + 60
    while (sum(line['type'] == 'move-played' for line in read_lines(host)) < 60
           and time.monotonic() < deadline and host.poll() is None):
        time.sleep(0.01)
    played = sum(line['type'] == 'move-played' for line in read_lines(host))
    host.kill()
    finish(host)
    saved = json.load(open(state, encoding='utf-8'))
    check(saved['round'] == 1 and not saved['finished'] and
          os.stat(state).st_mode & 0o777 == 0o600,
          f'kill -9: the host was killed in round {saved["round"]} after {played} moves; the '
          f'state file ({oct(os.stat(state).st_mode & 0o777)}) holds '
          f'{sum(len(seat["moves"]) for seat in saved["seats"])} moves')
    killed = time.monotonic()
    host, again = start_host(tmp, *args, port=port)
    check(again['code'] == listening['code'] and again['port'] == port,
          'kill -9: the host starts again with the saved match\'s code, on its port')
    while (sum(line['type'] == 'rejoined' for line in read_lines(host)) < len(joins)
           and time.monotonic() < killed + 60 and host.poll() is None):
        time.sleep(0.05)
    back = time.monotonic() - killed
    joined = [finish(p) for p in joins]
    status, lines, err = finish(host)
    check(status == 0 and all(j[0] == 0 for j in joined) and 'Resuming the match' in err,
          f'kill -9: the resumed host and every player exit 0 ({status}, '
          f'{[j[0] for j in joined]}; {last_line(err)})')
    result = by_name(next((line for line in lines if line['type'] == 'match-end'), None))
    rejoined = sum(line['type'] == 'rejoined' for line in lines)
    print(f'# kill -9: every player back {back:.1f} s after the kill; {result}')
    check(rejoined == len(joins) and result == plain,
          f'kill -9: all {rejoined} players rejoined and the match ended as without the kill '
          f'({result})')

    # A match over is not resumed, and a file that is not a saved match is refused in words.
    over = subprocess.run([CLI, 'match-host', '--port', '0', '--cert-dir', f'{tmp}/cert',
                           '--state', state], capture_output=True, text=True, timeout=30)
    with open(os.path.join(tmp, 'not-a-match.json'), 'w', encoding='utf-8') as f:
        f.write('[1, 2]')
    bad = subprocess.run([CLI, 'match-host', '--port', '0', '--cert-dir', f'{tmp}/cert',
                          '--state', os.path.join(tmp, 'not-a-match.json')],
                         capture_output=True, text=True, timeout=30)
    check(over.returncode == 2 and 'is over' in over.stderr and bad.returncode == 2 and
          'is not a saved match' in bad.stderr,
          f'--state: a finished match and a file that is not one are refused '
          f'({last_line(over.stderr)}; {last_line(bad.stderr)})')


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


def traced(tmp):
    """match-join --trace timestamps what it sends and receives on the monotonic clock, the
    same for both players: every move shows on the other's scoreboard after it was sent; and
    --move-interval spaces a player's moves at least that far apart."""
    interval_ms = 100
    host, listening = start_host(tmp, '--players', '2', '--target', '1', '--deal', '11')
    paced = join(tmp, listening, 'Ann', '--seed', '1', '--trace', '--move-interval',
                 str(interval_ms))
    fast = join(tmp, listening, 'Bob', '--seed', '2', '--trace')
    started = time.monotonic()
    (pstatus, plines, perr), (fstatus, flines, ferr) = finish(paced), finish(fast)
    status, _, err = finish(host)
    took = time.monotonic() - started
    check(status == 0 and pstatus == 0 and fstatus == 0,
          f'--trace: the host and both players exit 0 ({status}, {pstatus}, {fstatus}; '
          f'{last_line(err)}; {last_line(perr)}; {last_line(ferr)})')

    def sent(lines):
        return [line for line in lines if line['type'] == 'sent-move']

    fields_ok = bool(sent(plines)) and bool(sent(flines))
    for lines in (plines, flines):
        times = []
        for line in lines:
            if line['type'] == 'sent-move':
                fields_ok &= (set(line) == {'type', 'round', 'seq', 't'} and
                              all(isinstance(line[k], int) for k in ('round', 'seq', 't')))
            if 't' in line:
                times.append(line['t'])
            else:
                # Every message from the host carries its time, as the lines of the player's
                # own reckoning need not.
                fields_ok &= line['type'] == 'own-score'
        fields_ok &= times == sorted(times) and times[0] > 0
    check(fields_ok, '--trace: every message line has "t", every move sent a sent-move line '
                     'with round, seq and t, in the order of the clock')

    # Each of Ann's moves reaches Bob's scoreboard (her player-state with that many moves),
    # mostly later on the same clock: "t" of sent-move is read just after the move was written
    # to the socket, and a busy machine may run the host and Bob before Ann reads the clock.
    ann = next(line['player'] for line in plines if line['type'] == 'welcome')
    lags = []
    for move in sent(plines):
        shown = next((line['t'] for line in flines if line['type'] == 'player-state' and
                      line['player'] == ann and line['round'] == move['round'] and
                      line['moves'] >= move['seq'] + 1), None)
        lags.append(None if shown is None else shown - move['t'])
    check(lags and None not in lags and sorted(lags)[len(lags) // 2] > 0,
          f'--trace: each of the {len(lags)} moves of one player shows on the other\'s '
          f'scoreboard, after it was sent on the same clock (the median lag '
          f'{sorted(lags)[len(lags) // 2] if lags and None not in lags else None} µs)')

    gaps = [b['t'] - a['t'] for a, b in zip(sent(plines), sent(plines)[1:])]
    fast_gaps = [b['t'] - a['t'] for a, b in zip(sent(flines), sent(flines)[1:])]
    print(f'# --move-interval {interval_ms}: {len(gaps) + 1} moves in {took:.1f} s, the '
          f'shortest gap {min(gaps, default=0) / 1000:.1f} ms; without, the median gap '
          f'{sorted(fast_gaps)[len(fast_gaps) // 2] / 1000 if fast_gaps else 0:.2f} ms')
    check(len(gaps) >= 10 and min(gaps) >= interval_ms * 1000,
          f'--move-interval {interval_ms}: a player\'s moves are at least {interval_ms} ms '
          f'apart ({len(gaps)} gaps, the shortest {min(gaps, default=0)} µs)')


def main():
    with tempfile.TemporaryDirectory(prefix='patience-net-') as tmp:
        traced(tmp)

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
        # Typed as it is read aloud: in lower case, with a dash in the middle.
        spoken = listening['code'].lower()
        spoken = spoken[:3] + '-' + spoken[3:]
        status, lines, err = finish(join(tmp, listening, 'Ann', '--seed', '9', code=spoken))
        check(status == 0 and any(line['type'] == 'match-end' for line in lines),
              f'after a wrong code the right one plays, typed {spoken} ({status}: {last_line(err)})')
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

        # The same match through a relay that delays, trickles, or cuts a connection once,
        # mid-message: the players rejoin and the outcome is the same as without faults.
        match_args = ['--players', '3', '--target', '150', '--deal', '21']
        match_players = [('Ann', ['--seed', '1']), ('Bob', ['--seed', '2']),
                         ('Cleo', ['--seed', '3'])]
        plain, _, _, _ = relay_match(tmp, 'no relay', match_args, match_players)
        check(plain is not None, f'no relay: the match ends ({plain})')
        for mode in ('delay', 'trickle', 'cut'):
            outcome, joined, hlines, relay = relay_match(tmp, mode, match_args, match_players,
                                                         mode, cut_after=8000)
            check(outcome == plain, f'{mode}: the same outcome as without faults ({outcome})')
            if mode == 'cut':
                rejoined = [line for _, jlines, _ in joined for line in jlines
                            if line['type'] == 'rejoined']
                told = any('Connection lost' in jerr and 'Back in the match' in jerr
                           for _, _, jerr in joined)
                away = any(line['type'] == 'lobby' and
                           any(not r['connected'] and not r['gone'] for r in line['players'])
                           for line in hlines)
                said = ('is away: their connection was lost' in relay_match.host_err and
                        'is back.' in relay_match.host_err)
                check(said, 'cut: the host says in words who is away and who is back')
                check(relay.cuts == 1 and relay.connections > 3 and rejoined and told and away
                      and any(line['resent'] > 0 for line in rejoined),
                      f'cut: a connection was cut ({relay.cuts}), its player shown away, '
                      f'reconnected ({relay.connections} connections), said so, rejoined and '
                      f'sent lost moves again ({rejoined})')
        host_killed(tmp, match_args, match_players, plain)

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
    try:
        sys.exit(main())
    finally:
        # Whatever failed, no process of the test outlives it.
        for leftover in spawned:
            if leftover.poll() is None:
                leftover.kill()
                leftover.wait()
