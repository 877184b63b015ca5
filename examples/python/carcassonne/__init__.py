"""libcarcassonne for Python: a cffi binding over the C rules engine.

    >>> import carcassonne as cc
    >>> g = cc.Game("base", players=2, seed=42)
    >>> while (moves := g.moves()):
    ...     g.apply(moves[0])
    >>> g.scores

Submodules: ``observation`` (arrays and an action space for learning agents),
``env`` (a PettingZoo-style environment), ``selfplay`` (games as plain tasks).
See docs/python.md for the whole tour.
"""

from ._core import (ARG_FEATURE, ARG_SQUARE, ARG_TARGET, CONSTANTS, LOAD_INFO, MAX_HAND, MAX_PLAYERS, MOVE_DTYPE,
                    MOVE_FIELDS, ActionDesc, Bag, CarcError, Event, EventKind, Feature, Figure, FigureKind, Game,
                    Kind, LogEntry, Move, MoveKind, Moves, Phase, PlacedTile, Projection, Reason, Registry, Removal,
                    RemovedTile, RuleOption, StaleMovesError, Status, TileFeature, TileSet, TileType, Token, Variant,
                    ViewDesc, ViewShape, ffi, lib, variants, version)

__all__ = ["ARG_FEATURE", "ARG_SQUARE", "ARG_TARGET", "CONSTANTS", "LOAD_INFO", "MAX_HAND", "MAX_PLAYERS",
           "MOVE_DTYPE", "MOVE_FIELDS", "ActionDesc", "Bag", "CarcError", "Event", "EventKind", "Feature", "Figure",
           "FigureKind", "Game", "Kind", "LogEntry", "Move", "MoveKind", "Moves", "Phase", "PlacedTile",
           "Projection", "Reason", "Registry", "Removal", "RemovedTile", "RuleOption", "StaleMovesError", "Status",
           "TileFeature", "TileSet", "TileType", "Token", "Variant", "ViewDesc", "ViewShape", "ffi", "lib",
           "variants", "version"]

# the version of the library the package was built with (a checkout: its header's)
__version__ = LOAD_INFO["package_version"]
