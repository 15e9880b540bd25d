"""The frame model: everything one drawing of the OLED or the screen needs.

The controller builds a :class:`Frame` from the game's view model plus what it
owns itself (menus, prompt forms, the focused track, a message, the history
view, the help overlay). Renderers turn a Frame into pixels and nothing else:
equal frames draw equal pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.views import GameView

#: The OLED's bottom line on a menu, a form or help: what confirms (left) and how to
#: leave (right), e.g. ``("next:OK", "back:close")``. Empty halves are not drawn.
Keys = tuple[str, str]


@dataclass(frozen=True)
class Menu:
    """A list the Menhir dial scrolls and ``select`` confirms.

    ``marked`` are the indexes of items that cannot be taken now: they keep
    their place (so counting detents always lands on the same item) and are
    drawn marked; selecting one says why. ``keys`` is the OLED's bottom line.
    """

    title: str
    items: tuple[str, ...]
    cursor: int = 0
    marked: tuple[int, ...] = ()
    keys: Keys = ("", "")


@dataclass(frozen=True)
class FormField:
    label: str
    value: str
    focused: bool = False


@dataclass(frozen=True)
class Form:
    """A prompt: fields the Menhir dial moves between and the Spirit dial sets.

    ``hint`` is the screen's line under the fields; ``keys`` the OLED's bottom
    line. ``review`` holds the lines of the check page the form shows before it
    confirms values the player has not seen (``page`` is its (number, count),
    from 1), or a question asked once (``fields`` empty); while it is set, the
    OLED draws it instead of the focused field.
    """

    title: str
    fields: tuple[FormField, ...]
    hint: str = ""
    keys: Keys = ("", "")
    review: tuple[str, ...] = ()
    page: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Message:
    """A transient notice: ``short`` fits the OLED (2x21), ``long`` is for the screen.

    ``title`` heads the screen's dialog for an error or the end; empty, the kind's own
    ("Not allowed" for a refusal, "Game over"). A failure or a save's news is no
    refusal: it carries its own ("Save repaired", "Error").
    """

    short: str
    long: str = ""
    kind: str = "info"  # "info" | "error" | "end"
    title: str = ""


@dataclass(frozen=True)
class Frame:
    """One complete picture of the box.

    Exactly one of ``menu``, ``form``, ``history`` or ``help`` may cover the
    game view; ``game`` is None before a game is chosen. ``focus`` is the key
    of the track the Spirit dial turns. With ``help``, ``about`` is what the
    player is asked now in full (the step or prompt the OLED's top line may
    cut) and ``help_scroll`` how far the Menhir dial has scrolled the OLED's help.
    ``journal`` holds the last journal descriptions (newest last) for the
    screen's strip. ``dim`` and ``shift`` are the OLED's idle dimming and anti-burn-in offset in pixels.
    """

    title: str = "Table Warden"
    game: GameView | None = None
    focus: str | None = None
    menu: Menu | None = None
    form: Form | None = None
    history: Menu | None = None
    help: tuple[tuple[str, str], ...] | None = None
    about: str = ""
    help_scroll: int = 0
    message: Message | None = None
    journal: tuple[str, ...] = ()
    tray: str = ""
    dim: bool = False
    shift: tuple[int, int] = (0, 0)
