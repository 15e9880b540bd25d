"""The menus the controller opens: the game list, a game's save slots, the action
menu, the corrections, the history, and the forms they lead to.

Each builder takes what it lists and what each item does, and returns the
menu or form; choosing an item is the controller's business. Kept apart so
that what a menu shows (its labels, their order, which items are marked)
can be read in one place, away from the input handling.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path

from app.forms import CursorMenu, PromptForm
from games.core import CommandSpec, Game, Param, TrackSpec, get_game
from games.core.engine import command_specs
from games.core.paths import get_path
from games.core.registry import game_titles

log = logging.getLogger(__name__)

Item = tuple[str, Callable[[], None]]

#: A game that reads content packs offers this command, taking the TOML text.
PACK_COMMAND = "load_pack"
PACK_PARAM = "toml"


def _open_game(open_slots: Callable[[Game], None], game_id: str) -> None:
    open_slots(get_game(game_id))


def game_list(open_slots: Callable[[Game], None], *, playing: bool) -> CursorMenu:
    """Every game the box knows; ``back`` returns to play when a game is open. Only the game
    chosen is imported (games/core/registry.py ``game_titles``)."""
    items: list[Item] = [(title, partial(_open_game, open_slots, game_id))
                         for game_id, title in sorted(game_titles().items(), key=lambda item: item[1])]
    return CursorMenu("Choose a game", items, keys=("select:OK", "back:play" if playing else ""))


def save_slots(journal, game: Game, *, new_game: Callable[[], None],
               continue_slot: Callable[[int], None], back: Callable[[], None]) -> CursorMenu:
    """"New game", then one "Continue" a save slot of ``game``."""
    items: list[Item] = [("New game", new_game)]
    for slot in journal.slots():
        if slot.game_id == game.id:
            items.append((slot_label(journal, game, slot), partial(continue_slot, slot.id)))
    return CursorMenu(game.title, items, parent=back, keys=("select:OK", "back:games"))


def slot_label(journal, game: Game, slot) -> str:
    """"Continue #2 Round 4": the slot's number and where its game stands (its
    headline without the game's name), or its journal position if that cannot be read.

    A headline names its game shortly ("Kilforth · Day 3 · Hero 1" for Gloom of
    Kilforth): its first part is dropped when the title holds it, so the day or
    round is what the OLED's 21 characters show after the number (which alone
    keeps two slots apart).
    """
    try:
        where = game.view(journal.state(slot.id)[0]).headline
        first, sep, rest = where.partition(" \u00b7 ")
        where = rest if sep and first in game.title else where.removeprefix(game.title).strip(" ·,:-")
    except Exception:  # noqa: BLE001 - a slot that cannot be read stays listed (a safe start)
        log.warning("slot %s could not be read for its label", slot.id, exc_info=True)
        where = f"entry {slot.seq}"
    return f"Continue #{slot.id} {where}".rstrip()


def setup_form(game: Game, start: Callable[[dict], None], back: Callable[[], None]) -> PromptForm:
    """The new game's setup choices (difficulty, heroes…); a mode's own fields only when
    that mode is chosen (:func:`mode_fields`)."""
    params = list(game.setup_params)
    return PromptForm(f"New {game.title}", params, start, parent=back, applies=mode_fields(params))


def mode_fields(params: list[Param]) -> Callable[[Param, dict], bool] | None:
    """Which fields apply to the mode chosen: a field named after one of the ``mode``
    field's choices ("story_encounters", "coop_finale") applies only in that mode, so a
    Standard Grail campaign's form does not ask for eleven Story and Challenge modifiers."""
    mode = next((p for p in params if p.name == "mode" and p.kind == "choice"), None)
    if mode is None:
        return None
    owners = tuple(mode.choices)

    def applies(param: Param, values: dict) -> bool:
        owner = next((m for m in owners if param.name.startswith(f"{m}_")), None)
        return owner is None or values.get("mode") == owner
    return applies


def action_menu(game: Game, state: dict, prompt: str | None, *, answer: Callable[[], None],
                no_prompt: Callable[[], None], run: Callable[[CommandSpec], None],
                refuse: Callable[[CommandSpec], None], more: list[Item]) -> CursorMenu:
    """The action menu: the same items in the same places whatever the state (a dial
    counted in detents always lands on the same item).

    The first item answers the waiting ``prompt`` (marked when none waits:
    ``no_prompt`` says so), then the game's menu commands (an action that
    cannot be taken now is marked, and ``refuse`` says why when it is
    chosen), then ``more``.
    """
    first = (f"Answer: {prompt}", answer) if prompt is not None else ("Answer: no prompt", no_prompt)
    items: list[Item] = [first]
    marked = set() if prompt is not None else {0}
    for spec in game.commands:
        if spec.menu and not spec.prompt_only:
            possible = spec.available(state)
            if not possible:
                marked.add(len(items))
            items.append((spec.help, partial(run if possible else refuse, spec)))
    return CursorMenu("Actions", items + more, marked=marked)


