"""Sagas ("Action: Regale", "Saga Chapter Completion", "Saga Finale Completion",
"'Competitive Pressure' Rule"): a chapter completed, the Finale's Totem, and the
Ancients entering the map after the first Finale.
"""

from __future__ import annotations

from games.core import Context
from games.core.dice import counted
from games.kilforth import pack
from games.kilforth.actions import begin_action
from games.kilforth.heroes import accumulated, add_successes, hero_order
from games.kilforth.locations import pack_cell, where
from games.kilforth.pack import AS_ENTERED
from games.kilforth.procedure_data import FinaleTest, finale_test
from games.kilforth.rewards import check_limits, gain_asset, named_assets, remove_assets
from games.kilforth.state import CITY, MAX_HP_LIMIT, active_hero, cell_index, require
from games.kilforth.teams import chosen_team
from games.kilforth.turns import end_turn, in_daylight


def regale(ctx: Context) -> None:
    """"Action: Regale": one chapter or Finale completed per Day. A chapter costs 5
    gold (chapter x 2 in the Advanced Variant) and gives +1 maximum HP and HP; for each
    keyword the hero discards a rumour (``rumours``) or selects an asset, which they
    keep or sacrifice "and gain gold equal to its gold value" (``sacrificed``: those
    named by a unique keyword bring their recorded gold, the others ``sacrificed_gold``).
    The Finale is a Test at its location, not on the Day chapter 4 was completed."""
    state, p = ctx.state, ctx.params
    require(in_daylight(state), "Not in Daylight", "Regale is a Daylight Action.")
    hero = active_hero(state)
    require(not hero["regaled"], "Regaled today",
            "A hero cannot complete a second saga chapter or Finale in a Day (Action: Regale).")
    require(hero["chapter"] <= 5, "Saga complete", "The saga is already complete.")
    if hero["chapter"] == 5:
        require(hero["chapter4_day"] != state["day"], "Not today: chapter 4",
                "Not during the same Day that chapter 4 was completed (Saga Finale Completion).")
        require(p["finale"] > 0, "Enter Finale value",
                "Enter the Finale's attribute value (Saga Finale Completion).")
        require(_together(state, hero), "All heroes here first",
                "Variant for the Cooperative Game: all heroes must be at the same location as "
                "the active hero in order for their Finale to be completed (Saga Chapter "
                "Completion).")
        attribute = p["attribute"]
        entry = accumulated(hero, None)
        team = chosen_team(ctx)
        hero = begin_action(ctx, "Regale")
        n = max(0, hero[attribute] + p["bonus"] + len(team))
        ctx.start("test", {"hero": state["active_hero"], "attribute": attribute, "dice": n,
                           "needed": p["finale"], "prior": entry["count"] if entry else 0,
                           "encounter": None, "purpose": "finale", "first": False, "rolled": 0,
                           "fates": 0, "team": team, "action": True})
        ctx.note(f"{hero['name']} attempts the Finale: {counted(n)} for {p['finale']}")
        return
    cost = hero["chapter"] * 2 if state["advanced_regale"] else 5
    require(hero["gold"] >= cost, f"Need {cost} gold",
            f"Completing a chapter costs {cost} gold (Saga Chapter Completion).")
    require(hero["rumours"] >= p["rumours"], "Not enough rumours", "Discard only rumours you hold.")
    keywords = named_assets(hero, p["sacrificed"], p["sacrificed_keywords"], "Saga Chapter Completion")
    hero = begin_action(ctx, "Regale")
    hero["gold"] -= cost
    hero["rumours"] -= p["rumours"]
    gained = remove_assets(hero, p["sacrificed"], keywords, p["sacrificed_gold"])
    hero["gold"] += gained
    done = complete_chapter(state, hero)
    ctx.note(f"{hero['name']} completes chapter {done}: take a level {done} skill"
         + (f"; {p['sacrificed']} asset(s) sacrificed for {gained} gold" if p["sacrificed"] else ""))
    competitive_pressure(ctx, state["active_hero"], done)
    end_turn(ctx)


