# SPDX-License-Identifier: GPL-3.0-or-later
# The development profile's man pages from the default ones: the programs patience-devel and
# patience-cli-devel, its app id and its data folder (data/meson.build runs it).
s/^\.TH PATIENCE 1 /.TH PATIENCE\\-DEVEL 1 /
s/^\.TH PATIENCE\\-CLI 1 /.TH PATIENCE\\-CLI\\-DEVEL 1 /
s/^patience \\- /patience\\-devel \\- /
s/^\.B patience$/.B patience\\-devel/
s/^\.B patience /.B patience\\-devel /
s/^\.BR patience (1)/.BR patience\\-devel (1)/
s/patience\\-cli\([^\\]\|$\)/patience\\-cli\\-devel\1/g
s|\([$/]XDG_DATA_HOME/\)patience/|\1patience\\-devel/|
s|local/share/patience/|local/share/patience\\-devel/|
s/io\.github\.patience\.Patience\b/io.github.patience.Patience.Devel/g
