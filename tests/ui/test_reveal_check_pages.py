"""Kreel's Threat reveal (13 fields with no pack) is never committed all zeros by one
`next` (issue 25, "Smaller"): a `next` on the fresh form shows its check pages, each
value once, and only a `next` on the last page reveals the Threat."""

from __future__ import annotations

from contracts.events import Press
from store.journal import Journal
from tests.acceptance.test_kreel_script import a_round_with_a_revealed_threat
from tests.ui.scripted_play import Table


def test_one_next_on_the_reveal_form_shows_its_check_not_a_revealed_threat(tmp_path):
    lines = a_round_with_a_revealed_threat()
    journal, _ = Journal.open(tmp_path / "data")
    try:
        table = Table(journal, 7)
        table.play(lines[:next(i for i, line in enumerate(lines) if line.get("snap") == "reveal")])
        form = table.controller.frame().form
        assert form is not None and form.title.startswith("Reveal Threat") and len(form.fields) >= 13
        shown: list[str] = []
        for _ in range(20):
            table.controller.handle(Press("next"))
            form = table.controller.frame().form
            [threat] = journal.state()[0]["threat_area"]
            if form is None:
                break
            assert not threat["revealed"], shown
            shown += form.review
        assert threat["revealed"]
        assert any(line.startswith("Fight 0") for line in shown)
        assert len(shown) >= 13 - 1  # every value seen (a check line may hold two)
    finally:
        journal.close()
