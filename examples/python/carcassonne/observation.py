"""A fixed numeric encoding of positions and moves for learning agents.

The layout is specified in docs/observations.md; this module is its
reference implementation. An :class:`Encoding` is made once per (variant,
player count, ruleset options, tile set, window radius) and then turns any
game of that kind into numpy arrays and legal moves into indices of one
fixed action space.
"""

import numpy as np

from ._core import ARG_FEATURE, ARG_SQUARE, ARG_TARGET, MOVE_DTYPE, Game, MoveKind, Phase, Variant, lib

SLOTS = 12
ROTATIONS = 4
DEFAULT_RADIUS = 16
DEFAULT_ACTION_CODES = 4
_VIEW_SHAPES = ("game", "player", "figure", "tile", "feature")


class Encoding:
    """Observation arrays and the action space for one kind of game.

    ``Encoding("base", 2)``; ruleset options as keywords, ``radius`` the
    half-width of the board window around the start tile (the window is
    ``2 * radius + 1`` squares wide), ``tileset`` a custom TileSet.
    """

    def __init__(self, variant="base", players=2, *, radius=DEFAULT_RADIUS, action_codes=DEFAULT_ACTION_CODES,
                 registry=None, tileset=None, **options):
        self.variant = Variant.get(variant, registry) if not isinstance(variant, Variant) else variant
        self.players = players
        self.options = dict(options)
        probe = Game(self.variant, players, 0, registry=registry, tileset=tileset, **options)
        ts = probe.tileset
        self.tile_types = ts.types
        self.kinds = tuple(k.name for k in self.variant.kinds)
        kind_id = {k: i for i, k in enumerate(self.kinds)}

        self.R = radius
        self.W = 2 * radius + 1
        self.NT = len(ts.types)
        self.K = len(self.kinds)
        self.FK = len(self.variant.figures)
        self.FMAX = max([len(t.features) for t in ts.types] + [1])
        self.H = max([len(probe.hand(p)) for p in range(players)] + [1])
        figs = probe.figures
        self.NFIG = len(figs)
        # a figure's owner and its place among the owner's figures (ids never change owner)
        self.figure_owner = np.array([f.owner for f in figs], dtype=np.int64)
        self.figure_slot = np.zeros(self.NFIG, dtype=np.int64)
        owned = [0] * players
        for f in figs:
            self.figure_slot[f.id] = owned[f.owner]
            owned[f.owner] += 1
        self.FP = max(owned + [1])
        self.token_kinds = [len(b.tokens) for b in self.variant.bags]
        self.NTOK = sum(self.token_kinds)
        self.C = action_codes
        self.T = max([self.NFIG] + self.token_kinds + [1])
        self.decks = len(probe.decks_remaining)
        self.type_count = np.array([t.count for t in ts.types], dtype=np.int16)

        # what sits on each board slot of a tile type turned r quarter turns
        self.slot_kind = np.zeros((self.NT, ROTATIONS, SLOTS), dtype=np.uint8)
        self.slot_feature = np.full((self.NT, ROTATIONS, SLOTS), -1, dtype=np.int8)
        self.feature_kind = np.full((self.NT, self.FMAX), -1, dtype=np.int8)
        for t in ts.types:
            for f in t.features:
                k = kind_id[f.kind]
                self.feature_kind[t.index, f.index] = k
                for s in range(SLOTS):
                    if f.slots >> s & 1:
                        for r in range(ROTATIONS):
                            self.slot_kind[t.index, r, (s + 3 * r) % SLOTS] = k + 1
                            self.slot_feature[t.index, r, (s + 3 * r) % SLOTS] = f.index

        # action space: consecutive blocks, see docs/observations.md
        W = self.W
        self.blocks = []  # (name, offset, size, action descriptor or None)
        off = 0

        def block(name, size, desc=None):
            nonlocal off
            self.blocks.append((name, off, size, desc))
            off += size
            return off - size

        self.tile_offset = block("tile", self.H * W * W * ROTATIONS)
        self.figure_offset = block("figure", self.FK * self.FMAX)
        self.pass_offset = block("pass", 1)
        self.declared = {}
        for d in self.variant.actions:
            dims = self._action_dims(d.args)
            self.declared[d.code] = (block("action:" + d.name, dims[0] * dims[1] * dims[2], d), dims, d)
        self.unnamed_offset = block("action:unnamed", self.C * self.T)
        self.action_count = off

        # view arrays: which views go where
        self.view_layout = {s: [] for s in _VIEW_SHAPES}
        for d in self.variant.views:
            self.view_layout[_VIEW_SHAPES[int(d.shape)]].append(d)
        self.view_lengths = {s: sum(d.length for d in ds) for s, ds in self.view_layout.items()}
        self.view_board_planes = self.view_lengths["tile"] + self.FMAX * self.view_lengths["feature"]

        P, K, FK = players, self.K, self.FK
        self.board_planes = [("occupied", 1), ("tile_type", 1), ("rotation", 1), ("this_turn", 1),
                             ("frontier", 1), ("slot_kind", SLOTS), ("slot_complete", SLOTS),
                             ("kind_count", K), ("kind_complete", K), ("figures", P * FK)]
        self.board_offset = {}
        c = 0
        for name, n in self.board_planes:
            self.board_offset[name] = c
            c += n
        self.board_channels = c

    # ------------------------------------------------------------------
    # shapes

    @property
    def spaces(self):
        """{name: (shape, dtype)} of every observation array."""
        P, W = self.players, self.W
        return {
            "board": ((self.board_channels, W, W), np.uint8),
            "figures": ((self.NFIG, 7), np.int16),
            "phase": ((len(Phase),), np.uint8),
            "to_move": ((P,), np.uint8),
            "scores": ((P,), np.int32),
            "supply": ((P, self.FK), np.int16),
            "tokens": ((P + 1, self.NTOK), np.int16),
            "drawn": ((self.NT,), np.uint8),
            "hand_slots": ((self.H,), np.int16),
            "hands": ((P, self.NT), np.int16),
            "unseen": ((self.NT,), np.int16),
            "decks": ((self.decks,), np.int16),
            "projection": ((P,), np.int32),
            "view_game": ((self.view_lengths["game"],), np.int32),
            "view_player": ((P, self.view_lengths["player"]), np.int32),
            "view_figure": ((self.NFIG, self.view_lengths["figure"]), np.int32),
            "view_board": ((self.view_board_planes, W, W), np.int32),
        }

    # ------------------------------------------------------------------
    # actions

    def _action_dims(self, args):
        """(targets, squares, features) an action's index ranges over. An
        action naming a square and a target (a figure) indexes the figure by
        its place among the deciding seat's own figures (``FP`` of them), so
        two wanderers that can reach the same spot have two indices."""
        square = bool(args & ARG_SQUARE)
        targets = (self.FP if square else self.T) if args & ARG_TARGET else 1
        return (targets, (self.W * self.W if square else 1), (self.FMAX if args & ARG_FEATURE else 1))

    @staticmethod
    def _figure_slot_axis(args):
        return bool(args & ARG_SQUARE) and bool(args & ARG_TARGET)

    def _slot_table(self, game, player):
        """Tile type -> hand slot for the mover: its first position in their
        hand, H (no slot, so no index) if absent; an extra turn's tile, in no
        hand, is slot 0."""
        table = np.full(self.NT, self.H, dtype=np.int64)
        hand = list(game.hand(player))
        if not hand and game.drawn_tile is not None:
            hand = [game.drawn_tile]
        for i in range(len(hand) - 1, -1, -1):
            if 0 <= hand[i] < self.NT:
                table[hand[i]] = i
        return table

    def indices(self, game, moves=None):
        """Action index of every legal move (-1 where a move falls outside the
        space), in the order of ``moves`` (default: ``game.moves()``)."""
        if moves is None:
            moves = game.moves()
        a = moves.array if hasattr(moves, "array") else np.asarray(
            [tuple(m) for m in moves], dtype=MOVE_DTYPE)
        n = len(a)
        idx = np.full(n, -1, dtype=np.int64)
        if n == 0:
            return idx
        R, W, FMAX = self.R, self.W, self.FMAX
        kind = a["kind"]
        x = a["x"].astype(np.int64)
        y = a["y"].astype(np.int64)
        inside = (np.abs(x) <= R) & (np.abs(y) <= R)
        cell = (y + R) * W + (x + R)
        feature = a["feature"].astype(np.int64)

        t = (kind == MoveKind.TILE) & inside & (a["rotation"] < ROTATIONS)
        if t.any():
            slot = self._slot_table(game, game.player)[np.minimum(a["tile"][t], self.NT - 1)]
            ok = slot < self.H
            v = ((slot * W * W + cell[t]) * ROTATIONS + a["rotation"][t]) + self.tile_offset
            idx[np.flatnonzero(t)[ok]] = v[ok]

        f = (kind == MoveKind.FIGURE) & (a["figure"] < self.FK) & (feature < FMAX)
        idx[f] = self.figure_offset + a["figure"][f].astype(np.int64) * FMAX + feature[f]

        idx[kind == MoveKind.PASS] = self.pass_offset

        act = kind == MoveKind.ACTION
        if act.any():
            seat = game.player
            code = a["action"].astype(np.int64)
            tgt = a["target"].astype(np.int64)
            named = np.zeros(n, dtype=bool)
            for c, (offset, (nt, ncell, nf), d) in self.declared.items():
                sel = act & (code == c)
                if not sel.any():
                    continue
                named |= sel
                ok = sel.copy()
                part = np.zeros(n, dtype=np.int64)
                if self._figure_slot_axis(d.args):
                    fig = (tgt >= 0) & (tgt < self.NFIG)
                    own = np.zeros(n, dtype=bool)
                    own[fig] = self.figure_owner[tgt[fig]] == seat
                    ok &= own
                    part = np.where(own, self.figure_slot[np.where(own, tgt, 0)], 0)
                elif nt > 1:
                    ok &= (tgt >= 0) & (tgt < nt)
                    part = tgt
                if ncell > 1:
                    ok &= inside
                    part = part * ncell + cell
                if nf > 1:
                    ok &= feature < nf
                    part = part * nf + feature
                idx[ok] = offset + part[ok]
            un = act & ~named & (code < self.C) & (tgt >= 0) & (tgt < self.T)
            idx[un] = self.unnamed_offset + code[un] * self.T + tgt[un]
        return idx

    def index(self, game, move):
        """Action index of one move (-1 if outside the space)."""
        return int(self.indices(game, [move])[0])

    def legal_mask(self, game, moves=None):
        """Boolean mask over the action space: True for every action that plays a legal move."""
        mask = np.zeros(self.action_count, dtype=bool)
        idx = self.indices(game, moves)
        mask[idx[idx >= 0]] = True
        return mask

    def action_table(self, game, moves=None):
        """{action index: position in the move list} for the current decision;
        when two moves share an index the first listed wins."""
        idx = self.indices(game, moves)
        table = {}
        for pos in range(len(idx) - 1, -1, -1):
            if idx[pos] >= 0:
                table[int(idx[pos])] = pos
        return table

    def move(self, game, action):
        """The legal Move that action index ``action`` plays now (ValueError if none)."""
        moves = game.moves()
        pos = self.action_table(game, moves).get(int(action))
        if pos is None:
            raise ValueError("action %d is not legal now" % action)
        return moves[pos]

    def describe(self, action):
        """What an index means, as a (block, fields) pair, independent of any position."""
        a = int(action)
        W, R, FMAX = self.W, self.R, self.FMAX
        if not 0 <= a < self.action_count:
            raise ValueError("action index out of range")
        if a < self.figure_offset:
            rot = a % ROTATIONS
            cell = a // ROTATIONS % (W * W)
            slot = a // ROTATIONS // (W * W)
            return "tile", {"hand_slot": slot, "x": cell % W - R, "y": cell // W - R, "rotation": rot}
        if a < self.pass_offset:
            b = a - self.figure_offset
            return "figure", {"figure": b // FMAX, "feature": b % FMAX}
        if a == self.pass_offset:
            return "pass", {}
        for name, offset, size, d in self.blocks[3:]:
            if offset <= a < offset + size:
                b = a - offset
                if d is None:
                    return name, {"action": b // self.T, "target": b % self.T}
                nt, ncell, nf = self.declared[d.code][1]
                out = {"action": d.code}
                if nf > 1:
                    out["feature"] = b % nf
                b //= nf
                if ncell > 1:
                    out["x"], out["y"] = b % ncell % W - R, b % ncell // W - R
                b //= ncell
                if self._figure_slot_axis(d.args):
                    out["figure_slot"] = b
                elif nt > 1:
                    out["target"] = b
                return name, out
        raise AssertionError("unreachable")

    # ------------------------------------------------------------------
    # observations

    def observe(self, game, perspective=None):
        """The position as a dict of numpy arrays, seen by seat ``perspective``
        (default: the player who decides now). Player axes are rotated so that
        row 0 is that seat, row 1 the next seat, and so on."""
        g = game._g
        P, R, W, NT = self.players, self.R, self.W, self.NT
        phase, mover = game.state
        me = mover if perspective is None else perspective
        order = [(me + i) % P for i in range(P)]
        rel = {p: i for i, p in enumerate(order)}
        o = self.board_offset
        board = np.zeros((self.board_channels, W, W), dtype=np.uint8)

        tiles = game.tiles
        n = len(tiles)
        xs = np.fromiter((t.x for t in tiles), dtype=np.int64, count=n)
        ys = np.fromiter((t.y for t in tiles), dtype=np.int64, count=n)
        ty = np.fromiter((t.type for t in tiles), dtype=np.int64, count=n)
        ro = np.fromiter((t.rotation for t in tiles), dtype=np.int64, count=n)
        inside = (np.abs(xs) <= R) & (np.abs(ys) <= R)
        ix, iy = xs[inside] + R, ys[inside] + R
        tin, rin = ty[inside], ro[inside]
        board[o["occupied"], iy, ix] = 1
        board[o["tile_type"], iy, ix] = tin + 1
        board[o["rotation"], iy, ix] = rin
        board[o["slot_kind"]:o["slot_kind"] + SLOTS, iy, ix] = self.slot_kind[tin, rin].T
        last = game.last_tile
        if last is not None and inside[last]:
            board[o["this_turn"], ys[last] + R, xs[last] + R] = 1
        occ = board[o["occupied"]].astype(bool)
        front = np.zeros_like(occ)
        front[1:, :] |= occ[:-1, :]
        front[:-1, :] |= occ[1:, :]
        front[:, 1:] |= occ[:, :-1]
        front[:, :-1] |= occ[:, 1:]
        board[o["frontier"]] = front & ~occ

        # completion per feature of each tile, then spread to the slots
        complete = np.zeros((n, self.FMAX), dtype=np.uint8)
        for i in range(n):
            first = lib.carc_tile_first_piece(g, i)
            if first < 0:
                continue
            for f in range(len(self.tile_types[ty[i]].features)):
                complete[i, f] = lib.carc_feature_complete(g, lib.carc_feature_of(g, first + f)) != 0
        sf = self.slot_feature[ty, ro]  # (n, 12)
        slot_done = np.where(sf >= 0, np.take_along_axis(complete, np.maximum(sf, 0).astype(np.int64), 1), 0)
        board[o["slot_complete"]:o["slot_complete"] + SLOTS, iy, ix] = slot_done[inside].T.astype(np.uint8)
        fk = self.feature_kind[ty]  # (n, FMAX)
        for k in range(self.K):
            is_k = fk == k
            board[o["kind_count"] + k, iy, ix] = is_k.sum(1)[inside]
            board[o["kind_complete"] + k, iy, ix] = (is_k & (complete > 0)).sum(1)[inside]

        figs = game.figures
        ftab = np.zeros((self.NFIG, 7), dtype=np.int16)
        for fig in figs[:self.NFIG]:
            row = ftab[fig.id]
            row[0] = 1
            row[1] = rel[fig.owner]
            row[2] = fig.kind
            if fig.on_board and fig.tile_index >= 0:
                x, y = xs[fig.tile_index], ys[fig.tile_index]
                row[3] = 1
                if abs(x) <= R and abs(y) <= R:
                    row[4], row[5] = x + R, y + R
                    board[o["figures"] + rel[fig.owner] * self.FK + fig.kind, y + R, x + R] += 1
                else:
                    row[4] = row[5] = -1
                row[6] = fig.feature
            else:
                row[4] = row[5] = row[6] = -1

        phase_v = np.zeros(len(Phase), dtype=np.uint8)
        phase_v[int(phase)] = 1
        to_move = np.zeros(P, dtype=np.uint8)
        if phase != Phase.OVER:
            to_move[rel[mover]] = 1
        scores = np.array([game.score(p) for p in order], dtype=np.int32)
        supply = np.array([[game.supply(p, k) for k in range(self.FK)] for p in order], dtype=np.int16).reshape(
            P, self.FK)
        tokens = np.zeros((P + 1, self.NTOK), dtype=np.int16)
        col = 0
        for b in self.variant.bags:
            nb = len(b.tokens)
            for i, p in enumerate(order):
                tokens[i, col:col + nb] = game.tokens(b.index, p)
            tokens[P, col:col + nb] = game.tokens(b.index, None)
            col += nb

        hands = np.zeros((P, NT), dtype=np.int16)
        hand_lists = [game.hand(p) for p in range(P)]
        visible = np.zeros(NT, dtype=np.int16)
        for p, h in enumerate(hand_lists):
            for t in h:
                hands[rel[p], t] += 1
                visible[t] += 1
        drawn = np.zeros(NT, dtype=np.uint8)
        d = game.drawn_tile
        if d is not None:
            drawn[d] = 1
            if d not in hand_lists[mover]:  # an extra turn's tile, or a game without hands
                visible[d] += 1
        hand_slots = np.zeros(self.H, dtype=np.int16)
        mover_hand = hand_lists[mover] if phase != Phase.OVER else []
        for i, t in enumerate(mover_hand[:self.H]):
            hand_slots[i] = t + 1
        if not mover_hand and d is not None:
            hand_slots[0] = d + 1
        unseen = self.type_count.copy()
        np.subtract.at(unseen, ty, 1)
        for r in game.removed:
            if r.type is not None:
                unseen[r.type] -= 1
        unseen -= visible
        decks = np.array(game.decks_remaining[:self.decks], dtype=np.int16)
        projection = np.array(game.projection().scores, dtype=np.int32)[order]
        obs = {"board": board, "figures": ftab, "phase": phase_v, "to_move": to_move, "scores": scores,
               "supply": supply, "tokens": tokens, "drawn": drawn, "hand_slots": hand_slots, "hands": hands,
               "unseen": unseen, "decks": decks, "projection": projection}
        obs.update(self._views(game, order, xs, ys, inside))
        return obs

    def _views(self, game, order, xs, ys, inside):
        """The variant's views, laid out by shape (docs/observations.md, "Views")."""
        P, R, W, L = self.players, self.R, self.W, self.view_layout
        vg = np.zeros(self.view_lengths["game"], dtype=np.int32)
        vp = np.zeros((P, self.view_lengths["player"]), dtype=np.int32)
        vf = np.zeros((self.NFIG, self.view_lengths["figure"]), dtype=np.int32)
        vb = np.zeros((self.view_board_planes, W, W), dtype=np.int32)
        c = 0
        for d in L["game"]:
            vg[c:c + d.length] = game.view(d.index)
            c += d.length
        c = 0
        for d in L["player"]:
            vp[:, c:c + d.length] = game.view(d.index)[order]
            c += d.length
        c = 0
        for d in L["figure"]:
            vf[:, c:c + d.length] = game.view(d.index)[:self.NFIG]
            c += d.length
        iy, ix = ys[inside] + R, xs[inside] + R
        c = 0
        for d in L["tile"]:
            v = game.view(d.index)  # (tiles, length)
            vb[c:c + d.length, iy, ix] = v[inside].T
            c += d.length
        for d in L["feature"]:
            v = game.view(d.index)  # (tiles, FMAX, length)
            v = v[inside].reshape(-1, self.FMAX * d.length)
            vb[c:c + self.FMAX * d.length, iy, ix] = v.T
            c += self.FMAX * d.length
        return {"view_game": vg, "view_player": vp, "view_figure": vf, "view_board": vb}

    def flatten(self, obs):
        """One float32 vector of every array, in the order of :attr:`spaces`."""
        return np.concatenate([np.asarray(obs[k], dtype=np.float32).ravel() for k in self.spaces])
