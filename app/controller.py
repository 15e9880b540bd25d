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
seconds (unless results wait after it); any input dismisses it, and an accepted
command clears a refusal.
A command's several results are shown in turn ("1/3", app/messages.py): the
input that brings the next one does nothing else.

The controller is the one entry point (the service, the tests and the
simulator drive it). Here: the control map (which action an input means),
the focus and the frame. The actions are its collaborators' (``app.overlays``:
what is open and what choosing does; ``app.play``: the journal's side;
``app.messages``: the message and when it goes) over plain functions
(``app.menus``, ``app.steps``, ``app.cues``, ``app.help_view``,
``app.tray_link``, ``app.faults``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from app import faults
from app.forms import CursorMenu, PromptForm, Question
from app.help_view import HelpView
from app.idle import IdleTimer
from app.messages import MessageBoard
from app.overlays import Overlay, Overlays
from app.play import Play
from app.steps import asks_for_dice, dial_keys
from app.tray_link import TrayLink, tray_notice
from contracts.events import DiceRolled, Hold, Notice, Press, Tap, TrayStatus, Turn
from contracts.ports import Cues
from games.core import Game
from store.backup_worker import BackupDone
from store.rules_check import RulesChecked
from store.storage import JournalError, StorageError
from ui.model import Frame, Message
from ui.oled_pages import HELP_ROWS, help_lines

log = logging.getLogger(__name__)

JOURNAL_STRIP = 5

#: Tray lines kept for the screen's strip only: passing states that would cover the OLED's
#: bottom line for seconds after a start ("Tray connecting" until "Tray ready").
QUIET_TRAY_LINES = frozenset({"Tray connecting"})

#: Seconds a message may cover an open form (any input dismisses it sooner).
MESSAGE_OVER_FORM = 2.0


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
        hold_backups: Callable[[], AbstractContextManager[None]] = nullcontext,
        last_start_failed: str | None = None,
        arm_tray: Callable[[int, str], None] | None = None,
        cancel_tray: Callable[[], None] | None = None,
        packs_dir: Path | None = None,
        sound: Cues | None = None,
        check_rules: Callable[[int], None] | None = None,
    ) -> None:
        self.journal = journal
        self._check_rules = check_rules
        self._rules_asked: set[int] = set()
        self._clock = clock
        self.messages = MessageBoard(clock, MESSAGE_OVER_FORM)
        self.play = Play(journal, seed=seed, say=self.messages.say, sound=sound,
                         request_backup=request_backup, hold_backups=hold_backups)
        self.tray_link = TrayLink(arm_tray, cancel_tray)
        self.overlays = Overlays(self.play, self.tray_link, packs_dir=packs_dir, say=self.messages.say,
                                 say_in_turn=self.messages.say_in_turn, entered=self._main_value)
        self.idle = IdleTimer(clock(), dim_after, shift_every)
        self.asleep = False
        self.focus: str | None = None
        self._dismissed: Message | None = None
        if journal.active_slot is None:
            self.overlays.open_game_list()
        if last_start_failed:  # a safe start: the game list, not the slot that stopped the box
            self.message = faults.start_failed(last_start_failed)

    @property
    def message(self) -> Message | None:
        """The notice shown over the view (a refusal, news, a fault), None when none."""
        return self.messages.current

    @message.setter
    def message(self, message: Message | None) -> None:
        self.messages.say(message)

    @property
    def overlay(self) -> Overlay | None:
        """What is open over the play view (app/overlays.py), None in play."""
        return self.overlays.overlay

    @overlay.setter
    def overlay(self, overlay: Overlay | None) -> None:
        self.overlays.overlay = overlay

    @property
    def history_open(self) -> bool:
        """True while the open menu is the history."""
        return self.overlays.history_open

    def start(self) -> None:
        """The service has started: the box sleeps (a dimmed OLED) until the first
        press or detent, which only wakes it; a prompt that was waiting opens again.

        With dimming turned off (``dim_after`` 0) the box never sleeps.
        """
        self.asleep = self.idle.dim_after > 0
        self._ask_rules_check()
        try:
            self.overlays.after_change()
        except Exception:  # noqa: BLE001 - the play view (or its fallback) shows instead
            log.exception("the waiting prompt could not be opened at start")
            self.overlay = None

    # --- what is being played -----------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.play.playing

    def game(self) -> Game:
        return self.play.game()

    def state(self) -> dict:
        return self.play.state()

    # --- input ----------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one input event (the main loop redraws afterwards).

        The card's failures become messages here, whatever the input was: a
        full or read-only card refuses the move, damage is repaired at once
        from the newest healthy backup (docs/JOURNAL.md, "When the card fails").
        """
        now = self._clock()
        waking = isinstance(event, Press | Hold | Turn) and (self.asleep or self.idle.dimmed(now))
        quiet = (isinstance(event, BackupDone) and event.error is None) or (
            isinstance(event, RulesChecked) and not event.findings)
        if not quiet:  # a quiet backup or rules check leaves it dim
            self.idle.touched(now)
        if waking:  # waking is not playing: this press or detent only lights the box
            self.asleep = False
            return
        self._dismissed = self.message  # help asked over it shows it whole
        if isinstance(event, Press | Hold | Turn | Tap) and self.messages.dismiss(
                detent=isinstance(event, Turn)):
            return  # the next of a command's results (or the rest of the spin that showed it)
        try:
            self._dispatch(event)
        except StorageError as err:  # nothing was committed: the state stays as it was
            self.overlays.storage_failed(err)
        except JournalError as err:
            log.error("%s", err)
            self.message = Message("Save unreadable here", str(err), "error")
        if not self.playing and self.overlay is None:
            self.overlays.open_game_list()  # never a screen without a way on
        self._ask_rules_check()
        if isinstance(event, Press | Hold | Turn | Tap | DiceRolled) and self.tray_link.armed:
            if not (self.playing and asks_for_dice(self.game(), self.state())):
                self.tray_link.disarm()  # its roll was answered another way

    def _ask_rules_check(self) -> None:
        """The game being played, opened by rules it was not checked against yet: its moves are
        checked in the background (docs/JOURNAL.md, "Updates"), once per slot and run."""
        slot = self.journal.active_slot
        if self._check_rules is None or slot is None or slot in self._rules_asked:
            return
        self._rules_asked.add(slot)
        try:
            due = self.journal.rules_check_due(slot)
        except StorageError as err:
            log.warning("the rules check could not be asked for: %s", err)
            return
        if due:
            self._check_rules(slot)

    def _rules_checked(self, checked: RulesChecked) -> None:
        """A rules check done: recorded first (told once), then said, when it found anything."""
        self.journal.record_rules_check(checked)
        if checked.findings and checked.slot_id == self.journal.active_slot:
            short, long = checked.summary()
            log.warning("%s", long)
            self.message = Message(short, long, "info")

    def _dispatch(self, event) -> None:
        if isinstance(event, RulesChecked):
            self._rules_checked(event)
        elif isinstance(event, BackupDone):
            if event.error is not None:
                self.overlays.storage_failed(event.error)
        elif isinstance(event, Notice):
            self.message = Message(event.short, event.long, event.kind, title=event.short)
        elif isinstance(event, Press):
            self._press(event.control)
        elif isinstance(event, Tap):
            self._tap(event.target)
        elif isinstance(event, Hold):
            self._hold(event.control)
        elif isinstance(event, Turn):
            self._turn(event.control, event.steps)
        elif isinstance(event, DiceRolled):
            if self.playing:
                self.overlays.dice(list(event.dice))
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
            self.overlays.close()
            overlay.yes()
        elif control in ("select", "spirit_push") and isinstance(overlay, CursorMenu):
            self.overlays.choose(overlay)
        elif control == "menhir_push" and self.history_open:
            self.overlays.close()
        elif overlay is not None and control in ("next", "menhir_push", "spirit_push"):
            return
        elif control == "undo":
            self.overlays.undo(redo=False)
        elif not self.playing:
            return
        elif control == "select":
            self.overlays.open_actions()
        elif control == "next":
            self.overlays.next()
        elif control == "menhir_push":
            self.overlays.open_history()
        elif control == "spirit_push":
            self._main_value()

    def _back(self) -> None:
        """``back``: a check page returns to its form; a form or list opened from
        another list returns to it; anything else closes."""
        overlay = self.overlay
        if isinstance(overlay, PromptForm) and overlay.back():
            return
        parent = overlay.parent if isinstance(overlay, CursorMenu | PromptForm) else None
        self.overlays.close()
        if parent is not None:
            parent()

    def _hold(self, control: str) -> None:
        if control == "select":
            self.overlays.open_help(said=self._dismissed)
        elif control == "undo":
            self.overlays.undo(redo=True)
        elif control == "back":
            self.overlays.open_game_list()

    def _turn(self, control: str, steps: int) -> None:
        overlay = self.overlay
        if isinstance(overlay, PromptForm):
            (overlay.move if control == "menhir" else overlay.turn)(steps)
        elif isinstance(overlay, CursorMenu):
            overlay.move(steps)
        elif isinstance(overlay, HelpView):  # scrolled within its lines, four on the OLED
            last = max(0, len(help_lines(overlay.about, overlay.rows)) - HELP_ROWS)
            overlay.scroll = max(0, min(last, overlay.scroll + steps))
        elif isinstance(overlay, Question) or not self.playing:
            return
        elif control == "menhir":
            self._move_focus(steps)
        else:
            track = self._focused_track()
            if track is not None:
                self.overlays.commit("adjust", {"track": track, "delta": steps})

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
            if args[0] in dial_keys(self.game(), self.state()):
                self.focus = args[0]
                if kind == "turn":
                    self._turn("spirit", args[1])

    def _tray_status(self, line: str) -> None:
        """The tray's line: kept for the screen's strip, and when it changes in play shown
        once as an inline notice (the OLED's bottom line; never a blocking box) while no
        message is up, save a passing state (:data:`QUIET_TRAY_LINES`). The line comes a
        moment after the command that armed or answered the tray, so it would otherwise
        replace that command's result (Myth's Darkness reroll, Kilforth's "Undone: …")
        before the player read it; the strip keeps it."""
        if self.tray_link.new_line(line) and self.playing and self.message is None \
                and line not in QUIET_TRAY_LINES:
            self.message = tray_notice(line)

    def fault(self, what: str, exc: BaseException) -> None:
        """Something unexpected failed on an input: logged with the state's digest, and said
        (app/faults.py); undo, back and hold still work."""
        self.message = faults.input_failed(self.log_fault(what, exc))

    def log_fault(self, what: str, exc: BaseException) -> str:
        """Log a failure with where the game stands; return where it stands. Never raises."""
        return faults.log_fault(self.play, what, exc)

    def display_error(self) -> Message:
        """What the displays say when the frame for this state cannot be drawn."""
        return faults.display_failed(self.step_label())

    def step_label(self) -> str:
        """Where the game stands, in a few words, for a fault message (never raises)."""
        return faults.where(self.play)

    # --- the dial's focus -----------------------------------------------------------

    def _main_value(self) -> None:
        """The Spirit dial turns the game's main value again (its first dial track)."""
        self.focus = None

    def _focused_track(self) -> str | None:
        """The track the Spirit dial turns: the one the player focused, else the game's main
        value now (its first dial track, which follows the game: Kilforth puts the acting
        hero's first, so the focus moves to Hero 2 when Hero 2 acts)."""
        keys = dial_keys(self.game(), self.state())
        if not keys:
            return None
        return self.focus if self.focus in keys else keys[0]

    def _move_focus(self, steps: int) -> None:
        keys = dial_keys(self.game(), self.state())
        current = self._focused_track()
        if current is not None:
            self.focus = keys[(keys.index(current) + steps) % len(keys)]

    # --- time -----------------------------------------------------------------------

    def next_deadline(self, now: float) -> float | None:
        """When the frame next changes without input (dimming, a shift, a message
        over a form running out), if ever."""
        deadline = self.idle.next_deadline(now)
        ends = self.messages.over_form_ends(now) if isinstance(self.overlay, PromptForm | Question) else None
        if ends is not None:
            deadline = ends if deadline is None else min(deadline, ends)
        return deadline

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
        if form is not None and not self.messages.shown_over_form(now):
            message = None  # a message never hides a form for long
        if self.playing:
            try:
                game_view = self.play.game_view()
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
            tray=self.tray_link.line,
            dim=self.asleep or self.idle.dimmed(now),
            shift=self.idle.shift(now),
        )

