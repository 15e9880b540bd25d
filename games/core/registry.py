"""The games, by game id. Each game package registers itself on import."""

from __future__ import annotations

import importlib

from games.core.game import Game

_GAMES: dict[str, Game] = {}

# game id -> the package that defines it; imported lazily on first lookup.
KNOWN_PACKAGES = {
    "gloom-of-kilforth": "games.kilforth",
    "kreel-manor": "games.kreel",
    "myth-dark-frontier": "games.myth",
    "tainted-grail": "games.grail",
}

# game id -> its title, so the game list is drawn without importing every package (each costs
# tens of milliseconds, a third of a second on a Pi); tests/app/test_menu_costs.py holds these
# to the packages' own titles.
KNOWN_TITLES = {
    "gloom-of-kilforth": "Gloom of Kilforth",
    "kreel-manor": "Kreel Manor",
    "myth-dark-frontier": "Myth: Dark Frontier",
    "tainted-grail": "Tainted Grail",
}


def register(game: Game) -> Game:
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def _load_all() -> None:
    for package in KNOWN_PACKAGES.values():
        importlib.import_module(package)


def get_game(game_id: str) -> Game:
    """The game registered under ``game_id``; KeyError names the known ids.

    Only that game's package is imported (start-up restores one game, and
    each package costs tens of milliseconds); an unknown id loads them all
    so that the error can name them.
    """
    if game_id not in _GAMES and game_id in KNOWN_PACKAGES:
        importlib.import_module(KNOWN_PACKAGES[game_id])
    if game_id not in _GAMES:
        _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None


def all_games() -> list[Game]:
    _load_all()
    return sorted(_GAMES.values(), key=lambda g: g.title)


def game_titles() -> dict[str, str]:
    """Every game's title by game id, the games registered so far and those of
    :data:`KNOWN_PACKAGES`, importing none of them."""
    return {**KNOWN_TITLES, **{game_id: game.title for game_id, game in _GAMES.items()}}
