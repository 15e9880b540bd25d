"""Prompt forms and cursor menus: what the dials edit before anything is committed.

Menus are not game state (STYLE.md): the Menhir dial moves a cursor, the
Spirit dial changes the focused field, and only a confirmed form becomes a
command. A dice parameter is not edited here: it comes from the tray, or is
left empty so the game rolls virtually with its own seeded generator.

Nothing is confirmed unseen: the OLED shows one field at a time, so a form
remembers which fields it has shown. Confirming (``select`` or ``next``)
while some were never shown first turns the form into its check page, every
value in a few lines; confirming again, once each page has been shown,
commits. A player who walked every field confirms at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.commands import Param
from ui.model import Form, FormField, Keys, Menu

#: The OLED's small font holds 20 characters to a line; the check page has 3 lines.
LINE_CHARS = 20
REVIEW_LINES = 3


@dataclass
class CursorMenu:
    """A list of labelled actions; ``select`` runs the one under the cursor.

    ``marked`` items stay in place but cannot be taken now (choosing one says why);
    ``parent`` is what ``back`` reopens (the game list under a game's save slots),
    None to close.
    """

    title: str
    items: list[tuple[str, Callable[[], None]]]
    cursor: int = 0
    marked: set[int] = field(default_factory=set)
    parent: Callable[[], None] | None = None
    keys: Keys = ("select:OK", "back:close")

    def move(self, steps: int) -> None:
        if self.items:
            self.cursor = (self.cursor + steps) % len(self.items)

    def chosen(self) -> Callable[[], None] | None:
        return self.items[self.cursor][1] if self.items else None

    def model(self) -> Menu:
        labels = distinct([label for label, _ in self.items])
        return Menu(self.title, tuple(labels), self.cursor, tuple(sorted(self.marked)), self.keys)


def distinct(labels: list[str], width: int = LINE_CHARS - 1) -> list[str]:
    """``labels`` as the OLED can tell them apart in ``width`` characters.

    Long labels that differ in at most the last three characters the OLED
    would show of them ("Equip/unequip a +S…", "Equip/unequip a +P…") keep a short
    head and then their distinguishing part ("Equip…+Spirit Asset: Spirit…"):
    the words they share are left out. Other labels are unchanged (the
    renderer cuts them).
    """
    out = list(labels)
    # Twins share their first ``width - 3`` characters: grouping by them finds each label's
    # twins in one pass (a history's "13. …" labels are each alone in their group).
    groups: dict[str, list[str]] = {}
    for label in labels:
        if len(label) > width:
            groups.setdefault(label[:width - 3], []).append(label)
    for i, label in enumerate(labels):
        group = groups.get(label[:width - 3], []) if len(label) > width else []
        if len(group) < 2:
            continue
        twins = list(group)
        twins.remove(label)  # one of them: an identical label stays a twin of itself
        shared = _shared_prefix([label, *twins])
        head = label.split(" ", 1)[0].split("/", 1)[0][:5]
        if len(head) + 1 < len(shared):
            out[i] = f"{head}\u2026{label[len(shared):]}"
    return out


def _shared_prefix(labels: list[str]) -> str:
    """The words (or characters, up to the last space or punctuation) all ``labels`` start with."""
    first = labels[0]
    n = 0
    while n < len(first) and all(len(other) > n and other[n] == first[n] for other in labels[1:]):
        n += 1
    prefix = first[:n]
    stop = max(prefix.rfind(" "), prefix.rfind(":"), prefix.rfind("/"))
    return prefix[: stop + 1] if stop >= 0 and n < len(first) else prefix


# What the Spirit dial offers on a text field; its push types the one shown.
DELETE, SPACE = "DEL", "SPACE"
KEYS = (DELETE, SPACE, *"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'")


@dataclass
class PromptForm:
    """The fields of one command, edited with the dials.

    ``params`` are the command's parameters; dice parameters are skipped (the
    tray fills them, or the game rolls). ``confirm(values)`` is called with the
    values once they are confirmed (:meth:`submit`) and commits the command. A
    text field (a Status's name) is typed with the dials: the Spirit dial picks
    a key from :data:`KEYS`, the Spirit dial's push types it. ``parent`` is
    what ``back`` reopens (the game list under a New-game form), None to close.
    """

    title: str
    params: list[Param]
    confirm: Callable[[dict], None]
    hint: str = "Menhir: field  Spirit: value"
    values: dict[str, Any] = field(default_factory=dict)
    cursor: int = 0
    keys: dict[str, int] = field(default_factory=dict)
    parent: Callable[[], None] | None = None
    #: The fields shown so far (by index); the first is shown when the form opens.
    seen: set[int] = field(default_factory=set)
    #: The check page being shown (from 0), or None while editing.
    reviewing: int | None = None
    #: A tray roll that arrived while values were unseen: committed with them once checked.
    dice: list[dict] | None = None
    #: The parameter a roll fills (the first dice parameter), if the command takes one.
    dice_param: str | None = None
    #: Whether the command would take these values (tried on the state: the engine is
    #: pure). The Spirit dial passes over a value it would refuse where the value set
    #: now is taken (Character 3 in a game of two), so the form offers only what commit takes.
    accepts: Callable[[dict], bool] | None = None
    #: Whether a field applies to the values set (Tainted Grail's Story modifiers only in
    #: Story mode): one that does not is passed over by the Menhir dial and left off the
    #: check page; its value is committed as it is (the game ignores it).
    applies: Callable[[Param, dict], bool] | None = None
    _last_taken: tuple[str, bool] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.dice_param = next((p.name for p in self.params if p.kind == "dice"), None)
        self.params = [p for p in self.params if p.kind != "dice"]
        for p in self.params:
            self.values.setdefault(p.name, p.initial())
        live = self.live()
        if live:
            self.cursor = self.cursor if self.cursor in live else live[0]
            self.seen.add(self.cursor)

    # --- editing -------------------------------------------------------------------

    def live(self) -> list[int]:
        """The fields the form offers: those that ask something (not a pack card with no
        card to name: ``Param.asks``) and apply to the values set now (:attr:`applies`).
        One not offered is passed over like a field of another mode, its value committed
        as it is (a pack card's placeholder, "as entered")."""
        return [i for i, p in enumerate(self.params)
                if p.asks and (self.applies is None or self.applies(p, self.values))]

    def move(self, steps: int) -> None:
        self.reviewing = None
        live = self.live()
        if live:
            at = live.index(self.cursor) if self.cursor in live else 0
            self.cursor = live[(at + steps) % len(live)]
            self.seen.add(self.cursor)

    def turn(self, steps: int) -> None:
        """Change the focused field: numbers within their bounds, choices cycle."""
        self.reviewing = None
        if self.cursor not in self.live():
            return  # no field offered (a form of pack cards with no pack)
        param = self.params[self.cursor]
        value = self.values[param.name]
        if param.kind == "int" or (param.kind == "choice" and param.choices):
            value = self._turned(param, value, steps)
        elif param.kind == "bool":
            value = not value if steps % 2 else value
        elif param.kind == "text":
            self.keys[param.name] = (self._key_index(param) + steps) % len(KEYS)
        self.values[param.name] = value

    def _turned(self, param: Param, value: Any, steps: int) -> Any:
        """A number or a choice ``steps`` detents on, past the values the command would
        refuse (:attr:`accepts`) while the one set now is taken; a number stops at its bounds."""
        direction = 1 if steps > 0 else -1
        accepts = self.accepts
        filtering = accepts is not None and self._taken(self.values)
        span = len(param.choices) if param.kind == "choice" else (param.high or 0) - (param.low or 0) + 1
        for _ in range(abs(steps)):
            candidate = value
            for _ in range(max(1, min(span, 100))):
                candidate = self._one_step(param, candidate, direction)
                if candidate == value:
                    break  # at a bound, or round to where it started
                if accepts is None or not filtering or self._taken({**self.values, param.name: candidate}):
                    value = candidate
                    break
        return value

    def _taken(self, values: dict) -> bool:
        """:attr:`accepts` for ``values``, the last answer kept (each detent asks it of the
        values set, which the detent before found taken)."""
        key = repr(sorted(values.items()))
        if self._last_taken is None or self._last_taken[0] != key:
            self._last_taken = (key, self.accepts is not None and self.accepts(values))
        return self._last_taken[1]

    @staticmethod
    def _one_step(param: Param, value: Any, direction: int) -> Any:
        if param.kind == "choice":
            return param.choices[(param.choices.index(value) + direction) % len(param.choices)]
        value += direction
        if param.low is not None:
            value = max(param.low, value)
        if param.high is not None:
            value = min(param.high, value)
        return value

    def focus(self, index: int) -> None:
        """Focus field ``index`` of those shown (a tap on it)."""
        live = self.live()
        if 0 <= index < len(live):
            self.move(index - live.index(self.cursor) if self.cursor in live else index)

    @property
    def typing(self) -> bool:
        """True when the focused field is text (the Spirit push types, not confirms)."""
        shown = self.reviewing is None and self.cursor in self.live()
        return shown and self.params[self.cursor].kind == "text"

    def type_key(self) -> None:
        """Type the key the Spirit dial shows into the focused text field."""
        param = self.params[self.cursor]
        text, key = self.values[param.name], KEYS[self._key_index(param)]
        if key == DELETE:
            text = text[:-1]
        elif param.high is None or len(text) < param.high:
            text += " " if key == SPACE else key if not text or text[-1] == " " else key.lower()
        self.values[param.name] = text

    def _key_index(self, param: Param) -> int:
        return self.keys.get(param.name, KEYS.index("A"))

    def _shown(self, param: Param) -> str:
        if param.kind != "text":
            return param.shown(self.values[param.name])
        return f"{self.values[param.name]}[{KEYS[self._key_index(param)]}]"

    # --- confirming ----------------------------------------------------------------

    @property
    def unseen(self) -> bool:
        """True while some field has not been shown (nor its check page)."""
        unseen = any(i not in self.seen for i in self.live())
        return unseen or (self.dice is not None and self.reviewing is None)

    def pages(self) -> list[list[str]]:
        """The check page's lines, :data:`REVIEW_LINES` to a page: every value, packed, a
        label never on one page and its value on the next ("Decline (+1 infl.)", "no")."""
        items = [(self.params[i].title, self._value_text(self.params[i])) for i in self.live()]
        if self.dice is not None:
            items.insert(0, ("Dice", " ".join(str(d["face"]) for d in self.dice)))
        pages: list[list[str]] = [[]]
        for group in pack(items, LINE_CHARS):
            if pages[-1] and len(pages[-1]) + len(group) > REVIEW_LINES:
                pages.append([])
            pages[-1] += group
        return pages

    def _value_text(self, param: Param) -> str:
        return param.shown(self.values[param.name]) if param.kind != "text" else self.values[param.name]

    def submit(self) -> None:
        """Confirm: at once when every value has been shown, else show the check page
        (a page at a time) and confirm on the press after its last page."""
        if self.reviewing is None and self.unseen:
            self.reviewing = 0
            return
        if self.reviewing is not None and self.reviewing + 1 < len(self.pages()):
            self.reviewing += 1
            return
        self.seen = set(range(len(self.params)))
        self.confirm(self.values_with_dice())

    def values_with_dice(self) -> dict:
        """The values to commit: the fields, plus the tray's roll if one is held."""
        if self.dice is None or self.dice_param is None:
            return dict(self.values)
        return {**self.values, self.dice_param: self.dice}

    def back(self) -> bool:
        """``back`` on the form: leaves the check page (True), else the form is to close (False)."""
        if self.reviewing is None:
            return False
        self.reviewing = None
        self.dice = None
        return True

    def model(self) -> Form:
        fields = tuple(
            FormField(self.params[i].title, self._shown(self.params[i]), i == self.cursor)
            for i in self.live()
        )
        leave = "back:edit" if self.reviewing is not None else "back:close"
        if self.reviewing is not None:
            pages = self.pages()
            last = self.reviewing + 1 >= len(pages)
            return Form(self.title, fields, "Check the values, then OK", ("next:OK" if last else "next:more",
                                                                          leave),
                        tuple(pages[self.reviewing]), (self.reviewing + 1, len(pages)))
        ok = "next:check" if self.unseen else "next:roll" if self.dice_param else "next:OK"
        hint = self.hint if fields else "OK: roll, or throw the dice" if self.dice_param else ""
        return Form(self.title, fields, hint, (ok, leave))


def pack(items: list[tuple[str, str]], width: int) -> list[list[str]]:
    """``(label, value)`` items as "label value" joined with " · " into lines of at most
    ``width`` characters, in groups a page never splits: a line, or the two lines of an
    item longer than a line (its label, then its value)."""
    groups: list[list[str]] = []
    current = ""
    for label, value in items:
        item = f"{label} {value}"
        if current and len(current) + 3 + len(item) <= width:
            current += " \u00b7 " + item
            continue
        if current:
            groups.append([current])
        if len(item) <= width:
            current = item
        else:
            groups.append([label, f"  {value}"])
            current = ""
    if current:
        groups.append([current])
    return groups


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` wrapped at its spaces into lines of at most ``width`` characters."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return [*lines, current] if current else lines


@dataclass
class Question:
    """A question asked once before something that cannot be taken back in one press
    (Grail's "everyone passes" ends the day for everyone): ``next`` or ``select``
    answers yes and runs ``yes``; ``back`` answers no."""

    title: str
    text: str
    yes: Callable[[], object]

    def model(self) -> Form:
        lines = wrap_words(self.text, LINE_CHARS)
        if len(lines) > REVIEW_LINES:  # cut: marked, and whole in help (select held)
            lines = [*lines[:REVIEW_LINES - 1], lines[REVIEW_LINES - 1][:LINE_CHARS - 1] + "\u2026"]
        return Form(self.title, (), self.text, ("next:yes", "back:no"), tuple(lines), (1, 1))
