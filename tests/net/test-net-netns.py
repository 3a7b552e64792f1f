#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A network match between real processes on a network of their own: three network namespaces
joined by veth pairs to a bridge in a fourth, a private system bus and an Avahi daemon in each,
so that discovery is the real DNS-SD over mDNS. `patience-cli match-host` in the first announces
a match of two teams; four `match-join --discover` players in the two others find it and play
it to the target. Across the namespaces too: `match-list` shows the match and none of the
malformed announcements published beside it; a wrong code is refused; a spoofed announcement
leads to a host whose certificate is not the pinned one, and is refused; a raw client in the
match sends an illegal move (refused) and a huge message (closed), others random bytes (closed),
and the match goes on to its end.

Needs root, `ip netns`, dbus-daemon and avahi-daemon: without them it says why and exits 77
(skipped). Nothing is sent on the machine's own interfaces: every interface brought up is inside
the namespaces made here, and all of them are removed on exit. Exits 0 or 1, with TAP-like
lines on stdout."""

import base64
import hashlib
import json
import os
import random
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time

CLI = os.environ.get('PATIENCE_CLI', 'patience-cli')
SKIP = 77
SUBNET = '10.213.7.'
TARGET = 30
# How long one player's link is down in the rejoin test, in seconds.
CUT_S = int(os.environ.get('PATIENCE_NETNS_CUT_S', '30'))

results = []


def check(ok, title):
    results.append((bool(ok), ' '.join(title.split())))
    print(f'{"ok" if ok else "not ok"} {len(results)} - {results[-1][1]}', flush=True)
    return ok


def skip(why):
    print(f'SKIP: {why}', flush=True)
    sys.exit(SKIP)


class Network:
    """The namespaces, their buses and daemons, and every process started in them."""

    def __init__(self, tmp):
        self.tmp = tmp
        tag = f'patnet{os.getpid()}'
        self.bridge = f'{tag}-br'
        self.hosts = [f'{tag}-{i}' for i in (1, 2, 3)]
        self.made = []
        self.processes = []

    def ip(self, *args):
        subprocess.run(['ip', *args], check=True, capture_output=True, text=True)

    def build(self):
        for ns in [self.bridge, *self.hosts]:
            self.ip('netns', 'add', ns)
            self.made.append(ns)
        self.ip('-n', self.bridge, 'link', 'add', 'br0', 'type', 'bridge')
        self.ip('-n', self.bridge, 'link', 'set', 'br0', 'up')
        for i, ns in enumerate(self.hosts, 1):
            # Both ends are made straight inside test namespaces: none on the machine's own.
            self.ip('link', 'add', 'eth0', 'netns', ns, 'type', 'veth',
                    'peer', 'name', f'p{i}', 'netns', self.bridge)
            self.ip('-n', self.bridge, 'link', 'set', f'p{i}', 'master', 'br0', 'up')
            self.ip('-n', ns, 'addr', 'add', f'{SUBNET}{i}/24', 'dev', 'eth0')
            self.ip('-n', ns, 'link', 'set', 'lo', 'up')
            self.ip('-n', ns, 'link', 'set', 'eth0', 'up')
        for i, ns in enumerate(self.hosts, 1):
            self.start_daemons(i, ns)
        for i, ns in enumerate(self.hosts, 1):
            self.wait_for_avahi(i)

    def bus(self, i):
        return f'unix:path={self.tmp}/ns{i}/bus.sock'

    def env(self, i):
        env = dict(os.environ)
        env['DBUS_SYSTEM_BUS_ADDRESS'] = self.bus(i)
        return env

    def start_daemons(self, i, ns):
        folder = f'{self.tmp}/ns{i}'
        os.makedirs(folder)
        with open(f'{folder}/bus.conf', 'w') as f:
            f.write(f'''<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={folder}/bus.sock</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_type="method_call"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
''')
        with open(f'{folder}/avahi.conf', 'w') as f:
            f.write(f'''[server]
host-name=patience-ns{i}
use-ipv4=yes
use-ipv6=no
allow-interfaces=eth0
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
publish-domain=no
[reflector]
enable-reflector=no
''')
        self.spawn(i, 'dbus', ['dbus-daemon', '--nofork', f'--config-file={folder}/bus.conf'])
        deadline = time.monotonic() + 30
        while not os.path.exists(f'{folder}/bus.sock'):
            if time.monotonic() > deadline:
                raise RuntimeError(f'the bus of namespace {i} did not start')
            time.sleep(0.05)
        # Its own /run (PID file, socket) and no static services: a mount namespace of its own.
        script = ('mount -t tmpfs none /run && mkdir /run/avahi-daemon && '
                  '{ [ ! -d /etc/avahi/services ] || mount -t tmpfs none /etc/avahi/services; } && '
                  f'exec avahi-daemon --no-chroot --no-drop-root --no-rlimits -f {folder}/avahi.conf')
        self.spawn(i, 'avahi', ['unshare', '-m', 'sh', '-c', script])

    def wait_for_avahi(self, i):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            state = subprocess.run(['dbus-send', '--system', '--print-reply',
                                    '--dest=org.freedesktop.Avahi', '/',
                                    'org.freedesktop.Avahi.Server.GetState'],
                                   env=self.env(i), capture_output=True, text=True)
            # AVAHI_SERVER_RUNNING is 2: the host name is settled.
            if state.returncode == 0 and 'int32 2' in state.stdout:
                return
            time.sleep(0.2)
        raise RuntimeError(f'avahi-daemon in namespace {i} did not come up')

    def spawn(self, i, label, args, stdin=None):
        """A process in namespace @i, its output in files (a pipe left unread would stall it)."""
        base = f'{self.tmp}/{label}-{i}-{len(self.processes)}'
        out = open(base + '.out', 'w+b')
        err = open(base + '.err', 'w+b')
        process = subprocess.Popen(['ip', 'netns', 'exec', self.hosts[i - 1], *args],
                                   stdin=stdin or subprocess.DEVNULL, stdout=out, stderr=err,
                                   env=self.env(i))
        process.files = (out, err)
        process.paths = (base + '.out', base + '.err')
        process.label = label
        self.processes.append(process)
        return process

    def cleanup(self):
        # The namespaces first, in case this is cut short: each goes with its last process.
        # The processes share this one's process group, so that a signal to the test (meson's
        # timeout) reaches them too.
        for ns in reversed(self.made):
            subprocess.run(['ip', 'netns', 'delete', ns], capture_output=True)
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            for f in process.files:
                f.close()


def output(process):
    # Files of their own: seeking the ones the process writes to would move where it writes.
    texts = []
    for path in process.paths:
        with open(path, 'rb') as f:
            texts.append(f.read().decode('utf-8', 'replace'))
    return texts[0], texts[1]


def json_lines(process):
    lines = []
    for line in output(process)[0].splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            pass
    return lines


def finish(process, timeout=120):
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    out, err = output(process)
    return process.returncode, json_lines(process), err


def wait_for_line(process, wanted, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in json_lines(process):
            if wanted(line):
                return line
        if process.poll() is not None:
            return None
        time.sleep(0.1)
    return None


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1][-200:] if lines else ''


# A WebSocket client with nothing checked but the pin, to send what a good player would not.

class Raw:
    def __init__(self, address, port, fingerprint):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        self.sock = context.wrap_socket(socket.create_connection((address, port), timeout=30))
        der = self.sock.getpeercert(binary_form=True)
        if hashlib.sha256(der).hexdigest() != fingerprint:
            raise RuntimeError('not the pinned certificate')
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f'GET /patience HTTP/1.1\r\nHost: {address}:{port}\r\n'
                           'Upgrade: websocket\r\nConnection: Upgrade\r\n'
                           f'Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n'
                           'Sec-WebSocket-Protocol: patience\r\n\r\n').encode())
        self.buffer = b''
        while b'\r\n\r\n' not in self.buffer:
            self.fill()
        head, self.buffer = self.buffer.split(b'\r\n\r\n', 1)
        if b' 101 ' not in head.split(b'\r\n')[0]:
            raise RuntimeError(f'no upgrade: {head[:80]!r}')

    def fill(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError
        self.buffer += data

    def take(self, n):
        while len(self.buffer) < n:
            self.fill()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, payload, opcode=1):
        if isinstance(payload, str):
            payload = payload.encode()
        n = len(payload)
        if n < 126:
            head = bytes([0x80 | opcode, 0x80 | n])
        elif n < 65536:
            head = bytes([0x80 | opcode, 0x80 | 126]) + n.to_bytes(2, 'big')
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + n.to_bytes(8, 'big')
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i & 3] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def receive(self):
        """The next frame as (opcode, payload); (None, b'') when the connection is gone."""
        try:
            first, second = self.take(2)
            n = second & 0x7f
            if n == 126:
                n = int.from_bytes(self.take(2), 'big')
            elif n == 127:
                n = int.from_bytes(self.take(8), 'big')
            return first & 0x0f, self.take(n)
        except (EOFError, OSError, ssl.SSLError):
            return None, b''

    def message(self):
        """The next JSON message, or None when the connection closed (a close frame or EOF)."""
        while True:
            opcode, payload = self.receive()
            if opcode is None or opcode == 8:
                return None
            if opcode == 9:
                self.send(payload, opcode=10)
            if opcode == 1:
                return json.loads(payload)

    def closed(self):
        """Reads until the connection closes; returns the last JSON message (an error)."""
        last = None
        while True:
            message = self.message()
            if message is None:
                return last or {}
            last = message


def raw_client(address, port, fingerprint, code, go):
    """Run inside a namespace: a player that cheats, then strangers who send garbage. Prints
    what happened as one JSON object. The player holds the first round open (the host waits
    for every player's round to end) until the file @go exists."""
    port = int(port)
    report = {}
    mallory = Raw(address, port, fingerprint)
    mallory.send(json.dumps({'v': 2, 'type': 'hello', 'app': 'raw', 'code': code,
                             'name': 'Mallory', 'team': 0}))
    while True:
        message = mallory.message()
        if message is None or message['type'] == 'round-start':
            break
    report['round_started'] = message is not None
    if message is not None:
        mallory.send(json.dumps({'v': 2, 'type': 'move', 'round': message['round'], 'seq': 0,
                                 'move': 'f1>t1'}))
        while True:
            message = mallory.message()
            if message is None or message['type'] == 'move-refused':
                break
        report['refused'] = message['message'] if message else None
        deadline = time.monotonic() + 120
        # Reading on, to answer the host's pings (every 2 s): a player silent for 10 s is
        # taken as lost.
        while not os.path.exists(go) and time.monotonic() < deadline:
            opcode, payload = mallory.receive()
            if opcode is None:
                break
            if opcode == 9:
                mallory.send(payload, opcode=10)
        mallory.send('x' * (20 * 1024))
        report['huge'] = mallory.closed().get('message', '')

    noise = Raw(address, port, fingerprint)
    noise.send(bytes(random.getrandbits(8) for _ in range(512)), opcode=2)
    report['random'] = noise.closed().get('message', '')

    garbage = Raw(address, port, fingerprint)
    garbage.send(bytes(random.getrandbits(8) for _ in range(300)).replace(b'\0', b'1'))
    report['garbage_closed'] = True
    garbage.closed()

    flood = Raw(address, port, fingerprint)
    try:
        flood.send('[' * (1024 * 1024))
    except OSError:
        pass
    flood.closed()
    report['flood_closed'] = True
    print(json.dumps(report), flush=True)


def can_run():
    if os.geteuid() != 0:
        skip('network namespaces need root')
    for tool in ('ip', 'unshare', 'dbus-daemon', 'dbus-send', 'avahi-daemon', 'avahi-publish'):
        if shutil.which(tool) is None:
            skip(f'{tool} is not installed (build-aux/dev deps installs it)')
    probe = f'patnet{os.getpid()}-probe'
    made = subprocess.run(['ip', 'netns', 'add', probe], capture_output=True, text=True)
    if made.returncode != 0:
        skip(f'this machine does not allow network namespaces ({last_line(made.stderr)})')
    subprocess.run(['ip', 'netns', 'delete', probe], capture_output=True)


def publish(net, i, name, port, txt):
    """An announcement made by avahi-publish: TXT strings as bytes, anything at all."""
    return net.spawn(i, 'publish', [b'avahi-publish', b'-s', name.encode(),
                                    b'_patience._tcp', str(port).encode(), *txt])


def play(net):
    cert = f'{net.tmp}/cert'
    host = net.spawn(1, 'host', [CLI, 'match-host', '--bind', f'{SUBNET}1', '--port', '0',
                                 '--players', '5', '--teams', '2', '--target', str(TARGET),
                                 '--deal', '7', '--name', 'Team match', '--host-name', 'Ann',
                                 '--cert-dir', cert])
    listening = wait_for_line(host, lambda line: line['type'] == 'listening')
    if not check(listening, 'the host listens in its namespace'):
        print('#', last_line(output(host)[1]))
        return
    announced = wait_for_line(host, lambda line: line['type'] == 'announced')
    check(announced and announced['service'] == 'Team match',
          f'the host announces the match ({announced})')
    port, fingerprint, code = listening['port'], listening['fingerprint'], listening['code']

    # Beside it, in the third namespace: announcements no match makes, and a spoof that leads
    # to another host (another certificate) under a name of its own.
    bad = [publish(net, 3, 'Evil escape', 4444, [b'v=1', b'name=Evil\x1b[31m', b'players=0',
                                                  b'max=2']),
           publish(net, 3, 'Not UTF-8', 4444, [b'v=1', b'name=\xff\xfe', b'players=0',
                                                b'max=2']),
           publish(net, 3, 'Too many', 4444, [b'v=1', b'name=Too many', b'players=9',
                                               b'max=2']),
           publish(net, 3, 'Long', 4444, [b'v=1', b'name=' + b'n' * 200, b'players=0',
                                           b'max=2'])]
    spoof_host = net.spawn(3, 'spoof-host', [CLI, 'match-host', '--bind', f'{SUBNET}3',
                                             '--port', '0', '--no-announce',
                                             '--cert-dir', f'{net.tmp}/spoof-cert'])
    spoof = wait_for_line(spoof_host, lambda line: line['type'] == 'listening')
    check(spoof and spoof['fingerprint'] != fingerprint and
          not wait_for_line(spoof_host, lambda line: line['type'] == 'announced', timeout=1),
          'a second host with --no-announce listens without announcing')
    bad.append(publish(net, 3, 'Spoof', spoof['port'] if spoof else 1,
                       [b'v=2', b'name=Spoof', b'players=0', b'max=2']))

    # Listed only once they are all up (avahi-publish says so).
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all('Established' in ''.join(output(p))
                                                  for p in bad):
        time.sleep(0.1)
    listed = net.spawn(2, 'list', [CLI, 'match-list', '--timeout', '8'])
    status, found, err = finish(listed)
    mine = [m for m in found if m['type'] == 'match' and m['name'] == 'Team match']
    check(status == 0 and mine and mine[0]['address'] == f'{SUBNET}1' and
          mine[0]['port'] == port and mine[0]['max'] == 5 and mine[0]['teams'] == 2 and
          mine[0]['target'] == TARGET and mine[0]['host_name'] == 'Ann' and mine[0]['v'] == 2,
          f'match-list in another namespace finds the match with its TXT fields ({mine}; '
          f'{last_line(err)})')
    names = sorted({m['service'] for m in found})
    check(names == ['Spoof', 'Team match'],
          f'match-list shows no malformed announcement ({names})')

    # A wrong code, through discovery, from the third namespace.
    status, _, err = finish(net.spawn(3, 'wrong', [CLI, 'match-join', '--discover', '--match',
                                                   'Team match', '--code', 'ZZZZZZ',
                                                   '--fingerprint', fingerprint,
                                                   '--name', 'Guess']))
    check(status == 1 and 'the match code is wrong' in err,
          f'a wrong code is refused ({status}: {last_line(err)})')

    # The spoof's host has another certificate: the pin refuses it before any code is sent.
    status, _, err = finish(net.spawn(2, 'spoofed', [CLI, 'match-join', '--discover', '--match',
                                                     'Spoof', '--code', code,
                                                     '--fingerprint', fingerprint,
                                                     '--name', 'Dupe']))
    check(status == 1 and 'not the pinned one' in err,
          f'a spoofed announcement is refused by the pin ({status}: {last_line(err)})')
    for process in bad + [spoof_host]:
        process.terminate()

    players = [(2, 'Bea', 1, 11), (3, 'Cid', 2, 12), (2, 'Dot', 1, 13), (3, 'Eli', 2, 14)]

    def join(i, name, team, seed):
        return net.spawn(i, 'join', [CLI, 'match-join', '--discover', '--match', 'Team match',
                                     '--timeout', '60', '--code', code.lower(),
                                     '--fingerprint', fingerprint, '--name', name,
                                     '--team', str(team), '--seed', str(seed)])

    # The first player joins; the announcement then says one player of five.
    joins = [join(*players[0])]
    wait_for_line(host, lambda line: line['type'] == 'lobby' and len(line['players']) == 1)
    _, found, _ = finish(net.spawn(3, 'list', [CLI, 'match-list', '--timeout', '4']))
    mine = [m for m in found if m['type'] == 'match' and m['name'] == 'Team match']
    check(mine and mine[-1]['players'] == 1 and mine[-1]['max'] == 5,
          f'the announcement counts the player who joined ({mine})')

    joins += [join(*player) for player in players[1:]]
    # Mallory, the fifth player, from the third namespace by address.
    go = f'{net.tmp}/go'
    raw = net.spawn(3, 'raw', [sys.executable, os.path.abspath(__file__), '--raw',
                               f'{SUBNET}1', str(port), fingerprint, code, go])

    # Once the match has started, nobody can join: the announcement is withdrawn.
    if wait_for_line(host, lambda line: line['type'] == 'round-start', timeout=120):
        _, found, _ = finish(net.spawn(2, 'list', [CLI, 'match-list', '--timeout', '4']))
        # Another daemon may hold the record a moment longer: then the list says it went.
        # Mallory holds the round open, so the host is still there.
        mine = [m['type'] for m in found if m['service'] == 'Team match']
        check(host.poll() is None and (not mine or mine[-1] == 'gone'),
              f'the announcement is withdrawn when the match starts ({found})')
    open(go, 'w').close()

    results_ = [finish(p, timeout=180) for p in joins]
    status, lines, err = finish(host, timeout=60)
    rstatus, rlines, rerr = finish(raw, timeout=60)

    for (i, name, _, _), (jstatus, jlines, jerr) in zip(players, results_):
        taken = next((line for line in jlines if line['type'] == 'match'), None)
        check(jstatus == 0 and taken and taken['address'] == f'{SUBNET}1' and
              any(line['type'] == 'match-end' for line in jlines),
              f'{name} in namespace {i} found the host by discovery and played to the end '
              f'({jstatus}: {last_line(jerr)})')
    check(status == 0, f'the host exits 0 ({status}: {last_line(err)})')

    report = rlines[-1] if rlines else {}
    check(rstatus == 0 and report.get('round_started'),
          f'the raw client joined and saw the round start ({rstatus}: {last_line(rerr)})')
    check('f1>t1' in (report.get('refused') or ''),
          f'its illegal move is refused ({report.get("refused")})')
    check('over the limit' in report.get('huge', ''),
          f'its huge message closes its connection ({report.get("huge")})')
    check('binary messages' in report.get('random', ''),
          f'random bytes close the connection ({report.get("random")})')
    turned = [line['why'] for line in lines if line['type'] == 'turned-away']
    for what in ('the match code is wrong', 'f1>t1', 'a message of 20480 bytes',
                 'binary messages'):
        check(any(what in why for why in turned), f'the host reports "{what}"')

    ends = [line for line in lines if line['type'] == 'match-end']
    if check(len(ends) == 1, 'the match ends once, after the abuse'):
        end = ends[0]
        sums = [sum(r['total'] for r in end['players'] if r['team'] == t) for t in (0, 1)]
        check(len(end['players']) == 5 and end['teams'] == 2 and end['team_totals'] == sums,
              f'the host\'s result has five players in two teams, team totals pooled ({end})')
        check(end['winner'] in (0, 1) and sums[end['winner']] >= TARGET and
              sums[end['winner']] >= sums[1 - end['winner']],
              f'the winning team reached the target {TARGET} ({sums}, winner {end["winner"]})')
    starts = [line for line in lines if line['type'] == 'round-start']
    check(starts and starts[0]['deal'] == '7', 'the first round plays the deal asked')


def cut_link(net):
    """A match of two players by address, one in each of the other namespaces. When the first
    round starts, the link of the third namespace (its end of the veth pair, inside it) goes
    down for CUT_S seconds: its player's moves go nowhere, both sides find the connection
    silent, the host shows the player away and waits; the link comes back, the player
    reconnects, rejoins, sends again what was lost, and the match ends."""
    host = net.spawn(1, 'cut-host', [CLI, 'match-host', '--bind', f'{SUBNET}1', '--port', '0',
                                     '--no-announce', '--players', '2', '--target', '400',
                                     '--deal', '7', '--cert-dir', f'{net.tmp}/cert'])
    listening = wait_for_line(host, lambda line: line['type'] == 'listening')
    if not check(listening, 'a second host listens for the rejoin test'):
        return
    joins = [net.spawn(i, 'cut-join', [CLI, 'match-join', '--address',
                                       f'{SUBNET}1:{listening["port"]}', '--code',
                                       listening['code'], '--fingerprint',
                                       listening['fingerprint'], '--name', name, '--seed',
                                       str(seed)])
             for i, name, seed in ((2, 'Fay', 21), (3, 'Gus', 22))]
    started = wait_for_line(host, lambda line: line['type'] == 'round-start', timeout=60)
    net.ip('-n', net.hosts[2], 'link', 'set', 'eth0', 'down')
    down = time.monotonic()
    away = wait_for_line(host, lambda line: line['type'] == 'lobby' and any(
        r['name'] == 'Gus' and not r['connected'] and not r['gone'] for r in line['players']),
        timeout=CUT_S)
    seen_away = time.monotonic() - down
    time.sleep(max(0.0, CUT_S - (time.monotonic() - down)))
    net.ip('-n', net.hosts[2], 'link', 'set', 'eth0', 'up')
    up = time.monotonic()
    back = wait_for_line(host, lambda line: line['type'] == 'rejoined', timeout=60)
    rejoined_after = time.monotonic() - up
    results_ = [finish(p, timeout=120) for p in joins]
    status, lines, err = finish(host, timeout=30)
    print(f'# cut: link down {up - down:.1f} s; Gus shown away after {seen_away:.1f} s; '
          f'rejoined {rejoined_after:.1f} s after the link came back')
    check(started and away and seen_away < CUT_S,
          f'with its link down, Gus is shown away to the others ({seen_away:.1f} s)')
    check('Gus is away' in results_[0][2] and 'Gus is back' in results_[0][2] and
          'Gus is away' in err,
          'Fay and the host say in words that Gus is away, then back')
    gus = results_[1]
    check(any(line['type'] == 'reconnecting' for line in gus[1]) and
          'Connection lost' in gus[2],
          f'Gus says the connection is lost and tries again ({last_line(gus[2])})')
    resent = [line['resent'] for line in gus[1] if line['type'] == 'rejoined']
    check(back and resent and 'Back in the match' in gus[2],
          f'after {CUT_S} s without a link Gus rejoins ({rejoined_after:.1f} s after it came '
          f'back), {resent} moves sent again')
    end = [line for line in lines if line['type'] == 'match-end']
    check(status == 0 and all(r[0] == 0 for r in results_) and len(end) == 1 and
          all(any(line['type'] == 'match-end' for line in r[1]) for r in results_),
          f'the match ends for both players and the host ({status}, '
          f'{[r[0] for r in results_]}; {end})')


def main():
    if len(sys.argv) == 7 and sys.argv[1] == '--raw':
        raw_client(*sys.argv[2:])
        return 0
    can_run()
    # Stop cleanly on a signal too (meson's timeout sends SIGTERM).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with tempfile.TemporaryDirectory(prefix='patience-netns-') as tmp:
        net = Network(tmp)
        try:
            net.build()
            check(True, 'three namespaces on a bridge, each with its bus and Avahi daemon')
            play(net)
            cut_link(net)
        except (RuntimeError, subprocess.CalledProcessError) as error:
            detail = getattr(error, 'stderr', '') or ''
            check(False, f'the test network: {error} {last_line(detail)}')
            for process in net.processes:
                out, err = output(process)
                print(f'# {process.label}: {last_line(err)}')
        finally:
            net.cleanup()
    print(f'1..{len(results)}')
    return 0 if results and all(ok for ok, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
