"""Dice pools counted for successes: faces, exact odds, reroll-once bookkeeping.

A pool is a list of faces (ints). A die is a *success* when its face reaches
the threshold (Gloom of Kilforth: 5 or 6 on a d6, or 4-6 in the easier
variant; Myth: a d10 at or above the target number), or, with
``at_most=True``, when its face is at most the threshold (Myth's assaults:
"less than or equal to that enemy's attack value").

The odds are exact (:class:`fractions.Fraction`), from the binomial
distribution of ``dice`` independent dice, with ``extra`` automatic
successes on top (Kilforth's Fate: "add 1 automatic success"), so a view can
show the chance of reaching N successes before the roll.

Reroll-once bookkeeping (Myth, "Rerolling Dice": "Each die can be rerolled
only once") keeps a pool as plain JSON, ``{"faces": [5, 2], "rerolled":
[false, true]}``, so it can live in the game state between prompts.

Tray reports (``[{"kind": "d6", "face": 5}, ...]``) become faces with
:func:`faces_from_report` (numbered dice) or :func:`named_faces_from_report`
(dice whose faces are names: ``{"kind": "fate", "face": "Rage"}``), which
refuse dice of the wrong kind or count, or impossible faces, with a RuleError
the OLED can show naming the roll expected. :func:`faces_or_roll` takes a
prompt's optional ``dice`` param: the tray's report when one came, else a
virtual roll with the game's seeded generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from games.core.errors import RuleError

if TYPE_CHECKING:
    from games.core.context import Context


def is_success(face: int, threshold: int, *, at_most: bool = False) -> bool:
    """True when ``face`` counts as a success against ``threshold``."""
    return face <= threshold if at_most else face >= threshold


def successes(faces: Iterable[int], threshold: int, *, at_most: bool = False) -> int:
    """How many of ``faces`` are successes (``face >= threshold``, or ``<=`` with at_most)."""
    return sum(1 for face in faces if is_success(face, threshold, at_most=at_most))


def p_success(threshold: int, sides: int = 6, *, at_most: bool = False) -> Fraction:
    """The chance that one fair die with ``sides`` faces (1..sides) is a success."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    good = sum(1 for face in range(1, sides + 1) if is_success(face, threshold, at_most=at_most))
    return Fraction(good, sides)


def distribution(dice: int, threshold: int, sides: int = 6, *,
                 at_most: bool = False) -> list[Fraction]:
    """``out[k]`` is the exact chance that ``dice`` dice show exactly ``k`` successes."""
    if dice < 0:
        raise ValueError("cannot roll a negative number of dice")
    p = p_success(threshold, sides, at_most=at_most)
    q = 1 - p
    return [comb(dice, k) * p**k * q ** (dice - k) for k in range(dice + 1)]


def chance_at_least(needed: int, dice: int, threshold: int, sides: int = 6, *,
                    extra: int = 0, at_most: bool = False) -> Fraction:
    """The exact chance that ``dice`` dice plus ``extra`` automatic successes reach ``needed``.

    ``needed <= extra`` is certain (1); more than the dice can give is 0.
    """
    short = needed - extra
    if short <= 0:
        return Fraction(1)
    if short > dice:
        return Fraction(0)
    return sum(distribution(dice, threshold, sides, at_most=at_most)[short:], Fraction(0))


def percent(chance: Fraction) -> str:
    """A chance as a short percentage for the displays: never "0%" or "100%"
    unless it is exactly so ("<1%", ">99%")."""
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    value = chance * 100
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{round(value)}%"


def counted(count: int, kind: str = "") -> str:
    """How many dice a roll takes, worded for the player: a ``dN`` kind is its own
    noun ("3 d6", "1 d10"), a named kind or none takes die/dice ("1 fate die",
    "5 fate dice", "1 die")."""
    noun = "die" if count == 1 else "dice"
    if kind.startswith("d") and kind[1:].isdigit():
        return f"{count} {kind}"
    return f"{count} {kind} {noun}" if kind else f"{count} {noun}"


def faces_from_report(report: Sequence[dict], kind: str = "d6", sides: int = 6,
                      count: int | None = None, *, rule: str = "") -> list[int]:
    """The faces of a tray (or virtual) report, all dice of ``kind`` with faces 1..sides.

    With ``count``, a report of another number of dice is refused too. Every
    refusal is a RuleError whose short text names the roll expected ("Roll 3
    d6"), so the box can show it and keep the prompt open for another throw;
    its long text says what was wrong, citing ``rule`` when given.
    """
    wanted = _check_dice(report, kind, count, None, rule)
    faces = []
    for die in report:
        face = die.get("face")
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise _refused(wanted, None, f"a {kind} shows 1 to {sides}; the report had {face!r}", rule)
        faces.append(face)
    return faces


