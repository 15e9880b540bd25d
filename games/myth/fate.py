"""The fate dice ("Fate Pool"): the pool rolled at setup, a symbol spent and its
die rerolled, the enemy card's mandatory Darkness ability, the non-darkness
dice a Muster, a Conquest or the boss rolls (which ones: the players' pick);
and how a tray's fate dice are read (firmware_bridge/PROTOCOL.md).
"""

from __future__ import annotations

from itertools import combinations

from games.core import Context, RuleError
from games.core.dice import named_faces_from_report
from games.core.registry import get_game
from games.myth.state import FATE_DICE, FATE_FACES, pick_data, spend_data


def fate_faces(report: list[dict] | None, count: int) -> list[str] | None:
    """Fate dice from the tray (kind ``fate``, faces by name, firmware_bridge/PROTOCOL.md)
    or typed in; None when the box should roll. A roll of another kind or count, or
    an unknown face, is refused naming what was expected ("Fate Pool")."""
    if report is None:
        return None
    return named_faces_from_report(report, "fate", FATE_FACES, count, rule="Fate Pool")


def roll_face(ctx: Context) -> str:
    """One virtual roll of a fate die (six faces, "Fate Pool")."""
    return FATE_FACES[ctx.below(len(FATE_FACES))]


def reroll_die(ctx: Context, face: str, rolled: str | None = None) -> str:
    """"Fate Pool": a spent symbol's die is rerolled and returned to the pool."""
    pool = ctx.state["fate"]
    index = pool.index(face)
    pool[index] = rolled or roll_face(ctx)
    return pool[index]


def non_darkness_dice(state: dict) -> int:
    return sum(1 for face in state["fate"] if face != "darkness")


def fate_area(state: dict, face: str) -> str | None:
    """The Outland or Lair area of a fate symbol ("Muster")."""
    for area_id, area in state["board"]["areas"].items():
        if area.get("fate") == face:
            return area_id
    return None


def roll_non_darkness(ctx: Context, count: int, faces: list[str] | None = None) -> tuple[list[str], int]:
    """Roll ``count`` non-darkness dice of the pool ("Muster", "Conquest").

    The dice are those the players picked at the "fate_pick" prompt
    (``fate_pick`` in the procedure's data, consumed here), else the first in
    pool order; their new faces stay in the pool. ``faces`` are tray results,
    else the box rolls. Returns the results and how many dice could not be
    rolled (too few non-darkness dice).
    """
    pool = ctx.state["fate"]
    usable = [i for i, face in enumerate(pool) if face != "darkness"][:count]
    pick = pick_data(ctx.state).pop("fate_pick", None) if ctx.state.get("procedure") else None
    if pick and len(pick.split(",")) == len(usable):
        usable = _picked(pool, pick.split(",")) or usable
    results = []
    for n, index in enumerate(usable):
        face = faces[n] if faces and n < len(faces) else roll_face(ctx)
        pool[index] = face
        results.append(face)
    return results, count - len(usable)


def _picked(pool: list[str], faces: list[str]) -> list[int] | None:
    """The pool's dice showing ``faces`` (one die each), or None when the pool no longer
    shows them all (a pick made for an earlier roll): then the default, first in pool order."""
    chosen: list[int] = []
    for face in faces:
        index = next((i for i, f in enumerate(pool)
                      if f == face and f != "darkness" and i not in chosen), None)
        if index is None:
            return None
        chosen.append(index)
    return chosen


def roll_fate(ctx: Context) -> None:
    """"Fate Pool": the five fate dice rolled at setup (tray or virtual)."""
    faces = fate_faces(ctx.params["dice"], FATE_DICE)
    ctx.state["fate"] = faces or [roll_face(ctx) for _ in range(FATE_DICE)]
    ctx.describe("Fate pool: " + ", ".join(f.capitalize() for f in ctx.state["fate"]))


def spend_fate(ctx: Context) -> None:
    """"Fate Pool": spend a symbol. "That fate die is rerolled after fully
    resolving the fate effect": a prompt waits while the players resolve it,
    then takes the die's new face (tray or virtual). A die given with the
    command (typed in, a script) is used at once."""
    face = ctx.params["face"]
    if face not in ctx.state["fate"]:
        raise RuleError(f"No {face} in the pool", f"The fate pool shows no {face} symbol "
                        "(Fate Ability).")
    if ctx.params["dice"] is not None:
        rolled = fate_faces(ctx.params["dice"], 1)
        new = reroll_die(ctx, face, rolled[0] if rolled else None)
        ctx.note(f"Spent {face.capitalize()}; rerolled: {new.capitalize()}")
        return
    ctx.interrupt("spend", {"spent": face})
    ctx.describe(f"Spent {face.capitalize()}: resolve its ability")


