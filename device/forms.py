"""Prompt forms and cursor menus: what the dials edit before anything is committed.

Menus are not game state (STYLE.md): the Menhir dial moves a cursor, the
Spirit dial changes the focused field, and only a confirmed form becomes a
command. A dice parameter is not edited here: it comes from the tray, or is
left empty so the game rolls virtually with its own seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.commands import Param
from ui.model import Form, FormField, Menu


@dataclass
class CursorMenu:
    """A list of labelled actions; ``select`` runs the one under the cursor."""

    title: str
    items: list[tuple[str, Callable[[], None]]]
    cursor: int = 0

    def move(self, steps: int) -> None:
        if self.items:
            self.cursor = (self.cursor + steps) % len(self.items)

    def chosen(self) -> Callable[[], None] | None:
        return self.items[self.cursor][1] if self.items else None

    def model(self) -> Menu:
        return Menu(self.title, tuple(label for label, _ in self.items), self.cursor)


# What the Spirit dial offers on a text field; its push types the one shown.
DELETE, SPACE = "DEL", "SPACE"
KEYS = (DELETE, SPACE, *"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'")


@dataclass
class PromptForm:
    """The fields of one command, edited with the dials.

    ``params`` are the command's parameters; dice parameters are skipped (the
    tray fills them, or the game rolls). ``confirm(values)`` is called with the
    values on ``select`` and commits the command. A text field (a Status's
    name) is typed with the dials: the Spirit dial picks a key from
    :data:`KEYS`, the Spirit dial's push types it.
    """

    title: str
    params: list[Param]
    confirm: Callable[[dict], None]
    hint: str = "Menhir: field  Spirit: value"
    values: dict[str, Any] = field(default_factory=dict)
    cursor: int = 0
    keys: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.params = [p for p in self.params if p.kind != "dice"]
        for p in self.params:
            self.values.setdefault(p.name, p.initial())

    def move(self, steps: int) -> None:
        if self.params:
            self.cursor = (self.cursor + steps) % len(self.params)

    def turn(self, steps: int) -> None:
        """Change the focused field: numbers within their bounds, choices cycle."""
        if not self.params:
            return
        param = self.params[self.cursor]
        value = self.values[param.name]
        if param.kind == "int":
            value += steps
            if param.low is not None:
                value = max(param.low, value)
            if param.high is not None:
                value = min(param.high, value)
        elif param.kind == "bool":
            value = not value if steps % 2 else value
        elif param.kind == "choice" and param.choices:
            value = param.choices[(param.choices.index(value) + steps) % len(param.choices)]
        elif param.kind == "text":
            self.keys[param.name] = (self._key_index(param) + steps) % len(KEYS)
        self.values[param.name] = value

    @property
    def typing(self) -> bool:
        """True when the focused field is text (the Spirit push types, not confirms)."""
        return bool(self.params) and self.params[self.cursor].kind == "text"

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

    def submit(self) -> None:
        self.confirm(dict(self.values))

    def model(self) -> Form:
        fields = tuple(
            FormField(p.title, self._shown(p), i == self.cursor)
            for i, p in enumerate(self.params)
        )
        return Form(self.title, fields, self.hint)
