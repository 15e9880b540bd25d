"""Myth: Dark Frontier's checks, limits and the mechanics the procedures share.

Every function cites the rulebook section (rules/myth-dark-frontier.md) it
follows. Functions that need chance take the engine's Context and draw only
from its seeded generator (``ctx.below``/``ctx.roll``/``ctx.shuffle``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from games.core import RuleError, TrackSpec, dice
from games.myth.state import (
    FATE_FACES,
    MAX_ASSETS,
    MAX_MINIONS,
    MAX_STRUCTURES,
    RANKS,
    RESOURCES,
    SKILLS,
    TRACK_OF,
    TRACK_SPACES,
    TRACKS,
    area_name,
    area_type,
    farrenroc,
    minion_count,
    structures,
)

if TYPE_CHECKING:
    from games.core import Context


def note(ctx: Context, text: str) -> None:
    """Add ``text`` to the journal entry's description and the events."""
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


# --- Farrenroc and the reserves ------------------------------------------------------


def lose_stability(ctx: Context, amount: int, why: str) -> None:
    """"Farrenroc": stability reduced. "If Farrenroc's stability is reduced to
    zero, the players immediately lose the game": at 0 the running procedure
    stops, so nothing more of it happens (no minion moves after the loss);
    end_check then ends the game."""
    state = ctx.state
    state["stability"] = max(0, state["stability"] - amount)
    note(ctx, f"Farrenroc -{amount} stability ({why}): {state['stability']}")
    if state["stability"] == 0:
        ctx.stop()


def owe_resources(ctx: Context, count: int, why: str) -> None:
    """Resources the players must discard, "of the players' choice" ("Running Out
    of Minions", "Muster", "Farrenroc Reserves").

    When there is nothing to choose (one kind left in the reserves, or the debt
    takes everything) the box discards at once: as many as possible, then
    stability -1 if the reserves could not pay (once for this effect).
    Otherwise the debt waits in ``discards`` and the players choose each
    resource at the "discard" prompt (:func:`settle_discards` after each).
    """
    ctx.state["discards"].append({"count": count, "why": why})
    settle_discards(ctx)


def discard_choices(state: dict) -> tuple[str, ...]:
    """The resources the players may discard now (those the reserves hold)."""
    return tuple(k for k in RESOURCES if state["reserves"][k] > 0)


def settle_discards(ctx: Context) -> None:
    """Pay every waiting discard the players have no choice about, first to last;
    stop at the first one that needs a choice."""
    state = ctx.state
    reserves = state["reserves"]
    while state["discards"]:
        debt = state["discards"][0]
        kinds = discard_choices(state)
        total = sum(reserves.values())
        if debt["count"] < total and len(kinds) > 1:
            return
        paid = []
        for _ in range(min(debt["count"], total)):
            kind = next(k for k in RESOURCES if reserves[k] > 0)
            reserves[kind] -= 1
            paid.append(kind)
        state["discards"].pop(0)
        if paid:
            note(ctx, f"Discarded {', '.join(paid)} ({debt['why']})")
        if debt["count"] > total:
            lose_stability(ctx, 1, f"{debt['why']}, reserves empty")


def discard_one(ctx: Context, kind: str) -> None:
    """The players' choice for the first waiting discard: one ``kind`` resource."""
    state = ctx.state
    if not state["discards"]:
        raise RuleError("No discard asked", "No effect is waiting for resources.")
    if state["reserves"][kind] == 0:
        raise RuleError(f"No {kind} to discard",
                        f"The reserves hold no {kind}; choose another resource (Spend).")
    debt = state["discards"][0]
    state["reserves"][kind] -= 1
    debt["count"] -= 1
    note(ctx, f"Discarded 1 {kind} ({debt['why']})")
    if debt["count"] == 0:
        state["discards"].pop(0)
    settle_discards(ctx)


# --- fate pool -------------------------------------------------------------------------


def roll_face(ctx: Context) -> str:
    """One virtual roll of a fate die (six faces, "Fate Pool")."""
    return FATE_FACES[ctx.below(len(FATE_FACES))]


def spend_fate(ctx: Context, face: str, rolled: str | None = None) -> str:
    """"Fate Pool": a spent symbol's die is rerolled and returned to the pool."""
    pool = ctx.state["fate"]
    index = pool.index(face)
    pool[index] = rolled or roll_face(ctx)
    return pool[index]


