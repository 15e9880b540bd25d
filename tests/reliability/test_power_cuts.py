"""Power cuts in every game: SIGKILL at random points of scripted sessions, then restart.

DESIGN.md: "the service killed with SIGKILL at random points loses nothing
that was shown". The same check as tests/acceptance/test_power_cut.py (its
helpers live in the acceptance harness), over a session of each game that
has landed: dial turns, steps, undos. ``TABLEWARDEN_POWER_CUTS_ALL`` sets the
number of kills (default 8, spread over the games, so ``make test`` stays
quick); issue 8's suite is ``TABLEWARDEN_POWER_CUTS_ALL=120 pytest -m slow
tests/reliability``.
"""

from __future__ import annotations

import os
import random

import pytest

from games.core.registry import KNOWN_PACKAGES, all_games
from tests.acceptance.harness import check_restored, kill_all, new_game

KILLS = int(os.environ.get("TABLEWARDEN_POWER_CUTS_ALL", "8"))
GAMES = sorted(g.id for g in all_games() if g.id in KNOWN_PACKAGES)
NEXT = {"press": "next"}


def session(game_id: str) -> list[dict]:
    """Start ``game_id`` and play: dial turns both ways, steps (prompts confirmed as offered), undos."""
    lines = [*new_game(game_id)]
    for _ in range(8):
        lines += [{"turn": "spirit", "steps": -1}, {"turn": "spirit", "steps": 1}, NEXT, NEXT,
                  {"turn": "menhir", "steps": 1}, NEXT, {"press": "undo"}, NEXT, NEXT]
    return lines


@pytest.mark.slow
def test_sigkill_in_every_game_loses_nothing_that_was_shown(tmp_path):
    rng = random.Random(8)
    survived = {game: 0 for game in GAMES}
    games = [GAMES[kill % len(GAMES)] for kill in range(KILLS)]
    runs = [tmp_path / f"{game}-cut{kill}" for kill, game in enumerate(games)]
    for run_dir in runs:
        run_dir.mkdir()
    sessions = [(run_dir, session(game), rng.randint(2, 60), rng.uniform(0.0, 0.05))
                for run_dir, game in zip(runs, games, strict=True)]
    for game, (last_shown, data_dir) in zip(games, kill_all(sessions), strict=True):
        assert last_shown is not None  # each kill waits for its frames: it lands mid-game
        summary = check_restored(data_dir, last_shown)
        assert summary["game"] == game
        survived[game] += 1
    assert sum(survived.values()) == KILLS, survived
