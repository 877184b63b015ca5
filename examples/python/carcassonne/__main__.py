"""``python3 -m carcassonne``: a game between bots, as carc-play plays it (see play.py)."""

import sys

from .play import main

sys.exit(main())
