"""After an update that changed a rule, the box tells the players once (docs/JOURNAL.md, "Updates";
issue "An update never strands a game"): the controller asks for a background check of the game it
opens, records the result before it says anything, says it on the OLED, and never asks again under
the same rules."""

from __future__ import annotations

import sqlite3

from app.controller import Controller
from contracts.events import Press
from store.journal import JOURNAL_FILE, Journal
from store.rules_check import check_slot
from tests.store.test_rules_changed import _strict_push, played, update_rules


def test_a_changed_rule_is_told_once_on_the_oled_and_recorded_first(tmp_path, clock, monkeypatch):
    state, seq, _ = played(tmp_path)
    update_rules(monkeypatch, push=_strict_push)
    journal, _ = Journal.open(tmp_path)
    asked: list[int] = []
    controller = Controller(journal, seed=lambda: 1, clock=clock, check_rules=asked.append)
    controller.start()
    assert asked == [journal.active_slot]
    assert journal.state() == (state, seq)  # the recorded position, before and during the check

    db = sqlite3.connect(tmp_path / JOURNAL_FILE)  # the worker's own connection, on its thread
    checked = check_slot(db, asked[0])
    db.close()
    controller.handle(checked)
    message = controller.frame().message
    assert message is not None and message.short == "Rules updated: 2 moves differ"
    assert "move 1 (Pushed 3) would now be refused" in message.long
    assert not journal.rules_check_due()  # recorded: a restart does not tell it again
    controller.handle(Press("next"))
    journal.close()

    journal, _ = Journal.open(tmp_path)
    asked.clear()
    Controller(journal, seed=lambda: 1, clock=clock, check_rules=asked.append).start()
    assert asked == []
    journal.close()


def test_the_worker_checks_in_a_child_process_once_per_slot_and_reports(tmp_path):
    """A journal from before outcomes were kept: the child replays it by today's rules and reports
    the outcome of every row (recorded by the main loop), and nothing refused."""
    import queue
    import threading

    from games.core import Command
    from store.rules_check import RulesCheckWorker

    journal, _ = Journal.open(tmp_path)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=3)
    for delta in (-1, -1, 1):
        journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": delta}))
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE commands SET outcome=NULL")
        db.execute("DELETE FROM rules_checks")
    db.close()
    reports: queue.Queue = queue.Queue()
    worker = RulesCheckWorker(tmp_path / JOURNAL_FILE, reports.put)
    worker.request(1)
    worker.request(1)  # asked again in the same run: not checked twice
    checked = reports.get(timeout=60)
    assert checked.error is None and checked.findings == ()
    assert [seq for seq, _, _ in checked.outcomes] == [1, 2, 3]
    for thread in threading.enumerate():
        if thread.name == "rules-check-1":
            thread.join(60)
    assert reports.empty()  # every check has ended: there was one report
    journal, _ = Journal.open(tmp_path)
    journal.record_rules_check(checked)
    assert not journal.rules_check_due()
    journal.close()


def test_a_check_that_cannot_run_reports_its_error_and_changes_nothing(tmp_path):
    import queue

    from store.rules_check import RulesCheckWorker

    reports: queue.Queue = queue.Queue()
    RulesCheckWorker(tmp_path / "nowhere" / JOURNAL_FILE, reports.put).request(1)
    checked = reports.get(timeout=60)
    assert checked.error and checked.findings == () and checked.outcomes == ()
    assert not (tmp_path / "nowhere").exists()
