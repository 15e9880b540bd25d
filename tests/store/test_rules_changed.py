"""A rule changed by an update (docs/JOURNAL.md, "Updates"; issue "An update never strands a game"):
a game saved under the old rules opens at its recorded position with every move kept, the moves the
new rules would refuse or decide otherwise are found once and told, and play goes on under the new
rules, also after an undo back past such a move.

The "update" is a test build: the test game's registered rules replaced by a changed copy, and the
rules fingerprint changed with them, as installing a new version changes the files it hashes.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path

import pytest

from games.core import Command, Context, RuleError
from games.core import registry as game_registry
from store import rules_check
from store.journal import JOURNAL_FILE, Journal
from store.rules_check import check_slot
from tests.fixtures.counter_game import COUNTER, GAME_ID
from tests.store.test_journal import FakeClock, open_journal

PLAY = [Command("push", {"amount": 3}), Command("push", {"amount": 3}), Command("roll"),
        Command("push", {"amount": 2}), Command("roll")]


def _strict_push(ctx: Context) -> None:
    """The changed rule: no push of more than 2 at a time."""
    if ctx.params["amount"] > 2:
        ctx.fail("Push at most 2", "The updated rules allow a push of at most 2.")
    ctx.state["counter"] += ctx.params["amount"]
    ctx.describe(f"Pushed {ctx.params['amount']}")


def _double_roll_score(ctx: Context) -> None:
    """The changed rule: a roll scores twice its face."""
    face = ctx.roll(1)[0]
    ctx.state["score"] += 2 * face
    ctx.state["rolls"] = (ctx.state["rolls"] + [face])[-5:]
    ctx.describe(f"Rolled {face}")


def update_rules(monkeypatch: pytest.MonkeyPatch, **handlers) -> None:
    """Install the test game with ``handlers`` in place of its commands' own, under a new fingerprint."""
    commands = tuple(dataclasses.replace(spec, handler=handlers.get(spec.name, spec.handler))
                     for spec in COUNTER.commands)
    monkeypatch.setitem(game_registry._GAMES, GAME_ID, dataclasses.replace(COUNTER, commands=commands))
    real = rules_check.fingerprint
    monkeypatch.setattr(rules_check, "fingerprint",
                        lambda game_id: "updated" if game_id == GAME_ID else real(game_id))
    monkeypatch.setattr("store.journal.fingerprint", rules_check.fingerprint)


def played(data_dir: Path) -> tuple[dict, int, list[str]]:
    journal = open_journal(data_dir, snapshot_every=2)
    journal.new_game(GAME_ID, {}, seed=5)
    for command in PLAY:
        journal.commit(command)
    state, seq = journal.state()
    descriptions = [e.description for e in reversed(journal.history())]
    journal.close()
    return state, seq, descriptions


def check(journal: Journal) -> rules_check.RulesChecked:
    db = sqlite3.connect(journal.data_dir / JOURNAL_FILE)
    try:
        return check_slot(db, journal.active_slot)
    finally:
        db.close()


def test_a_move_now_refused_stands_and_is_told_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seq, descriptions = played(tmp_path)
    update_rules(monkeypatch, push=_strict_push)

    journal = open_journal(tmp_path, snapshot_every=2)
    assert journal.state() == (state, seq)  # the recorded position, whatever the new rules say
    assert [e.description for e in reversed(journal.history())] == descriptions
    assert journal.rules_check_due()

    checked = check(journal)
    assert [(f.seq, f.kind) for f in checked.findings] == [(1, "refused"), (2, "refused")]
    assert checked.findings[0].long == ("Rules updated: move 1 (Pushed 3) would now be refused: "
                                        "The updated rules allow a push of at most 2.")
    assert checked.summary()[0] == "Rules updated: 2 moves differ"
    journal.record_rules_check(checked)
    assert not journal.rules_check_due()  # told once: the next start does not check again
    assert {e.seq: e.finding for e in journal.history()}[1] == checked.findings[0]

    journal = open_journal(tmp_path, snapshot_every=2)  # a restart: still the recorded position
    assert journal.state() == (state, seq) and not journal.rules_check_due()
    journal.close()


def test_undo_back_past_a_changed_move_then_play_follows_the_new_rules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seq, _ = played(tmp_path)
    update_rules(monkeypatch, push=_strict_push)
    journal = open_journal(tmp_path, snapshot_every=2)
    journal.goto(1)
    assert journal.state()[0]["counter"] == 3  # history still reaches every earlier position
    journal.goto(0)
    with pytest.raises(RuleError, match="at most 2"):
        journal.commit(Command("push", {"amount": 3}))
    journal.commit(Command("push", {"amount": 2}))
    assert journal.state()[0]["counter"] == 2
    journal.close()


def test_a_move_now_decided_otherwise_stands_and_names_what_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seq, _ = played(tmp_path)
    update_rules(monkeypatch, roll=_double_roll_score)
    journal = open_journal(tmp_path, snapshot_every=2)
    assert journal.state() == (state, seq)
    checked = check(journal)
    assert [(f.seq, f.kind) for f in checked.findings] == [(3, "different"), (5, "different")]
    assert "score" in checked.findings[0].reason
    journal.close()


def test_a_journal_from_before_outcomes_opens_and_gets_its_outcomes_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state, seq, _ = played(tmp_path)
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE commands SET outcome=NULL")  # as format 3 wrote it
        db.execute("DELETE FROM rules_checks")
    db.close()
    journal = open_journal(tmp_path, snapshot_every=2)
    assert journal.state() == (state, seq) and journal.rules_check_due()
    checked = check(journal)
    assert checked.findings == () and len(checked.outcomes) == seq
    journal.record_rules_check(checked)
    journal.close()
    update_rules(monkeypatch, push=_strict_push)  # a later fix no longer touches them
    journal, notices = Journal.open(tmp_path, snapshot_every=2, clock=FakeClock())
    assert notices == [] and journal.state() == (state, seq)
    journal.close()


def test_a_new_game_is_checked_against_the_rules_it_was_set_up_under(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    journal.new_game(GAME_ID, {}, seed=1)
    assert not journal.rules_check_due()
    journal.close()
