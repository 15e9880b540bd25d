"""After an update, each saved game's recorded moves checked against the rules now installed.

docs/JOURNAL.md, "Updates": a game opens at its recorded position whatever
today's rules say (:mod:`store.replay`). The first time a slot is opened by
rules it was not yet checked against (:func:`fingerprint` differs from the one
stored in ``rules_checks``), every move is judged again, each on the position
it was actually played at: a move the rules would now refuse, or that would
now come out differently, is a :class:`Finding`. The players are told once
(the OLED, and in full in the history); play goes on from the recorded
position under the new rules, and an undo back past such a move plays on under
them too.

The check reads the file on its own connection inside one read transaction
(:class:`RulesCheckWorker` runs it in a child process, off the input path), and
decides nothing about the file: the main loop records its result
(:meth:`store.journal.Journal.record_rules_check`). Rows journaled before
outcomes were kept get the outcome they replay to, so from then on they too
stand whatever a later rules fix says.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import logging
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from games.core import engine
from games.core.errors import RuleError
from games.core.game import Game
from games.core.registry import get_game
from store.file_format import unsealed
from store.outcomes import diff
from store.replay import Row, advance, current, decode, migrated_command, outcome_text
from store.storage import JournalError

log = logging.getLogger(__name__)

SHOWN_PATHS = 3  # how many changed values a "comes out differently" finding names


@functools.cache
def fingerprint(game_id: str) -> str:
    """The rules a game is decided by, as a hash of its package's source and games/core's.

    Any change there (a rules fix, a refactor) makes every slot of the game due
    for a check: a check that finds nothing says nothing, so a refactor costs
    one background replay and no message, while a fix nobody remembered to
    announce is still found.
    """
    game = get_game(game_id)
    packages = {"games.core", *(spec.handler.__module__.rsplit(".", 1)[0] for spec in game.commands)}
    digest = hashlib.sha256()
    for package in sorted(packages):
        folder = Path(importlib.import_module(package).__file__ or "").parent
        for source in sorted(folder.rglob("*.py")):
            digest.update(source.relative_to(folder.parent).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Finding:
    """A recorded move today's rules would refuse (``refused``) or decide otherwise (``different``)."""

    seq: int
    kind: str
    description: str  # the move as journaled ("HP 0 → 1")
    reason: str

    @property
    def short(self) -> str:
        """For the OLED: 2 lines of 21 characters."""
        return f"Rules updated: move {self.seq} now {'refused' if self.kind == 'refused' else 'differs'}"

    @property
    def long(self) -> str:
        verdict = "would now be refused" if self.kind == "refused" else "would now come out differently"
        return f"Rules updated: move {self.seq} ({self.description}) {verdict}: {self.reason}"

    def to_json(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, "description": self.description, "reason": self.reason}


@dataclass(frozen=True)
class RulesChecked:
    """A slot's check, done: what it found, and the outcomes of its rows that had none.

    ``rows`` is each checked row's ``(seq, created)``, so a result that a later
    undo and new move overtook records nothing for rows that are no longer there.
    """

    slot_id: int
    rules: str
    findings: tuple[Finding, ...]
    outcomes: tuple[tuple[int, float, str], ...]  # (seq, created, outcome) for legacy rows
    error: str | None = None

    def summary(self) -> tuple[str, str]:
        """What the OLED says (short) and the screen and log (long); each finding in full is in
        the history, under its move."""
        if len(self.findings) == 1:
            return self.findings[0].short, self.findings[0].long
        moves = ", ".join(str(f.seq) for f in self.findings[:12]) + (" …" if len(self.findings) > 12 else "")
        return (f"Rules updated: {len(self.findings)} moves differ",
                f"Rules updated: {len(self.findings)} recorded moves would now be refused or come out "
                f"differently (moves {moves}); the game stands as played, and goes on under the new "
                f"rules. The history shows each under its move. First: {self.findings[0].long}")


def check_slot(db: sqlite3.Connection, slot_id: int) -> RulesChecked:
    """Judge every recorded move of ``slot_id`` by today's rules, each on the position it was
    played at (the recorded chain, re-anchored at each snapshot)."""
    game_id, initial = db.execute("SELECT game_id, CAST(initial AS BLOB) FROM games WHERE id=?",
                                  (slot_id,)).fetchone()
    game = get_game(game_id)
    snapshots = dict(db.execute("SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game=?", (slot_id,)))
    stored = decode(initial, f"slot {slot_id}'s initial state")
    findings: list[Finding] = []
    outcomes: list[tuple[int, float, str]] = []
    for seq, command, schema, outcome, description, created in db.execute(
        "SELECT seq, CAST(command AS BLOB), schema, CAST(outcome AS BLOB), description, created"
        " FROM commands WHERE game=? ORDER BY seq", (slot_id,)
    ).fetchall():
        before = current(game, stored)
        row = Row(seq, command, schema, outcome)
        stored = _anchored(game, advance(game, stored, row), snapshots.get(seq))
        after = current(game, stored)
        finding = judge(game, before, after, row, description)
        if finding is not None:
            findings.append(finding)
        if outcome is None:
            outcomes.append((seq, created, outcome_text(game, before, after)))
    return RulesChecked(slot_id, fingerprint(game_id), tuple(findings), tuple(outcomes))