def fate_pick_options(state: dict, count: int) -> tuple[str, ...]:
    """Which non-darkness dice of the pool may be rolled when ``count`` of them
    are needed ("Muster", "Conquest", "The Siege": the players take them from
    the pool): each distinct set of faces, written in pool order and joined by
    commas; the box's former pick (the first dice in pool order) first. One
    option or none: nothing to choose."""
    from itertools import combinations

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
    pick = ctx.data.pop("fate_pick", None) if ctx.state.get("procedure") else None
    if pick and len(pick.split(",")) == len(usable):
        chosen: list[int] = []
        for face in pick.split(","):
            chosen.append(next(i for i, f in enumerate(pool) if f == face and i not in chosen))
        usable = chosen
    results = []
    for n, index in enumerate(usable):
        face = faces[n] if faces and n < len(faces) else roll_face(ctx)
        pool[index] = face
        results.append(face)
    return results, count - len(usable)


def fate_area(state: dict, face: str) -> str | None:
    """The Outland or Lair area of a fate symbol ("Muster")."""
    for area_id, area in state["board"]["areas"].items():
        if area.get("fate") == face:
            return area_id
    return None


# --- conquest tracks and the siege ------------------------------------------------------


def raise_track(ctx: Context, track: str, spaces: int) -> None:
    """"Conquest" and "The Siege": raise ``track`` by ``spaces``.

    The raise joins ``raising`` and the marker moves space by space
    (:func:`advance_raises`); it stops on a conquest ability space until the
    players have resolved that ability, and a raise made meanwhile waits its
    turn behind it.
    """
    if spaces <= 0:
        return
    ctx.state["raising"].append({"track": track, "spaces": spaces})
    advance_raises(ctx)


def advance_raises(ctx: Context) -> None:
    """Move the waiting raises' markers, first raise first, one space at a time.

    "Conquest": "If a conquest marker enters a conquest ability space, players
    must immediately resolve that conquest track's ability. When moving the
    conquest marker multiple spaces, players fully resolve each conquest
    ability before continuing to move the conquest marker." So the marker
    stops on an ability space: the ability goes in ``pending`` and the rest of
    the raise waits in ``raising`` until the procedure's abilities step has
    been confirmed (it calls this again). Entering the last space begins the
    siege ("The Siege": no siege ability then, the rest of that raise is
    spent) and the marker waits for the boss to be placed; once the siege has
    begun, reaching the last space or being raised while on it resolves the
    siege ability once per raise ("Each time a conquest track is raised the
    siege ability is only triggered once").
    """
    state = ctx.state
    while state["raising"] and not state["pending"] and not boss_arriving(state):
        entry = state["raising"][0]
        track = entry["track"]
        label = track.capitalize()
        pos = state["conquest"][track]
        if pos >= TRACK_SPACES:
            state["raising"].pop(0)
            if state["siege"]:
                state["pending"].append(f"{label} siege ability")
            note(ctx, f"{label} raised on the siege space")
            continue
        pos += 1
        state["conquest"][track] = pos
        entry["spaces"] -= 1
        done = entry["spaces"] == 0 or pos == TRACK_SPACES
        if done:
            state["raising"].pop(0)
        if pos in state["abilities"][track]:
            state["pending"].append(f"{label} ability (space {pos})")
        if pos == TRACK_SPACES and state["siege"]:
            state["pending"].append(f"{label} siege ability")
        if done or state["pending"]:
            rest = "" if done else f", {entry['spaces']} more after its ability"
            note(ctx, f"{label} raised to {pos}{rest}")
        if pos == TRACK_SPACES and not state["siege"]:
            begin_siege(ctx, f"{label} reached the siege")


def raise_waiting(state: dict) -> str:
    """The spaces still to move after the abilities now resolved, for the step text."""
    return ", ".join(f"{r['track'].capitalize()} +{r['spaces']}" for r in state["raising"])


def begin_siege(ctx: Context, why: str) -> None:
    """"The Siege": it begins; objective tokens and cards other than a revealed
    final objective are discarded. The boss arrives by one non-darkness fate
    die of the pool (:func:`place_boss`), rolled at the "boss" prompt that
    follows (tray or virtual)."""
    state = ctx.state
    state["siege"] = True
    state["boss"] = {"area": None, "damage": 0, "arriving": True}
    for area_state in state["areas"].values():
        area_state["objective"] = None
    for objective in state["objectives"].values():
        if not objective["done"]:
            objective["location"] = None
    note(ctx, f"The siege begins ({why}): a fate die places the boss")


def boss_arriving(state: dict) -> bool:
    return bool(state["boss"].get("arriving"))


def non_darkness_dice(state: dict) -> int:
    return sum(1 for face in state["fate"] if face != "darkness")


def place_boss(ctx: Context, faces: list[str] | None = None) -> None:
    """"The Siege": "Place the boss in a random Outland location by rolling one
    non-darkness fate die in the fate pool. If all dice are darkness, the boss
    appears in the darkness location." ``faces`` is the tray's die, else virtual."""
    state = ctx.state
    rolled, _ = roll_non_darkness(ctx, 1, faces)
    face = rolled[0] if rolled else "darkness"
    area = fate_area(state, face)
    state["boss"] = {"area": area, "damage": 0}
    where = area_name(state, area) if area else "?"
    note(ctx, f"The boss arrives in {where} ({face.capitalize()})")
    advance_raises(ctx)


