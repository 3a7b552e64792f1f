#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Games live only in the engine: no game id appears as a string in src/ui or src/model, except
in the table of rules texts. The ids are read off the engine's rules tables."""

import pathlib
import re
import sys

top = pathlib.Path(sys.argv[1])
ids = set()
for path in sorted((top / 'src' / 'engine').glob('*.c')):
    ids.update(re.findall(r'^const PatRules \w+ = \{\s*"([^"]+)"', path.read_text(), re.M))
if len(ids) < 7:
    print(f'only {len(ids)} game ids found in src/engine: {sorted(ids)}')
    sys.exit(1)

allowed = {'pat-rules-text.c'}
found = []
for folder in ('ui', 'model'):
    for path in sorted((top / 'src' / folder).iterdir()):
        if path.suffix not in ('.c', '.h') or path.name in allowed:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for game_id in ids:
                if f'"{game_id}"' in line:
                    found.append(f'{path.relative_to(top)}:{number}: "{game_id}": {line.strip()}')

print('1..1')
if found:
    print('\n'.join(f'# {f}' for f in found))
    print('not ok 1 - game ids outside the engine')
    sys.exit(1)
print(f'ok 1 - none of {len(ids)} game ids outside the engine and the rules texts')