def faces_or_roll(ctx: Context, report: Sequence[dict] | None, kind: str, sides: int,
                  count: int, *, rule: str = "") -> list[int]:
    """``count`` faces of ``kind`` dice (1..sides): the tray's ``report`` checked
    by :func:`faces_from_report` (refused naming the roll expected, citing
    ``rule``), or, when no report came (None), a virtual roll with the game's
    generator (``ctx.roll(count, sides)``, nothing else drawn)."""
    if report is None:
        return ctx.roll(count, sides)
    return faces_from_report(report, kind, sides, count, rule=rule)


def named_faces_from_report(report: Sequence[dict], kind: str, faces: Sequence[str],
                            count: int | None = None, *, asked: str | None = None,
                            rule: str = "") -> list[str]:
    """The faces of a report of dice whose faces are names (firmware_bridge/PROTOCOL.md:
    ``fate`` Rage..Darkness, ``guardian`` North..Discard, ``dial`` Skull/Grail).

    ``faces`` are the names the die can show, as the game spells them; a
    reported face matches one whatever its case ("Rage" is ``"rage"``) and the
    game's spelling is returned. Refused like :func:`faces_from_report`: the
    wrong kind, count or an unknown face; ``asked`` words the roll for the short
    text when "Roll 1 dial die" would not ("Toss 1 Dial").
    """
    wanted = _check_dice(report, kind, count, asked, rule)
    by_name = {name.lower(): name for name in faces}
    out = []
    for die in report:
        face = die.get("face")
        name = by_name.get(face.strip().lower()) if isinstance(face, str) else None
        if name is None:
            raise _refused(wanted, asked,
                           f"a {kind} shows {', '.join(faces)}; the report had {face!r}", rule)
        out.append(name)
    return out


def _refused(wanted: str, asked: str | None, why: str, rule: str) -> RuleError:
    cite = f" ({rule})" if rule else ""
    return RuleError((asked or f"Roll {wanted}")[:21], f"This roll needs {wanted}{cite}; {why}.")


def _check_dice(report: Sequence[dict], kind: str, count: int | None, asked: str | None,
                rule: str) -> str:
    """Refuse a report of the wrong count or kind; the roll expected, worded ("3 d6")."""
    wanted = counted(count, kind) if count is not None else f"{kind} dice"
    if count is not None and len(report) != count:
        raise _refused(wanted, asked, f"the report had {counted(len(report))}", rule)
    for die in report:
        if die.get("kind") != kind:
            raise _refused(wanted, asked, f"the report had a {die.get('kind')!r}", rule)
    return wanted


def report(faces: Iterable[int], kind: str = "d6") -> list[dict]:
    """Faces as a dice report, the shape the tray sends (for journals and views)."""
    return [{"kind": kind, "face": face} for face in faces]


# --- reroll once ------------------------------------------------------------------


def new_pool(faces: Iterable[int]) -> dict:
    """A rolled pool as JSON: ``{"faces": [...], "rerolled": [False, ...]}``."""
    faces = list(faces)
    return {"faces": faces, "rerolled": [False] * len(faces)}


def can_reroll(pool: dict, index: int) -> bool:
    """True when die ``index`` exists and has not been rerolled yet."""
    return 0 <= index < len(pool["faces"]) and not pool["rerolled"][index]


def reroll(pool: dict, index: int, face: int) -> None:
    """Record that die ``index`` was rerolled and now shows ``face`` (in place).

    Refused (RuleError) when that die was already rerolled: "Each die can be
    rerolled only once, regardless of how many effects would provide
    additional rerolls" (Myth, "Rerolling Dice").
    """
    if not 0 <= index < len(pool["faces"]):
        raise RuleError(f"No die {index + 1}"[:21], f"The pool has {len(pool['faces'])} dice.")
    if pool["rerolled"][index]:
        raise RuleError("Die already rerolled",
                        f"Die {index + 1} was rerolled already; each die can be rerolled only once.")
    pool["faces"][index] = face
    pool["rerolled"][index] = True


def pool_successes(pool: dict, threshold: int, *, at_most: bool = False) -> int:
    """Successes in a pool made by :func:`new_pool`."""
    return successes(pool["faces"], threshold, at_most=at_most)