def _anchored(game: Game, replayed: dict, snapshot: bytes | None) -> dict:
    """A snapshot is the recorded truth at its position (for rows without an outcome, the only
    one); an unreadable one leaves the replayed state."""
    if snapshot is None:
        return replayed
    try:
        state = unsealed(snapshot)
        current(game, state)
        return state
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        return replayed


def judge(game: Game, before: dict, after: dict, row: Row, description: str) -> Finding | None:
    """What today's rules make of ``row`` played on ``before``, against what was recorded
    (``after``).

    A row from before outcomes were kept has no record of its own but a snapshot
    at its position: its "after" is what today's rules give, so only a refusal or
    a snapshot that disagrees is found. Its description is not compared: a
    reworded description is no change of rule, and the players would be told of
    changes that are none.
    """
    try:
        applied = engine.apply(game, before, migrated_command(game, row))
    except RuleError as exc:
        return Finding(row.seq, "refused", description, exc.long)
    changed = diff(after, applied.state)
    if changed:
        shown = "; ".join(f"{_path(path)} {_value(after, path)} → {_value(applied.state, path)}"
                          for path, *_ in changed[:SHOWN_PATHS])
        more = f" and {len(changed) - SHOWN_PATHS} more" if len(changed) > SHOWN_PATHS else ""
        return Finding(row.seq, "different", description, f"it stands as played; now {shown}{more}")
    return None


def _path(path: list) -> str:
    return ".".join(str(step) for step in path) or "the state"


def _value(state: object, path: list) -> str:
    for step in path:
        try:
            state = state[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return "(none)"
    text = json.dumps(state)
    return text if len(text) <= 24 else text[:23] + "…"


def checked_now(db: sqlite3.Connection, slot_id: int, game_id: str, now: float) -> None:
    """Mark a slot as checked against today's rules with nothing found: a game set up or
    imported now, whose every move is decided by them."""
    db.execute("INSERT OR REPLACE INTO rules_checks (game, rules, checked, findings) VALUES (?, ?, ?, '[]')",
               (slot_id, fingerprint(game_id), now))


def checked_in(path: Path, slot_id: int) -> RulesChecked:
    """:func:`check_slot` on its own read-only connection, inside one read transaction (a
    consistent picture of the slot while the service writes on)."""
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        db.execute("BEGIN")
        return check_slot(db, slot_id)
    finally:
        db.close()


def to_json(checked: RulesChecked) -> dict:
    return {"slot": checked.slot_id, "rules": checked.rules, "error": checked.error,
            "findings": [f.to_json() for f in checked.findings],
            "outcomes": [list(outcome) for outcome in checked.outcomes]}


def from_json(data: dict) -> RulesChecked:
    return RulesChecked(data["slot"], data["rules"], tuple(Finding(**f) for f in data["findings"]),
                        tuple((seq, created, outcome) for seq, created, outcome in data["outcomes"]),
                        error=data["error"])


class RulesCheckWorker:
    """Runs :func:`check_slot` in a child process, one slot at a time, and reports each result.

    A child, not a thread: the check replays a whole game by the rules (minutes on
    a Pi Zero 2 W for a long campaign), and a thread would hold the interpreter
    lock against the main loop's presses; a child runs on another of the Pi's four
    cores, at a lower priority (``nice``), and a bug in it cannot stop the box.
    ``report`` is called on the worker's thread (the service puts the result on
    its queue; the main loop records it). A check that fails (the file damaged
    under it, a bug) reports its error instead: the game plays on, and the check
    is tried again at the next start.
    """

    def __init__(self, path: Path, report: Callable[[RulesChecked], None]) -> None:
        self.path = path
        self.report = report
        self._asked: set[int] = set()
        self._lock = threading.Lock()

    def request(self, slot_id: int) -> None:
        """Check ``slot_id`` in the background (once per run of the service)."""
        with self._lock:
            if slot_id in self._asked:
                return
            self._asked.add(slot_id)
        threading.Thread(target=self._run, args=(slot_id,), name=f"rules-check-{slot_id}",
                         daemon=True).start()

    def _run(self, slot_id: int) -> None:
        command = [sys.executable, "-m", "store.rules_check", str(self.path), str(slot_id)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False,
                                  preexec_fn=lambda: os.nice(CHILD_NICENESS))
            if done.returncode != 0:
                raise ValueError(done.stderr.strip().splitlines()[-1] if done.stderr.strip()
                                 else f"exit status {done.returncode}")
            result = from_json(json.loads(done.stdout))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("the rules check of slot %d could not run: %s", slot_id, exc)
            result = RulesChecked(slot_id, "", (), (), error=str(exc))
        self.report(result)


CHILD_NICENESS = 10


def main(argv: list[str]) -> int:
    """``python -m store.rules_check JOURNAL SLOT``: the check of one slot, as JSON on stdout."""
    path, slot = Path(argv[0]), int(argv[1])
    try:
        result = checked_in(path, slot)
    except (sqlite3.Error, JournalError, ValueError, KeyError, TypeError) as exc:
        result = RulesChecked(slot, "", (), (), error=str(exc))
    print(json.dumps(to_json(result)))
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    sys.exit(main(sys.argv[1:]))