def _together(state: dict, hero: dict) -> bool:
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed" (when the variant is played);
    a defeated hero, back in Sprawl City, is still a hero of the game, an eliminated one
    is not ("Ancient Battles")."""
    if state["mode"] != "coop" or not state.get("coop_finale"):
        return True
    return all(h["cell"] == hero["cell"] for h in state["heroes"] if not h["eliminated"])


def complete_chapter(state: dict, hero: dict) -> int:
    """"Saga Chapter Completion": +1 maximum health and HP, the next chapter (the skill
    is the player's to take), and the chapter counts as this Day's ("Action: Regale",
    Restriction: "has not already completed a saga chapter or Finale this Day").
    Returns the chapter completed."""
    done = hero["chapter"]
    hero["max_hp"] = min(MAX_HP_LIMIT, hero["max_hp"] + 1)
    hero["hp"] = min(hero["max_hp"], hero["hp"] + 1)
    hero["regaled"] = True
    if done == 4:
        hero["chapter4_day"] = state["day"]
    hero["chapter"] += 1
    return done


def competitive_pressure(ctx: Context, index: int, done: int) -> None:
    """"'Competitive Pressure' Rule": when a hero completes chapter 3, any other hero
    who has not yet completed chapter 1 "(in hero order) immediately completes their
    current chapter, without spending any AP, gold, or keywords"; chapter 4 lifts
    those who have not completed chapter 1 or 2. The chapter is completed as by a
    Regale, so it is that hero's chapter of the Day. An eliminated hero is left out
    ("Ancient Battles": rules "no longer include that hero")."""
    state = ctx.state
    if state["mode"] != "competitive" or done not in (3, 4):
        return
    below = 1 if done == 3 else 2
    for i in hero_order(state):
        other = state["heroes"][i]
        if i != index and other["chapter"] <= below and not other["eliminated"]:
            lifted = complete_chapter(state, other)
            ctx.note(f"Pressure: {other['name']} completes chapter {lifted}: "
                     f"take a level {lifted} skill")


def finale_result(ctx: Context, data: FinaleTest) -> None:
    """"Saga Finale Completion": the Finale's successes accumulate like a Confront's
    ("Action: Regale": it may be tried again); enough of them complete the saga, and
    the first Finale brings the Ancients onto the map ("Important"). With the co-op
    variant every hero must be here when it would be completed: one sent away during
    the Test (defeated, relocated) leaves it not completed, its successes kept."""
    state, total = ctx.state, data["total"]
    hero = state["heroes"][data["hero"]]
    entry = add_successes(hero, None, data["attribute"], total)
    if total < data["needed"]:
        ctx.note(f"Finale: {total}/{data['needed']} successes")
        return
    if not _together(state, hero):
        ctx.note(f"Finale: {total}/{data['needed']} successes, but not every hero is here: "
                 "not completed (Variant for the Cooperative Game)")
        return
    hero["successes"].remove(entry)
    hero["chapter"] = 6
    data["finale"] = True
    first = not any(a["in_play"] for a in state["ancients"])
    for ancient in state["ancients"]:
        ancient["in_play"] = True
    data["ancients_enter"] = first
    data["ancient"] = 0
    ctx.note(f"{hero['name']} completes the Finale!" + (" The Ancients enter the map" if first else ""))


def totem(ctx: Context) -> None:
    """"Saga Finale Completion": "When a saga Finale is defeated, the hero's saga is
    complete. Turn their Finale card over to its Totem side and either: a. put the Totem
    card into play as an asset, or b. remove the Totem card from the game and gain gold
    equal to its gold value." An asset counts towards the limit of 6 and the Victory
    Points ("Asset: Reward or Totem card in a hero's play area")."""
    hero = ctx.state["heroes"][finale_test(ctx.state)["hero"]]
    gold = ctx.params["gold"]
    if ctx.params["totem"] == "asset":
        gain_asset(ctx, hero, gold, "none")
        check_limits(ctx, hero)
        ctx.note(f"{hero['name']} puts the Totem into play ({gold} gold)")
    else:
        hero["gold"] += gold
        ctx.note(f"{hero['name']} removes the Totem for {gold} gold")


def ancient_choices(state: dict) -> tuple[str, ...]:
    """"as entered", or an Ancient card of the pack; the Ancient already named at Setup
    comes first (the form's default)."""
    names = [c["name"] for c in (state.get("pack") or {}).get("ancients", [])]
    proc = state.get("procedure")
    index = proc["data"].get("ancient", 0) if proc else 0
    ancients = state.get("ancients", [])
    own = ancients[index]["name"] if index < len(ancients) else None
    if own in names:
        return (own, AS_ENTERED, *(n for n in names if n != own))
    return (AS_ENTERED, *names)


def ancient_card(ctx: Context) -> None:
    """"Saga Finale Completion", Important: the first Finale brings the Ancient (all
    Ancients in the cooperative game) onto the map at the location on its card; its
    Fight, HP and gold come from the card."""
    p, data = ctx.params, finale_test(ctx.state)
    index = data.get("ancient", 0)
    ancient = ctx.state["ancients"][index]
    values = {k: p[k] for k in ("fight", "hp", "gold")}
    chosen = p.get("card") or AS_ENTERED
    if chosen != AS_ENTERED:  # the pack's Ancient card: its location, Fight, HP and gold
        card = pack.card(ctx.state["pack"], "ancients", chosen)
        require(all(a["name"] != chosen for i, a in enumerate(ctx.state["ancients"]) if i != index),
                "Ancient already in", f"{chosen} is already one of this game's Ancients.")
        cell = pack_cell(ctx.state, card["location"])
        values = {k: card[k] for k in ("fight", "hp", "gold")}
        ancient["name"] = chosen
    else:
        cell = cell_index(p["location"])
    require(cell != CITY, "Not on Sprawl City",
            "No Ancient may be placed on Sprawl City (Locations, Sprawl City).")
    ancient.update(cell=cell, fight=values["fight"], hp=values["hp"], max_hp=values["hp"],
                   gold=values["gold"])
    data["ancient"] = index + 1
    if index + 1 < len(ctx.state["ancients"]):
        ctx.stay()
    ctx.note(f"{ancient['name']} enters {where(cell, ctx.state)}: Fight {values['fight']}, "
             f"HP {values['hp']}")
