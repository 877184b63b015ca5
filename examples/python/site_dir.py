"""Prints the folder `meson install` puts the Python package in (run by
examples/python/meson.build at configure time).

Arguments: the prefix, meson's own choice (the python module's install dir)
and the python.purelibdir option. Meson's choice stands when it is on the
interpreter's sys.path, when the user set python.purelibdir, or when no
sys.path folder lies under the prefix. Otherwise (Debian's interpreter with
prefix /usr/local: meson picks lib/python3/dist-packages, which that
interpreter does not read) the site folder of sys.path under the prefix is
used, e.g. /usr/local/lib/python3.11/dist-packages.
"""

import os
import sys

prefix, meson_dir, user_dir = sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else ""


def norm(p):
    return os.path.normpath(os.path.abspath(p))


path = [norm(p) for p in sys.path if p]
if user_dir or norm(meson_dir) in path:
    print(meson_dir)
else:
    under = [p for p in path if p.startswith(norm(prefix) + os.sep) and os.path.basename(p) in
             ("dist-packages", "site-packages")]
    print(under[0] if under else meson_dir)
