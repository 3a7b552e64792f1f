#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-style.py can fail: run on a small tree that breaks each of its rules once, it fails and
names each place; run on the same tree put right, it passes."""

import pathlib
import subprocess
import sys
import tempfile

check = pathlib.Path(sys.argv[1])

# 100 characters of which two take two bytes each in UTF-8: the limit counts characters.
FITS = '/* ' + 'é' * 2 + 'x' * 92 + ' */'
TOO_LONG = '/* ' + 'x' * 95 + ' */'

BROKEN = {
    'src/engine/pat-thing.c': f'#include "pat-thing.h"\n{FITS}\n{TOO_LONG}\n',
    'src/engine/pat-thing.h': '#pragma once\n#include <glib.h>\n#include <gio/gio.h>\n',
    'src/engine/pat-other.c': '#include "pat-thing.h"\n#include "pat-object.h"\n',
    'src/model/pat-object.h': '#pragma once\n#include <gtk/gtk.h>\n#include "pat-thing.h"\n',
    'src/model/pat-object.c': '#include "pat-object.h"\n#include "pat-view.h"\n#include "pat-link.h"\n',
    'src/net/pat-link.h': '#pragma once\n#include <gtk/gtk.h>\n#include "pat-object.h"\n',
    'src/net/pat-link.c': '#include "pat-link.h"\n#include "pat-view.h"\n',
    'src/cli/pat-tool.c': '#include "pat-object.h"\n#include "pat-view.h"\n',
    'src/ui/pat-view.h': '#pragma once\n#include "pat-object.h"\n',
    'src/ui/pat-view-private.h': '#pragma once\n#include "pat-view.h"\n',
    'src/ui/pat-view.c': '#include "pat-view-private.h"\n#include "pat-panel.h"\n',
    'src/ui/pat-view-keys.c': '#include "pat-view-private.h"\n',
    'src/ui/pat-panel.h': '#pragma once\n#include "pat-view.h"\n',
    'src/ui/pat-panel.c': '#include "pat-panel.h"\n#include "pat-view-private.h"\n',
    'tests/test-thing.c': '#include "pat-view-private.h"\n\tint x;\n',
}

EXPECTED = [
    'src/engine/pat-thing.c:3: 101 characters',
    'src/engine/pat-thing.h:3: the engine includes <gio/gio.h>',
    'src/engine/pat-other.c:2: the engine includes "pat-object.h" of src/model',
    'src/model/pat-object.h:2: the model includes <gtk/gtk.h>',
    'src/model/pat-object.c:2: the model includes "pat-view.h" of src/ui',
    'src/model/pat-object.c:3: the model includes "pat-link.h" of src/net',
    'src/net/pat-link.h:2: the net includes <gtk/gtk.h>',
    'src/net/pat-link.c:2: the net includes "pat-view.h" of src/ui',
    'src/cli/pat-tool.c:2: the cli includes "pat-view.h" of src/ui',
    'src/ui/pat-panel.c:2: includes pat-view-private.h, which only the files of pat-view',
    'the includes of pat-panel, pat-view form a circle',
    'tests/test-thing.c:2: a tab',
]

NOT_EXPECTED = [
    'src/engine/pat-thing.c:2:',
    'src/ui/pat-view-keys.c',
    'src/ui/pat-view.c:1',
    'src/cli/pat-tool.c:1',
    'src/net/pat-link.h:3',
    'tests/test-thing.c:1',
]

FIXED = dict(BROKEN)
FIXED.update({
    'src/engine/pat-thing.c': f'#include "pat-thing.h"\n{FITS}\n',
    'src/engine/pat-thing.h': '#pragma once\n#include <glib.h>\n',
    'src/engine/pat-other.c': '#include "pat-thing.h"\n',
    'src/model/pat-object.h': '#pragma once\n#include <gio/gio.h>\n#include "pat-thing.h"\n',
    'src/model/pat-object.c': '#include "pat-object.h"\n',
    'src/net/pat-link.h': '#pragma once\n#include <gio/gio.h>\n#include "pat-object.h"\n',
    'src/net/pat-link.c': '#include "pat-link.h"\n',
    'src/cli/pat-tool.c': '#include "pat-object.h"\n',
    'src/ui/pat-panel.h': '#pragma once\n#include <gtk/gtk.h>\n',
    'src/ui/pat-panel.c': '#include "pat-panel.h"\n',
    'tests/test-thing.c': '#include "pat-view-private.h"\nint x;\n',
})


def run(files):
    with tempfile.TemporaryDirectory() as tmp:
        top = pathlib.Path(tmp)
        for name, text in files.items():
            (top / name).parent.mkdir(parents=True, exist_ok=True)
            (top / name).write_text(text, encoding='utf-8')
        result = subprocess.run([sys.executable, str(check), '--root', str(top)],
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr


results = []
code, output = run(BROKEN)
results.append((code == 1, f'the broken tree fails (exit status {code})'))
for place in EXPECTED:
    results.append((place in output, f'the broken tree reports {place}'))
for place in NOT_EXPECTED:
    results.append((place not in output, f'the broken tree does not report {place}'))
code_fixed, output_fixed = run(FIXED)
results.append((code_fixed == 0, f'the tree put right passes (exit status {code_fixed})'))

print(f'1..{len(results)}')
for number, (passed, title) in enumerate(results, 1):
    print(f'{"ok" if passed else "not ok"} {number} - {title}')
if not all(passed for passed, _ in results):
    print('# output on the broken tree:')
    print('\n'.join(f'#   {line}' for line in output.splitlines()))
    print('# output on the tree put right:')
    print('\n'.join(f'#   {line}' for line in output_fixed.splitlines()))
    sys.exit(1)
