#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Games live only in the engine: no game id appears as a string in src/ui or src/model, except
in the table of rules texts, and no shipped game's rules table is named there. The ids are read
off the engine's rules tables, the tables' names off pat-rules.h."""

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

tables = re.findall(r'^extern const PatRules (\w+);', (top / 'src' / 'engine' / 'pat-rules.h').read_text(), re.M)
if len(tables) < 7:
    print(f'only {len(tables)} rules tables declared in src/engine/pat-rules.h: {tables}')
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
            # A shipped game's own table, named directly, is a game id by another name.
            for table in tables:
                if re.search(rf'\b{table}\b', line):
                    found.append(f'{path.relative_to(top)}:{number}: {table}: {line.strip()}')

print('1..1')
if found:
    print('\n'.join(f'# {f}' for f in found))
    print('not ok 1 - game ids or rules tables outside the engine')
    sys.exit(1)
print(f'ok 1 - none of {len(ids)} game ids or {len(tables)} rules tables outside the engine and the rules texts')
