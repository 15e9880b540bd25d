"""Content packs: the Myth board an owner describes, as optional TOML.

The rulebook does not print the map ("Game Board": the map is composed of
locations, "Glossary", Area: a single hex), so the box ships a stand-in board
(:data:`games.myth.board.STAND_IN`) and an owner describes the printed one in a pack
file, ``<data dir>/packs/myth-dark-frontier/board.toml``, loaded from the
action menu ("Load pack: board") at the first Setup step::

    name = "Our printed board"

    [[areas]]
    id = "farrenroc"
    type = "farrenroc"
    neighbours = ["village-1", "ruins-1"]
    pos = [3, 3]           # optional: column and row of the hex, for the screen's map

    [[areas]]
    id = "village-1"
    name = "Village of Aster"
    type = "village"       # village, sanctuary, dungeon, ruins, farrenroc, lair, outland
    flames = 2             # basic locations: players needed for an objective token
    short = "VA"           # optional: the map cell's label (4 characters at most)
    neighbours = ["farrenroc"]
    pos = [3, 2]

It is the same format as the stand-in board (checked by
:func:`games.myth.board.parse_board`): every problem is listed with its
place (``area 'village-1'.pos: ...``). :func:`parse` reads only the text that
came in the journaled ``load_pack`` command (nothing is read from disk here,
so a replayed journal never depends on the file).
"""

from __future__ import annotations

from games.core.packs import MAX_TEXT, PackError, read_toml
from games.myth.board import parse_board
from games.myth.state import Board

__all__ = ["MAX_TEXT", "PackError", "parse"]


def parse(text: str) -> Board:
    """The board a pack describes, checked; raises :class:`PackError` listing every
    problem (a pack too long or not TOML too, games.core.packs; a bad board as
    :class:`~games.myth.board.BoardError`, a PackError)."""
    return parse_board(read_toml(text), "pack.toml")
