"""The Controller: turns raw input into commands, and owns focus, menus and forms.

It never changes game state itself: every change is a :class:`Command` sent
through the journal, which applies it with the engine and commits it before
the controller builds the next frame (DESIGN.md, "One direction of flow").
What it owns is presentation: which track the Spirit dial turns, the open
menu or prompt form, the last message, idle dimming and the anti-burn-in
shift. The control map (README, "Controls"):

- Spirit dial: turn the focused value; in a form, the focused field.
- Menhir dial: move focus between values, menu items or form fields; scroll help.
- select: the action menu (its first item answers a waiting prompt);
  confirm in menus and forms (``next`` also confirms a form). A form whose
  fields were not all shown shows its check page first: the next confirm
  commits (app/forms.py). Hold: help, with the current step in full.
- next: finish the current step, answer the waiting prompt, or start the next
  phase. A ``next`` that would end the phase for everyone though the step shown
  does not say so (Grail's "Character 1's turn": everyone passes) asks once first.
- undo: undo the last command. Hold: redo.
- back: close what is open (a check page goes back to its form; a form or
  list opened from the game list goes back to it). Hold: back to the game list.
- Menhir push: the history (return to any past entry or checkpoint).
- Spirit push: confirm, like select; on a text field, type the key the Spirit
  dial shows (letters, space, DEL); in play, focus the main value again.
- A touch on the screen (``Tap``, extra controls): a track is focused as with
  the Menhir dial and its - / + (or a drag along it) is the Spirit dial; a
  menu item is the cursor moved there and select; a form field is focused;
  a dialog's OK is select, its Cancel or Close is back; the mouse wheel over
  a list is the Menhir dial.

Waking is not playing: after a start (:meth:`Controller.start`) and while the
OLED is dimmed after a long idle, the first press or detent only wakes the
box. A message over an open form is hidden after :data:`MESSAGE_OVER_FORM`
seconds; any input dismisses it, and an accepted command clears a refusal.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from app.forms import CursorMenu, PromptForm, Question
from app.idle import IdleTimer
from contracts.events import DiceRolled, Hold, Notice, Press, Tap, TrayStatus, Turn
from contracts.ports import Cues
from games.core import Command, Game, Param, RuleError, all_games, apply, get_game, packs
from games.core.engine import Applied, command_specs, current_step
from games.core.paths import get_path
from games.core.procedures import StepKind
from games.core.untrusted import UntrustedError, decode
from store.backup_worker import BackupDone
from store.storage import JournalError, StorageError
from ui.model import Frame, Message

log = logging.getLogger(__name__)

# A game that reads content packs offers this command, taking the TOML text.
PACK_COMMAND = "load_pack"
PACK_PARAM = "toml"

# The tray's lines that need more than their own words (OLED 2x21, screen).
TRAY_NOTICES = {
    "Tray timed out": ("Tray timed out. Confirm=virtual roll",
                       "The dice tray timed out: confirm the prompt (select or next) "
                       "and the box rolls virtually."),
}

# A dial track at or below this share of its range after a loss sounds the "low" cue.
LOW_SHARE = 0.25

JOURNAL_STRIP = 5

#: Seconds a message may cover an open form (any input dismisses it sooner).
MESSAGE_OVER_FORM = 2.0

PLAY_HELP = (
    ("Spirit dial", "turn the focused value"),
    ("Menhir dial", "choose the value"),
    ("select", "actions"),
    ("next", "step done / answer / next"),
    ("undo", "undo (hold: redo)"),
    ("back", "close (hold: games)"),
    ("Menhir push", "history"),
    ("Spirit push", "main value"),
    ("dim OLED", "first press only wakes"),
)
OVERLAY_HELP = (
    ("Menhir dial", "move"),
    ("Spirit dial", "change value"),
    ("Spirit push", "type (text) / ok"),
    ("select", "confirm"),
    ("next", "check, then confirm"),
    ("back", "close (hold: games)"),
)


def digest(state: dict) -> str:
    """A short fingerprint of a game state, for logs that must say what was shown."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class HelpView:
    """Help over whatever was open: the current step in full (``about``), then the controls."""

    rows: tuple[tuple[str, str], ...]
    about: str = ""
    scroll: int = 0
    under: CursorMenu | PromptForm | Question | None = None


