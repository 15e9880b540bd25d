"""The randomized damage campaign (issue "One writer, checked bytes"): 1 to 3 faults a trial on the
journal, its WAL and SHM, the mirror and the whole copies, then two starts, as a box that crashed
would have. Every trial must end in a named state: no traceback, no crash loop (the second start
opens as the first did, or names the same condition), no game lost while any file on the card still
held it, and no silent rollback other than a lost WAL the box had no record of.

``make test`` runs a fixed-seed slice; ``make fuzz`` (``TABLEWARDEN_FUZZ``) runs that many times
more trials and prints the counts.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from games.core import Command
from store.backup import MIRROR_FILE
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from store.mirror import build_mirror
from store.storage import JournalError, StorageError
from tests.reliability.hostile import SCALE
from tests.store.test_journal import FakeClock

TRIALS = 40 * SCALE
MOVES = 60  # played in all; the backups are taken at 20 (a copy) and 40 (the mirror)


def _turn(i: int) -> Command:
    return Command("adjust", {"track": "hero1.spirit", "delta": -1 if i % 2 == 0 else 1})


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """A data directory as a power cut leaves it: a whole copy at move 20, the mirror at 40, and
    moves 41..60 in the WAL only (the connection never checkpointed)."""
    data = tmp_path_factory.mktemp("pristine")
    journal, _ = Journal.open(data, autocheckpoint=False, clock=FakeClock())  # the same bytes every run
    journal.new_game("kreel-manor", {"heroes": 1}, seed=9)
    for i in range(MOVES):
        journal.commit(_turn(i))
        if i + 1 == 20:
            journal.backup()
        if i + 1 == 40:
            build_mirror(journal._db, data / BACKUP_DIR)
    image = data.parent / "image"
    shutil.copytree(data, image)  # the files as they lie on the card at the cut
    journal.close()
    return image


def _flip(path: Path, rng: random.Random) -> str:
    if not path.is_file() or path.stat().st_size == 0:
        return f"{path.name} absent"
    size = path.stat().st_size
    at = rng.randrange(size)
    with path.open("r+b") as f:
        f.seek(at)
        byte = f.read(1)[0]
        f.seek(at)
        f.write(bytes([byte ^ (1 << rng.randrange(8))]))
    return f"bit flipped in {path.name} at {at}"


HELD = {JOURNAL_FILE: MOVES, MIRROR_FILE: 40, "journal-0": 20}  # what each file holds, untouched


def _held(data: Path, faults: list[str]) -> int:
    """The furthest move a file no fault touched still holds (the journal needs its WAL too)."""
    hit = " ".join(faults)
    held = [0]
    if JOURNAL_FILE not in hit.replace(f"{JOURNAL_FILE}-shm", ""):
        held.append(HELD[JOURNAL_FILE])
    if MIRROR_FILE not in hit:
        held.append(HELD[MIRROR_FILE])
    if not any(f"journal-0{rest}" in hit for rest in "0123456789"):
        held.append(HELD["journal-0"])
    return max(held)


def _fault(data: Path, rng: random.Random) -> str:
    journal = data / JOURNAL_FILE
    wal, shm = Path(f"{journal}-wal"), Path(f"{journal}-shm")
    copies = sorted((data / BACKUP_DIR).glob("journal-0*.db"))
    target = rng.choice([journal, wal, shm, data / BACKUP_DIR / MIRROR_FILE, *copies])
    kind = rng.choice(["flip", "flip", "truncate", "delete", "stray", "garbage-page"])
    if not target.exists():
        return f"{target.name} absent"
    if kind == "flip":
        return _flip(target, rng)
    if kind == "truncate":
        size = target.stat().st_size
        with target.open("r+b") as f:
            f.truncate(rng.randrange(size) if size else 0)
        return f"{target.name} truncated"
    if kind == "delete":
        target.unlink()
        return f"{target.name} deleted"
    if kind == "stray":
        with target.open("ab") as f:
            f.write(b"\x00")
        return f"a byte appended to {target.name}"
    size = target.stat().st_size
    with target.open("r+b") as f:
        f.seek(rng.randrange(max(1, size)))
        f.write(rng.randbytes(1024))
    return f"garbage over a page of {target.name}"


def _start(data: Path) -> tuple[str, int | None, list[str]]:
    """One start: ("open", the active game's position or None, notices), or ("named", None, [why])."""
    try:
        journal, notices = Journal.open(data)
    except (StorageError, JournalError) as err:
        return "named", None, [str(err)]
    try:
        return "open", journal.state()[1] if journal.active_slot is not None else None, notices
    finally:
        journal.close()


def trial(pristine: Path, where: Path, rng: random.Random) -> tuple[str, list[str]]:
    """One trial's verdict ("ok", or what went wrong) and the faults made."""
    data = where / "data"
    shutil.copytree(pristine, data)
    faults = [_fault(data, rng) for _ in range(rng.randint(1, 3))]
    # A WAL deleted or cut short leaves no record of what it held; a WAL damaged in place is read
    # (store/wal_check.py) and its lost moves told.
    wal_hit = any("-wal" in fault and ("deleted" in fault or "truncated" in fault) for fault in faults)
    try:
        first = _start(data)
        second = _start(data)
    except Exception as exc:  # noqa: BLE001 - the campaign's whole point: any escape is a finding
        return f"traceback: {type(exc).__name__}: {exc}", faults
    if first[0] != second[0]:
        return f"crash loop or flip-flop: {first} then {second}", faults
    if first[0] == "named":
        return "ok", faults  # a named condition (the card, a newer version): nothing moved
    seq, notices = first[1], first[2]
    held = _held(data, faults)
    if seq is None:  # only a lost WAL with no record left of it may cost the game silently
        lost = held and not (wal_hit and notices)
        return (f"game lost though a file held {held}" if lost else "ok"), faults
    if seq < MOVES and not notices and not wal_hit:
        return f"silent rollback to {seq}", faults
    if seq < held:
        return f"game lost: at {seq} though a file no fault touched held {held}", faults
    return "ok", faults


def test_the_damage_campaign_ends_every_trial_in_a_named_state(pristine: Path, tmp_path: Path) -> None:
    rng = random.Random(2412)
    verdicts: Counter[str] = Counter()
    findings = []
    for n in range(TRIALS):
        verdict, faults = trial(pristine, tmp_path / f"t{n}", rng)
        verdicts["ok" if verdict == "ok" else verdict.split(":")[0]] += 1
        if verdict != "ok":
            findings.append(f"trial {n}: {verdict} after {'; '.join(faults)}")
        shutil.rmtree(tmp_path / f"t{n}", ignore_errors=True)
    print(f"damage campaign: {TRIALS} trials, {dict(verdicts)}")
    assert findings == []


def test_the_pristine_image_opens_at_its_last_move(pristine: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(pristine, data)
    assert _start(data) == ("open", MOVES, [])
    db = sqlite3.connect(data / JOURNAL_FILE)
    db.close()
