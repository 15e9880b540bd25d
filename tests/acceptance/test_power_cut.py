"""Power cuts: SIGKILL the service at random points of a scripted session.

DESIGN.md: "the journal commits the command before anything is shown. What
the player saw is what survives a power cut." After each kill the journal
must pass SQLite's integrity check and restore either exactly the state last
shown (the service logs the journal position and a digest of the state of
each frame it shows) or the one action after it, whose frame was being drawn
when the power went; and its state must be exactly the replay of its
commands from the initial state.

``TABLEWARDEN_POWER_CUTS`` sets the number of kills (default 6; the
reliability suite runs 100+).
"""

import os
import random

from tests.acceptance.harness import check_restored, kill_all, new_game

KILLS = int(os.environ.get("TABLEWARDEN_POWER_CUTS", "6"))
NEXT = {"press": "next"}


def session() -> list[dict]:
    """A Kreel Manor session with dial turns, phases and undos: ~100 commands."""
    lines = [*new_game("kreel-manor")]
    for _ in range(6):
        lines += [{"turn": "spirit", "steps": -1}, {"turn": "spirit", "steps": 1}]
        lines += [NEXT] * 12 + [{"press": "undo"}, NEXT]
    return lines


def test_sigkill_loses_nothing_that_was_shown(tmp_path):
    rng = random.Random(2026)
    runs = [tmp_path / f"cut{kill}" for kill in range(KILLS)]
    for run_dir in runs:
        run_dir.mkdir()
    survived = 0
    sessions = [(run_dir, session(), rng.randint(2, 90), rng.uniform(0.0, 0.05)) for run_dir in runs]
    for last_shown, data_dir in kill_all(sessions):
        assert last_shown is not None  # each kill waits for its frames: it lands mid-game
        check_restored(data_dir, last_shown)
        survived += 1
    assert survived == KILLS
