#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every toast of the app is made by pat_toast_new() (src/ui/pat-toast.c), whose title shows its
whole text: a toast from adw_toast_new() alone is cut at one line by libadwaita 1.2."""

import pathlib
import sys

top = pathlib.Path(sys.argv[1])
found = []
for path in sorted((top / 'src').rglob('*.[ch]')):
    if path.name == 'pat-toast.c':
        continue
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if 'adw_toast_new' in line:
            found.append(f'{path.relative_to(top)}:{number}: {line.strip()}')

print('1..1')
if found:
    print('not ok 1 - toasts made without pat_toast_new()')
    for place in found:
        print(f'# {place}')
    sys.exit(1)
print('ok 1 - every toast is made by pat_toast_new()')
