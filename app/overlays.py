"""What is open over the play view (a menu, a form, a question, help) and what
confirming in it does.

Menus are not game state (DESIGN.md): the dials move a cursor, and only a
confirmed choice becomes a command, sent through :class:`app.play.Play`.
Opening the next prompt after a change belongs here too, since a command
may lead straight to a step that asks a question. The controller decides
which of these a press means (its control map); this module does it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from app import menus
from app.forms import CursorMenu, PromptForm, Question
from app.help_view import HelpView, help_over
from app.messages import results
from app.play import Play
from app.steps import (
    accepted,
    changed_tracks,
    nothing_next,
    phase_end_unannounced,
    prompt_step,
    roll_command,
    why_not,
)
from app.tray_link import TrayLink
from contracts.files import read_regular
from games.core import CommandSpec, Game, RuleError, Step, TrackSpec, packs
from games.core.context import Event
from games.core.engine import Applied, command_specs
from games.core.untrusted import UntrustedError, decode
from store.storage import StorageError
from ui.model import Message

Overlay = CursorMenu | PromptForm | Question | HelpView


class Overlays:
    """The menu, form, question or help open now (``overlay``), and the history flag.

    :param play: the game in the journal, which every choice goes through.
    :param tray_link: armed when a prompt that asks for dice opens.
    :param packs_dir: where the content packs are (docs/PACKS.md), if anywhere.
    :param say: shows a message to the player (None clears it).
    :param say_in_turn: shows a command's results one after another (app/messages.py);
        ``hold=True`` keeps the last one up over a form until an input.
    :param entered: called when a game was started or opened (the controller
        puts the dial's focus back on the main value).
    """

    def __init__(self, play: Play, tray_link: TrayLink, *, packs_dir: Path | None,
                 say: Callable[[Message | None], None], say_in_turn: Callable[..., None],
                 entered: Callable[[], None]) -> None:
        self.play = play
        self.tray_link = tray_link
        self.packs_dir = packs_dir
        self.overlay: Overlay | None = None
        self.history_open = False
        self._say = say
        self._say_in_turn = say_in_turn
        self._entered = entered
        #: The results of the rolls made since the last command that was not a roll
        #: (Kilforth's hero's and foe's Fight): what a decision after them rests on.
        self.rolls: list[str] = []

    def close(self) -> None:
        self.overlay = None
        self.history_open = False

    # --- the game's own questions -------------------------------------------------

    def prompt_step(self) -> Step | None:
        return prompt_step(self.play.game(), self.play.state()) if self.play.playing else None

    def open_prompt(self) -> None:
        """The waiting step's form; the tray is armed for the roll it asks for, if any."""
        step = self.prompt_step()
        assert step is not None and step.command is not None  # opened only while a prompt waits
        state = self.play.state()
        spec = command_specs(self.play.game())[step.command]
        self.overlay = PromptForm(self.step_text(step), spec.resolved_params(state),
                                  partial(self.submit, spec.name), accepts=self._accepts(spec.name))
        self.tray_link.arm_for(step, state)

    def step_text(self, step: Step) -> str:
        """The step as the game words it from the state (the odds of a roll, the
        result to keep or reroll, "Reveal Threat 3"), else its plain text."""
        view = self.play.view("the step's text")
        return (view.step if view else "") or step.text

    def commit(self, name: str, params: dict | None = None,
               worded: Callable[[RuleError], RuleError] = lambda err: err) -> bool:
        """Send one command (app/play.py); True when it was accepted. A card that fails
        raises ``StorageError`` on to the controller, which says so (:meth:`storage_failed`)."""
        before = self.play.state()
        applied = self.play.commit(name, params, worded)
        if applied is None:
            return False
        if name == "next" and not applied.events:  # automatic steps that said nothing
            changes = changed_tracks(self.play.game(), before, applied.state)
            if changes:
                applied = replace(applied, events=(Event("Changed: " + ", ".join(changes)),))
        self._say(None)  # an accepted command: a refusal shown before it no longer holds
        spec = command_specs(self.play.game()).get(name)
        rolled = spec is not None and any(p.kind == "dice" for p in spec.params)
        said = applied.description not in ("", spec.help if spec else "")  # the roll worded, not bare
        self.rolls = [*self.rolls, applied.description] if rolled and said else []
        self.after_change(applied, rolled=rolled and said)
        return True

    def submit(self, name: str, values: dict) -> None:
        """A confirmed form: its command, and the form closed if it was accepted."""
        form = self.overlay
        if self.commit(name, values) and self.overlay is form:
            self.close()
            self.after_change()

    def after_change(self, applied: Applied | None = None, *, rolled: bool = False) -> None:
        """Say what the command did (every result, in turn: app/messages.py), and open the
        prompt it led to (at a start too: a prompt that was waiting opens again).

        A roll is shown before whatever it leads to: its faces and successes (the
        engine's description of it, "Enemy 1 Fight: 1 2 = 0 hits", when it said
        nothing more), held until an input. When it leads to a decision rather than to
        another roll (Kilforth's "Call on Fate?" after the hero's and the foe's Fight),
        every roll since the last other command is shown first, in turn: a decision
        that depends on a roll is never asked blind.
        """
        if applied is not None:
            events: tuple[Event, ...] = applied.events
            if rolled:
                decision = roll_command(self.play.game(), applied.state) is None and (
                    prompt_step(self.play.game(), applied.state) is not None)
                earlier = self.rolls[:-1] if decision else []
                this = [] if events else self.rolls[-1:]  # its own results say it, if it has any
                events = (*(Event(text) for text in [*earlier, *this]), *events)
            if events:
                self._say_in_turn(results(events), hold=rolled)
        if self.overlay is None and self.prompt_step() is not None:
            self.open_prompt()

    def next(self) -> None:
        """``next``: the waiting prompt, else the step done; asked once first when it would
        end the phase for everyone though the step shown does not say so (app/steps.py)."""
        if self.prompt_step() is not None:
            self.open_prompt()
            return
        ends = phase_end_unannounced(self.play.game(), self.play.state(), self.step_text)
        if ends is not None:
            self.overlay = Question("End the phase?", ends, partial(self.commit, "next"))
        else:
            view = self.play.view("the step for next")
            self.commit("next", worded=nothing_next(view.step if view else ""))

    def dice(self, dice: list[dict]) -> None:
        """The tray's roll answers the step that asks for dice; a form not yet seen in
        full keeps it for its check page (nothing is confirmed unseen)."""
        answers = roll_command(self.play.game(), self.play.state())
        if answers is None:
            self.play.refuse(RuleError("No roll asked now",
                                       "The tray's roll was not used: no step asks for dice."))
            return
        spec, param = answers
        form = self.overlay if isinstance(self.overlay, PromptForm) else None
        if form is not None and form.unseen:
            form.dice = dice  # nothing confirmed unseen: the roll waits on the check page
            form.reviewing = 0
            return
        values = dict(form.values) if form else {}
        values[param] = dice
        if self.commit(spec.name, values):
            self.play.cue("roll_read")
            if self.overlay is form:
                self.close()
            self.after_change()  # the next prompt, if the roll led to one

    def storage_failed(self, err: StorageError) -> None:
        """Tell the player what the card did (app/play.py); after a repair what was open
        may be gone, so it closes, onto the game list when no game is left open."""
        if self.play.storage_failed(err):
            self._entered()
            self.close()
            if not self.play.playing:
                self.open_game_list()

    def undo(self, *, redo: bool) -> None:
        if self.play.playing and self.play.undo(redo=redo):
            self.close()

    # --- help and the menus ---------------------------------------------------------

    def open_help(self, said: Message | None = None) -> None:
        """Help over what is open (over the history: the play controls); ``said`` is the
        message the hold took down, shown first in full (the OLED may have cut it)."""
        self.overlay = help_over(None if self.history_open else self.overlay, self._step_in_full,
                                 rolled=tuple(self.rolls), said=said.long if said else "")
        self.history_open = False

    def _step_in_full(self) -> str:
        """The phase and the step, for help (the OLED's top line may cut them)."""
        view = self.play.view("the step for help") if self.play.playing else None
        return " — ".join(part for part in (view.phase, view.step) if part) if view else ""

    def choose(self, menu: CursorMenu) -> None:
        """``select`` on a menu: its item (one marked as not possible now says why, and stays
        in its place: app/menus.py)."""
        action = menu.chosen()
        if action:
            action()

    def open_actions(self) -> None:
        """The action menu (app/menus.py); while a prompt waits (its form closed with
        ``back``), its first item answers the prompt, so the rest stays reachable."""
        game, state = self.play.game(), self.play.state()
        step = self.prompt_step()
        more: list[menus.Item] = [(f"Load pack: {path.stem}", partial(self._load_pack, path))
                                  for path in menus.pack_files(self.packs_dir, game)]
        if not more and menus.PACK_COMMAND in command_specs(game):  # the item keeps its place
            more.append(("Load pack: none found", self._no_pack))
        more += [
            ("Correct a value", self._open_corrections),
            ("Mark checkpoint", self._checkpoint),
            ("History", self.open_history),
            ("Help", self.open_help),
            ("Games", self.open_game_list),
        ]
        self.overlay = menus.action_menu(game, state, self.step_text(step) if step else None,
                                         answer=self.open_prompt, no_prompt=self._no_prompt,
                                         run=self._run_action, refuse=self._refuse_action, more=more)

    def _accepts(self, name: str) -> Callable[[dict], bool]:
        """Whether command ``name`` with a form's values would be accepted now: tried on the
        state as it is (the engine is pure; nothing is committed)."""
        game, state = self.play.game(), self.play.state()

        def accepts(values: dict) -> bool:
            return accepted(game, state, name, values)
        return accepts

    def _no_pack(self) -> None:
        folder = self.packs_dir / self.play.game().id if self.packs_dir else None
        where = f"Put a pack's .toml file in {folder} (docs/PACKS.md)." if folder else "No packs folder set."
        self.play.refuse(RuleError("No pack file found", where))

    def _no_prompt(self) -> None:
        self.play.refuse(RuleError("No prompt waits", "No step asks a question now; next goes on."))

    def _refuse_action(self, spec: CommandSpec) -> None:
        """A menu command not possible now: the rule's own reason (app/steps.py)."""
        self.play.refuse(why_not(self.play.game(), self.play.state(), spec))

    def _open_corrections(self) -> None:
        self.overlay = menus.corrections(self.play.game(), self.play.state(), self._open_correction,
                                         self.open_actions)

    def _open_correction(self, spec: TrackSpec) -> None:
        self.overlay = menus.correction_form(spec, self.play.state(), partial(self.submit, "correct"),
                                             self._open_corrections)

    def _load_pack(self, path: Path) -> None:
        """Read a pack file (bounded, strict UTF-8) and load it; a refusal names the pack.

        The pack's text goes into the journaled command, so a replay never
        depends on the file still being there (docs/PACKS.md).
        """
        self.close()
        try:
            text = decode(read_regular(path, packs.MAX_TEXT), packs.MAX_TEXT, source=path.name)
        except (OSError, UntrustedError) as err:
            unreadable = RuleError("Pack: unreadable", f"Cannot read {path}: {err}")
            self.play.refuse(packs.for_pack(unreadable, path.stem))
            return
        self.commit(menus.PACK_COMMAND, {menus.PACK_PARAM: text},
                    worded=lambda err: packs.for_pack(err, path.stem))

    def _run_action(self, spec: CommandSpec) -> None:
        """A menu command: its form when it takes parameters (dice come from the tray or
        roll virtually), else sent at once."""
        if any(p.kind != "dice" for p in spec.params):
            self.overlay = PromptForm(spec.help, spec.resolved_params(self.play.state()),
                                      partial(self.submit, spec.name), parent=self.open_actions,
                                      accepts=self._accepts(spec.name))
        else:
            self.close()
            self.commit(spec.name)

    def _checkpoint(self) -> None:
        self.play.checkpoint()
        self.close()

    def open_history(self) -> None:
        self.overlay = menus.history(self.play.journal, self._goto)
        self.history_open = True

    def _goto(self, seq: int) -> None:
        self.play.goto(seq)
        self.close()

    def open_game_list(self) -> None:
        self.overlay = menus.game_list(self._open_slots, playing=self.play.playing)
        self.history_open = False

    def _open_slots(self, game: Game) -> None:
        self.overlay = menus.save_slots(self.play.journal, game, new_game=partial(self._open_setup, game),
                                        continue_slot=self.continue_slot, back=self.open_game_list)

    def _open_setup(self, game: Game) -> None:
        self.overlay = menus.setup_form(game, partial(self._start, game), partial(self._open_slots, game))

    def _start(self, game: Game, values: dict) -> None:
        if self.play.new_game(game, values):
            self._opened()

    def continue_slot(self, slot_id: int) -> None:
        """Open a saved game (its prompt, if one waits)."""
        self.play.journal.activate(slot_id)
        self._opened()

    def _opened(self) -> None:
        self._entered()
        self.close()
        self.after_change()
