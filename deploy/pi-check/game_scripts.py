"""Each game's control script for ``make pi-check``'s games stage, and the check after it.

The scripts are the README screenshots' (``docs/screenshots/make_screenshots.py``):
each game started and played a few moves, ending with a snapshot named after the
game, after the press that only wakes the box, as the acceptance harness plays them. Run from the source tree:

- ``python deploy/pi-check/game_scripts.py write OUT_DIR`` writes ``OUT_DIR/<game-id>.jsonl``;
- ``tablewarden state --json ... | python deploy/pi-check/game_scripts.py check GAME_ID``
  fails unless the journal's active game is that game, and prints where it stands.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from docs.screenshots.make_screenshots import SCRIPTS  # noqa: E402
from tests.acceptance.harness import WAKE  # noqa: E402


def write_scripts(out: Path) -> list[Path]:
    """Write one ``<game-id>.jsonl`` a game into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game, lines in SCRIPTS.items():
        path = out / f"{game}.jsonl"
        played = [WAKE, *lines, {"wait": 0.3}, {"snap": game}]
        path.write_text("".join(json.dumps(line) + "\n" for line in played), encoding="utf-8")
        written.append(path)
    return written


def check_state(game: str, state: dict) -> str:
    """Where ``game`` stands after its script; raises if another game is active."""
    if state.get("game") != game:
        raise SystemExit(f"{game}: the active game is {state.get('game')!r}")
    return (f"{game}: {len(SCRIPTS[game]) + 3} script lines played; journal at seq {state['seq']},"
            f" {state['procedure']} / {state['step']}")


if __name__ == "__main__":
    if sys.argv[1] == "write":
        print(f"{len(write_scripts(Path(sys.argv[2])))} scripts written to {sys.argv[2]}")
    else:
        print(check_state(sys.argv[2], json.load(sys.stdin)))
