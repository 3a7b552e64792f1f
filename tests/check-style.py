#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules of .editorconfig and ARCHITECTURE.md that a tool can check, on the C sources and
headers of src/, tests/ and tools/:

- no line is longer than 100 characters (Unicode characters of the UTF-8 text), and no line holds a
  tab (.editorconfig: indent_style = space, max_line_length = 100);
- the layers include only what is below them: the engine no GObject, GIO, GTK or libadwaita header
  and no header of src/model, src/net, src/ui or src/cli; the model no GTK or libadwaita header and
  no header of src/net, src/ui or src/cli; the network layer (src/net) no GTK or libadwaita header
  and no header of src/ui or src/cli; the CLI no GTK or libadwaita header and no header of src/ui;
- in src/ui, X-private.h is included only by the files of X itself (X.c, X-*.c), and the includes
  between src/ui's classes form no circle (X.c, X-*.c, X.h and X-private.h are one class X).

Usage: check-style.py [--root] ROOT [FILE...]. With FILEs (paths relative to ROOT), only those
files are checked; the include graph is still built from the whole of ROOT/src/ui."""

import pathlib
import re
import sys

MAX_COLUMNS = 100
FOLDERS = ('src', 'tests', 'tools')

# The card renderer is split by what it draws (pat-card-backs.c, pat-card-faces.c...): each of
# those files is part of PatCardRenderer, though its name does not start with the class's.
CLASS_PREFIXES = {'pat-card-renderer': 'pat-card-'}

GOBJECT_HEADERS = re.compile(r'^(glib-object\.h|gobject/|gio/|gmodule\.h|girepository)')
GTK_HEADERS = re.compile(r'^(gtk/|gdk/|gsk/|adwaita\.h|libadwaita)')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def c_files(top, names):
    if names:
        return [top / name for name in names if name.endswith(('.c', '.h'))]
    files = []
    for folder in FOLDERS:
        if (top / folder).is_dir():
            files.extend(p for p in (top / folder).rglob('*.[ch]') if p.is_file())
    return sorted(files)


def includes(path):
    for number, line in enumerate(read_lines(path), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1) == '"', match.group(2)


def read_lines(path):
    return path.read_text(encoding='utf-8').splitlines()


def headers_of(top, layer):
    folder = top / 'src' / layer
    return {p.name for p in folder.glob('*.h')} if folder.is_dir() else set()


def check_lines(top, path):
    found = []
    for number, line in enumerate(read_lines(path), 1):
        where = f'{path.relative_to(top)}:{number}'
        if len(line) > MAX_COLUMNS:
            found.append(f'{where}: {len(line)} characters, more than {MAX_COLUMNS}')
        if '\t' in line:
            found.append(f'{where}: a tab (indent with spaces)')
    return found


def check_layers(top, path, layer_headers):
    parts = path.relative_to(top).parts
    if len(parts) < 3 or parts[0] != 'src':
        return []
    layer = parts[1]
    rules = {
        # layer: (forbidden system headers, layers whose headers are forbidden)
        'engine': ((GOBJECT_HEADERS, GTK_HEADERS), ('model', 'net', 'ui', 'cli')),
        'model': ((GTK_HEADERS,), ('net', 'ui', 'cli')),
        'net': ((GTK_HEADERS,), ('ui', 'cli')),
        'cli': ((GTK_HEADERS,), ('ui',)),
    }
    if layer not in rules:
        return []
    patterns, above = rules[layer]
    found = []
    for number, quoted, name in includes(path):
        where = f'{path.relative_to(top)}:{number}'
        for pattern in patterns:
            if pattern.match(name):
                found.append(f'{where}: the {layer} includes <{name}>')
        base = pathlib.PurePosixPath(name).name
        for other in above:
            # A header of this layer's own name wins: only a header found nowhere else is above.
            if quoted and base in layer_headers[other] and base not in layer_headers[layer]:
                found.append(f'{where}: the {layer} includes "{name}" of src/{other}')
    return found


def class_of(name, classes):
    """The class a file of src/ui belongs to: X for X.c, X-*.c, X.h and X-private.h."""
    stem = name.rsplit('.', 1)[0]
    if stem.endswith('-private'):
        return stem[:-len('-private')]
    owners = [c for c in classes if stem == c or stem.startswith(c + '-')]
    owners += [c for c, prefix in CLASS_PREFIXES.items() if stem.startswith(prefix)]
    return max(owners, key=len) if owners else stem


def ui_edges(top):
    """(from class, to class, where) for every include between two classes of src/ui."""
    folder = top / 'src' / 'ui'
    if not folder.is_dir():
        return [], set()
    headers = {p.name for p in folder.glob('*.h')}
    classes = {h[:-2] for h in headers if not h.endswith('-private.h')}
    classes |= {h[:-len('-private.h')] for h in headers if h.endswith('-private.h')}
    edges = []
    for path in sorted(folder.glob('*.[ch]')):
        source = class_of(path.name, classes)
        for number, quoted, name in includes(path):
            if quoted and name in headers:
                edges.append((source, class_of(name, classes), path, number, name))
    return edges, classes


def check_private(top, edges, checked):
    found = []
    for source, target, path, number, name in edges:
        if path in checked and name.endswith('-private.h') and source != target:
            found.append(f'{path.relative_to(top)}:{number}: includes {name}, '
                         f'which only the files of {target} may include')
    return found


def circles(edges):
    """The strongly connected components of more than one class (Tarjan's algorithm)."""
    graph = {}
    for source, target, *_ in edges:
        if source != target:
            graph.setdefault(source, set()).add(target)
            graph.setdefault(target, set())
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def check_circles(top, edges):
    found = []
    for component in circles(edges):
        found.append(f'src/ui: the includes of {", ".join(component)} form a circle:')
        for source, target, path, number, name in edges:
            if source != target and source in component and target in component:
                found.append(f'  {path.relative_to(top)}:{number}: {source} includes {name}')
    return found


def main(argv):
    args = [a for a in argv[1:] if a != '--root']
    if not args:
        print(f'usage: {argv[0]} [--root] ROOT [FILE...]', file=sys.stderr)
        return 2
    top = pathlib.Path(args[0])
    files = c_files(top, args[1:])
    layer_headers = {layer: headers_of(top, layer) for layer in ('engine', 'model', 'net', 'ui', 'cli')}
    edges, _ = ui_edges(top)

    checks = [
        (f'every line fits in {MAX_COLUMNS} columns, without tabs',
         [f for path in files for f in check_lines(top, path)]),
        ('each layer includes only the headers of the layers below it',
         [f for path in files for f in check_layers(top, path, layer_headers)]),
        ('a private header of src/ui is included only by its own class',
         check_private(top, edges, set(files))),
        ('the includes of src/ui form no circle between classes',
         check_circles(top, edges)),
    ]

    print(f'1..{len(checks)}')
    failed = False
    for number, (title, found) in enumerate(checks, 1):
        if found:
            failed = True
            print('\n'.join(f'# {f}' for f in found))
            count = sum(1 for f in found if not f.startswith(' '))
            print(f'not ok {number} - {title} ({count} found)')
        else:
            print(f'ok {number} - {title}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