def lowest_track(state: dict) -> str:
    return min(TRACKS, key=lambda t: state["conquest"][t])


def closest_ability(state: dict) -> tuple[str, int] | None:
    """The track closest to its next ability or siege space, and the spaces left
    (for the Planning forecast)."""
    best = None
    for track in TRACKS:
        pos = state["conquest"][track]
        ahead = [s for s in state["abilities"][track] if s > pos] + [TRACK_SPACES]
        gap = min(ahead) - pos
        if pos < TRACK_SPACES and (best is None or gap < best[1]):
            best = (track, gap)
    return best


# --- spawning and overruns ---------------------------------------------------------------


def objective_areas(state: dict, kind: str | None = None) -> list[str]:
    return [a for a, s in state["areas"].items()
            if s["objective"] and (kind is None or s["objective"] == kind)]


def spawn(ctx: Context, targets: list[str]) -> None:
    """One spawn effect ("Spawning Enemies", "Running Out of Minions", "Overruns").

    Minions are placed one at a time from the supply. A minion that would
    make an area exceed 3 is held as overrun (one overrun per area per
    effect) and queued in ``overruns`` for the players' choice; an overrun in
    an objective location raises its track at once. Minions that cannot
    spawn for want of supply cost 1 resource each; if the reserves cannot
    pay, stability -1 once for the whole effect.

    Farrenroc already holding 3: the minion is not placed and stays in the
    supply, and the players are told. The rulebook gives this no
    consequence: the Quick Reference's overrun steps send overrun minions
    closer to Farrenroc or discard a resource only "in an area besides
    Farrenroc" (step 3), and cost stability only for an "Overrun by movement
    into Farrenroc" (step 4; "Enemy Movement": "After resolving all enemy
    movement"); "Glossary", Area: never more than three minion tokens.
    """
    state = ctx.state
    home = farrenroc(state["board"])
    missing = 0
    overrun: dict[str, int] = {}
    placed = []
    no_room = 0
    for area_id in targets:
        if state["supply"]["minions"] == 0:
            missing += 1
            continue
        if minion_count(state, area_id) >= MAX_MINIONS and area_id == home:
            no_room += 1  # stays in the supply (see the docstring)
            continue
        state["supply"]["minions"] -= 1
        if minion_count(state, area_id) >= MAX_MINIONS:
            overrun[area_id] = overrun.get(area_id, 0) + 1
        else:
            state["areas"][area_id]["minions"].append({"damage": 0, "delayed": False})
            placed.append(area_name(state, area_id))
    if placed:
        note(ctx, "Spawned: " + ", ".join(placed))
    if no_room:
        note(ctx, f"Farrenroc already holds {MAX_MINIONS} minions: {no_room} minion(s) not "
             "spawned there, left in the supply (no stability lost: that is for minions "
             "moved in)")
    for area_id, count in overrun.items():
        kind = state["areas"][area_id]["objective"]
        note(ctx, f"Overrun in {area_name(state, area_id)} ({count})")
        if kind:
            raise_track(ctx, TRACK_OF[kind], 1)
        state.setdefault("overruns", []).append({"area": area_id, "count": count})
    if missing:
        note(ctx, f"Out of minions: {missing} could not spawn, discard {missing} resource(s)")
        owe_resources(ctx, missing, "out of minions")


def step_toward(state: dict, here: str, goal_dist: dict[str, int]) -> str:
    """The neighbour of ``here`` on a shortest path (fewest areas) to the goal."""
    options = [n for n in state["board"]["areas"][here]["neighbours"]
               if goal_dist.get(n, 99) == goal_dist[here] - 1]
    return min(options, key=lambda n: (minion_count(state, n), n))


def land(state: dict, area_id: str) -> str:
    """"Enemy Movement": hop over areas holding 3 minions to the next area closest
    to Farrenroc; Farrenroc takes any number (the excess rule follows)."""
    home = farrenroc(state["board"])
    while area_id != home and minion_count(state, area_id) >= MAX_MINIONS:
        area_id = step_toward(state, area_id, state["distance"])
    return area_id


def overrun_closer(state: dict, area_id: str) -> list[str]:
    """"Overruns": the areas one area closer to Farrenroc than ``area_id`` (its
    neighbours one step nearer); more than one is the players' choice."""
    dist = state["distance"]
    return [n for n in state["board"]["areas"][area_id]["neighbours"]
            if dist.get(n, 99) == dist[area_id] - 1]


