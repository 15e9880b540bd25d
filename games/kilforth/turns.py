"""Daylight turns ("6. Daylight Phase", "7. Hero Turn"): whose turn it is, Action
or Camp, the Enemies a hero must engage (at the start of a turn, on arrival, in the
order of their choice), and the Night once every hero has Camped.
"""

from __future__ import annotations

from games.core import Context, RuleError, step_data
from games.core.context import resume
from games.kilforth.battles import start_battle
from games.kilforth.encounters import enemies_here
from games.kilforth.heroes import make_camp
from games.kilforth.procedure_data import battle_data, engagements_data, step_id
from games.kilforth.state import encounter_in_play, find_encounter, require
from games.kilforth.teams import chosen_team


def in_daylight(state: dict) -> bool:
    """A hero's Daylight turn is on ("6. Daylight Phase"): no step waits, the Night is
    not due, the game goes on."""
    return (not state.get("procedure") and state.get("active_hero") is not None
            and not night_ready(state) and not state.get("over"))


def deeds_in_action(state: dict) -> bool:
    """An Action waits for the active hero's Deeds before play passes ("10. Deeds": "A
    hero may perform a Deed at any time during their turn - including during an
    Action"): the card a Move or a Search drew is on the map (the ``arrive`` procedure's
    ``deeds`` step)."""
    proc = state.get("procedure")
    return bool(proc and proc["name"] == "arrive" and step_id(state) == "deeds")


def may_deed(state: dict) -> bool:
    """A Deed may be performed now: "A hero may perform a Deed at any time during their
    turn - including during an Action, an engagement, or another Deed" ("10. Deeds") -
    between steps of a Daylight turn, or at any step of a procedure within it (a Test, a
    battle, an encounter drawn, a Deed's reward), not at Night or during Setup (even a
    Test an Event of the Night asks)."""
    if state.get("over") or state.get("active_hero") is None:
        return False
    proc = state.get("procedure")
    if not proc:
        return not night_ready(state)
    while proc is not None:
        if proc["name"] in ("night", "setup"):
            return False
        proc = proc["data"].get("resume")
    return True


def night_ready(state: dict) -> bool:
    """"Daylight Turns": when all heroes have made Camp, the Night phase begins."""
    return "heroes" in state and all(h["camped"] for h in state["heroes"])


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts between procedures: the Night once every hero has Camped."""
    if state.get("over") or state.get("procedure"):
        return None
    return "night" if night_ready(state) else None


def pass_turn(state: dict) -> None:
    """"Daylight Turns": play passes clockwise to the next hero who has not Camped."""
    n = len(state["heroes"])
    current = state["active_hero"]
    for k in range(1, n + 1):
        i = (current + k) % n
        hero = state["heroes"][i]
        if not hero["camped"] and not hero["eliminated"]:
            state["active_hero"] = i
            return


def end_turn(ctx: Context) -> None:
    """After an Action (or a Camp, a defeat, an escape): the Night begins when all
    heroes have made Camp ("Daylight Turns"), else play passes clockwise and the
    next hero first engages the Enemies at their location."""
    if night_ready(ctx.state):
        ctx.start("night")
    elif ctx.state["active_hero"] is not None:
        pass_turn(ctx.state)
        for enc in ctx.state["encounters"]:
            enc["fresh"] = False  # "just drawn ... this turn" no longer
        engage_at_turn_start(ctx)


def end_action(ctx: Context) -> None:
    """A procedure started by an Action is over: play passes ("Daylight Turns")."""
    if ctx.data.get("action"):
        end_turn(ctx)


def end_test(ctx: Context) -> None:
    """A Test taken while an Event was resolved returns to that Event's step (the
    Night or the encounter drawn goes on from there); otherwise as after an Action."""
    if not resume(ctx):
        end_action(ctx)


def engage_at_turn_start(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: "At the beginning of their turn, the hero
    must first engage all Enemies at their location" - one battle after another;
    the hero then takes their Action (engagements cost no AP)."""
    index = ctx.state["active_hero"]
    if not ctx.state["heroes"][index]["camped"]:
        engage_enemies(ctx, index, action=False)


