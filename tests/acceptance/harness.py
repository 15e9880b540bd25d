"""Runs the real service in a subprocess on the simulated box, driven by a control script.

Acceptance tests use this exactly as a person (or a demo) would:
``tablewarden run --hardware sim --headless --script S --frames F --data-dir D``
then ``tablewarden state --data-dir D --json``. Script lines go through the
simulated pins (edges, quadrature, bounce), never around them.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.service import digest
from games.core import apply, get_game
from games.core.engine import migrate, migrate_command
from games.core.registry import KNOWN_PACKAGES, all_games

RUN_TIMEOUT = 180


def _env() -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def tablewarden(*args: str, timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess:
    """Run the ``tablewarden`` CLI (as ``python -m app.cli``) and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
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


#: The box starts asleep: its first press or detent only wakes it (README, "Controls"),
#: so a script begins with this press unless it tests waking itself.
WAKE = {"press": "back"}

#: A command with several results shows them in turn ("1/3", README "Controls"): each input
#: before the last one only shows the next, so a script reads them with this press.
SEE = {"press": "back"}


def run_script(tmp_path: Path, lines: list[dict], *, seed: int = 1, data_dir: Path | None = None,
               verbose: bool = False, wake: bool = True) -> BoxRun:
    """Play ``lines`` on the simulated box (after :data:`WAKE` unless ``wake`` is False);
    the data directory persists between calls."""
    lines = [WAKE, *lines] if wake else list(lines)
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


def action(game_id: str, command: str) -> int:
    """Where ``command`` stands in the action menu, whose items never change places
    (README, "Controls"): 0 answers a waiting prompt, then the game's menu commands in
    their order (those not possible now marked), then packs, corrections, history…"""
    names = [spec.name for spec in get_game(game_id).commands if spec.menu and not spec.prompt_only]
    return 1 + names.index(command)


def walk(count: int) -> list[dict]:
    """Turn the Menhir dial once round a form of ``count`` fields: each is shown, and the
    focus is back where it was (a confirm then commits: nothing is confirmed unseen)."""
    return [{"turn": "menhir", "steps": 1}] * count


def new_game(game_id: str, form: Sequence[dict] = ()) -> list[dict]:
    """Script lines that start a new game from the game list: pick it, "New game",
    then ``form`` (the turns that set the new-game fields), every field shown, then confirm."""
    index = game_menu_index(game_id)
    pick = [{"turn": "menhir", "steps": index}] if index else []
    fields = len(get_game(game_id).setup_params)
    return [*pick, {"press": "select"}, {"press": "select"}, *form, *walk(fields), {"press": "select"}]


# --- power cuts ---------------------------------------------------------------------

SHOWN = re.compile(r"frame \d+ shown at journal seq (\d+) state (\w+)")


def replay(document: dict) -> dict:
    """The state an export's commands give from its initial state, up to its cursor."""
    game = get_game(document["game"])
    state = migrate(game, document["initial"])
    for entry in document["commands"][: document["cursor"]]:
        command = migrate_command(game, entry["command"], entry.get("schema", game.schema_version))
        state = apply(game, state, command).state
    return state


KILLS_AT_ONCE = 4  # services killed side by side; more would only queue on the cores


Session = tuple[Path, list[dict], int, float]  # a folder, script lines, frames before the kill, jitter (s)
KILL_GUARD = 300.0  # seconds: only a hung service is killed by this, never a passing run


def kill_all(sessions: list[Session]) -> list[tuple[tuple[int, str] | None, Path]]:
    """Play each session ``(folder, lines, frames, jitter)`` on its own service and SIGKILL it once
    its log shows ``frames`` game frames (then ``jitter`` seconds more, so the kill lands anywhere
    in the input being handled), up to :data:`KILLS_AT_ONCE` side by side.

    The kill waits on an event (the k-th frame shown), not on a clock, so a loaded machine moves
    it later but never before the first frame: every kill lands mid-game. A session whose script
    ends first is not killed (its last frame is then the one checked). Returns, per session, the
    journal position and state digest of the last frame shown (None if none) and the data
    directory. Each box is woken first (:data:`WAKE`), as :func:`run_script` does.
    """
    if len(sessions) > KILLS_AT_ONCE:
        return kill_all(sessions[:KILLS_AT_ONCE]) + kill_all(sessions[KILLS_AT_ONCE:])
    running: list[tuple[subprocess.Popen, Path, Path, int, float]] = []
    for folder, lines, frames, jitter in sessions:
        script = folder / "session.jsonl"
        script.write_text("".join(json.dumps(line) + "\n" for line in [WAKE, *lines]), encoding="utf-8")
        data_dir = folder / "data"
        log = folder / "stderr.log"
        with open(log, "w") as err:
            proc = subprocess.Popen(
                [sys.executable, "-m", "app.cli", "-v", "run", "--hardware", "sim", "--headless",
                 "--data-dir", str(data_dir), "--script", str(script), "--seed", str(len(lines))],
                stdout=subprocess.DEVNULL, stderr=err, env=_env(),
            )
        running.append((proc, log, data_dir, frames, jitter))
    guard = time.monotonic() + KILL_GUARD
    waiting = list(running)
    while waiting:
        for run in list(waiting):
            proc, log, _, frames, jitter = run
            if proc.poll() is not None:
                waiting.remove(run)
            elif len(SHOWN.findall(log.read_text())) >= frames or time.monotonic() > guard:
                time.sleep(jitter)
                proc.send_signal(signal.SIGKILL)
                waiting.remove(run)
        time.sleep(0.005)
    results = []
    for proc, log, data_dir, _, _ in running:
        proc.wait(30)
        shown = [(int(seq), state) for seq, state in SHOWN.findall(log.read_text())]
        results.append((shown[-1] if shown else None, data_dir))
    return results


def check_restored(data_dir: Path, last_shown: tuple[int, str]) -> dict:
    """After a power cut: the file is intact, and the restored game is the one last shown
    (or the one action after it, whose frame was being drawn), exactly its journal's replay.
    Returns ``tablewarden state --json``."""
    db = sqlite3.connect(data_dir / "journal.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    done = tablewarden("state", "--data-dir", str(data_dir), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    shown_seq, shown_state = last_shown
    if summary["seq"] == shown_seq:
        assert digest(summary["state"]) == shown_state
    else:  # the one undo (back) or command (forward) that was being drawn
        assert abs(summary["seq"] - shown_seq) == 1, (last_shown, summary["seq"])
    done = tablewarden("export", "--data-dir", str(data_dir))
    assert done.returncode == 0, done.stderr
    assert replay(json.loads(done.stdout)) == summary["state"]
    return summary