def overrun_options(state: dict) -> tuple[str, ...]:
    """The legal answers to the first waiting overrun ("Overruns": discard 1
    resource of the players' choice, or place the overrun minions one area
    closer to Farrenroc): the resources the reserves hold, then each closer
    area (by id), the box's former pick first among them."""
    if not state.get("overruns"):
        return ()
    area_id = state["overruns"][0]["area"]
    closer = overrun_closer(state, area_id)
    first = step_toward(state, area_id, state["distance"])
    return (*discard_choices(state), first, *(a for a in closer if a != first))


def overrun_default(state: dict) -> str | None:
    """The box's former fixed answer: move, toward the closer area holding the
    fewest minions (then board id)."""
    if not state.get("overruns"):
        return None
    return step_toward(state, state["overruns"][0]["area"], state["distance"])


def overrun_labels(state: dict) -> dict[str, str]:
    labels = {k: f"discard {k} ({state['reserves'][k]})" for k in RESOURCES}
    labels.update({a: f"move to {area['name']}" for a, area in state["board"]["areas"].items()})
    return labels


def overrun_refusal(state: dict, choice: str) -> RuleError | None:
    """Why an answer to an overrun is refused (the rule's reason); None when
    it is one of :func:`overrun_options`."""
    if choice in overrun_options(state):
        return None
    if not state.get("overruns"):
        return RuleError("No overrun waits", "No overrun waits for the players' choice (Overruns).")
    if choice in RESOURCES:
        return RuleError(f"No {choice} to discard",
                         f"The reserves hold no {choice}: move the minions instead "
                         "(Overruns; Spend: never in excess of the reserves).")
    where = area_name(state, state["overruns"][0]["area"])
    target = area_name(state, choice) if choice in state["areas"] else repr(choice)
    return RuleError("Not 1 area closer", f"{target} is not one area closer to Farrenroc than "
                     f"{where}: overrun minions are placed one area closer (Overruns).")


def settle_overruns(ctx: Context) -> None:
    """Resolve every waiting overrun that leaves the players no choice (the
    reserves empty and one area closer), first to last; stop at the first real
    choice, which the "overrun" prompt asks."""
    while ctx.state.get("overruns") and len(overrun_options(ctx.state)) == 1:
        resolve_overrun(ctx, overrun_options(ctx.state)[0])


def resolve_overrun(ctx: Context, choice: str) -> None:
    """"Overruns": discard 1 resource (the overrun minions go out of play) or
    place the overrun minions one area closer to Farrenroc: ``choice`` is the
    resource, or the closer area (the players' choice when there are several;
    ``"move"`` is the box's former pick, :func:`overrun_default`)."""
    state = ctx.state
    if choice == "move":
        choice = overrun_default(state)
    if choice not in overrun_options(state):
        raise overrun_refusal(state, choice)
    count = state["overruns"][0]["count"]
    if choice not in RESOURCES:
        # Each overrun minion moves on its own, hopping areas already full
        # ("Enemy Movement"), so one destination never takes more than 3.
        destinations = []
        for _ in range(count):
            dest = land(state, choice)
            state["areas"][dest]["minions"].append({"damage": 0, "delayed": False})
            destinations.append(area_name(state, dest))
        note(ctx, f"{count} overrun minion(s) to {', '.join(destinations)}")
        farrenroc_excess(ctx)
    else:
        state["reserves"][choice] -= 1
        state["supply"]["minions"] += count
        note(ctx, f"Discarded 1 {choice}: {count} overrun minion(s) out of play")
    state["overruns"].pop(0)


def farrenroc_excess(ctx: Context) -> None:
    """"Enemy Movement": more than 3 minions in Farrenroc after movement: remove the
    excess to the supply, stability -1."""
    state = ctx.state
    home = state["areas"][farrenroc(state["board"])]
    extra = len(home["minions"]) - MAX_MINIONS
    if extra > 0:
        del home["minions"][MAX_MINIONS:]
        state["supply"]["minions"] += extra
        lose_stability(ctx, 1, f"{extra} minion(s) over 3 in Farrenroc")


# --- enemy actions ---------------------------------------------------------------------------


def enemy_tokens(state: dict, area_id: str) -> list[str]:
    """The ranks of the non-delayed enemy tokens in an area."""
    area = state["areas"][area_id]
    ranks = ["minion" for m in area["minions"] if not m["delayed"]]
    ranks += ["captain"] * len(area["captains"])
    if state["boss"]["area"] == area_id:
        ranks.append("boss")
    return ranks


