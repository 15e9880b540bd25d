"""One damaged value or a stray directory never stops the box (issue "One writer, checked bytes",
items 3 and 7): each was a crash loop, a traceback at every start, while the game sat whole in the
file. Now the journal opens at its position, says what it mended, and mends it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from games.core import Command
from store.file_format import format_version
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from tests.acceptance.harness import tablewarden
from tests.reliability.mounts import cli_on_read_only, python_on_small_card


def saved(data_dir: Path) -> tuple[dict, int]:
    journal, _ = Journal.open(data_dir)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=4)
    for delta in (-1, -1, 1):
        journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": delta}))
    journal.backup()
    journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": -1}))
    position = journal.state()
    journal.close()
    return position


def set_meta(data_dir: Path, key: str, value: object) -> None:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    with db:
        db.execute("UPDATE meta SET value=? WHERE key=?", (value, key))
    db.close()


def meta(data_dir: Path, key: str) -> str:
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    try:
        return db.execute("SELECT CAST(value AS TEXT) FROM meta WHERE key=?", (key,)).fetchone()[0]
    finally:
        db.close()


@pytest.mark.parametrize("value", ["16x", b"\xff\xfe", "-3", "9" * 40])
def test_an_unreadable_write_counter_is_set_past_the_backups_and_the_game_opens(tmp_path, value):
    position = saved(tmp_path)
    backups = sorted((tmp_path / BACKUP_DIR).glob("journal-*.db"))
    set_meta(tmp_path, "generation", value)
    set_meta(tmp_path, "generation_check", value)  # both copies: one alone is read from the other
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position  # not rolled back to the backup, not moved aside
    assert any("write counter was damaged" in n for n in notices)
    assert not list(tmp_path.glob("journal.*-*.db"))
    assert journal.generation() > max(int(p.name.split("-")[1]) for p in backups)
    journal.close()
    state = tablewarden("state", "--data-dir", str(tmp_path), "--json")
    assert state.returncode == 0 and "Traceback" not in state.stderr
    assert json.loads(state.stdout)["seq"] == position[1]


@pytest.mark.parametrize("value", ["x", b"\x80", ""])
def test_an_unreadable_format_is_taken_from_the_tables_and_written_anew(tmp_path, value):
    position = saved(tmp_path)
    set_meta(tmp_path, "format", value)
    journal, _ = Journal.open(tmp_path)
    assert journal.state() == position
    journal.close()
    assert meta(tmp_path, "format") == str(format_version())


def test_an_unreadable_active_slot_opens_the_game_list_with_every_game(tmp_path):
    saved(tmp_path)
    set_meta(tmp_path, "active_slot", "1\x00")
    journal, notices = Journal.open(tmp_path)
    assert journal.active_slot is None and [s.seq for s in journal.slots()] == [4]
    assert any("could not be told" in n for n in notices)
    journal.close()


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_a_directory_where_sqlite_keeps_its_wal_or_shm_is_moved_aside(tmp_path, suffix):
    position = saved(tmp_path)
    odd = tmp_path / f"{JOURNAL_FILE}{suffix}"
    odd.mkdir()
    (odd / "inside").write_text("kept")
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position
    assert any("not SQLite's file" in n for n in notices)
    journal.close()
    (moved,) = tmp_path.glob(f"{JOURNAL_FILE}{suffix}.odd-*")
    assert (moved / "inside").read_text() == "kept"  # moved, never deleted


def test_a_stray_byte_after_the_last_page_of_the_journal_and_its_backups_is_no_damage(tmp_path):
    """Issue "One writer, checked bytes", 6: one byte appended to the journal and the mirror (SQLite's
    check passes: the header says how many pages are the database's) got both rejected as truncated
    and an older copy restored."""
    position = saved(tmp_path)
    journal, _ = Journal.open(tmp_path)
    journal.close()  # cleanly closed: no WAL, the header's page count valid
    for path in [tmp_path / JOURNAL_FILE, *(tmp_path / BACKUP_DIR).glob("*.db")]:
        with path.open("ab") as f:
            f.write(b"\x00")
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position and notices == []
    journal.close()
    assert not list(tmp_path.glob("journal.*-*.db"))


def flip_digit(data_dir: Path, sql_select: str, sql_update: str) -> None:
    """Change one digit inside a stored text so that it still parses (a bit flip SQLite cannot see)."""
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    with db:
        key, text = db.execute(sql_select).fetchone()
        at = next(i for i in range(len(text) - 1, 8, -1) if text[i].isdigit())
        flipped = text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1:]
        json.loads(flipped[8:])  # still JSON: only the seal can tell
        db.execute(sql_update, (flipped, key))
    db.close()


def test_a_flipped_digit_inside_a_snapshot_is_caught_by_its_seal(tmp_path):
    """Issue "One writer, checked bytes", 9: Spirit 9 → 8 inside a snapshot that still parsed was
    restored as it was. The sealed snapshot fails its check: an earlier one is used, the rows after
    it taken forward, and the position is exact."""
    journal, _ = Journal.open(tmp_path, snapshot_every=2)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=4)
    for delta in (-1, -1, 1, -1, 1):
        journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": delta}))
    position = journal.state()
    journal.close()
    flip_digit(tmp_path, "SELECT seq, CAST(state AS TEXT) FROM snapshots ORDER BY seq DESC LIMIT 1",
               "UPDATE snapshots SET state=? WHERE seq=?")
    journal, _ = Journal.open(tmp_path, snapshot_every=2)
    assert journal.state() == position
    journal.close()


def test_a_flipped_digit_inside_an_outcome_falls_back_to_the_rules_for_that_move(tmp_path):
    position = saved(tmp_path)
    flip_digit(tmp_path, "SELECT seq, CAST(outcome AS TEXT) FROM commands ORDER BY seq DESC LIMIT 1",
               "UPDATE commands SET outcome=? WHERE seq=?")
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position and notices == []
    journal.close()


def test_a_damaged_initial_state_with_no_snapshot_is_named_and_still_exported(tmp_path):
    """Issue "One writer, checked bytes", 5: `state` said "no game has been started" and `export`
    gave a JSONDecodeError traceback."""
    saved(tmp_path)
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE games SET initial=CAST(X'00ff7b' AS TEXT)")
        db.execute("DELETE FROM snapshots")
    db.close()
    state = tablewarden("state", "--data-dir", str(tmp_path), "--json")
    assert state.returncode == 1 and "Traceback" not in state.stderr
    assert "save slot 1 could not be restored: slot 1's initial state is damaged" in state.stderr
    export = tablewarden("export", "--data-dir", str(tmp_path))
    assert export.returncode == 0 and "Traceback" not in export.stderr
    document = json.loads(export.stdout)
    assert document["initial"] is None and "initial" in document["damaged"]
    assert len(document["commands"]) == 4 and all(c["outcome"] for c in document["commands"])
    games = tablewarden("games", "--data-dir", str(tmp_path))
    assert games.returncode == 0 and "could not be restored" in games.stdout


def test_a_flipped_letter_in_the_schema_sql_is_damage_and_a_backup_restores(tmp_path):
    """Issue "One writer, checked bytes", 4: "no such column: cursor" at every start, a crash loop."""
    saved(tmp_path)
    backed_up = Journal.open(tmp_path)[0]
    position = backed_up.state()
    backed_up.backup()
    backed_up.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    db.execute("PRAGMA writable_schema=ON")
    with db:
        db.execute("UPDATE sqlite_master SET sql=replace(sql, 'cursor INTEGER', 'cursar INTEGER')"
                   " WHERE name='games'")
    db.close()
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position
    assert any("lacks cursor" in n for n in notices) and any("Restored the backup" in n for n in notices)
    journal.close()
    assert len(list(tmp_path.glob("journal.damaged-*.db"))) == 1  # kept aside, never deleted


def test_one_damaged_copy_of_the_write_counter_is_read_from_the_other(tmp_path):
    position = saved(tmp_path)
    set_meta(tmp_path, "generation", "1x")
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position and notices == []
    journal.close()


def test_a_bit_flipped_up_in_a_backups_write_counter_does_not_move_the_journal_aside(tmp_path):
    """Issue "One writer, checked bytes", 8: an old copy's meta.generation 18 → 58 made the healthy
    journal look behind it: moved aside, and the game rolled back 19 → 8."""
    position = saved(tmp_path)
    (copy,) = (tmp_path / BACKUP_DIR).glob("journal-*.db")
    db = sqlite3.connect(copy)
    with db:
        (count,) = db.execute("SELECT value FROM meta WHERE key='generation'").fetchone()
        db.execute("UPDATE meta SET value=? WHERE key='generation'", (str(int(count) | 64),))
    db.close()
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position and notices == []
    journal.close()
    assert not list(tmp_path.glob("journal.*-*.db"))


def test_a_damaged_journal_on_a_full_card_is_named_full_and_recovers_once_space_is_freed(
        tmp_path, monkeypatch):
    """Issue "One writer, checked bytes", 11: a raw OSError traceback, and the journal already moved
    aside, so the next start said only "missing or empty"."""
    import errno
    import shutil

    from store.storage import StorageError

    position = saved(tmp_path)
    Journal.open(tmp_path)[0].backup()
    with (tmp_path / JOURNAL_FILE).open("r+b") as f:
        f.write(b"not sqlite at all" * 8)
    real_copy = shutil.copyfile

    def full(src, dst, **kwargs):
        Path(dst).write_bytes(b"half")  # what a full card leaves of a copy
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shutil, "copyfile", full)
    with pytest.raises(StorageError) as err:
        Journal.open(tmp_path)
    assert err.value.kind == "full" and err.value.short == "Card full"
    assert not list(tmp_path.glob("journal.damaged-*.db")) and not list(tmp_path.glob("*.part"))
    monkeypatch.setattr(shutil, "copyfile", real_copy)  # space freed: the next start recovers
    journal, notices = Journal.open(tmp_path)
    assert journal.state() == position and any("Restored the backup" in n for n in notices)
    journal.close()


def test_a_damaged_journal_on_a_read_only_card_is_read_from_its_backups(tmp_path):
    """Issue "One writer, checked bytes", 12: `state`, `games` and `export` said there were no games
    though the mirror and a copy held them; `run` gave a traceback."""
    data = tmp_path / "data"
    data.mkdir()
    position = saved(data)
    Journal.open(data)[0].backup()
    with (data / JOURNAL_FILE).open("r+b") as f:
        f.write(b"not sqlite at all" * 8)
    before = (data / JOURNAL_FILE).read_bytes()
    state = cli_on_read_only(data, "state", "--data-dir", str(data), "--json")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["seq"] == position[1]
    script = tmp_path / "s.jsonl"
    script.write_text('{"press": "next"}\n')
    run = cli_on_read_only(data, "run", "--hardware", "sim", "--headless", "--data-dir", str(data),
                    "--script", str(script))
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "cannot be written" in run.stderr or "read-only" in run.stderr
    assert (data / JOURNAL_FILE).read_bytes() == before  # nothing moved or written


def test_a_repair_in_play_on_a_full_card_leaves_the_journal_usable_and_repairs_later(tmp_path, monkeypatch):
    """Issue "One writer, checked bytes", 13: the journal was left closed and every input failed
    ("Cannot operate on a closed database") until a restart, even after space was freed."""
    import errno

    from store import backup
    from store.backup import request_full_check
    from store.storage import StorageError

    position = saved(tmp_path)
    journal, _ = Journal.open(tmp_path)
    request_full_check(tmp_path / JOURNAL_FILE, "damage met in play")
    real_stage = backup._stage

    def full(source, path):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(backup, "_stage", full)
    (tmp_path / JOURNAL_FILE).write_bytes(b"x" * 2048)  # the file is truly damaged now...
    with pytest.raises(StorageError) as err:
        journal.repair()
    assert err.value.kind == "full"
    assert journal.state() == position  # ...but the box still shows the game and answers
    monkeypatch.setattr(backup, "_stage", real_stage)  # space freed
    notices = journal.repair()
    assert any("Restored the backup" in n for n in notices)
    journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": 1}))
    journal.close()


FULL_CARD = r"""
import json, subprocess, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from games.core import Command
from store.journal import Journal
data = Path(sys.argv[1])
journal, _ = Journal.open(data)
journal.new_game("kreel-manor", {"heroes": 1}, seed=4)
journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": -1}))
journal.close()  # cleanly: no -wal, no -shm
try:
    with (data / "filler").open("wb") as f:
        while True:
            f.write(b"x" * 4096)
            f.flush()
except OSError:
    pass
done = subprocess.run([sys.executable, "-m", "app.cli", "state", "--data-dir", str(data), "--json"],
                      capture_output=True, text=True, cwd=sys.argv[2])
print(json.dumps({"code": done.returncode, "out": done.stdout, "err": done.stderr,
                  "files": sorted(p.name for p in data.iterdir())}))
"""


def test_a_full_card_with_a_cleanly_closed_journal_is_still_read(tmp_path):
    """Issue "One writer, checked bytes", 14: `state`, `games` and `export` refused to read it (SQLite
    could not make its -wal) and left an empty -wal/-shm behind; docs/JOURNAL.md says they read it."""
    card = tmp_path / "card"
    card.mkdir()
    script = tmp_path / "full_card.py"
    script.write_text(FULL_CARD)
    done = python_on_small_card(card, "4m", script, str(Path(__file__).resolve().parents[2]))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, result["err"]
    assert json.loads(result["out"])["seq"] == 1
    assert result["files"] == ["filler", "journal.db"]  # nothing left behind


def power_cut_image(tmp_path: Path, moves: int = 20) -> Path:
    """The data directory as a power cut leaves it: every move in the WAL, none folded in."""
    import shutil

    live = tmp_path / "live"
    journal, _ = Journal.open(live, autocheckpoint=False)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=2)
    for i in range(moves):
        journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": -1 if i % 2 == 0 else 1}))
    image = tmp_path / "image"
    shutil.copytree(live, image)
    journal.close()
    return image


def test_a_wal_damaged_in_its_middle_is_kept_aside_and_its_lost_moves_counted(tmp_path):
    """Issue "One writer, checked bytes", 10: a damaged WAL restarted at 12 or 19 instead of the 28
    shown, with no notice, and the WAL was thrown away. SQLite replays up to the damage; the box now
    says how many saved moves lay after it and keeps a copy of the WAL."""
    image = power_cut_image(tmp_path)
    wal = image / f"{JOURNAL_FILE}-wal"
    data = bytearray(wal.read_bytes())
    data[32 + (24 + 1024) * 60 + 500] ^= 0x10  # inside a page late in the WAL
    wal.write_bytes(bytes(data))
    journal, notices = Journal.open(image)
    (notice,) = [n for n in notices if "WAL was damaged" in n]
    lost = int(notice.split(": ")[1].split(" saved")[0])
    assert 0 < lost < 20 and journal.state()[1] == 20 - lost
    journal.close()
    (kept,) = image.glob(f"{JOURNAL_FILE}-wal.damaged-*")
    assert kept.read_bytes() == bytes(data)


def test_a_torn_last_frame_after_a_power_cut_is_no_damage(tmp_path):
    image = power_cut_image(tmp_path)
    wal = image / f"{JOURNAL_FILE}-wal"
    with wal.open("r+b") as f:
        f.truncate(wal.stat().st_size - 300)  # the last frame half written
    journal, notices = Journal.open(image)
    assert notices == [] and journal.state()[1] in (19, 20)
    journal.close()


def test_a_bit_flipped_in_the_format_digit_is_read_from_its_repeat(tmp_path):
    """Issue "One writer, checked bytes", 3: one bit in meta.format ('3' → '7') said "update it"
    at every start. The format is written twice; a flip makes them differ and the lower stands."""
    position = saved(tmp_path)
    flipped = chr(ord(str(format_version())) ^ 0x02)  # '4' → '6', one bit
    set_meta(tmp_path, "format", flipped)
    journal, _ = Journal.open(tmp_path)
    assert journal.state() == position
    journal.close()
    assert meta(tmp_path, "format") == str(format_version())


def test_a_journal_from_a_newer_format_is_still_refused_naming_both(tmp_path):
    saved(tmp_path)
    newer = str(format_version() + 1)
    set_meta(tmp_path, "format", newer)
    set_meta(tmp_path, "format_check", newer)
    before = (tmp_path / JOURNAL_FILE).read_bytes()
    from store.storage import JournalError

    with pytest.raises(JournalError, match=f"journal format {newer}; this version of Table Warden reads"):
        Journal.open(tmp_path)
    assert (tmp_path / JOURNAL_FILE).read_bytes() == before
