"""Runs the real service in a subprocess on the simulated box, driven by a control script.

Acceptance tests use this exactly as a person (or a demo) would:
``tablewarden run --hardware sim --headless --script S --frames F --data-dir D``
then ``tablewarden state --data-dir D --json``. Script lines go through the
simulated pins (edges, quadrature, bounce), never around them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from games.core.registry import KNOWN_PACKAGES, all_games

RUN_TIMEOUT = 180


def _env() -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def tablewarden(*args: str, timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess:
    """Run the ``tablewarden`` CLI (as ``python -m device.cli``) and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "device.cli", *args],
        capture_output=True, text=True, timeout=timeout, env=_env(), check=False,
    )


@dataclass
class BoxRun:
    status: int
    stderr: str
    data_dir: Path
    frames: Path

    def state(self) -> dict:
        """``tablewarden state --json`` for this run's data directory."""
        done = tablewarden("state", "--data-dir", str(self.data_dir), "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


def run_script(tmp_path: Path, lines: list[dict], *, seed: int = 1, data_dir: Path | None = None,
               verbose: bool = False) -> BoxRun:
    """Play ``lines`` on the simulated box; the data directory persists between calls."""
    data_dir = data_dir or tmp_path / "data"
    frames = tmp_path / "frames"
    script = tmp_path / "script.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    args = ["run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
            "--script", str(script), "--frames", str(frames), "--seed", str(seed)]
    done = tablewarden(*(["-v"] if verbose else []), *args)
    return BoxRun(done.returncode, done.stderr, data_dir, frames)


def game_menu_index(game_id: str) -> int:
    """Where ``game_id`` stands in the service's game list (sorted by title)."""
    games = [g for g in all_games() if g.id in KNOWN_PACKAGES]
    return [g.id for g in games].index(game_id)


def new_game(game_id: str, form: list[dict] = ()) -> list[dict]:
    """Script lines that start a new game from the game list: pick it, "New game",
    then ``form`` (the turns that set the new-game fields), then confirm."""
    index = game_menu_index(game_id)
    pick = [{"turn": "menhir", "steps": index}] if index else []
    return [*pick, {"press": "select"}, {"press": "select"}, *form, {"press": "select"}]