def assault(ctx: Context, area_id: str, dice: list[int] | None = None) -> bool | None:
    """"Assaults": a d10 per enemy token; success if any die is at most the highest
    attack value among the ranks there. Then every minion there is delayed.
    Returns None when the assault is ignored (no enemies or nothing to assault)."""
    state = ctx.state
    ranks = enemy_tokens(state, area_id)
    area = state["areas"][area_id]
    is_home = area_id == farrenroc(state["board"])
    if not ranks or not (is_home or area["structure"]):
        return None
    attack = max(state["enemy"][r]["attack"] for r in ranks)
    rolled = dice if dice is not None else ctx.roll(len(ranks), 10)
    success = any(d <= attack for d in rolled)
    where = area_name(state, area_id)
    note(ctx, f"Assault on {where}: {rolled} vs attack {attack}: {'success' if success else 'held'}")
    if success:
        if is_home:
            lose_stability(ctx, 1, "assault")
        else:
            area["structure"] = False
            note(ctx, f"Structure in {where} destroyed")
    for minion in area["minions"]:
        minion["delayed"] = True
    return success


def destinations(state: dict) -> list[tuple[str, int]]:
    """Movement goals with their priority ("Enemy Movement Priority"): Farrenroc 1,
    objectives by their track (highest first), then structures."""
    goals = [(farrenroc(state["board"]), 0)]
    order = sorted(TRACKS, key=lambda t: -state["conquest"][t])
    for area_id, area in state["areas"].items():
        if area["objective"]:
            goals.append((area_id, 1 + order.index(TRACK_OF[area["objective"]])))
        elif area["structure"]:
            goals.append((area_id, 4))
    return goals


def march_movers(state: dict) -> list[str]:
    """"March", second step: the area of each minion that moves, one entry per
    minion: the non-delayed minions of each non-objective, structureless area
    other than Farrenroc, nearest Farrenroc first (then board id)."""
    home = farrenroc(state["board"])
    movers = []
    for area_id in sorted(state["areas"], key=lambda a: (state["distance"][a], a)):
        area = state["areas"][area_id]
        if area_id == home or area["objective"] or area["structure"]:
            continue
        movers += [area_id] * sum(1 for m in area["minions"] if not m["delayed"])
    return movers


def march_options(state: dict, area_id: str) -> list[str]:
    """Where a minion in ``area_id`` may end its move ("Enemy Movement Priority"),
    the box's former pick first; empty when it stays (already at its goal).

    It moves toward the closest of Farrenroc, the objectives and the structures;
    among equally close ones the highest priority (Farrenroc, the objective of
    the highest conquest track, structures). A tie between objectives or
    structures left after that is the players' choice, and so is a tie between
    shortest paths ("Enemy movement is resolved exactly like hero movement").
    Each option is where the minion lands after hopping full areas. The former
    pick: the first tied goal in board order, the neighbour holding the fewest
    minions (then board id)."""
    from games.myth.state import distances

    keyed = []
    for goal, priority in destinations(state):
        dist = distances(state["board"], goal)
        keyed.append(((dist[area_id], priority), goal, dist))
    best = min(key for key, _, _ in keyed)
    options: list[str] = []
    for key, goal, dist in keyed:
        if key != best or goal == area_id:
            continue
        first = step_toward(state, area_id, dist)
        steps = [first] + sorted(n for n in state["board"]["areas"][area_id]["neighbours"]
                                 if n != first and dist.get(n, 99) == dist[area_id] - 1)
        for step in steps:
            landing = land(state, step)
            if landing not in options:
                options.append(landing)
    return options


def move_minion(state: dict, area_id: str, dest: str) -> None:
    """Move the first standing minion of ``area_id`` (one that was there when the
    March began: moved minions join the end of their new area's list)."""
    minion = next(m for m in state["areas"][area_id]["minions"] if not m["delayed"])
    state["areas"][area_id]["minions"].remove(minion)
    state["areas"][dest]["minions"].append(minion)


def advance_march(state: dict, movers: list[str]) -> None:
    """Move the waiting minions (``movers``, consumed from the front) that leave
    no choice; stop at the first with more than one option (the "march_to"
    prompt asks it)."""
    while movers:
        options = march_options(state, movers[0])
        if len(options) > 1:
            return
        if options:
            move_minion(state, movers[0], options[0])
        movers.pop(0)


def march_moves(state: dict) -> None:
    """"March", second step, every tie taken by the box's former pick (each
    minion to ``march_options(...)[0]``); Farrenroc's excess is handled by the
    caller. The Action phase asks the ties instead (:func:`advance_march`)."""
    movers = march_movers(state)
    while movers:
        options = march_options(state, movers[0])
        if options:
            move_minion(state, movers[0], options[0])
        movers.pop(0)


def march_refusal(state: dict, dest: str) -> RuleError | None:
    """Why an answer to a tied minion move is refused (the rule's reason);
    None when ``dest`` is one of the first waiting minion's tied options."""
    movers = (state.get("procedure") or {}).get("data", {}).get("march") or []
    if not movers:
        return RuleError("No minion to move", "No March movement waits for the players' choice.")
    if dest in march_options(state, movers[0]):
        return None
    where = area_name(state, dest) if dest in state["areas"] else repr(dest)
    return RuleError("Not a tied move", f"A minion in {area_name(state, movers[0])} cannot "
                     f"move to {where}: minions take the shortest path toward the closest "
                     "destination by priority; the players choose only between tied "
                     "objectives, structures or paths (Enemy Movement Priority).")


