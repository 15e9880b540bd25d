"""``tablewarden state | games | export | import``: reading and moving saved games.

These never start the service. A card that refuses writes is read through a
private copy of the journal (:func:`reading`), so a failing card's games can
still be copied off.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from app.cli_common import data_dir, fail, log, open_journal


def _summary(journal) -> dict | None:
    from games.core import get_game
    from games.core.engine import current_step

    if journal.active_slot is None:
        return None
    state, seq = journal.state()
    step = current_step(get_game(state["game"]), state)
    procedure = state.get("procedure")
    return {
        "game": state["game"],
        "slot": journal.active_slot,
        "seq": seq,
        "procedure": procedure["name"] if procedure else None,
        "step": step.id if step else None,
        "over": state.get("over"),
        "state": state,
    }


@contextmanager
def reading(args):
    """The journal for a command that only reads it (state, games, export).

    It reads a private copy, never touching the card, when the journal cannot
    be opened in place:
    - on a card that refuses writes (read-only, or a failing card remounted
      read-only), so a failing card's games can still be copied off;
    - on a full card, where SQLite cannot even make the journal's ``-wal``
      (the ``-wal``/``-shm`` such a try makes are removed);
    - while a service holds the data directory (store/data_lock.py): then the
      copy is taken through SQLite's backup API on a read-only connection, so
      a reader never repairs, moves or deletes what the service is writing.
    A damaged journal's copy is read from the card's own backups (linked, read only).
    The copy goes to memory (``/dev/shm``) where there is one: the card may be full.
    """
    from store.data_lock import holder
    from store.journal import JOURNAL_FILE, StorageError

    folder = data_dir(args)
    path = folder / JOURNAL_FILE
    busy = holder(folder)
    writable = not path.exists() or (os.access(folder, os.W_OK) and os.access(path, os.W_OK))
    if writable and busy is None:
        before = {suffix for suffix in ("-wal", "-shm") if Path(f"{path}{suffix}").exists()}
        try:
            journal, _ = open_journal(args)
        except StorageError as err:
            if err.kind != "full":
                raise
            _remove_new_companions(path, before)
            log.warning("%s is full: reading a copy of its journal", folder)
            yield from _read_copy(folder, live=False)
            return
        try:
            yield journal
        finally:
            journal.close()
        return
    log.warning("%s: reading a copy of its journal", busy or f"{folder} cannot be written")
    yield from _read_copy(folder, live=busy is not None)


def _read_copy(folder: Path, *, live: bool):
    from store.data_lock import copy_live
    from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal

    path = folder / JOURNAL_FILE
    memory = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(prefix="tablewarden-", dir=memory) as copy:
        if live:  # a consistent copy through SQLite, taken beside the writer
            copy_live(path, Path(copy) / JOURNAL_FILE)
        else:
            for suffix in ("", "-wal"):
                if Path(f"{path}{suffix}").is_file():
                    shutil.copyfile(f"{path}{suffix}", Path(copy) / f"{JOURNAL_FILE}{suffix}")
        if (folder / BACKUP_DIR).is_dir():  # a damaged journal is read from its backups, read only
            os.symlink(folder / BACKUP_DIR, Path(copy) / BACKUP_DIR)
        journal, _ = Journal.open(Path(copy))
        try:
            yield journal
        finally:
            journal.close()


def _remove_new_companions(path: Path, before: set[str]) -> None:
    """The ``-wal``/``-shm`` a failed open on a full card made (it committed nothing into them;
    one that was there before is never touched)."""
    for suffix in ("-wal", "-shm"):
        companion = Path(f"{path}{suffix}")
        if suffix not in before and companion.is_file():
            companion.unlink(missing_ok=True)


def cmd_state(args) -> int:
    with reading(args) as journal:
        summary = _summary(journal)
        unrestored = journal.unrestored
    if summary is None and unrestored is not None:
        return fail(f"save slot {unrestored[0]} could not be restored: {unrestored[1]}", 1)
    if summary is None:
        return fail(f"no game has been started in {data_dir(args)}", 1)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(f"{summary['game']} (slot {summary['slot']}), journal position {summary['seq']}")
        print(f"procedure: {summary['procedure'] or '-'}, step: {summary['step'] or '-'}")
    return 0


def cmd_games(args) -> int:
    """One line a save slot. Names and descriptions were read from files once
    (an import, an older box): shown without control characters, capped."""
    from games.core.untrusted import printable

    with reading(args) as journal:
        for slot in journal.slots():
            mark = "*" if slot.id == journal.active_slot else " "
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(slot.updated))
            print(f"{mark} {slot.id:3d}  {printable(slot.game_id, 20):20s} {printable(slot.name):24s} "
                  f"#{slot.seq:<5d} {when}  {printable(slot.description)}")
            if journal.unrestored is not None and journal.unrestored[0] == slot.id:
                print(f"        could not be restored: {printable(journal.unrestored[1], 300)}")
    return 0


def cmd_export(args) -> int:
    with reading(args) as journal:
        # a slot that could not be restored is exported all the same: its rows are all there
        slot = args.slot if args.slot is not None else journal.active_slot or (
            journal.unrestored[0] if journal.unrestored else None)
        if slot is None:
            return fail("nothing to export: no game has been started", 1)
        data = journal.export_game(slot)
    text = json.dumps(data, indent=1, sort_keys=True)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_import(args) -> int:
    from games.core.untrusted import printable
    from store.data_lock import holder
    from store.game_export import JournalImportError, check_export, read_export

    try:  # checked in full before the journal is opened: a refused file changes nothing
        checked = check_export(read_export(Path(args.file)))
    except JournalImportError as err:  # its text may quote the file: echoed printable, capped
        return fail(f"{args.file}: {printable(str(err), 1000)}")
    busy = holder(data_dir(args))
    if busy is not None:  # one writer: the service's journal is its own
        return fail(f"{busy}: import while it is stopped", 2)
    journal, _ = open_journal(args)
    try:
        slot = journal.import_checked(checked)
        journal.activate(slot)  # what was imported is what `run`, `state` and `export` now mean
    finally:
        journal.close()
    print(f"imported as slot {slot}, now the active game")
    return 0
