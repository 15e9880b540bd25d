"""The game being played, as the journal keeps it: what the controller's inputs change.

Every change goes through here as a journaled command (DESIGN.md, "One
direction of flow"): a command committed with its cues and the backup it
calls for, a refusal said and sounded, undo and redo, a return to a past
entry, a checkpoint, a new game or a saved one opened, and what the card's
failures mean for the player. None of it knows about menus, forms or focus:
that is the controller's, which reacts to what these return.

What the player reads is handed to ``say`` (the controller's message).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from app.cues import cues_after, procedure_ended, ring
from app.steps import Guidance
from contracts.ports import Cues
from games.core import Command, Game, RuleError, get_game
from games.core.engine import Applied
from games.core.views import GameView
from store.storage import JournalError, StorageError
from ui.model import Message

log = logging.getLogger(__name__)


class Play:
    """The journal, seen as the game in play.

    ``seed`` gives the seed of a new game; ``sound`` sounds the cues;
    ``request_backup`` asks for a backup off the input path
    (store/backup_worker.py), and ``hold_backups`` holds them off while a
    repair replaces the journal file; ``say`` shows a message to the player.
    """

    def __init__(self, journal, *, seed: Callable[[], int | str], say: Callable[[Message], None],
                 sound: Cues | None = None, request_backup: Callable[[], None] | None = None,
                 hold_backups: Callable[[], AbstractContextManager[None]] = nullcontext) -> None:
        self.journal = journal
        self.sound = sound
        self.request_backup = request_backup
        self._hold_backups = hold_backups
        self._seed = seed
        self._say = say
        self._viewed: tuple[dict, GameView] | None = None  # the last state and its view

    @property
    def playing(self) -> bool:
        return self.journal.active_slot is not None

    def game(self) -> Game:
        return get_game(self.state()["game"])

    def state(self) -> dict:
        return self.journal.state()[0]

    def game_view(self) -> GameView:
        """The game's view of the state now, built once for each state.

        One press asks for it several times (the step's wording before a ``next``,
        the refusal's, the frame), and a Myth view is a quarter of a millisecond
        of a Zero's budget each time. A view depends on the state alone, and no
        command, undo or game opened changes a state in place: each leaves the
        journal holding another state object (the engine works on a copy), so
        the state's identity says when to build again. The state kept with it
        stays alive, so its identity cannot pass to another.
        """
        state = self.state()
        if self._viewed is None or self._viewed[0] is not state:
            self._viewed = (state, self.game().view(state))
        return self._viewed[1]

    def view(self, what: str) -> GameView | None:
        """The game's view of the state now, or None (logged as ``what``) when it cannot be built."""
        try:
            return self.game_view()
        except Exception:  # noqa: BLE001 - the caller falls back on plainer words
            log.exception("%s could not be worded", what)
            return None

    def commit(self, name: str, params: dict | None = None,
               worded: Callable[[RuleError], RuleError] = lambda err: err) -> Applied | None:
        """Send one command through the journal; None when the rules refuse it (the refusal
        is said, reworded by ``worded`` for where the command came from).

        When the command finishes a procedure (the Threat phase, a Night…),
        a backup of the journal is requested: the restore point if the file
        is ever damaged. A card that fails raises ``StorageError``: nothing
        was committed, and the controller tells the player (:meth:`storage_failed`).
        """
        before = self.state()
        try:
            applied = self.journal.commit(Command(name, params or {}))
        except RuleError as err:
            log.info("refused %s: %s", name, err.long)
            self.refuse(worded(err))
            return None
        if procedure_ended(before, applied.state) and self.request_backup is not None:
            self.request_backup()  # taken off the input path (store/backup_worker.py)
        for cue in cues_after(self.game(), before, applied):
            self.cue(cue)
        return applied

    def cue(self, name: str) -> None:
        """Sound a cue; a piezo that fails is only logged (app/cues.py)."""
        ring(self.sound, name)

    def refuse(self, err: RuleError | StorageError) -> None:
        """Say why the press did nothing, and sound it; guidance (what to press instead)
        is said as a notice, a refusal or a failure as an error."""
        kind = "info" if isinstance(err, Guidance) else "error"
        title = "Save failed" if isinstance(err, StorageError) else ""  # a card's failure is no refusal
        self._say(Message(err.short, err.long, kind, title=title))
        self.cue("rejected")

    def storage_failed(self, err: StorageError) -> bool:
        """Tell the player what the card did; damage is repaired now, as the next start
        would. True when the journal was repaired (what was open may be gone)."""
        log.error("%s", err.long)
        self.refuse(err)
        if err.kind != "damaged":
            return False
        try:
            with self._hold_backups():  # no sync reads the file being moved aside
                notices = self.journal.repair()
        except JournalError as again:
            log.error("repair failed: %s", again)
            self._say(Message("Save damaged", f"{err.long} Repairing it failed too: {again}", "error",
                              title="Save damaged"))
            return False
        for notice in notices:
            log.warning("%s", notice)
        self._say(Message("Save repaired", " ".join(notices) or "The journal passed a full check.", "error",
                          title="Save repaired"))
        return True

    def undo(self, *, redo: bool) -> bool:
        """Undo (or redo) the last command and say which; False when there is none."""
        try:
            entry = self.journal.redo() if redo else self.journal.undo()
        except RuleError as err:
            self.refuse(err)
            return False
        verb = "Redone" if redo else "Undone"
        text = f"{verb}: {entry.description}"  # whole: the OLED wraps it, smaller if it must
        self._say(Message(text, text))
        return True

    def goto(self, seq: int) -> None:
        """Return to journal entry ``seq`` (redo goes forward again)."""
        self.journal.goto(seq)
        self._say(Message(f"Back to entry {seq}", f"Returned to journal entry {seq}; redo goes forward."))

    def checkpoint(self) -> None:
        """Mark where the game stands, named by its headline and phase."""
        view = self.game_view()
        name = " · ".join(part for part in (view.headline, view.phase) if part)
        self.journal.add_checkpoint(name)
        self._say(Message("Checkpoint saved", f"Checkpoint saved: {name}"))

    def new_game(self, game: Game, values: dict) -> bool:
        """Start ``game`` with its setup ``values``; False when the setup is refused."""
        try:
            self.journal.new_game(game.id, values, self._seed())
        except RuleError as err:
            self.refuse(err)
            return False
        return True
