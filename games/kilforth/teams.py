""""Deed: Team": the other heroes at the location who join a Test or an engagement
("Team Engagement"), formed on a form or at a battle's first prompt.
"""

from __future__ import annotations

from games.core import Context, step_data
from games.kilforth.procedure_data import battle_data
from games.kilforth.state import active_hero, require


def team_choices(state: dict) -> tuple[str, ...]:
    """"Deed: Team": "none", or any group of the other heroes at the active hero's
    location ("H2", "H2+H3"...), for the Team field of a form."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("none",)
    here = active_hero(state)["cell"]
    others = [i for i, h in enumerate(state["heroes"]) if i != state["active_hero"]
              and h["cell"] == here and not h["defeated"] and not h["eliminated"]]
    return ("none", *_groups(others))


def chosen_team(ctx: Context) -> list[int]:
    """The Team formed for this Test or engagement ("Deed: Team"): other heroes at the
    location, none of them Hidden ("No Team member can be Hidden"), and the active
    hero may not be Hidden either ("Hidden heroes cannot perform Deeds")."""
    choice = ctx.params.get("team") or "none"
    if choice == "none":
        return []
    state = ctx.state
    team = _members(choice)
    require(not active_hero(state)["hidden"], "Hidden: no Team",
            "Hidden heroes cannot perform Deeds, and Team is a Deed (10. Deeds).")
    for i in team:
        require(not state["heroes"][i]["hidden"], f"H{i + 1} is Hidden",
                "No Team member can be Hidden; each must come out of hiding first (Deed: Team).")
    return team


def team_groups(state: dict, index: int) -> list[str]:
    """"Deed: Team": the groups of other heroes at hero ``index``'s location who may
    form a Team with them ("H2", "H2+H3"...): not defeated or eliminated, not Hidden
    ("No Team member can be Hidden"); one who has made Camp may join."""
    here = state["heroes"][index]["cell"]
    others = [i for i, h in enumerate(state["heroes"]) if i != index and h["cell"] == here
              and not (h["defeated"] or h["eliminated"] or h["hidden"])]
    return _groups(others)


def _groups(others: list[int]) -> list[str]:
    """Every group of ``others`` as a form names it: "H2", "H3", "H2+H3"..."""
    return ["+".join(f"H{others[k] + 1}" for k in range(len(others)) if mask >> k & 1)
            for mask in range(1, 2 ** len(others))]


def _members(choice: str) -> list[int]:
    """The hero indices of a group named on a form ("H2+H3" -> [1, 2])."""
    return [int(part[1:]) - 1 for part in choice.split("+")]


def battle_team_choices(state: dict) -> tuple[str, ...]:
    """The Team prompt's choices: "none", then each group that may join the engagement."""
    data = step_data(state)
    return ("none", *team_groups(state, data["hero"])) if "hero" in data else ("none",)


def team_up(ctx: Context) -> None:
    """"Deed: Team": "Form a Team with 1 or more other heroes at your location to jointly
    attempt an engagement" - a Deed "at any time during their turn - including during
    ... an engagement", so every engagement opens with the offer. "No Team member can
    be Hidden, each must come out of hiding first": a Hidden engaging hero who forms a
    Team comes out of hiding ("A hero can choose to no longer be Hidden at any point").
    "Team Engagement": "The first 2 stages of an engagement (Determine Surprise and
    Evasion Opportunity) are skipped" - no Surprise either way, no evasion."""
    data, state = battle_data(ctx.state), ctx.state
    choice = ctx.params["team"]
    if choice == "none":
        ctx.describe("No Team")
        return
    hero = state["heroes"][data["hero"]]
    if hero["hidden"]:
        hero["hidden"] = False
        ctx.note(f"{hero['name']} comes out of hiding to form the Team")
    data.update({"team": _members(choice), "surprise": None, "hidden": False})
    ctx.note(f"{hero['name']} engages with a Team of {len(data['team']) + 1} ({choice})")
