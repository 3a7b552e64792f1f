#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps the manual pages in step with the programs: runs `patience --help-all`, `patience-cli --help`
# and `patience-cli COMMAND --help` for every command it lists, and checks that every command and
# every option they print is in the man page (each command's options in its entry under COMMANDS,
# each option with an entry under OPTIONS, with the same short form), and that the man page names
# no command or option the programs no longer have.
# Usage: check-man-pages.py APP APP_MAN_PAGE CLI CLI_MAN_PAGE

import os
import re
import subprocess
import sys

OPTION = re.compile(r'--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)')
HELP_LINE = re.compile(r'^\s+(?:-([A-Za-z]), )?--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)')
SHORT = re.compile(r'(?:^|[\s"])-([A-Za-z])(?=[\s",]|$)')

failures = []


def fail(message):
    failures.append(message)
    print('FAIL: ' + message)


def run(argv):
    # Without a display: --help must not need one.
    env = {k: v for k, v in os.environ.items() if k not in ('DISPLAY', 'WAYLAND_DISPLAY')}
    result = subprocess.run(argv, capture_output=True, text=True, env=env)
    name = ' '.join([os.path.basename(argv[0])] + argv[1:])
    if result.returncode != 0:
        fail(f'`{name}` exits {result.returncode}: {result.stderr.strip()}')
    return result.stdout


def help_options(text):
    """The options a --help output lists: {long: short or None}."""
    options = {}
    for line in text.splitlines():
        m = HELP_LINE.match(line)
        if m:
            options[m.group(2)] = m.group(1)
    return options


def help_commands(text):
    """The commands under `Commands:` in patience-cli --help."""
    commands = []
    listing = False
    for line in text.splitlines():
        if line.startswith('Commands:'):
            listing = True
        elif listing:
            m = re.match(r'^  ([a-z][a-z-]*)(\s|$)', line)
            if m:
                commands.append(m.group(1))
            elif line.strip() == '':
                listing = False
    return commands


def roff_lines(path):
    """The man page's lines with roff's escapes for hyphens and fonts undone."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    text = text.replace('\\-', '-')
    text = re.sub(r'\\f[BIRP]', '', text)
    text = text.replace('\\&', '').replace('\\%', '').replace('\\~', ' ')
    return [line for line in text.splitlines() if not line.startswith('.\\"')]


def sections(lines):
    """{SECTION NAME: its lines}, split at .SH (a .SS stays inside its section)."""
    result = {}
    name = None
    for line in lines:
        if line.startswith('.SH '):
            name = line[4:].strip().strip('"')
            result[name] = []
        elif name is not None:
            result[name].append(line)
    return result


def items(lines):
    """The .TP entries of a section: [(tag line, the lines after it up to the next .TP)]."""
    result = []
    i = 0
    while i < len(lines):
        if lines[i].startswith('.TP') and i + 1 < len(lines):
            tag = lines[i + 1]
            body = []
            i += 2
            while i < len(lines) and not lines[i].startswith(('.TP', '.SS')):
                body.append(lines[i])
                i += 1
            result.append((tag, body))
        else:
            i += 1
    return result


def documented_options(section_lines, page):
    """The options with an entry under OPTIONS: {long: short or None}."""
    options = {}
    for tag, _ in items(section_lines):
        longs = OPTION.findall(tag)
        shorts = SHORT.findall(OPTION.sub('', tag))
        if len(longs) != 1:
            fail(f'{page}: the OPTIONS entry “{tag}” does not name one long option')
            continue
        options[longs[0]] = shorts[0] if shorts else None
    return options


def compare_short_forms(page, listed, documented):
    for long, short in sorted(listed.items()):
        if long in documented and documented[long] != short:
            fail(f'{page}: --{long} is written with short form {documented[long]!r}, '
                 f'--help gives {short!r}')


def check_app(app, page):
    name = os.path.basename(page)
    listed = help_options(run([app, '--help-all']))
    if not listed:
        fail(f'no option found in `{os.path.basename(app)} --help-all`')
    secs = sections(roff_lines(page))
    documented = documented_options(secs.get('OPTIONS', []), name)
    mentioned = set(OPTION.findall('\n'.join(roff_lines(page))))

    for long in sorted(set(listed) - set(documented)):
        fail(f'{name}: --{long}, which `--help-all` lists, has no entry under OPTIONS')
    for long in sorted(mentioned - set(listed)):
        fail(f'{name} names --{long}, which the app no longer has')
    compare_short_forms(name, listed, documented)
    if not failures:
        print(f'ok: {name}: {len(listed)} options')


def check_cli(cli, page):
    name = os.path.basename(page)
    top = run([cli, '--help'])
    commands = help_commands(top)
    if not commands:
        fail('no command found in `patience-cli --help`')

    lines = roff_lines(page)
    secs = sections(lines)
    entries = {}
    for tag, body in items(secs.get('COMMANDS', [])):
        m = re.match(r'^\.B\s+([a-z][a-z-]*)\s*$', tag)
        if m:
            entries[m.group(1)] = '\n'.join(body)
        else:
            fail(f'{name}: the COMMANDS entry “{tag}” is not one command')

    for command in commands:
        if command not in entries:
            fail(f'{name}: the command {command}, which --help lists, has no entry under COMMANDS')
    for command in sorted(set(entries) - set(commands)):
        fail(f'{name}: COMMANDS has {command}, which patience-cli --help does not list')

    # Each command's options, as its --help prints them, in its entry, and no other.
    every = {}
    for command in commands:
        listed = help_options(run([cli, command, '--help']))
        if not listed:
            fail(f'no option found in `patience-cli {command} --help`')
        for long, short in listed.items():
            if long in every and every[long] != short:
                fail(f'--{long} has the short form {every[long]!r} in one command, {short!r} '
                     f'in {command}')
            every[long] = short
        if command not in entries:
            continue
        before = len(failures)
        in_entry = set(OPTION.findall(entries[command]))
        for long in sorted(set(listed) - {'help'} - in_entry):
            fail(f'{name}: the entry of {command} does not name --{long}, '
                 f'which `patience-cli {command} --help` lists')
        for long in sorted(in_entry - set(listed)):
            fail(f'{name}: the entry of {command} names --{long}, '
                 f'which `patience-cli {command} --help` does not list')
        if len(failures) == before:
            print(f'ok: {name}: {command}, {len(listed)} options')

    # --version is a top-level option, which no command's --help lists: it must work.
    version = run([cli, '--version']).strip()
    if version:
        every.setdefault('version', None)

    before = len(failures)
    documented = documented_options(secs.get('OPTIONS', []), name)
    for long in sorted(set(every) - set(documented)):
        fail(f'{name}: --{long} has no entry under OPTIONS')
    for long in sorted(set(OPTION.findall('\n'.join(lines))) - set(every)):
        fail(f'{name} names --{long}, which no command of patience-cli has')
    compare_short_forms(name, every, documented)
    if len(failures) == before:
        print(f'ok: {name}: {len(commands)} commands, {len(every)} options')


def main():
    if len(sys.argv) != 5:
        print("usage: check-man-pages.py APP APP_MAN_PAGE CLI CLI_MAN_PAGE", file=sys.stderr)
        return 2
    app, app_page, cli, cli_page = sys.argv[1:]
    check_app(app, app_page)
    check_cli(cli, cli_page)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
