#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The figures of network matches (issue #36), measured with real processes on 127.0.0.1:

1. Latency from a move on one computer to the scoreboard on another: the time from player A
   sending a move (match-join --trace: {"type":"sent-move","t":…}) to player B receiving the
   host's player-state that shows it (A's player, that round, moves >= seq + 1, its "t").
   Both processes read the same CLOCK_MONOTONIC. Two players pausing --move-interval between
   moves, straight to the host and through the fault-injecting relay of
   tests/net/test-net-match.py holding everything 200 ms each way on every link (so the
   scoreboard is two links, 400 ms, away at the least).
2. What a hosted match costs the host: CPU seconds (user + system, from wait4()'s rusage, not
   wall time) and peak RSS (VmHWM, read every 20 ms until it exits) of match-host with 8 greedy bots against the same host
   with 1, as fast as the bots play and with --move-interval; an idle host for reference;
   and the bots' own CPU per move.

Usage: tools/bench-net-match.py BUILD_DIR [--runs N] [--interval MS] [--quick]
Prints each run's figures and then the medians over the runs, as a Markdown table. Nothing
listens on anything but 127.0.0.1 and nothing is announced."""

import argparse
import importlib.util
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEAL = '11'
WAIT_S = 600


def load_relay():
    """The relay of the network tests, reused as it is."""
    path = os.path.join(HERE, '..', 'tests', 'net', 'test-net-match.py')
    spec = importlib.util.spec_from_file_location('test_net_match', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Relay


class Proc:
    """A patience-cli process whose output goes to a file, reaped with wait4() for its
    rusage."""

    def __init__(self, cli, tmp, args):
        fd, self.base = tempfile.mkstemp(dir=tmp)
        os.close(fd)
        self.out = open(self.base + '.out', 'w+', encoding='utf-8')
        self.err = open(self.base + '.err', 'w+', encoding='utf-8')
        self.popen = subprocess.Popen([cli, *args], stdout=self.out, stderr=self.err)
        self.pid = self.popen.pid
        self.status = None
        self.rusage = None
        self.hwm_kib = 0

    def watch(self):
        """Reads the peak RSS so far, VmHWM: wait4()'s ru_maxrss will not do, it counts the RSS
        of this Python process that forked the child before it ran patience-cli."""
        try:
            with open(f'/proc/{self.pid}/status', encoding='utf-8') as status:
                for line in status:
                    if line.startswith('VmHWM:'):
                        self.hwm_kib = max(self.hwm_kib, int(line.split()[1]))
        except OSError:
            pass

    def reap(self, block=True):
        if self.status is None:
            pid, status, rusage = os.wait4(self.pid, 0 if block else os.WNOHANG)
            if pid == 0:
                return False
            self.status = os.waitstatus_to_exitcode(status)
            self.popen.returncode = self.status
            self.rusage = rusage
        return True

    def cpu(self):
        return self.rusage.ru_utime + self.rusage.ru_stime

    def lines(self):
        with open(self.base + '.out', encoding='utf-8') as out:
            return [json.loads(line) for line in out.read().split('\n')[:-1] if line]

    def stderr_tail(self):
        with open(self.base + '.err', encoding='utf-8') as err:
            text = err.read().strip().splitlines()
        return text[-1] if text else ''

    def kill(self):
        if self.status is None:
            self.popen.kill()
            self.reap()


def wait_all(procs, timeout=WAIT_S):
    deadline = time.monotonic() + timeout
    while True:
        for p in procs:
            if p.status is None:
                p.watch()
        if all(p.reap(block=False) for p in procs):
            break
        if time.monotonic() > deadline:
            for p in procs:
                p.kill()
            raise RuntimeError('a process did not end in time')
        time.sleep(0.02)


def start_host(cli, tmp, *args):
    host = Proc(cli, tmp, ['match-host', '--bind', '127.0.0.1', '--port', '0',
                           '--cert-dir', os.path.join(tmp, 'cert'), *args])
    deadline = time.monotonic() + 60
    while True:
        with open(host.base + '.out', encoding='utf-8') as out:
            first = out.readline()
        if first.endswith('\n'):
            break
        if time.monotonic() > deadline or host.reap(block=False):
            raise RuntimeError(f'match-host did not start: {host.stderr_tail()}')
        time.sleep(0.02)
    first = json.loads(first)
    assert first['type'] == 'listening', first
    return host, first


def join(cli, tmp, port, listening, name, *args):
    return Proc(cli, tmp, ['match-join', '--address', f'127.0.0.1:{port}',
                           '--code', listening['code'],
                           '--fingerprint', listening['fingerprint'], '--name', name, *args])


def match(cli, tmp, players, interval, target, relay_class=None, trace=False):
    """One whole match: the host, its players (seeds 1…), through a delaying relay or not."""
    host, listening = start_host(cli, tmp, '--players', str(players), '--target', str(target),
                                 '--deal', DEAL)
    relay = relay_class(listening['port'], 'delay') if relay_class else None
    port = relay.port if relay else listening['port']
    extra = (['--move-interval', str(interval)] if interval else []) + (['--trace'] if trace
                                                                          else [])
    started = time.monotonic()
    bots = [join(cli, tmp, port, listening, f'Bot {i + 1}', '--seed', str(i + 1), *extra)
            for i in range(players)]
    try:
        wait_all(bots + [host])
    finally:
        for p in bots + [host]:
            p.kill()
        if relay:
            relay.close()
    wall = time.monotonic() - started
    bad = [p.stderr_tail() for p in bots + [host] if p.status != 0]
    if bad:
        raise RuntimeError(f'the match failed: {bad}')
    lines = host.lines()
    return {
        'host': host, 'bots': bots, 'wall': wall,
        'moves': sum(line['type'] == 'move-played' for line in lines),
        'rounds': sum(line['type'] == 'round-end' for line in lines),
    }


def nearest_rank(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * fraction) - 1)] if ordered else float('nan')


def latencies(bots):
    """From each player's sent-move to every other player's first player-state showing it, and
    to its own (the round trip), in ms."""
    ids, sent, seen = [], [], []
    for bot in bots:
        lines = bot.lines()
        ids.append(next(line['player'] for line in lines if line['type'] == 'welcome'))
        sent.append([(line['round'], line['seq'], line['t']) for line in lines
                     if line['type'] == 'sent-move'])
        states = {}
        for line in lines:
            if line['type'] == 'player-state':
                states.setdefault((line['player'], line['round']), []).append(
                    (line['moves'], line['t']))
        seen.append(states)
    other, own = [], []
    for a, moves in enumerate(sent):
        for b, states in enumerate(seen):
            for round_, seq, t in moves:
                shown = next((ts for n, ts in states.get((ids[a], round_), []) if n >= seq + 1),
                             None)
                if shown is None:
                    raise RuntimeError(f'move {seq} of round {round_} never reached player {b}')
                (own if a == b else other).append((shown - t) / 1000.0)
    return other, own


def run_once(cli, tmp, relay_class, interval, quick):
    figures = {}
    for label, relay in (('direct', None), ('delay', relay_class)):
        m = match(cli, tmp, 2, interval, 1, relay, trace=True)
        other, own = latencies(m['bots'])
        figures[f'latency {label}'] = {
            'median_ms': statistics.median(other), 'p90_ms': nearest_rank(other, 0.9),
            'rtt_median_ms': statistics.median(own), 'n': len(other),
            'rounds': m['rounds'], 'wall_s': m['wall'],
        }
    for pace, pace_interval, target in (('fast', 0, 10 if quick else 40),
                                        ('paced', interval, 1)):
        for players in (1, 8):
            m = match(cli, tmp, players, pace_interval, target)
            figures[f'cpu {pace} {players}'] = {
                'host_cpu_s': m['host'].cpu(), 'host_rss_kib': m['host'].hwm_kib,
                'bots_cpu_s': sum(b.cpu() for b in m['bots']),
                'bot_rss_kib': max(b.hwm_kib for b in m['bots']),
                'moves': m['moves'], 'rounds': m['rounds'], 'wall_s': m['wall'],
            }
    # An idle host, waiting for players that never come, for as long as the paced match.
    idle_s = 2 if quick else 10
    host, _ = start_host(cli, tmp, '--players', '2')
    time.sleep(idle_s)
    host.watch()
    host.popen.send_signal(signal.SIGTERM)
    host.reap()
    figures['cpu idle'] = {'host_cpu_s': host.cpu(), 'host_rss_kib': host.hwm_kib,
                           'wall_s': idle_s}
    return figures


def derived(f):
    """The differences: per added player and per move, host and bots."""
    out = {}
    for pace in ('fast', 'paced'):
        one, eight = f[f'cpu {pace} 1'], f[f'cpu {pace} 8']
        moves = eight['moves'] - one['moves']
        out[f'{pace} host cpu s / 1000 moves (8 players)'] = \
            1000 * eight['host_cpu_s'] / eight['moves']
        out[f'{pace} host cpu s / 1000 moves (1 player)'] = 1000 * one['host_cpu_s'] / one['moves']
        out[f'{pace} host cpu s / 1000 added moves (8 vs 1)'] = \
            1000 * (eight['host_cpu_s'] - one['host_cpu_s']) / moves if moves > 0 else float('nan')
        out[f'{pace} host cpu s per added player'] = (eight['host_cpu_s'] - one['host_cpu_s']) / 7
        if pace == 'paced':
            # At a person's pace the match lasts as long whatever the host does: per minute.
            out[f'{pace} host cpu s per added player per minute of match'] = \
                (eight['host_cpu_s'] / eight['wall_s'] - one['host_cpu_s'] / one['wall_s']) \
                * 60 / 7
        out[f'{pace} host peak RSS MiB per added player'] = \
            (eight['host_rss_kib'] - one['host_rss_kib']) / 7 / 1024
        out[f'{pace} bot cpu s / 1000 moves'] = 1000 * eight['bots_cpu_s'] / eight['moves']
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n', maxsplit=1)[0])
    parser.add_argument('build_dir')
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--interval', type=int, default=300,
                        help='--move-interval of the paced runs, ms (default 300)')
    parser.add_argument('--quick', action='store_true', help='shorter matches, to try it out')
    parser.add_argument('--json', help='write every run\'s figures to this file')
    args = parser.parse_args()
    cli = os.path.join(args.build_dir, 'src', 'cli', 'patience-cli')
    relay_class = load_relay()

    runs = []
    with tempfile.TemporaryDirectory(prefix='patience-bench-net-') as tmp:
        for number in range(args.runs):
            figures = run_once(cli, tmp, relay_class, args.interval, args.quick)
            figures['derived'] = derived(figures)
            runs.append(figures)
            print(f'# run {number + 1}: ' + json.dumps(figures), flush=True)
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump(runs, f, indent=1)

    def med(key, field):
        return statistics.median(r[key][field] for r in runs)

    print(f'\nMedians of {len(runs)} runs; --move-interval {args.interval} ms where paced; '
          f'CPU is user + system seconds.\n')
    print('| latency, move to another player\'s scoreboard | median ms | p90 ms '
          '| own round trip, median ms | moves timed |')
    print('|---|---:|---:|---:|---:|')
    for label, title in (('direct', 'loopback, no delay'),
                         ('delay', 'through the relay, 200 ms each way on every link')):
        key = f'latency {label}'
        print(f'| {title} | {med(key, "median_ms"):.1f} | {med(key, "p90_ms"):.1f} '
              f'| {med(key, "rtt_median_ms"):.1f} | {med(key, "n"):.0f} |')
    print('\n| match | players | moves | rounds | wall s | host CPU s | host peak RSS MiB '
          '| bots CPU s (all) |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    for pace in ('fast', 'paced'):
        for players in (1, 8):
            key = f'cpu {pace} {players}'
            print(f'| {pace} | {players} | {med(key, "moves"):.0f} | {med(key, "rounds"):.0f} '
                  f'| {med(key, "wall_s"):.1f} | {med(key, "host_cpu_s"):.3f} '
                  f'| {med(key, "host_rss_kib") / 1024:.1f} | {med(key, "bots_cpu_s"):.3f} |')
    print(f'| idle host | 0 | 0 | 0 | {med("cpu idle", "wall_s"):.0f} '
          f'| {med("cpu idle", "host_cpu_s"):.3f} '
          f'| {med("cpu idle", "host_rss_kib") / 1024:.1f} | |')
    print('\n| derived (median of the runs\' values) | value |')
    print('|---|---:|')
    for name in runs[0]['derived']:
        print(f'| {name} | {statistics.median(r["derived"][name] for r in runs):.3f} |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
