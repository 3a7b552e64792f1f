#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the manual in help/: every translation is complete and up to date with the pages, and
# every page names its authors and its licence; no page, in any language, doubles a full stop.
#
#   check-help.py translations HELP_DIR ITSTOOL MSGMERGE MSGFMT PAGE…
#   check-help.py credits      HELP_DIR YELP_CHECK PAGE…
#
# PAGE… are the pages of help/meson.build, relative to HELP_DIR/C.

import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

MALLARD = '{http://projectmallard.org/1.0/}'

# The manual's licence, the code's: every page says it with this href.
LICENCE_HREF = 'https://www.gnu.org/licenses/gpl-3.0.html'
LICENCE_ID = 'gpl-3.0'   # what `yelp-check license` reports for it
AUTHOR = 'The Patience developers'

# `yelp-check status` values that mean a page is not finished.
UNFINISHED = ('none', 'stub', 'incomplete', 'draft', 'outdated')

# A full stop right after an ellipsis or another one, as the text shows it ("Choose Game….").
DOUBLED_STOP = re.compile(r'…\s*\.|(?<!\.)\.\s*\.(?!\.)')


def doubled_stops(path):
    """The paragraphs (those of lists too), titles and descriptions of the page at @path whose
    text, markup left out, has a doubled full stop."""
    found = []
    for element in ET.parse(path).getroot().iter():
        if element.tag in (MALLARD + 'p', MALLARD + 'title', MALLARD + 'desc'):
            text = ' '.join(''.join(element.itertext()).split())
            if DOUBLED_STOP.search(text):
                found.append(text)
    return found


def check_stops(label, path):
    ok = True
    for text in doubled_stops(path):
        print(f'{label}: FAIL: a doubled full stop: {text[:120]}')
        ok = False
    return ok


def read_list(path):
    """The words of a LINGUAS file, comments left out."""
    words = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0]
            words.extend(line.split())
    return words


def check_listed(help_dir, pages):
    """Every page in help/C is in help/meson.build, and every page listed is there."""
    ok = True
    found = sorted(name for name in os.listdir(os.path.join(help_dir, 'C'))
                   if name.endswith('.page'))
    for name in found:
        if name not in pages:
            print(f'help/C/{name} is not listed in help/meson.build')
            ok = False
    for name in pages:
        if not os.path.isfile(os.path.join(help_dir, 'C', name)):
            print(f'help/meson.build lists help/C/{name}, which does not exist')
            ok = False
    return ok


def statistics(msgfmt, po):
    """msgfmt's counts for @po: (returncode, translated, fuzzy, untranslated, text)."""
    result = subprocess.run([msgfmt, '--check', '--statistics', '-o', os.devnull, po],
                            capture_output=True, text=True, env=dict(os.environ, LC_ALL='C'))
    text = result.stderr.strip()

    def count(what):
        match = re.search(r'(\d+) ' + what, text)
        return int(match.group(1)) if match else 0

    return (result.returncode, count('translated message'), count('fuzzy translation'),
            count('untranslated message'), text)


def list_unfinished(msgattrib, po, option):
    """The msgids of @po that msgattrib @option (--untranslated, --only-fuzzy) selects."""
    result = subprocess.run([msgattrib, option, '--no-obsolete', '--no-wrap', po],
                            capture_output=True, text=True)
    ids = re.findall(r'^msgid "(.+)"$', result.stdout, re.MULTILINE)
    return [i for i in ids if i]


