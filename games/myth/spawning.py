"""Minions spawned ("Spawning Enemies", "Running Out of Minions", "Overruns"):
one spawn effect at a time, an overrun per full area held for the players'
choice (a resource discarded, or the minions one area closer to Farrenroc).
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.myth.board import farrenroc
from games.myth.conquest import raise_track
from games.myth.enemy_movement import farrenroc_excess, land, step_toward
from games.myth.farrenroc import discard_choices, owe_resources
from games.myth.state import MAX_MINIONS, RESOURCES, TRACK_OF, area_name, minion_count


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
        ctx.note("Spawned: " + ", ".join(placed))
    if no_room:
        ctx.note(f"Farrenroc already holds {MAX_MINIONS} minions: {no_room} minion(s) not "
             "spawned there, left in the supply (no stability lost: that is for minions "
             "moved in)")
    for area_id, count in overrun.items():
        kind = state["areas"][area_id]["objective"]
        ctx.note(f"Overrun in {area_name(state, area_id)} ({count})")
        if kind:
            raise_track(ctx, TRACK_OF[kind], 1)
        state.setdefault("overruns", []).append({"area": area_id, "count": count})
    if missing:
        ctx.note(f"Out of minions: {missing} could not spawn, discard {missing} resource(s)")
        owe_resources(ctx, missing, "out of minions")


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
    return None if choice in overrun_options(state) else _not_an_overrun_answer(state, choice)


def _not_an_overrun_answer(state: dict, choice: str | None) -> RuleError:
    if not state.get("overruns"):
        return RuleError("No overrun waits", "No overrun waits for the players' choice (Overruns).")
    if choice in RESOURCES:
        return RuleError(f"No {choice} to discard",
                         f"The reserves hold no {choice}: move the minions instead "
                         "(Overruns; Spend: never in excess of the reserves).")
    where = area_name(state, state["overruns"][0]["area"])
    target = area_name(state, choice) if choice is not None and choice in state["areas"] else repr(choice)
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
    answer = overrun_default(state) if choice == "move" else choice
    if answer is None or answer not in overrun_options(state):
        raise _not_an_overrun_answer(state, answer)
    count = state["overruns"][0]["count"]
    if answer not in RESOURCES:
        # Each overrun minion moves on its own, hopping areas already full
        # ("Enemy Movement"), so one destination never takes more than 3.
        destinations = []
        for _ in range(count):
            dest = land(state, answer)
            state["areas"][dest]["minions"].append({"damage": 0, "delayed": False})
            destinations.append(area_name(state, dest))
        ctx.note(f"{count} overrun minion(s) to {', '.join(destinations)}")
        farrenroc_excess(ctx)
    else:
        state["reserves"][answer] -= 1
        state["supply"]["minions"] += count
        ctx.note(f"Discarded 1 {answer}: {count} overrun minion(s) out of play")
    state["overruns"].pop(0)


def spawn_cmd(ctx: Context) -> None:
    """A card says spawn: one spawn effect ("Spawning Enemies"), with overruns."""
    spawn(ctx, [ctx.params["area"]] * ctx.params["count"])
    ctx.interrupt("effect")


def overrun(ctx: Context) -> None:
    """"Overruns": the players' choice for the first waiting overrun (a resource
    to discard, or which area one closer to Farrenroc takes the minions); the
    prompt asks again while overruns with a real choice wait."""
    resolve_overrun(ctx, ctx.params["choice"])
    settle_overruns(ctx)
    if ctx.state["overruns"]:
        ctx.stay()
