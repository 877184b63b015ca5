"""A position as text a person can read: the board, tile by tile, with
each side's feature kinds turned as the tile lies, the figures, the scores
and who decides what.

Each square is three characters wide and three lines high::

     c       the middle third of the north side (a city)
    r1r      west and east sides (a road), and the centre: the seat of a
     f       figure on the tile (1), a ``*`` for this turn's tile, or the
             letter of a feature inside the tile (a monastery)

An empty square beside a tile is shown as ``.``. Columns and rows are
labelled with the board's x and y (x grows east, y south).
"""

from ._core import Phase


def kind_letters(variant):
    """A distinct letter per feature kind: its first letter, else the next free one."""
    out, used = {}, set()
    for k in variant.kinds:
        name = k.name.lower()
        letter = next((c for c in name + name.upper() if c.isalpha() and c not in used), "?")
        used.add(letter)
        out[k.index] = letter
    return out


def _tile_cells(game, tile, letters, types, kind_index, figures_on, this_turn):
    """The 3x3 characters of one placed tile."""
    ttype = types[tile.type]
    side = {}  # board slot -> letter of the feature covering it
    inner = " "
    for f in ttype.features:
        letter = letters[kind_index[f.kind]]
        if not f.slots:
            inner = letter
        for s in range(12):
            if f.slots >> s & 1:
                side[(s + 3 * tile.rotation) % 12] = letter
    centre = figures_on.get(tile.index)
    if centre is None:
        centre = "*" if this_turn else inner
    n, e, s, w = (side.get(k, " ") for k in (1, 4, 7, 10))
    return [" %s " % n, "%s%s%s" % (w, centre, e), " %s " % s]


def board_text(game):
    """The board and the state of play of ``game`` as lines of text."""
    tiles = game.tiles
    variant = game.variant
    letters = kind_letters(variant)
    kind_index = {k.name: k.index for k in variant.kinds}
    types = game.tileset.types
    at = {(t.x, t.y): t for t in tiles}
    figures_on = {}
    for f in game.figures:
        if f.on_board and f.tile_index >= 0:
            figures_on.setdefault(f.tile_index, str(f.owner))
    last = game.last_tile
    xs = [t.x for t in tiles]
    ys = [t.y for t in tiles]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    lines = ["     " + "".join("%3d " % x for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        rows = ["", "", ""]
        for x in range(x0, x1 + 1):
            t = at.get((x, y))
            if t is not None:
                cells = _tile_cells(game, t, letters, types, kind_index, figures_on, t.index == last)
            elif any((x + dx, y + dy) in at for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                cells = ["   ", " . ", "   "]
            else:
                cells = ["   "] * 3
            for i in range(3):
                rows[i] += cells[i] + " "
        lines.append("     " + rows[0].rstrip())
        lines.append("%4d " % y + rows[1].rstrip())
        lines.append("     " + rows[2].rstrip())
    lines.append("kinds: " + " ".join("%s=%s" % (letters[k.index], k.name) for k in variant.kinds) +
                 "; a digit is the seat of a figure on the tile, * the tile placed this turn")
    lines += _state_lines(game, types)
    return "\n".join(lines)


def _state_lines(game, types):
    out = ["scores: " + ", ".join("seat %d %d" % (p, s) for p, s in enumerate(game.scores))]
    kinds = game.variant.figures
    for f in game.figures:
        if f.on_board and f.tile_index >= 0:
            t = game.tile(f.tile_index)
            feat = types[t.type].features[f.feature] if 0 <= f.feature < len(types[t.type].features) else None
            out.append("  seat %d %s on %s (%s) of tile %s at (%d,%d)" % (
                f.owner, kinds[f.kind].name, feat.id if feat else f.feature, feat.kind if feat else "?",
                types[t.type].name, t.x, t.y))
    phase, player = game.state
    if phase == Phase.OVER:
        out.append("game over; winners: %s" % ", ".join("seat %d" % p for p in game.winners))
    else:
        what = phase.name.lower()
        drawn = game.drawn_tile
        extra = " tile %s" % types[drawn].name if drawn is not None else ""
        out.append("seat %d to decide (%s step%s); supply %s" % (
            player, what, extra, ", ".join("%s %d" % (k.name, game.supply(player, k.index)) for k in kinds)))
    return out