def check_translations(help_dir, itstool, msgmerge, msgfmt, pages):
    ok = check_listed(help_dir, pages)
    msgattrib = os.path.join(os.path.dirname(msgfmt), 'msgattrib')
    langs = read_list(os.path.join(help_dir, 'LINGUAS'))
    if not langs:
        print('help/LINGUAS lists no language')
        return False

    with tempfile.TemporaryDirectory() as tmp:
        # The template, as gnome.yelp's help-PROJECT-pot target makes it from the pages.
        pot = os.path.join(tmp, 'help.pot')
        result = subprocess.run([itstool, '-o', pot] + pages, cwd=os.path.join(help_dir, 'C'),
                                capture_output=True, text=True)
        if result.returncode != 0 or not os.path.isfile(pot):
            print(f'itstool could not make the template:\n{result.stderr}')
            return False

        for lang in langs:
            po = os.path.join(help_dir, lang, lang + '.po')
            if not os.path.isfile(po):
                print(f'{lang}: help/{lang}/{lang}.po is missing')
                ok = False
                continue

            # The file as it is: no fuzzy or untranslated message, and valid.
            code, done, fuzzy, missing, text = statistics(msgfmt, po)
            if code != 0 or fuzzy or missing:
                print(f'{lang}: FAIL: help/{lang}/{lang}.po: {text}')
                ok = False

            # The file as the pages need it: merged with the template, what is new in the pages
            # shows as untranslated, what changed as fuzzy.
            merged = os.path.join(tmp, lang + '.po')
            result = subprocess.run([msgmerge, '-q', '--previous', '-o', merged, po, pot],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                print(f'{lang}: msgmerge failed:\n{result.stderr}')
                ok = False
                continue
            code, done, fuzzy, missing, text = statistics(msgfmt, merged)
            if code != 0 or fuzzy or missing or done == 0:
                print(f'{lang}: FAIL: help/{lang}/{lang}.po against the pages: {text}')
                for msgid in list_unfinished(msgattrib, merged, '--untranslated'):
                    print(f'  untranslated: {msgid[:100]}')
                for msgid in list_unfinished(msgattrib, merged, '--only-fuzzy'):
                    print(f'  fuzzy: {msgid[:100]}')
                print('  (run `ninja -C _build help-patience-update-po` and translate them)')
                ok = False
                continue

            # Every translation goes back into the pages: itstool warns of a translation whose
            # markup does not fit its message, and then leaves that message in English.
            mo = os.path.join(tmp, lang + '.mo')
            out = os.path.join(tmp, lang)
            os.mkdir(out)
            subprocess.run([msgfmt, '-o', mo, merged], check=True)
            result = subprocess.run([itstool, '-m', mo, '-o', out] + pages,
                                    cwd=os.path.join(help_dir, 'C'), capture_output=True, text=True)
            if result.returncode != 0 or result.stderr.strip():
                print(f'{lang}: FAIL: itstool could not put every translation in the pages:\n'
                      f'{result.stderr}')
                ok = False
                continue
            stops_ok = all([check_stops(f'{lang}/{name}', os.path.join(out, name))
                            for name in pages])
            if not stops_ok:
                ok = False
                continue
            print(f'{lang}: ok: {done} messages, all translated')
    return ok


def check_credits(help_dir, yelp_check, pages):
    ok = check_listed(help_dir, pages)
    directory = os.path.join(help_dir, 'C')

    # `yelp-check license` and `status` report, one page a line, and always exit 0.
    result = subprocess.run([yelp_check, 'license'] + pages, cwd=directory,
                            capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or len(lines) != len(pages):
        print(f'yelp-check license failed:\n{result.stdout}{result.stderr}')
        ok = False
    for line in lines:
        page, _, licences = line.partition(': ')
        if licences.split() != [LICENCE_ID]:
            print(f'{page}: FAIL: licence {licences}, not {LICENCE_ID}')
            ok = False

    result = subprocess.run([yelp_check, 'status'] + pages, cwd=directory,
                            capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or len(lines) != len(pages):
        print(f'yelp-check status failed:\n{result.stdout}{result.stderr}')
        ok = False
    for line in lines:
        page, _, status = line.partition(': ')
        if status.strip() in UNFINISHED:
            print(f'{page}: FAIL: status {status.strip()}: give the page a <revision> with its '
                  f'status')
            ok = False

    # The credit and the licence's own text, which yelp-check does not look at.
    for name in pages:
        if not check_stops(name, os.path.join(directory, name)):
            ok = False
        info = ET.parse(os.path.join(directory, name)).getroot().find(MALLARD + 'info')
        authors = [] if info is None else [
            credit.findtext(MALLARD + 'name', '').strip()
            for credit in info.findall(MALLARD + 'credit')
            if 'author' in credit.get('type', '').split()]
        if AUTHOR not in authors:
            print(f'{name}: FAIL: no <credit type="author"> named "{AUTHOR}"')
            ok = False
        licences = [] if info is None else info.findall(MALLARD + 'license')
        if not any(licence.get('href') == LICENCE_HREF and
                   ''.join(licence.itertext()).strip() for licence in licences):
            print(f'{name}: FAIL: no <license href="{LICENCE_HREF}"> with a paragraph')
            ok = False

    if ok:
        print(f'ok: all {len(pages)} pages name their authors and the {LICENCE_ID} licence, '
              f'none is unfinished, and none doubles a full stop')
    return ok


def main(argv):
    if len(argv) >= 7 and argv[1] == 'translations':
        ok = check_translations(argv[2], argv[3], argv[4], argv[5], argv[6:])
    elif len(argv) >= 5 and argv[1] == 'credits':
        ok = check_credits(argv[2], argv[3], argv[4:])
    else:
        print('usage: check-help.py translations HELP_DIR ITSTOOL MSGMERGE MSGFMT PAGE…\n'
              '       check-help.py credits HELP_DIR YELP_CHECK PAGE…', file=sys.stderr)
        return 2
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