class Controller:
    """Input in, commands to the journal, frames out.

    ``journal`` is a :class:`store.journal.Journal`; ``seed`` gives the seed
    of a new game; ``clock`` is monotonic seconds.
    """

    def __init__(
        self,
        journal,
        *,
        seed: Callable[[], int | str],
        clock: Callable[[], float],
        dim_after: float = 120.0,
        shift_every: float = 60.0,
        request_backup: Callable[[], None] | None = None,
        last_start_failed: str | None = None,
        arm_tray: Callable[[int, str], None] | None = None,
        cancel_tray: Callable[[], None] | None = None,
        packs_dir: Path | None = None,
        sound: Cues | None = None,
    ) -> None:
        self.journal = journal
        self.sound = sound
        self.packs_dir = packs_dir
        self.request_backup = request_backup
        self.arm_tray = arm_tray
        self.cancel_tray = cancel_tray
        self._tray_armed = False  # armed for a step's roll that may since have been answered
        self.tray = ""
        self._seed = seed
        self._clock = clock
        self.idle = IdleTimer(clock(), dim_after, shift_every)
        self.overlay: CursorMenu | PromptForm | Question | HelpView | None = None
        self.history_open = False
        self._message: Message | None = None
        self._message_at = clock()
        self.asleep = False
        self.focus: str | None = None
        if journal.active_slot is None:
            self._open_game_list()
        if last_start_failed:  # a safe start: the game list, not the slot that stopped the box
            reason = last_start_failed.split(":")[0].split(" while ")[0]  # "IndexError", "the box stopped"
            self.message = Message(f"Last game could not be opened: {reason[:21]}",
                                   f"Last game could not be opened: {last_start_failed}. Continue it from "
                                   "its game's list, step back through its History, or export it.", "error")

    @property
    def message(self) -> Message | None:
        """The notice shown over the view (a refusal, news, a fault), None when none."""
        return self._message

    @message.setter
    def message(self, message: Message | None) -> None:
        self._message = message
        self._message_at = self._clock()

    def start(self) -> None:
        """The service has started: the box sleeps (a dimmed OLED) until the first
        press or detent, which only wakes it; a prompt that was waiting opens again.

        With dimming turned off (``dim_after`` 0) the box never sleeps.
        """
        self.asleep = self.idle.dim_after > 0
        try:
            if self.overlay is None and self._prompt_step() is not None:
                self._open_prompt()
        except Exception:  # noqa: BLE001 - the play view (or its fallback) shows instead
            log.exception("the waiting prompt could not be opened at start")
            self.overlay = None

    # --- what is being played -----------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.journal.active_slot is not None

    def game(self) -> Game:
        state, _ = self.journal.state()
        return get_game(state["game"])

    def state(self) -> dict:
        return self.journal.state()[0]

    # --- input ----------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one input event (the main loop redraws afterwards).

        The card's failures become messages here, whatever the input was: a
        full or read-only card refuses the move, damage is repaired at once
        from the newest healthy backup (docs/JOURNAL.md, "When the card fails").
        """
        now = self._clock()
        waking = isinstance(event, Press | Hold | Turn) and (self.asleep or self.idle.dimmed(now))
        if not (isinstance(event, BackupDone) and event.error is None):  # a quiet backup leaves it dim
            self.idle.touched(now)
        if waking:  # waking is not playing: this press or detent only lights the box
            self.asleep = False
            return
        if isinstance(event, Press | Hold | Turn | Tap):
            self.message = None
        try:
            self._dispatch(event)
        except StorageError as err:
            self._storage_failed(err)
        except JournalError as err:
            log.error("%s", err)
            self.message = Message("Save unreadable here", str(err), "error")
        if not self.playing and self.overlay is None:
            self._open_game_list()  # never a screen without a way on
        if isinstance(event, Press | Hold | Turn | Tap | DiceRolled):
            self._disarm_if_done()

    def _dispatch(self, event) -> None:
        if isinstance(event, BackupDone):
            if event.error is not None:
                self._storage_failed(event.error)
        elif isinstance(event, Notice):
            self.message = Message(event.short, event.long, event.kind)
        elif isinstance(event, Press):
            self._press(event.control)
        elif isinstance(event, Tap):
            self._tap(event.target)
        elif isinstance(event, Hold):
            self._hold(event.control)
        elif isinstance(event, Turn):
            self._turn(event.control, event.steps)
        elif isinstance(event, DiceRolled):
            self._dice(list(event.dice))
        elif isinstance(event, TrayStatus):
            self._tray_status(event.text)

    def _press(self, control: str) -> None:
        overlay = self.overlay
        if isinstance(overlay, HelpView):
            self.overlay = overlay.under  # help closes back onto what it covered
            return
        if control == "back":
            self._back()
        elif control == "spirit_push" and isinstance(overlay, PromptForm) and overlay.typing:
            overlay.type_key()
        elif control in ("select", "spirit_push", "next") and isinstance(overlay, PromptForm):
            overlay.submit()
        elif control in ("select", "spirit_push", "next") and isinstance(overlay, Question):
            self._close_overlay()
            overlay.yes()
        elif control in ("select", "spirit_push") and isinstance(overlay, CursorMenu):
            action = overlay.chosen()
            if overlay.cursor in overlay.marked:
                self._not_now(overlay.items[overlay.cursor][0])
            elif action:
                action()
        elif control == "menhir_push" and self.history_open:
            self._close_overlay()
        elif overlay is not None and control in ("next", "menhir_push", "spirit_push"):
            return
        elif control == "undo":
            self._undo(redo=False)
        elif not self.playing:
            return
        elif control == "select":
            self._answer_or_actions()
        elif control == "next":
            self._next()
        elif control == "menhir_push":
            self._open_history()
        elif control == "spirit_push":
            self.focus = None

    def _back(self) -> None:
        """``back``: a check page returns to its form; a form or list opened from
        another list returns to it; anything else closes."""
        overlay = self.overlay
        if isinstance(overlay, PromptForm) and overlay.back():
            return
        parent = overlay.parent if isinstance(overlay, CursorMenu | PromptForm) else None
        self._close_overlay()
        if parent is not None:
            parent()

    def _hold(self, control: str) -> None:
        if control == "select":
            under = self.overlay if not isinstance(self.overlay, HelpView) else self.overlay.under
            if self.history_open:
                under = None
            self.overlay = HelpView(OVERLAY_HELP if under else PLAY_HELP, self._about(under), under=under)
            self.history_open = False
        elif control == "undo":
            self._undo(redo=True)
        elif control == "back":
            self._open_game_list()

    def _turn(self, control: str, steps: int) -> None:
        overlay = self.overlay
        if isinstance(overlay, PromptForm):
            (overlay.move if control == "menhir" else overlay.turn)(steps)
        elif isinstance(overlay, CursorMenu):
            overlay.move(steps)
        elif isinstance(overlay, HelpView):
            overlay.scroll = max(0, overlay.scroll + steps)
        elif isinstance(overlay, Question) or not self.playing:
            return
        elif control == "menhir":
            self._move_focus(steps)
        else:
            track = self._focused_track()
            if track is not None:
                self._commit("adjust", {"track": track, "delta": steps})

    def _tray_status(self, text: str) -> None:
        """The tray's line changed: kept for the screen's strip, and in play shown once
        as an inline notice (the OLED's bottom line; never a blocking box) unless a
        refusal is being shown. A time-out says how to go on without the tray."""
        changed = text != self.tray
        self.tray = text
        if not changed or not self.playing or (self.message and self.message.kind != "info"):
            return
        short, long = TRAY_NOTICES.get(text, (text, ""))
        self.message = Message(short, long)

    def _tap(self, target: tuple) -> None:
        """A touch on the screen, as the dials and buttons would do it (``Tap``'s targets).

        A menu item is the Menhir dial moved to it, then ``select``; a form
        field is the Menhir dial moved to it (a drag along it, the Spirit
        dial); a track is focused as with the Menhir dial, and its - / +
        is the Spirit dial turned. A dialog's OK and Cancel (or Close) are
        ``select`` and ``back`` pressed; the wheel over a list is the Menhir
        dial (wheel up, towards the top). A tap on help closes it; a message
        box is dismissed by any tap (above). Anything else, or a target that
        no longer matches what is open, does nothing.
        """
        kind, args = target[0], target[1:]
        overlay = self.overlay
        if kind == "help" and isinstance(overlay, HelpView):
            self.overlay = overlay.under
        elif kind == "press" and args[0] in ("select", "back") and overlay is not None:
            self._press(str(args[0]))
        elif kind == "scroll" and isinstance(overlay, CursorMenu):
            self._turn("menhir", -int(args[0]))
        elif kind == "menu" and isinstance(overlay, CursorMenu) and 0 <= args[0] < len(overlay.items):
            overlay.move(args[0] - overlay.cursor)
            self._press("select")
        elif kind in ("field", "field_turn") and isinstance(overlay, PromptForm):
            if 0 <= args[0] < len(overlay.params):
                overlay.focus(args[0])
                if kind == "field_turn":
                    self._turn("spirit", args[1])
        elif kind in ("focus", "turn") and overlay is None and self.playing:
            if args[0] in self._dial_keys():
                self.focus = args[0]
                if kind == "turn":
                    self._turn("spirit", args[1])

    def _dice(self, dice: list[dict]) -> None:
        if not self.playing:
            return
        step = current_step(self.game(), self.state())
        spec = command_specs(self.game()).get(step.command) if step and step.command else None
        dice_params = [p for p in spec.params if p.kind == "dice"] if spec else []
        if spec is None or not dice_params:
            self._refuse(RuleError("No roll asked now",
                                   "The tray's roll was not used: no step asks for dice."))
            return
        form = self.overlay if isinstance(self.overlay, PromptForm) else None
        if form is not None and len(form.seen) < len(form.params):
            form.dice = dice  # nothing confirmed unseen: the roll waits on the check page
            form.reviewing = 0
            return
        values = dict(form.values) if form else {}
        values[dice_params[0].name] = dice
        if self._commit(spec.name, values):
            self._cue("roll_read")
            if self.overlay is form:
                self._close_overlay()
            self._after_change()  # the next prompt, if the roll led to one
    # --- play actions ---------------------------------------------------------------

    def _commit(self, name: str, params: dict | None = None,
                worded: Callable[[RuleError], RuleError] = lambda err: err) -> bool:
        """Send one command through the journal; a rule error becomes a message
        (``worded`` may reword it for where the command came from).

        When the command finishes a procedure (the Threat phase, a Night…),
        a backup of the journal is requested: the restore point if the file
        is ever damaged (taken off the input path).
        """
        before = self.state()
        procedure = before.get("procedure")
        try:
            applied = self.journal.commit(Command(name, params or {}))
        except RuleError as err:
            log.info("refused %s: %s", name, err.long)
            self._refuse(worded(err))
            return False
        except StorageError as err:  # not on disk, so not shown: the state stays as it was
            self._storage_failed(err)
            return False
        after = applied.state.get("procedure")
        if procedure and (after is None or after["name"] != procedure["name"]):
            if self.request_backup is not None:
                self.request_backup()  # taken off the input path (store/backup_worker.py)
            self._cue("finished")
        if any(event.kind == "final_day" for event in applied.events):
            self._cue("final_day")
        if self._fell_low(before, applied.state):
            self._cue("low")
        self.message = None  # an accepted command: a refusal shown before it no longer holds
        self._after_change(applied)
        return True

    def _storage_failed(self, err: StorageError) -> None:
        """Tell the player what the card did; damage is repaired now, as the next start would."""
        log.error("%s", err.long)
        self._refuse(err)
        if err.kind != "damaged":
            return
        try:
            notices = self.journal.repair()
        except JournalError as again:
            log.error("repair failed: %s", again)
            self.message = Message("Save damaged", f"{err.long} Repairing it failed too: {again}", "error")
            return
        for notice in notices:
            log.warning("%s", notice)
        self.focus = None
        self._close_overlay()
        if not self.playing:
            self._open_game_list()
        self.message = Message("Save repaired", " ".join(notices) or "The journal passed a full check.",
                               "error")

    def fault(self, what: str, exc: BaseException) -> None:
        """Something unexpected failed on an input: log it with the state's digest, and say
        so; undo, back and hold still work."""
        where = self.log_fault(what, exc)
        self.message = Message(f"{where[:21]}: error. Undo, or hold back",
                               f"{where}: an unexpected error (logged). Undo, or hold back for the game "
                               "list.", "error")

    def log_fault(self, what: str, exc: BaseException) -> str:
        """Log a failure with where the game stands and the state's digest (so the state can
        be found again in the journal); return where it stands. Never raises."""
        where = self.step_label()
        try:
            state, seq = self.journal.state()
            log.error("%s failed at %s, journal seq %d, state %s", what, where, seq, digest(state),
                      exc_info=exc)
        except Exception:  # noqa: BLE001 - the log of a fault must not be another fault
            log.error("%s failed at %s", what, where, exc_info=exc)
        return where

    def display_error(self) -> Message:
        """What the displays say when the frame for this state cannot be drawn: the step,
        and the way out."""
        where = self.step_label()
        return Message(f"{where[:21]}: Display error: undo, or hold back",
                       f"{where}: the display failed for this state (logged). Undo, or hold back.", "error")

    def step_label(self) -> str:
        """Where the game stands, in a few words, for a fault message (never raises)."""
        try:
            if not self.playing:
                return "Menu"
            state = self.state()
            step = current_step(self.game(), state)
            procedure = state.get("procedure") or {}
            return (step.text if step is not None else "") or procedure.get("name") or "Play"
        except Exception:  # noqa: BLE001 - the label of a fault must not be another fault
            return "Play"

    def _refuse(self, err: RuleError | StorageError) -> None:
        self.message = Message(err.short, err.long, "error")
        self._cue("rejected")

    def _cue(self, name: str) -> None:
        """Sound a cue; a piezo that fails is logged, never a stop (the cue is only a courtesy)."""
        if self.sound is None:
            return
        try:
            self.sound.cue(name)
        except Exception:  # noqa: BLE001
            log.exception("sound cue %s failed", name)

    def _fell_low(self, before: dict, after: dict) -> bool:
        """True when a dial track went down to its low mark (a quarter of its range)."""
        game = self.game()
        for spec in game.tracks(after):
            if not spec.dial:
                continue
            low, high = spec.low_in(after), spec.high_in(after)
            try:
                was, now = get_path(before, spec.path), get_path(after, spec.path)
            except (KeyError, IndexError, TypeError):
                continue  # a track that did not exist before this command
            if not isinstance(was, int):
                continue  # a value that was not tracked yet (a Menhir's dial just placed)
            if now < was and high > low and now - low <= LOW_SHARE * (high - low):
                return True
        return False

    def _after_change(self, applied: Applied | None = None) -> None:
        if applied and applied.events:
            last = applied.events[-1]
            kind = last.kind if last.kind in ("error", "end") else "info"  # "final_day" reads as news
            self.message = Message(last.text, last.text, kind)
        if self.overlay is None and self._prompt_step() is not None:
            self._open_prompt()

    def _prompt_step(self):
        if not self.playing:
            return None
        step = current_step(self.game(), self.state())
        return step if step is not None and step.kind is StepKind.PROMPT else None

    def _next(self) -> None:
        if self._prompt_step() is not None:
            self._open_prompt()
            return
        question = self._ends_for_everyone()
        if question is not None:
            self.overlay = question
        else:
            self._commit("next")

    def _ends_for_everyone(self) -> Question | None:
        """The question asked once before a ``next`` that would end the phase for
        everyone unannounced, else None.

        That is a ``next`` on a step the game words from the state (Grail's
        "Character 1's turn" for "Take Actions; next when all Pass") whose
        automatic steps would then end the phase ("Everyone has Passed"): what
        the OLED shows does not say that the press ends it. The command is
        tried on a copy of the state (the engine is pure), so the question
        names exactly what the press would do. A reminder shown in its own
        words ("Reset the tokens") is done with one press, as it says.
        """
        game, state = self.game(), self.state()
        proc = state.get("procedure")
        step = current_step(game, state)
        if not proc or step is None or self._step_text(step) == step.text:
            return None
        procedure = game.procedure(proc["name"])
        later = [later for later in procedure.steps[proc["step"] + 1:]
                 if later.kind is StepKind.AUTO and not later.skip(state)]
        if procedure.on_finish is not None or not later:
            return None  # a sub-procedure that returns, or nothing runs by itself
        try:
            after = apply(game, state, Command("next")).state.get("procedure")
        except RuleError:
            return None  # refused: the press says why, as it would anyway
        if after is not None and after["name"] == proc["name"]:
            return None
        done = "; ".join(step.text for step in later)
        return Question("End the phase?", f"{done}, and {procedure.title} ends.",
                        lambda: self._commit("next"))

    def _answer_or_actions(self) -> None:
        """The action menu; while a prompt waits (its form closed with ``back``),
        its first item answers the prompt, so the rest stays reachable."""
        self._open_actions()

    def _undo(self, *, redo: bool) -> None:
        if not self.playing:
            return
        try:
            entry = self.journal.redo() if redo else self.journal.undo()
        except RuleError as err:
            self._refuse(err)
            return
        self._close_overlay()
        verb = "Redone" if redo else "Undone"
        self.message = Message(f"{verb}: {entry.description}"[:42], f"{verb}: {entry.description}")

    def _dial_keys(self) -> list[str]:
        """The tracks the Menhir dial cycles through (``dial=False`` ones are skipped)."""
        return [t.key for t in self.game().tracks(self.state()) if t.dial]

    def _focused_track(self) -> str | None:
        keys = self._dial_keys()
        if not keys:
            return None
        if self.focus not in keys:
            self.focus = keys[0]
        return self.focus

    def _move_focus(self, steps: int) -> None:
        keys = self._dial_keys()
        current = self._focused_track()
        if current is not None:
            self.focus = keys[(keys.index(current) + steps) % len(keys)]

    # --- overlays -------------------------------------------------------------------

    def _close_overlay(self) -> None:
        self.overlay = None
        self.history_open = False

    def _open_prompt(self) -> None:
        step = self._prompt_step()
        state = self.state()
        spec = command_specs(self.game())[step.command]
        self.overlay = PromptForm(self._step_text(step), spec.resolved_params(state),
                                  lambda values: self._submit(spec.name, values))
        if step.dice is not None and self.arm_tray is not None:
            count, kind = step.dice(state)
            try:
                self.arm_tray(count, kind)
                self._tray_armed = True
            except Exception as err:  # noqa: BLE001 - a kind the protocol cannot name, a tray fault
                log.warning("tray not armed for %s %s: %s; the roll can be virtual", count, kind, err)

    def _rolling_now(self) -> bool:
        """True while the current step asks for dice (a roll would be used)."""
        if not self.playing:
            return False
        step = current_step(self.game(), self.state())
        return step is not None and step.dice is not None

    def _disarm_if_done(self) -> None:
        """The roll the tray was armed for was answered another way (a virtual roll, undo,
        a step left): the tray is told so it stops waiting (``cancel_tray``), and its line
        goes back from "Tray armed …" to "Tray ready"."""
        if not self._tray_armed or self._rolling_now():
            return
        self._tray_armed = False
        if self.cancel_tray is not None:
            try:
                self.cancel_tray()
            except Exception as err:  # noqa: BLE001 - a tray fault: its own line says so
                log.warning("tray not disarmed: %s", err)

    def _submit(self, name: str, values: dict) -> None:
        form = self.overlay
        if self._commit(name, values) and self.overlay is form:
            self._close_overlay()
            self._after_change()

    def _step_text(self, step) -> str:
        """The step as the game words it from the state (the odds of a roll, the
        result to keep or reroll, "Reveal Threat 3"), else its plain text."""
        try:
            return self.game().view(self.state()).step or step.text
        except Exception:  # noqa: BLE001 - the form still opens under the step's own text
            log.exception("the step's text could not be worded")
            return step.text

    def _open_actions(self) -> None:
        """The action menu: the same items in the same places whatever the state
        (a dial counted in detents always lands on the same item); an action
        that cannot be taken now is marked and says so when chosen."""
        game, state = self.game(), self.state()
        step = self._prompt_step()
        items: list[tuple[str, Callable[[], None]]] = [
            (f"Answer: {self._step_text(step)}" if step else "Answer: no prompt", self._open_prompt)]
        marked = set() if step else {0}
        for spec in game.commands:
            if spec.menu and not spec.prompt_only:
                if not spec.available(state):
                    marked.add(len(items))
                items.append((spec.help, partial(self._run_action, spec)))
        items += self._pack_actions(game)
        items += [
            ("Correct a value", self._open_corrections),
            ("Mark checkpoint", self._checkpoint),
            ("History", self._open_history),
            ("Help", lambda: self._hold("select")),
            ("Games", self._open_game_list),
        ]
        self.overlay = CursorMenu("Actions", items, marked=marked)

    def _not_now(self, label: str) -> None:
        """A marked menu item chosen: it stays in its place and says why nothing happens."""
        if label.startswith("Answer:"):
            self._refuse(RuleError("No prompt waits", "No step asks a question now; next goes on."))
        else:
            self._refuse(RuleError("Not possible now", f"{label}: not possible at this point of the game."))

    def _open_corrections(self) -> None:
        """Every tracked value, the ones off the dial too: pick one, set it by hand.

        "Effects on cards take precedence" (DESIGN.md): the player may set any
        tracked number within its bounds; the correction is journaled.
        """
        state = self.state()
        items: list[tuple[str, Callable[[], None]]] = [(f"{spec.label}: {get_path(state, spec.path)}",
                  partial(self._open_correction, spec))
                 for spec in self.game().tracks(state)]
        self.overlay = CursorMenu("Correct a value", items, parent=self._open_actions)

    def _open_correction(self, spec) -> None:
        state = self.state()
        field = Param("value", "int", spec.label, low=spec.low_in(state), high=spec.high_in(state),
                      default=get_path(state, spec.path))
        self.overlay = PromptForm(f"Correct {spec.label}", [field],
                                  lambda values: self._submit("correct", {"track": spec.key, **values}),
                                  parent=self._open_corrections)

    def _pack_actions(self, game: Game) -> list[tuple[str, Callable[[], None]]]:
        """"Load pack" items for the content packs found for this game (docs/PACKS.md).

        The pack's text goes into the journaled command, so a replay never
        depends on the file still being there.
        """
        folder = self.packs_dir / game.id if self.packs_dir else None
        if folder is None or PACK_COMMAND not in command_specs(game) or not folder.is_dir():
            return []
        return [(f"Load pack: {path.stem}", partial(self._load_pack, path))
                for path in sorted(folder.glob("*.toml"))]

    def _load_pack(self, path: Path) -> None:
        """Read a pack file (bounded, strict UTF-8) and load it; a refusal names the pack."""
        self._close_overlay()
        try:
            with path.open("rb") as f:
                text = decode(f.read(packs.MAX_TEXT + 1), packs.MAX_TEXT, source=path.name)
        except (OSError, UntrustedError) as err:
            unreadable = RuleError("Pack: unreadable", f"Cannot read {path}: {err}")
            self._refuse(packs.for_pack(unreadable, path.stem))
            return
        self._commit(PACK_COMMAND, {PACK_PARAM: text}, worded=lambda err: packs.for_pack(err, path.stem))

    def _run_action(self, spec) -> None:
        if any(p.kind != "dice" for p in spec.params):
            self.overlay = PromptForm(spec.help, spec.resolved_params(self.state()),
                                      lambda v: self._submit(spec.name, v), parent=self._open_actions)
        else:
            self._close_overlay()
            self._commit(spec.name)

    def _checkpoint(self) -> None:
        view = self.game().view(self.state())
        name = " · ".join(part for part in (view.headline, view.phase) if part)
        self.journal.add_checkpoint(name)
        self._close_overlay()
        self.message = Message("Checkpoint saved", f"Checkpoint saved: {name}")

    def _open_history(self) -> None:
        marks = {mark.seq: mark.name for mark in self.journal.checkpoints()}
        items: list[tuple[str, Callable[[], None]]] = []
        for entry in self.journal.history(limit=200):
            label = f"{entry.seq}. {entry.description}"
            if entry.seq in marks:
                label = f"* {marks[entry.seq]}: {label}"
            items.append((label, partial(self._goto, entry.seq)))
        self.overlay = CursorMenu("History", items, keys=("select:go", "back:close"))
        self.history_open = True

    def _goto(self, seq: int) -> None:
        self.journal.goto(seq)
        self._close_overlay()
        self.message = Message(f"Back to entry {seq}", f"Returned to journal entry {seq}; redo goes forward.")

    def _open_game_list(self) -> None:
        items: list[tuple[str, Callable[[], None]]] = [
            (game.title, partial(self._open_slots, game)) for game in all_games()]
        leave = "back:play" if self.playing else ""
        self.overlay = CursorMenu("Choose a game", items, keys=("select:OK", leave))
        self.history_open = False

    def _open_slots(self, game: Game) -> None:
        items: list[tuple[str, Callable[[], None]]] = [("New game", lambda: self._open_setup(game))]
        for slot in self.journal.slots():
            if slot.game_id == game.id:
                items.append((self._slot_label(game, slot), partial(self._continue, slot.id)))
        self.overlay = CursorMenu(game.title, items, parent=self._open_game_list,
                                  keys=("select:OK", "back:games"))

    def _slot_label(self, game: Game, slot) -> str:
        """"Continue #2 Round 4": the slot's number and where its game stands (its
        headline without the game's name), or its journal position if that cannot be read."""
        try:
            where = game.view(self.journal.state(slot.id)[0]).headline
            where = where.removeprefix(game.title).strip(" ·,:-")
        except Exception:  # noqa: BLE001 - a slot that cannot be read stays listed (a safe start)
            log.warning("slot %s could not be read for its label", slot.id, exc_info=True)
            where = f"entry {slot.seq}"
        return f"Continue #{slot.id} {where}".rstrip()

    def _open_setup(self, game: Game) -> None:
        self.overlay = PromptForm(f"New {game.title}", list(game.setup_params),
                                  lambda values: self._start(game, values),
                                  parent=lambda: self._open_slots(game))

    def _start(self, game: Game, values: dict) -> None:
        try:
            self.journal.new_game(game.id, values, self._seed())
        except RuleError as err:
            self._refuse(err)
            return
        self.focus = None
        self._close_overlay()
        self._after_change()

    def _continue(self, slot_id: int) -> None:
        self.journal.activate(slot_id)
        self.focus = None
        self._close_overlay()
        self._after_change()

    # --- time -----------------------------------------------------------------------

    def next_deadline(self, now: float) -> float | None:
        """When the frame next changes without input (dimming, a shift, a message
        over a form running out), if ever."""
        deadline = self.idle.next_deadline(now)
        if self._message_over_form(now):
            ends = self._message_at + MESSAGE_OVER_FORM
            deadline = ends if deadline is None else min(deadline, ends)
        return deadline

    def _message_over_form(self, now: float) -> bool:
        """True while a message covers an open form and its time is not yet up."""
        return (self._message is not None and isinstance(self.overlay, PromptForm | Question)
                and now < self._message_at + MESSAGE_OVER_FORM)

    def _about(self, under) -> str:
        """What the player is asked now, in full, for help: the open form's prompt
        and focused field, else the phase and the step (the OLED's top line may cut them)."""
        if isinstance(under, PromptForm):
            field = under.params[under.cursor].title if under.params else ""
            return f"{under.title}" + (f" — {field}" if field else "")
        if isinstance(under, Question):
            return under.text
        if under is not None or not self.playing:
            return ""
        try:
            view = self.game().view(self.state())
        except Exception:  # noqa: BLE001 - help shows the controls all the same
            return ""
        return " — ".join(part for part in (view.phase, view.step) if part)

    # --- the frame ------------------------------------------------------------------

    def frame(self, now: float | None = None) -> Frame:
        now = self._clock() if now is None else now
        overlay = self.overlay
        menu = overlay.model() if isinstance(overlay, CursorMenu) and not self.history_open else None
        history = overlay.model() if isinstance(overlay, CursorMenu) and self.history_open else None
        form = overlay.model() if isinstance(overlay, PromptForm | Question) else None
        help_rows = overlay.rows if isinstance(overlay, HelpView) else None
        game_view = focus = None
        journal: tuple[str, ...] = ()
        message = self.message
        if form is not None and message is not None and not self._message_over_form(now):
            message = None  # a message never hides a form for long
        tray = self.tray
        if self.playing:
            try:
                game_view = self.game().view(self.state())
                focus = self._focused_track()
                entries = self.journal.history(limit=JOURNAL_STRIP)
                journal = tuple(e.description for e in reversed(entries))
            except Exception as exc:  # noqa: BLE001 - a view that fails must not stop the box
                game_view, focus = None, None
                self.log_fault("the game view", exc)
                message = self.display_error()
        return Frame(
            title="Table Warden",
            game=game_view,
            focus=focus,
            menu=menu,
            form=form,
            history=history,
            help=help_rows,
            about=overlay.about if isinstance(overlay, HelpView) else "",
            help_scroll=overlay.scroll if isinstance(overlay, HelpView) else 0,
            message=message,
            journal=journal,
            tray=tray,
            dim=self.asleep or self.idle.dimmed(now),
            shift=self.idle.shift(now),
        )