def conquest_raise(ctx: Context, kind: str) -> None:
    """"Conquest" (Despair/Devastation/Corruption for hope/supply/influence) step
    1: raise by 1 per objective location of ``kind`` holding a minion (by 1 if
    no such token remains). The Action phase then resolves the abilities it
    entered, asks for the fate dice (:func:`conquest_dice`) and spawns
    (:func:`conquest_spawn`)."""
    state = ctx.state
    places = objective_areas(state, kind)
    held = sum(1 for a in places if any(not m["delayed"] for m in state["areas"][a]["minions"]))
    raise_track(ctx, TRACK_OF[kind], held if places else 1)


def _missing_objectives(state: dict, kind: str) -> int:
    return max(0, len(state["heroes"]) - len(objective_areas(state, kind)))


def conquest_dice(state: dict, kind: str) -> int:
    """How many non-darkness fate dice "Conquest" step 2 rolls: one per missing
    objective, as many as the pool has without darkness."""
    usable = sum(1 for face in state["fate"] if face != "darkness")
    return min(_missing_objectives(state, kind), usable)


def conquest_spawn(ctx: Context, kind: str, faces: list[str] | None = None) -> None:
    """"Conquest" step 2 (objective locations counted after the raise, which may
    have begun the siege and discarded them)."""
    state = ctx.state
    places = objective_areas(state, kind)
    rolled, unrolled = roll_non_darkness(ctx, _missing_objectives(state, kind), faces)
    if rolled:
        note(ctx, "Fate: " + ", ".join(f.capitalize() for f in rolled))
    targets = list(places) + [a for a in (fate_area(state, f) for f in rolled) if a]
    spawn(ctx, targets)
    raise_track(ctx, TRACK_OF[kind], unrolled)


def muster(ctx: Context, count: int, faces: list[str] | None = None) -> None:
    """"Muster": one non-darkness fate die per muster, rolled together; minions
    spawn in the Outland or Lair matching each result (one spawn effect).

    Dice that cannot be rolled (too few non-darkness dice): the rulebook says
    two things. The "Muster" section ("For each die that cannot be rolled
    discard one resource from the reserve") and the Glossary's "Muster" entry
    ("For each die that cannot be rolled discard 1 resource from the reserve")
    agree; the Quick Reference's "Muster" step 2 ("raise the lowest conquest
    track a number of times equal to the missing number of fate die") differs.
    The box follows the two full rules passages over the summary table: one
    resource per missing die (the players choose which, :func:`owe_resources`),
    and when the reserves cannot pay, stability -1
    ("Farrenroc Reserves": discard as many as possible, then reduce stability
    by 1). Players who read it the Quick Reference's way can turn the track
    with the ``raise`` command and correct the reserves.
    """
    rolled, unrolled = roll_non_darkness(ctx, count, faces)
    note(ctx, "Muster: " + (", ".join(f.capitalize() for f in rolled) or "no dice"))
    spawn(ctx, [a for a in (fate_area(ctx.state, f) for f in rolled) if a])
    if unrolled:
        owe_resources(ctx, unrolled, "muster: dice not rolled")


# --- heroes, battles, odds ------------------------------------------------------------------


def wound(ctx: Context, hero: dict, amount: int) -> None:
    """"Damage and Healing" / "Defeated Heroes": at vitality the hero is defeated:
    damage discarded, stability -1, the figure laid down."""
    hero["damage"] += amount
    if hero["damage"] >= hero["vitality"]:
        hero["damage"] = 0
        hero["defeated"] = True
        note(ctx, f"{hero['name']} is defeated")
        lose_stability(ctx, 1, "hero defeated")


def hit_chance(defence: int) -> Fraction:
    """One d10 at or above ``defence`` ("Battle"; "Target Number")."""
    return dice.p_success(defence, 10)


def hurt_chance(attack: int) -> Fraction:
    """One d10 at or below ``attack`` ("Battle": it hurts the hero; "Assaults")."""
    return dice.p_success(attack, 10, at_most=True)


def battle_forecast(state: dict, area_id: str, rank: str) -> tuple[int, Fraction, Fraction]:
    """Dice, expected damage dealt and expected damage taken for a battle."""
    count = len(ranks_in(state, area_id, rank))
    values = state["enemy"][rank]
    return count, count * hit_chance(values["defence"]), count * hurt_chance(values["attack"])