def darkness_fate(ctx: Context) -> None:
    """"Action Phase": an enemy card's Darkness fate ability is mandatory ("always
    triggered and resolved" while a Darkness symbol is in the pool); the players
    resolve it, then that die is rerolled (tray or virtual) and returned."""
    if "darkness" not in ctx.state["fate"]:
        raise RuleError("No Darkness in pool", "No Darkness symbol is in the fate pool.")
    rolled = fate_faces(ctx.params["dice"], 1)
    new = reroll_die(ctx, "darkness", rolled[0] if rolled else None)
    ctx.note(f"Darkness ability resolved; its die rerolled: {new.capitalize()}")


def fate_reroll(ctx: Context) -> None:
    """"Fate Pool": the spent die rerolled and returned to the pool."""
    data = spend_data(ctx.state)
    face = data.get("spent")
    if face is None or face not in ctx.state["fate"]:
        raise RuleError("No die to reroll", "No spent fate die waits to be rerolled.")
    rolled = fate_faces(ctx.params["dice"], 1)
    new = reroll_die(ctx, face, rolled[0] if rolled else None)
    data["spent"] = None
    ctx.note(f"{face.capitalize()} die rerolled: {new.capitalize()}")


# --- which dice: the players' pick ------------------------------------------------------------


def fate_pick_options(state: dict, count: int) -> tuple[str, ...]:
    """Which non-darkness dice of the pool may be rolled when ``count`` of them
    are needed ("Muster", "Conquest", "The Siege": the players take them from
    the pool): each distinct set of faces, written in pool order and joined by
    commas; the box's former pick (the first dice in pool order) first. One
    option or none: nothing to choose."""
    pool = state["fate"]
    usable = [i for i, face in enumerate(pool) if face != "darkness"]
    if count <= 0 or count >= len(usable):
        return ()
    options, seen = [], set()
    for combo in combinations(usable, count):
        faces = tuple(pool[i] for i in combo)
        if tuple(sorted(faces)) not in seen:
            seen.add(tuple(sorted(faces)))
            options.append(",".join(faces))
    return tuple(options)


def fate_pick_label(key: str) -> str:
    return " + ".join(face.capitalize() for face in key.split(","))


def fate_pick(ctx: Context) -> None:
    """"Muster" / "Conquest" / "The Siege": the players pick which non-darkness
    dice of the pool are rolled (the roll prompt that follows takes their new
    faces, tray or virtual)."""
    pick_data(ctx.state)["fate_pick"] = ctx.params["dice"]
    ctx.note("Fate dice to roll: " + fate_pick_label(ctx.params["dice"]))


def pick_count(state: dict) -> int:
    """How many non-darkness fate dice the current "which dice" prompt picks: as
    many as the roll prompt that follows it rolls (the boss's one die, a
    Conquest's dice for its missing objectives, a Muster's dice); 0 when no
    such prompt waits."""
    proc = state.get("procedure")
    if not proc:
        return 0
    procedure = get_game(state["game"]).procedure(proc["name"])
    step = procedure.step_at(proc["step"])
    if step is None or step.command != "fate_pick":
        return 0
    roll = procedure.step_at(proc["step"] + 1)
    return roll.dice(state)[0] if roll is not None and roll.dice is not None else 0


def pick_choices(state: dict) -> tuple[str, ...]:
    return fate_pick_options(state, pick_count(state))


def pick_default(state: dict) -> str | None:
    options = pick_choices(state)
    return options[0] if options else None


def pick_labels(state: dict) -> dict[str, str]:
    return {key: fate_pick_label(key) for key in pick_choices(state)}


def pick_refusal(state: dict, key: str) -> RuleError | None:
    """Why an answer to "which fate dice" is refused (the rule's reason); None
    when ``key`` is one of :func:`pick_choices`."""
    if key in pick_choices(state):
        return None
    count = pick_count(state)
    if not count:
        return RuleError("No dice to pick", "No Muster, Conquest or boss waits for fate dice.")
    return RuleError("Not in the pool", f"{key!r} is not {count} non-darkness fate dice of the "
                     f"pool ({', '.join(state['fate'])}); Muster and Conquest roll dice from "
                     "the pool that do not show darkness (Muster; Conquest; The Siege).")