def pack_files(packs_dir: Path | None, game: Game) -> list[Path]:
    """The content packs found for ``game`` (docs/PACKS.md), for a game that loads them."""
    folder = packs_dir / game.id if packs_dir else None
    if folder is None or PACK_COMMAND not in command_specs(game) or not folder.is_dir():
        return []
    return sorted(folder.glob("*.toml"))


def corrections(game: Game, state: dict, open_one: Callable[[TrackSpec], None],
                back: Callable[[], None]) -> CursorMenu:
    """Every tracked value, the ones off the dial too, with its value now.

    "Effects on cards take precedence" (DESIGN.md): the player may set any
    tracked number within its bounds; the correction is journaled.
    """
    items: list[Item] = [(f"{spec.label}: {get_path(state, spec.path)}", partial(open_one, spec))
                         for spec in game.tracks(state)]
    return CursorMenu("Correct a value", items, parent=back)


def correction_form(spec: TrackSpec, state: dict, submit: Callable[[dict], None],
                    back: Callable[[], None]) -> PromptForm:
    """One value set by hand within its bounds; ``submit`` gets the ``correct`` command's parameters."""
    field = Param("value", "int", spec.label, low=spec.low_in(state), high=spec.high_in(state),
                  default=get_path(state, spec.path))
    return PromptForm(f"Correct {spec.label}", [field], lambda values: submit({"track": spec.key, **values}),
                      parent=back)


#: The journal's own prefixes as the history's 21-character line shows them: an entry is
#: a thing done, so "Done: " says nothing; the step's words are what tell entries apart.
HISTORY_PREFIXES = (("Done: ", ""), ("Started: ", "Start "), ("Corrected: ", "Set "))


def history_label(seq: int, description: str) -> str:
    """"13. Draw 1 Skill; swap…" for the journal's "Done: Draw 1 Skill; swap Pack Assets"."""
    for prefix, short in HISTORY_PREFIXES:
        if description.startswith(prefix):
            description = short + description.removeprefix(prefix)
            break
    return f"{seq}. {description}"


#: Entries the history reads at a time: it opens on the newest page and reads the page before
#: it when the cursor comes within HISTORY_MARGIN items of the last one read, so opening and
#: scrolling it cost the same at any length of game (issue 27).
HISTORY_PAGE = 24
HISTORY_MARGIN = 4


class HistoryMenu(CursorMenu):
    """The history: the journal's entries newest first, read a page at a time as the cursor
    goes down; choosing one returns to it (``goto``)."""

    def __init__(self, journal, goto: Callable[[int], None]) -> None:
        super().__init__("History", [], keys=("select:go", "back:close"))
        self._journal = journal
        self._goto = goto
        self._marks = {mark.seq: mark.name for mark in journal.checkpoints()}
        self._oldest: int | None = None  # the smallest seq read so far
        self._complete = False
        self._read_page()

    def _read_page(self) -> None:
        entries = self._journal.history(limit=HISTORY_PAGE, before=self._oldest)
        self._complete = len(entries) < HISTORY_PAGE
        for entry in entries:
            label = history_label(entry.seq, entry.description)
            if entry.seq in self._marks:
                label = f"* {self._marks[entry.seq]}: {label}"
            self.items.append((label, partial(self._goto, entry.seq)))
            if entry.finding is not None:  # docs/JOURNAL.md, "Updates": told in full under its move
                finding = entry.finding
                verdict = "now refused" if finding.kind == "refused" else "now differs"
                label = f"  {entry.seq}: rules updated, {verdict}: {finding.reason}"
                self.items.append((label, partial(self._goto, entry.seq)))
        if entries:
            self._oldest = entries[-1].seq

    def move(self, steps: int) -> None:
        while (not self._complete and steps > 0
               and self.cursor + steps >= len(self.items) - HISTORY_MARGIN):
            self._read_page()
        super().move(steps)


def history(journal, goto: Callable[[int], None]) -> CursorMenu:
    """The journal's last entries, newest first, checkpoints named: choosing one returns to it."""
    return HistoryMenu(journal, goto)
