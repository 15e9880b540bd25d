"""How minions move ("Enemy Movement", "Enemy Movement Priority"): the shortest
path toward the closest destination by priority, hopping full areas, Farrenroc's
excess after all movement; a March's movers one at a time, a tied move asked.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.board import distances, farrenroc
from games.myth.farrenroc import lose_stability
from games.myth.state import MAX_MINIONS, TRACK_OF, TRACKS, action_data, area_name, minion_count


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


def farrenroc_excess(ctx: Context) -> None:
    """"Enemy Movement": more than 3 minions in Farrenroc after movement: remove the
    excess to the supply, stability -1."""
    state = ctx.state
    home = state["areas"][farrenroc(state["board"])]
    extra = len(home["minions"]) - MAX_MINIONS
    if extra > 0:
        del home["minions"][MAX_MINIONS:]
        state["supply"]["minions"] += extra
        lose_stability(ctx, 1, f"{extra} minion(s) too many")


def destinations(state: dict) -> list[tuple[str, int]]:
    """Movement goals with their priority ("Enemy Movement Priority"): Farrenroc 0,
    an objective location 1 plus the number of tracks above its own (objectives
    whose tracks tie share a priority: "If there is a tie between multiple
    objectives ... players choose"), structures 4. Listed best first, tied
    objectives in track order (Despair, Devastation, Corruption: the box's
    former pick first), then board order."""
    conquest = state["conquest"]
    goals = [(farrenroc(state["board"]), 0, 0)]
    for area_id, area in state["areas"].items():
        if area["objective"]:
            track = TRACK_OF[area["objective"]]
            above = sum(1 for t in TRACKS if conquest[t] > conquest[track])
            goals.append((area_id, 1 + above, TRACKS.index(track)))
        elif area["structure"]:
            goals.append((area_id, 4, 0))
    goals.sort(key=lambda goal: goal[1:])
    return [(area_id, priority) for area_id, priority, _ in goals]


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
    the highest conquest track, structures). A tie between objectives (of the
    same kind, or of tracks tied for highest) or structures left after that is
    the players' choice, and so is a tie between shortest paths ("Enemy movement
    is resolved exactly like hero movement"). Each option is where the minion
    lands after hopping full areas. The former pick: the first tied goal in
    track order then board order, the neighbour holding the fewest minions
    (then board id)."""
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
    movers = waiting_movers(state)
    if movers and dest in march_options(state, movers[0]):
        return None
    return _not_a_tied_move(state, dest)


def _not_a_tied_move(state: dict, dest: str) -> RuleError:
    movers = waiting_movers(state)
    if not movers:
        return RuleError("No minion to move", "No March movement waits for the players' choice.")
    where = area_name(state, dest) if dest in state["areas"] else repr(dest)
    return RuleError("Not a tied move", f"A minion in {area_name(state, movers[0])} cannot "
                     f"move to {where}: minions take the shortest path toward the closest "
                     "destination by priority; the players choose only between tied "
                     "objectives, structures or paths (Enemy Movement Priority).")


def waiting_movers(state: dict) -> list[str]:
    return action_data(state).get("march") or []


def march_choices(state: dict) -> tuple[str, ...]:
    movers = waiting_movers(state)
    return tuple(march_options(state, movers[0])) if movers else ()


def march_default(state: dict) -> str | None:
    options = march_choices(state)
    return options[0] if options else None


def march_labels(state: dict) -> dict[str, str]:
    return {a: area["name"] for a, area in state["board"]["areas"].items()}


def march_to(ctx: Context) -> None:
    """"Enemy Movement Priority": "If there is a tie between multiple objectives
    or multiple structures when resolving enemy movement, players choose where
    the enemy moves": the first waiting minion moves to the chosen area; the
    prompt asks again while another minion has a tie."""
    movers = action_data(ctx.state).get("march")
    if not movers:
        raise _not_a_tied_move(ctx.state, ctx.params["area"])
    src = movers[0]
    move_minion(ctx.state, src, ctx.params["area"])
    movers.pop(0)
    ctx.note(f"Minion {area_name(ctx.state, src)} \u2192 {area_name(ctx.state, ctx.params['area'])}")
    advance_march(ctx.state, movers)
    if movers:
        ctx.stay()
