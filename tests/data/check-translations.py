#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the translations in po/: POTFILES.in is complete and sorted, every po file is complete, and
# the po files are up to date with the strings in the sources.
#
#   check-translations.py potfiles SOURCE_ROOT
#   check-translations.py complete SOURCE_ROOT MSGFMT
#   check-translations.py current  SOURCE_ROOT XGETTEXT MSGCMP

import os
import re
import subprocess
import sys
import tempfile

# A string marked for translation in C (_("…"), N_("…"), C_("ctx", "…"), NC_(…), g_dngettext (…)) or
# a translatable property in a GtkBuilder file. Only a string literal counts after _( and friends, so
# that _(t->name), which translates a string marked elsewhere, and comments about N_() do not.
MARKS = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_)\(\s*"|ngettext\s*\(|translatable="yes"')

# Files that are translated as a whole, whatever they contain.
ALWAYS = ('.desktop.in', '.metainfo.xml.in', '.gschema.xml')

# The files the scan reads; anything else under src/ and data/ (images, icons' sources…) is skipped.
TEXT = ('.c', '.h', '.ui', '.in', '.xml')

# The keywords of meson's 'glib' preset for i18n.gettext() (po/meson.build uses it).
XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_set_error:4:c-format',
]


def read_list(path):
    """The non-empty, non-comment lines of a LINGUAS or POTFILES.in file."""
    with open(path, encoding='utf-8') as f:
        lines = [line.strip() for line in f]
    return [line for line in lines if line and not line.startswith('#')]


def linguas(root):
    langs = []
    for line in read_list(os.path.join(root, 'po', 'LINGUAS')):
        langs.extend(line.split())
    return langs


def needs_translation(path):
    if path.endswith(ALWAYS):
        return True
    if not path.endswith(TEXT):
        return False
    with open(path, encoding='utf-8', errors='replace') as f:
        return MARKS.search(f.read()) is not None


def check_potfiles(root):
    listed = read_list(os.path.join(root, 'po', 'POTFILES.in'))
    failed = False

    found = []
    for top in ('src', 'data'):
        for directory, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(directory, name)
                if needs_translation(path):
                    found.append(os.path.relpath(path, root).replace(os.sep, '/'))

    missing = [path for path in found if path not in listed]
    for path in missing:
        print(f'MISSING from po/POTFILES.in: {path}')
    failed |= bool(missing)

    for path in listed:
        if not os.path.isfile(os.path.join(root, path)):
            print(f'po/POTFILES.in lists a file that does not exist: {path}')
            failed = True

    if listed != sorted(set(listed)):
        print('po/POTFILES.in is not sorted (or has duplicates); it should read:')
        print('\n'.join(sorted(set(listed))))
        failed = True

    if not failed:
        print(f'ok: po/POTFILES.in lists all {len(found)} files with strings to translate')
    return not failed


def check_complete(root, msgfmt):
    langs = linguas(root)
    failed = not langs
    if not langs:
        print('po/LINGUAS lists no language')
    for lang in langs:
        po = os.path.join(root, 'po', lang + '.po')
        if not os.path.isfile(po):
            print(f'{lang}: po/{lang}.po is missing')
            failed = True
            continue
        result = subprocess.run([msgfmt, '--check', '--statistics', '-o', os.devnull, po],
                                capture_output=True, text=True, env=dict(os.environ, LC_ALL='C'))
        stats = result.stderr.strip()
        # "N translated messages, M fuzzy translations, K untranslated messages."
        fuzzy = re.search(r'(\d+) fuzzy translation', stats)
        untranslated = re.search(r'(\d+) untranslated message', stats)
        translated = re.search(r'(\d+) translated message', stats)
        if result.returncode != 0 or fuzzy or untranslated or not translated:
            print(f'{lang}: FAIL: {stats}')
            failed = True
        else:
            print(f'{lang}: ok: {stats}')
    return not failed


def check_current(root, xgettext, msgcmp):
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'patience.pot')
        result = subprocess.run([xgettext, '--package-name=patience', '-D', root,
                                 '--files-from', os.path.join(root, 'po', 'POTFILES.in'),
                                 '-o', pot] + XGETTEXT_ARGS,
                                capture_output=True, text=True)
        if result.returncode != 0 or not os.path.isfile(pot):
            print(f'xgettext failed:\n{result.stderr}')
            return False

        for lang in linguas(root):
            po = os.path.join(root, 'po', lang + '.po')
            # Every string of the sources has a finished translation…
            forward = subprocess.run([msgcmp, po, pot], capture_output=True, text=True)
            # …and the po file holds no string the sources no longer have.
            backward = subprocess.run([msgcmp, '--use-untranslated', pot, po],
                                      capture_output=True, text=True)
            if forward.returncode != 0:
                print(f'{lang}: strings of the sources without a translation in po/{lang}.po '
                      f'(run ninja patience-update-po and translate them):\n{forward.stderr}')
                failed = True
            if backward.returncode != 0:
                print(f'{lang}: po/{lang}.po has strings the sources no longer have '
                      f'(run ninja patience-update-po):\n{backward.stderr}')
                failed = True
            if forward.returncode == 0 and backward.returncode == 0:
                print(f'{lang}: ok: po/{lang}.po matches the sources')
    return not failed


def main(argv):
    if len(argv) < 3:
        print('usage: check-translations.py potfiles|complete|current SOURCE_ROOT [TOOLS…]', file=sys.stderr)
        return 2
    mode, root = argv[1], argv[2]
    if mode == 'potfiles' and len(argv) == 3:
        ok = check_potfiles(root)
    elif mode == 'complete' and len(argv) == 4:
        ok = check_complete(root, argv[3])
    elif mode == 'current' and len(argv) == 5:
        ok = check_current(root, argv[3], argv[4])
    else:
        print(f'unknown mode or wrong arguments: {" ".join(argv[1:])}', file=sys.stderr)
        return 2
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
