"""Named commands with typed, validated parameters.

A :class:`Command` is what the journal stores: a name and a dict of JSON
values. A :class:`CommandSpec` is what a game declares: the name, a one-line
help text (it feeds the help screen and the docs), the parameters and the
handler that carries the command out. Validation happens before the handler
runs, so a handler sees only well-typed values inside their declared bounds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from games.core.errors import ParamError, RuleError

if TYPE_CHECKING:
    from games.core.context import Context

PARAM_KINDS = ("int", "bool", "choice", "text", "dice")


@dataclass(frozen=True)
class Command:
    """One player action as journaled: ``name`` plus JSON-valued ``params``."""

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"name": self.name, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Command:
        return cls(str(data["name"]), dict(data.get("params", {})))


@dataclass(frozen=True)
class Param:
    """A command parameter: its kind, bounds and default.

    Kinds: ``int`` (``low``..``high``), ``bool``, ``choice`` (one of
    ``choices``), ``text`` (at most ``high`` characters) and ``dice`` (a list
    of ``{"kind": "d6", "face": 5}``, as the tray or a virtual roll reports).
    ``label`` is what the prompt form shows next to the value. An ``optional``
    parameter may be left out or given as None (a dice parameter the game
    rolls virtually when no tray roll came). ``choices_from(state)`` gives
    choices that depend on the game (the areas of an edited board);
    ``labels_from(state)`` names choices for the form without changing the
    stored value (cell "C2" shown as a pack's "Tower of Kilforth"); ``labels``
    also names an int's special values (Kreel's Story hero 0 shown as "active");
    ``default_from(state)`` is where a form starts when that depends on the
    game (the Threat most likely to be targeted). ``refusal(state, value)``
    gives the rule's own RuleError for a value the state forbids (an overrun
    area that is not one closer), or None to leave the value to the generic
    checks; :meth:`CommandSpec.validate` asks it first, so a refusal cites the
    rule instead of a generic "not a choice". ``from_pack`` marks a choice of the
    content pack's cards after its one placeholder ("as entered", "by values"): while
    there is no card to name (no pack loaded, or its cards all used) a form does not
    offer it, and the placeholder is committed (:meth:`asks`).
    """

    name: str
    kind: str = "int"
    label: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    default: Any = None
    optional: bool = False
    choices_from: Callable[[dict], tuple[str, ...]] | None = field(default=None, compare=False)
    labels_from: Callable[[dict], Mapping[str, str]] | None = field(default=None, compare=False)
    labels: Mapping[Any, str] = field(default_factory=dict, compare=False)
    default_from: Callable[[dict], Any] | None = field(default=None, compare=False)
    refusal: Callable[[dict, Any], RuleError | None] | None = field(default=None, compare=False)
    from_pack: bool = False

    def __post_init__(self) -> None:
        if self.kind not in PARAM_KINDS:
            raise ValueError(f"unknown parameter kind {self.kind!r}")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def asks(self) -> bool:
        """Whether a form has anything to ask here: False for a pack card (``from_pack``)
        with no card to name, only its placeholder (resolved for the state)."""
        return not (self.from_pack and len(self.choices) < 2)

    def initial(self) -> Any:
        """The value a prompt form starts from."""
        if self.default is not None:
            return self.default
        if self.kind == "int":
            return self.low if self.low is not None and self.low > 0 else 0
        if self.kind == "bool":
            return False
        if self.kind == "choice":
            return self.choices[0] if self.choices else ""
        if self.kind == "dice":
            return []
        return ""

    def resolve(self, state: dict | None) -> Param:
        """This parameter with its choices and labels computed for ``state``."""
        if state is None or (self.choices_from is None and self.labels_from is None
                             and self.default_from is None):
            return self
        choices = tuple(self.choices_from(state)) if self.choices_from else self.choices
        labels = dict(self.labels_from(state)) if self.labels_from else self.labels
        default = self.default_from(state) if self.default_from else self.default
        return replace(self, choices=choices, labels=labels, default=default,
                       choices_from=None, labels_from=None, default_from=None)

    def shown(self, value: Any) -> str:
        """How a form shows ``value``."""
        if self.kind == "bool":
            return "yes" if value else "no"
        if self.kind == "dice":
            return "roll" if not value else " ".join(str(d["face"]) for d in value)
        return str(self.labels.get(value, value)) if self.kind in ("choice", "int") else str(value)

    def checked(self, value: Any, state: dict | None) -> Any:
        """:meth:`check`, after the rule's ``refusal`` for ``state`` (if any)."""
        if self.refusal is not None and state is not None and not (value is None and self.optional):
            error = self.refusal(state, value)
            if error is not None:
                raise error
        return self.check(value)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is valid for this parameter, else raise RuleError."""
        label = self.title
        if value is None and self.optional:
            return None
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParamError(f"{label}: need a number",
                                f"{label} must be a whole number, got {value!r}.")
            if self.low is not None and value < self.low:
                raise ParamError(f"{label} min is {self.low}",
                                f"{label} must be at least {self.low}, got {value}.")
            if self.high is not None and value > self.high:
                raise ParamError(f"{label} max is {self.high}",
                                f"{label} must be at most {self.high}, got {value}.")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise ParamError(f"{label}: yes or no", f"{label} must be true or false, got {value!r}.")
        elif self.kind == "choice":
            if value not in self.choices:
                raise ParamError(f"{label}: not a choice",
                                f"{label} must be one of {', '.join(self.choices)}; got {value!r}.")
        elif self.kind == "text":
            if not isinstance(value, str) or (self.high is not None and len(value) > self.high):
                raise ParamError(f"{label}: bad text",
                                f"{label} must be text of at most {self.high} characters.")
        elif self.kind == "dice":
            check_dice(value, label)
        return value


def check_dice(value: Any, label: str = "Dice") -> list[dict]:
    """Validate a dice report: a list of ``{"kind": str, "face": int | str}``."""
    if not isinstance(value, list):
        raise ParamError(f"{label}: need dice", f"{label} must be a list of dice, got {value!r}.")
    for die in value:
        if not (isinstance(die, Mapping) and isinstance(die.get("kind"), str) and "face" in die):
            raise ParamError(f"{label}: bad die", f"Each die needs a kind and a face, got {die!r}.")
    return value


Handler = Callable[["Context"], None]


@dataclass(frozen=True)
class CommandSpec:
    """A command a game offers: its name, one-line help, parameters and handler.

    ``available`` says whether the command makes sense in a state (the action
    menu lists only those); the handler still raises RuleError when the rules
    forbid it, since a journal or a script may send it anyway. ``menu=False``
    keeps it out of the action menu (dial turns, prompt answers);
    ``prompt_only`` commands are accepted only as the answer to the current
    procedure step that names them.
    """

    name: str
    help: str
    handler: Handler
    params: tuple[Param, ...] = ()
    available: Callable[[dict], bool] = lambda state: True
    menu: bool = True
    prompt_only: bool = False

    def resolved_params(self, state: dict | None) -> list[Param]:
        """The parameters with state-dependent choices filled in (what a form shows)."""
        return [p.resolve(state) for p in self.params]

    def validate(self, params: Mapping[str, Any], state: dict | None = None) -> dict:
        """Return the parameters checked and completed with defaults, or raise RuleError."""
        known = {p.name for p in self.params}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ParamError(
                f"Unknown: {unknown[0]}"[:21],
                f"Command {self.name!r} has no parameter {unknown[0]!r}; it takes: "
                + (", ".join(sorted(known)) or "nothing") + ".",
            )
        out = {}
        for p in self.resolved_params(state):
            if p.name in params:
                out[p.name] = p.checked(params[p.name], state)
            elif p.optional or p.default is not None:
                # A default (fixed or from the state) is checked like a given value.
                out[p.name] = None if p.default is None else p.checked(p.default, state)
            else:
                raise ParamError(f"{p.title}: missing"[:42], f"Command {self.name!r} needs {p.name!r}.")
        return out
