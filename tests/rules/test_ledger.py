"""Every line of each rulebook is accounted for in its ledger (tests/rules/ledger.py).

A finished ledger (docs/rules/<game-id>.toml) must cover every non-blank
line exactly once, and every test, step and command it names must exist. A
ledger still being written lives in docs/rules/drafts/ and is not checked
here; `make rules-ledger` shows its coverage.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules import ledger

SHARED = ledger.ROOT.parent / "shared" / "rules"


@pytest.mark.parametrize("game_id", [g for g in ledger.GAME_IDS if ledger.finished(g)])
def test_the_ledger_accounts_for_every_line(game_id):
    assert ledger.problems(game_id) == []


@pytest.mark.parametrize("game_id", [g for g in ledger.GAME_IDS if ledger.finished(g)])
def test_every_automated_rule_has_its_edges_tested_quoting_the_rulebook(game_id):
    """Issues 22 and 23: the ledger proves a line is claimed, not that the claim is true; every
    automated entry names tests of its edges (or says why it has none), each quoting its line."""
    assert ledger.edge_problems(game_id) == []


@pytest.mark.parametrize("game_id", ledger.GAME_IDS)
def test_the_rulebook_copy_is_the_shared_rulebook(game_id):
    original = SHARED / f"{game_id}.md"
    if not original.exists():
        pytest.skip(f"{original} is not beside this clone")
    assert (ledger.RULEBOOKS / f"{game_id}.md").read_bytes() == Path(original).read_bytes()


def test_the_checker_finds_gaps_overlaps_and_missing_tests(tmp_path, monkeypatch):
    monkeypatch.setattr(ledger, "LEDGERS", tmp_path)
    (tmp_path / "kreel-manor.toml").write_text(
        '[[entry]]\nlines = ["1-3"]\nstatus = "flavour"\nwhat = "title"\nwhy = "a title"\n'
        '[[entry]]\nlines = "3-4"\nstatus = "automated"\nwhat = "x"\ntests = ["tests/nowhere.py::test_x"]\n'
        '[[entry]]\nlines = "5"\nstatus = "prompted"\nwhat = "y"\nsteps = ["threat.nosuchstep"]\n')
    found = ledger.problems("kreel-manor")
    assert any("line 3 is also in entry 1" in p for p in found)
    assert any("no test tests/nowhere.py::test_x" in p for p in found)
    assert any("no step threat.nosuchstep" in p for p in found)
    assert any("lines in no entry: 6" in p or "lines in no entry: 7" in p for p in found)


def test_the_checker_finds_malformed_edges(tmp_path, monkeypatch):
    monkeypatch.setattr(ledger, "LEDGERS", tmp_path)
    (tmp_path / "kreel-manor.toml").write_text(
        '[[entry]]\nlines = ["1"]\nstatus = "automated"\nwhat = "a"\n'
        'tests = ["tests/rules/test_ledger.py::test_the_checker_finds_malformed_edges"]\n'
        'edges = ["tests/nowhere.py::test_edge"]\n'
        '[[entry]]\nlines = ["2"]\nstatus = "automated"\nwhat = "b"\n'
        'tests = ["tests/rules/test_ledger.py::test_the_checker_finds_malformed_edges"]\nedges = "none"\n'
        '[[entry]]\nlines = ["3"]\nstatus = "flavour"\nwhat = "c"\nwhy = "d"\n'
        'edges = "none"\nedges_why = "e"\n'
        '[[entry]]\nlines = ["4"]\nstatus = "automated"\nwhat = "f"\n'
        'tests = ["tests/rules/test_ledger.py::test_the_checker_finds_malformed_edges"]\n')
    found = ledger.problems("kreel-manor")
    assert any("no edge test tests/nowhere.py::test_edge" in p for p in found)
    assert any("(b): edges = \"none\" without an 'edges_why'" in p for p in found)
    assert any("(c): edges on a flavour entry" in p for p in found)
    assert ledger.edge_audit("kreel-manor") == (1, 1, 3)
    assert ledger.edge_problems("kreel-manor") == ["kreel-manor entry 4 (f)"]