def assault_chance(state: dict, area_id: str) -> Fraction:
    """Exact chance that an assault on ``area_id`` succeeds ("Assaults": a d10 per
    enemy token, success if any is at most the highest attack there)."""
    ranks = enemy_tokens(state, area_id)
    if not ranks:
        return Fraction(0)
    attack = max(state["enemy"][r]["attack"] for r in ranks)
    return dice.chance_at_least(1, len(ranks), attack, 10, at_most=True)


def test_chance(skill: int, target: int) -> Fraction:
    """"Skill Tests": at least 1 die; success if any die meets the target number."""
    return dice.chance_at_least(1, max(1, skill), target, 10)


def roll_odds(roll: dict) -> str:
    """The odds shown before the dice of a battle or skill test are rolled."""
    if roll["purpose"] == "battle":
        hit, hurt = hit_chance(roll["target"]), hurt_chance(roll["attack"])
        return (f"hit {dice.percent(hit)}, hurt {dice.percent(hurt)} a die; "
                f"deal ~{float(roll['count'] * hit):.1f}, take ~{float(roll['count'] * hurt):.1f}")
    return f"success {dice.percent(test_chance(roll['count'], roll['target']))}"


def roll_outcome(state: dict, roll: dict) -> str:
    """What the rolled pool means: hits and hurts, or success / fail."""
    pool = roll["pool"]
    if roll["purpose"] == "battle":
        hits = dice.pool_successes(pool, roll["target"])
        hurts = dice.pool_successes(pool, roll["attack"], at_most=True)
        return f"{hits} hit, {hurts} hurt"
    return "success" if dice.pool_successes(pool, roll["target"]) else "fail"


def finish_roll(ctx: Context, roll: dict) -> bool:
    """Carry out a rolled battle or skill test; returns True on a success.

    "Battle": each die at or above the defence deals 1 damage to the rank,
    each at or below the attack deals 1 damage to the hero (both when equal).
    "Skill Tests": one success or more passes the test.
    """
    state = ctx.state
    hero = state["heroes"][roll["hero"]]
    pool = roll["pool"]
    if roll["purpose"] == "battle":
        hits = dice.pool_successes(pool, roll["target"])
        hurts = dice.pool_successes(pool, roll["attack"], at_most=True)
        fallen = deal_damage(state, hero["area"], roll["rank"], hits)
        note(ctx, f"{hero['name']} vs {roll['rank']}s {pool['faces']}: {hits} hit, {hurts} hurt"
             + (f"; {len(fallen)} defeated" if fallen else ""))
        if hurts:
            wound(ctx, hero, hurts)
        return hits > 0
    success = dice.pool_successes(pool, roll["target"]) > 0
    note(ctx, f"{hero['name']} {roll['skill']} test TN{roll['target']} {pool['faces']}: "
         + ("success" if success else "fail"))
    return success


def ranks_in(state: dict, area_id: str, rank: str) -> list:
    area = state["areas"][area_id]
    if rank == "minion":
        return area["minions"]
    if rank == "captain":
        return area["captains"]
    return [state["boss"]] if state["boss"]["area"] == area_id else []


def deal_damage(state: dict, area_id: str, rank: str, hits: int) -> list[str]:
    """Assign ``hits`` to the enemies of ``rank`` in the area, finishing the most
    damaged first; defeated ones go to the out-of-play supply. Returns what fell."""
    vitality = state["enemy"][rank]["vitality"]
    fallen = []
    area = state["areas"][area_id]
    while hits > 0:
        if rank == "boss":
            if state["boss"]["area"] != area_id:
                break
            state["boss"]["damage"] += 1
            if state["boss"]["damage"] >= vitality:
                state["boss"]["area"] = None
                state["boss"]["defeated"] = True
                fallen.append("boss")
        elif rank == "minion":
            if not area["minions"]:
                break
            target = max(area["minions"], key=lambda m: m["damage"])
            target["damage"] += 1
            if target["damage"] >= vitality:
                area["minions"].remove(target)
                state["supply"]["minions"] += 1
                fallen.append("minion")
        else:
            if not area["captains"]:
                break
            index = max(range(len(area["captains"])), key=lambda i: area["captains"][i])
            area["captains"][index] += 1
            if area["captains"][index] >= vitality:
                area["captains"].pop(index)
                state["supply"]["captains"] += 1
                state["captains_defeated"] = state.get("captains_defeated", 0) + 1
                fallen.append("captain")
        hits -= 1
    return fallen


# --- tracks, limits, end ------------------------------------------------------------------


def _track_low(track: str):
    """"The Siege": a track that reached the siege icon cannot be reduced."""
    return lambda s: TRACK_SPACES if s["conquest"][track] >= TRACK_SPACES else 1


