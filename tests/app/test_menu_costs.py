"""What the history and the game list read to be drawn (issue 27): a page of entries at any
length of game, and no game package but the one chosen."""

import subprocess
import sys

from app import menus
from app.forms import distinct
from games.core.registry import KNOWN_PACKAGES, KNOWN_TITLES, all_games
from store.journal import Entry
from store.rules_check import Finding
from tests.fixtures.counter_game import GAME_ID
from tests.store.test_journal import ROLL


def test_the_history_reads_a_page_and_the_page_before_it_as_the_cursor_goes_down(journal):
    journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1)
    for _ in range(60):
        journal.commit(ROLL)
    reads: list[int | None] = []
    history = journal.history

    def counted(**kw):
        reads.append(kw.get("before"))
        return history(**kw)

    journal.history = counted  # type: ignore[method-assign]
    chosen: list[int] = []
    menu = menus.history(journal, chosen.append)
    assert reads == [None] and len(menu.items) == menus.HISTORY_PAGE
    assert menu.model().items[0].startswith("60. ")
    menu.move(menus.HISTORY_PAGE - menus.HISTORY_MARGIN - 1)
    assert len(reads) == 1
    menu.move(1)  # within the margin of the last entry read: the page before it is read
    assert reads == [None, 61 - menus.HISTORY_PAGE] and len(menu.items) == 2 * menus.HISTORY_PAGE
    menu.move(59 - menu.cursor)  # to the first entry: every page read, the cursor on it
    assert len(menu.items) == 60 and menu.model().items[menu.cursor].startswith("1. ")
    menu.chosen()()
    assert chosen == [1]


def test_history_labels_that_start_with_their_number_are_left_as_they_are():
    labels = [f"{n}. Equip/unequip a +Spirit Asset: Spirit {n}" for n in range(200, 0, -1)]
    assert distinct(labels) == labels


def test_the_game_list_names_every_game_without_importing_their_packages():
    code = ("import sys; from app import menus; titles = [label for label, _ in menus.game_list("
            "lambda game: None, playing=False).items]; "
            "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            f"[p.split('.') for p in {sorted(KNOWN_PACKAGES.values())!r}]), titles)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("[] ")
    titles = {game.id: game.title for game in all_games()}
    assert {game_id: titles[game_id] for game_id in KNOWN_TITLES} == KNOWN_TITLES


class _Paged:
    """A journal of ``count`` entries, the third from the end with a rules check's finding."""

    def __init__(self, count: int) -> None:
        finding = Finding(count - 2, "refused", "HP 0 \u2192 1", "Defeated: unaffected")
        self.entries = [Entry(seq, f"Done: move {seq}", 0.0, True, finding if seq == count - 2 else None)
                        for seq in range(count, 0, -1)]

    def checkpoints(self) -> list:
        return []

    def history(self, limit: int = 50, before: int | None = None) -> list[Entry]:
        return [e for e in self.entries if before is None or e.seq < before][:limit]


def test_a_rules_check_finding_is_told_under_its_move_in_the_page_that_holds_it():
    menu = menus.history(_Paged(100), lambda seq: None)
    labels = menu.model().items
    assert labels[2] == "98. move 98" and labels[3].startswith("  ") and "refused" in labels[3].lower()
    assert len(labels) == menus.HISTORY_PAGE + 1  # a page of entries, and the finding's line