def engage_enemies(ctx: Context, index: int, *, action: bool) -> bool:
    """"7. Hero Turn", Enemy Engagement: "the hero must first engage all Enemies at
    their location, if any, in the order of their choice". One Enemy is engaged at
    once; with several the ``engagements`` prompt asks which first (and again after
    each battle). Returns False when there is no Enemy to engage."""
    enemies = enemies_here(ctx.state, index)
    if not enemies:
        return False
    name = ctx.state["heroes"][index]["name"]
    if len(enemies) == 1:
        ctx.note(f"{name} must engage {enemies[0]['name']}")
        start_battle(ctx, index, enemies[0], action=action)
    else:
        ctx.note(f"{name} must engage {len(enemies)} Enemies: choose the order")
        ctx.start("engagements", {"hero": index, "action": action})
    return True


def enemy_choices(state: dict) -> tuple[str, ...]:
    """The Enemies the engaging hero still has to engage here, by encounter number
    (text, for a choice field); the form names them (``enemy_labels``)."""
    if "heroes" not in state:
        return ()
    data = step_data(state)
    index = data.get("hero", state.get("active_hero"))
    if index is None:
        return ()
    return tuple(str(e["id"]) for e in enemies_here(state, index))


def enemy_labels(state: dict) -> dict[str, str]:
    """ "#3 Kobold F2 HP3": what the hero sees on the card, for the engagement prompt."""
    return {str(e["id"]): f"#{e['id']} {e['name']} F{e['fight']} HP{e['hp']}"
            for e in state.get("encounters", [])}


def engage(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: engage an Enemy at the hero's location (no AP)."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", "Engagements happen on a hero's turn.")
    index = state["active_hero"]
    enc = find_encounter(state, ctx.params["encounter"])
    if enc is None or enc not in enemies_here(state, index):
        raise RuleError("No such Enemy here",
                        "Engage an Enemy (or your Enemy Stranger) at your location (9. Engagement).")
    team = chosen_team(ctx)
    start_battle(ctx, index, enc, action=False, team=team)
    ctx.note(f"{state['heroes'][index]['name']} engages {enc['name']}"
         + (f" with a Team of {len(team) + 1}" if team else ""))


def engage_next(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: the hero engages the Enemies at their location
    "in the order of their choice" - the one chosen now; the prompt comes back after
    the battle while two or more are left."""
    data = engagements_data(ctx.state)
    index = data["hero"]
    enc = encounter_in_play(ctx.state, int(ctx.params["encounter"]))
    start_battle(ctx, index, enc, action=data.get("action"))
    ctx.note(f"{ctx.state['heroes'][index]['name']} engages {enc['name']} first")


def after_battle(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: the hero engages all Enemies at their location,
    one after another; then the turn goes on (or passes, after an Action, or when the
    battle made the hero Camp: a defeat or an escape).

    "After the battle ends, if the foe is non-Ancient and not defeated, it restores
    to full health": its HP is only kept in the battle's data. "All HP loss inflicted
    on the Ancient remains after the battle": its HP is the battle's at the end (a
    correction after the last Skirmish included; a maximum raised with it)."""
    data = battle_data(ctx.state)
    index = data["hero"]
    if data.get("ancient") is not None:
        ancient = ctx.state["ancients"][data["ancient"]]
        ancient["hp"] = data["foe_hp"]
        ancient["max_hp"] = max(ancient["max_hp"], data["foe_hp"])
    hero = ctx.state["heroes"][index]
    if not hero["camped"] and engage_enemies(ctx, index, action=data.get("action")):
        return
    if hero["camped"] and index == ctx.state["active_hero"] and not data.get("action"):
        end_turn(ctx)  # defeated or escaped: "Make Camp and end their turn immediately"
        return
    end_action(ctx)


def after_engagements(ctx: Context) -> None:
    """Reached only when no Enemy was chosen: the hero was defeated at the prompt (HP
    turned down on the dial, "Hero Defeated": a card lost, the turn passes), or fewer
    than two Enemies are left (the last is engaged at once)."""
    data = engagements_data(ctx.state)
    index = data["hero"]
    if not ctx.state["heroes"][index]["camped"]:
        if not engage_enemies(ctx, index, action=data.get("action")):
            end_action(ctx)
    elif index == ctx.state["active_hero"]:
        end_turn(ctx)


def camp(ctx: Context) -> None:
    """"Action or Camp": discard remaining AP, no further turns; the first to Camp
    takes the First Hero marker; when all have Camped the Night begins."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", "Heroes make Camp during Daylight.")
    index = state["active_hero"]
    make_camp(state, index)
    first = state["first_camper"] == index
    ctx.note(f"{state['heroes'][index]['name']} makes Camp" + (" (First Hero marker)" if first else ""))
    end_turn(ctx)