def tracks(state: dict) -> list[TrackSpec]:
    """The tracked numbers. On the dial (the Menhir dial cycles through them):
    stability, the reserves, the conquest tracks (corrections: a dial turn
    resolves no ability) and the heroes' damage. Off the dial (``correct``
    still sets them, their bounds still hold): the values set once at Setup
    and changed only by card effects: each hero's skills and vitality ("Skill":
    different game effects can modify a hero's skills), assets and burdens, and
    the enemy sheet's values ("Enemy Sheet")."""
    specs = [TrackSpec("stability", "Stability", "stability", 0, 10)]
    for kind in RESOURCES:
        specs.append(TrackSpec(kind, kind.capitalize(), f"reserves.{kind}", 0, 10))
    for track in TRACKS:
        specs.append(TrackSpec(track, track.capitalize(), f"conquest.{track}",
                               _track_low(track), TRACK_SPACES))
    for i in range(len(state["heroes"])):
        specs.append(TrackSpec(f"hero{i + 1}.damage", f"H{i + 1} damage", f"heroes.{i}.damage",
                               0, lambda s, i=i: max(0, s["heroes"][i]["vitality"] - 1)))
    for i in range(len(state["heroes"])):
        for skill in SKILLS:
            specs.append(TrackSpec(f"hero{i + 1}.{skill}", f"H{i + 1} {skill}",
                                   f"heroes.{i}.{skill}", 0, 9, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.vitality", f"H{i + 1} vitality",
                               f"heroes.{i}.vitality",
                               lambda s, i=i: s["heroes"][i]["damage"] + 1, 20, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.assets", f"H{i + 1} assets", f"heroes.{i}.assets",
                               0, MAX_ASSETS, dial=False))
        specs.append(TrackSpec(f"hero{i + 1}.burdens", f"H{i + 1} burdens",
                               f"heroes.{i}.burdens", 0, 20, dial=False))
    for rank in RANKS:
        specs.append(TrackSpec(f"{rank}.vitality", f"{rank.capitalize()} vitality",
                               f"enemy.{rank}.vitality", 1, 20, dial=False))
        for key in ("attack", "defence"):
            specs.append(TrackSpec(f"{rank}.{key}", f"{rank.capitalize()} {key}",
                                   f"enemy.{rank}.{key}", 0, 10, dial=False))
    return specs


def marching(state: dict) -> bool:
    """A March's movement is under way (waiting for a tied minion's answer, or
    for a card effect started meanwhile): "During enemy movement, more than
    three minions may end their movement in Farrenroc" until all movement is
    resolved ("Enemy Movement")."""
    proc = state.get("procedure")
    while proc:
        if "march_before" in proc["data"]:
            return True
        proc = proc["data"].get("resume")
    return False


def invariants(state: dict) -> list[str]:
    """"Glossary", Area: at most 3 minions (Farrenroc may hold more while a March's
    movement is under way, :func:`marching`, and as it stood when the game was
    lost during one); Fortify: at most 6 structures,
    basic locations only; 20 minions and 4 captains in all; "Encounter
    Cards": three assets at most per hero."""
    broken = []
    board = state["board"]["areas"]
    home = farrenroc(state["board"])
    on_board = 0
    captains = 0
    for area_id, area in state["areas"].items():
        excess_allowed = area_id == home and (marching(state) or state.get("over"))
        if len(area["minions"]) > MAX_MINIONS and not excess_allowed:
            broken.append(f"{area_name(state, area_id)} holds {len(area['minions'])} minions")
        if area["structure"] and board[area_id]["type"] not in (
                "village", "sanctuary", "dungeon", "ruins"):
            broken.append(f"structure in special location {area_id}")
        on_board += len(area["minions"])
        captains += len(area["captains"])
    for hero in state["heroes"]:
        if not 0 <= hero.get("assets", 0) <= MAX_ASSETS:
            broken.append(f"{hero['name']} holds {hero['assets']} assets")
    if structures(state) > MAX_STRUCTURES:
        broken.append(f"{structures(state)} structures")
    pending = sum(o["count"] for o in state.get("overruns", []))
    if on_board + state["supply"]["minions"] + pending != 20:
        broken.append(f"minions: {on_board} on board + {state['supply']['minions']} out of play")
    if captains + state["supply"]["captains"] != 4:
        broken.append(f"captains: {captains} on board + {state['supply']['captains']} out of play")
    if len(state["fate"]) not in (0, 5) or any(f not in FATE_FACES for f in state["fate"]):
        broken.append(f"fate pool {state['fate']!r}")
    return broken


def end_check(state: dict) -> dict | None:
    """"End of Game" / "Object of the Game"."""
    if state["stability"] <= 0:
        return {"result": "loss", "text": "Farrenroc has fallen: stability 0"}
    if state["boss"].get("defeated"):
        return {"result": "win", "text": "The boss is defeated: Farrenroc stands"}
    if state["final_done"]:
        return {"result": "win", "text": "The final objective is complete"}
    return None


def hero_area_type(state: dict, hero: dict) -> str:
    return area_type(state, hero["area"])
