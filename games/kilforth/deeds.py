"""Deeds ("10. Deeds"): performed during the hero's turn, no AP, never while
Hidden - Overcome, Exchange, Resolve and the Assault on an Ancient. The Team Deed
is in :mod:`~games.kilforth.teams`.
"""

from __future__ import annotations

from games.core import Context
from games.kilforth.battles import start_battle
from games.kilforth.encounters import defeat_encounter, encounter_here, encounters_seen
from games.kilforth.locations import where
from games.kilforth.procedure_data import battle_data
from games.kilforth.rewards import check_limits, gain_asset, lose_asset, settle_assets
from games.kilforth.state import active_hero, require
from games.kilforth.teams import chosen_team
from games.kilforth.turns import in_daylight, may_deed


def _deed(ctx: Context, name: str) -> dict:
    """"10. Deeds": "at any time during their turn - including during an Action, an
    engagement, or another Deed" (:func:`~games.kilforth.turns.may_deed`), never while
    Hidden; never by a hero who has made Camp ("receives no more turns that Day"), is
    defeated ("Make Camp and end their turn immediately") or eliminated ("Ancient
    Battles")."""
    state = ctx.state
    require(may_deed(state), "Not in Daylight", f"{name} is a Deed, performed during a turn (10. Deeds).")
    hero = active_hero(state)
    require(not hero["camped"], "Turn is over",
            f"{hero['name']} has made Camp and takes no more turns today (Daylight Turns).")
    require(not hero["hidden"], "Hidden: no Deeds", "Hidden heroes cannot perform Deeds (10. Deeds).")
    return hero


def overcome(ctx: Context) -> None:
    """"Deed: Overcome": defeat an encounter whose Weakness matches a keyword in play;
    no AP. "Hidden heroes cannot perform Deeds". Performed during a step of the turn
    ("including during an Action, an engagement, or another Deed"), the reward is claimed
    and that step goes on - but the battle's own foe goes straight to the Foe Defeated
    Check (its reward, and the battle ends), and the encounter a Confront is Testing ends
    that Test (its successes no longer matter) with the Overcome's reward."""
    state = ctx.state
    hero = _deed(ctx, "Overcome")
    enc = encounter_here(state, ctx.params["encounter"], hero)
    proc = state.get("procedure")
    data = proc["data"] if proc else {}
    name = proc["name"] if proc else None
    ctx.note(f"{hero['name']} overcomes {enc['name']}")
    if name == "battle" and data.get("foe") == enc["id"] and not data.get("over"):
        data["foe_hp"] = 0  # "Defeat: ... the hero defeats it and claims the reward for it"
        ctx.goto("foe_check")
        return
    reward = {"hero": state["active_hero"], "defeated": enc, "purpose": "overcome"}
    defeat_encounter(state, enc)
    if name == "test" and data.get("purpose") == "confront" and data.get("encounter") == enc["id"]:
        ctx.start("test", {**reward, "action": data.get("action", True)})  # the Action's Test ends
    else:
        (ctx.interrupt if proc else ctx.start)("test", reward)
    ctx.goto("reward")


def exchange(ctx: Context) -> None:
    """"Deed: Exchange": with a hero at the same location, gold, Loot tokens, rumours,
    Item and Spell assets (not Allies or Titles), either way (positive numbers are
    given, negative received); the limits of 6 apply after. An asset with a unique
    keyword moves with it (one such asset per Exchange: "any number of agreed
    exchanges"), its gold value as recorded; a duplicate keyword at the taker is
    discarded at once, keeping the card ``keep`` names (Action: Discover, Important)."""
    state, p = ctx.state, ctx.params
    hero = _deed(ctx, "Exchange")
    other_index = int(p["with"][1:]) - 1
    require(other_index < len(state["heroes"]) and other_index != state["active_hero"],
            "Pick another hero", "Exchange is with another hero (Deed: Exchange).")
    other = state["heroes"][other_index]
    require(other["cell"] == hero["cell"] and not other["eliminated"], "Not at your location",
            f"{other['name']} must be at {where(hero['cell'])} (Deed: Exchange).")
    keyword = p["keyword"]
    giver, taker = (hero, other) if p["assets"] > 0 else (other, hero)
    if keyword != "none":
        require(abs(p["assets"]) == 1, "One keyed asset",
                "Exchange one asset with a unique keyword at a time: an Exchange Deed may be "
                "repeated (Deed: Exchange, any number of agreed exchanges).")
        require(keyword in giver["uniques"], f"No *{keyword} asset"[:21],
                f"{giver['name']} has no asset with the unique keyword {keyword} in play.")
    moves = {"gold": p["gold"], "loot": p["loot"], "rumours": p["rumours"]}
    require(any(moves.values()) or p["assets"], "Nothing exchanged",
            "Choose what changes hands (Deed: Exchange).")
    for field, amount in (*moves.items(), ("assets", p["assets"])):
        source = hero if amount > 0 else other
        require(source[field] >= abs(amount), f"{source['name'][:9]}: {field}"[:21],
                f"{source['name']} has only {source[field]} {field} (Deed: Exchange).")
    for field, amount in moves.items():
        source, target = (hero, other) if amount > 0 else (other, hero)
        source[field] -= abs(amount)
        target[field] += abs(amount)
    if keyword != "none":  # one asset, its keyword and recorded gold value with it
        gain_asset(ctx, taker, lose_asset(giver, keyword, p["asset_gold"]), keyword, p["keep"])
    elif p["assets"]:  # assets without a keyword named: the count and their gold as entered,
        # or all the giver's asset gold when all their assets change hands
        everything = abs(p["assets"]) == giver["assets"]
        gold = giver["asset_gold"] if everything else min(p["asset_gold"], giver["asset_gold"])
        giver["assets"] -= abs(p["assets"])
        giver["asset_gold"] -= gold
        taker["assets"] += abs(p["assets"])
        taker["asset_gold"] += gold
        settle_assets(giver)
    moves["assets"] = p["assets"]
    for h in (hero, other):
        check_limits(ctx, h)
    given = ", ".join(f"{f} {a:+d}" for f, a in moves.items() if a and f != "asset_gold")
    ctx.note(f"Exchange with {other['name']} (given +, received -): {given}")


def resolve(ctx: Context) -> None:
    """"Deed: Resolve": the Deed ability on a card or a Loot token in play ("Loot: each
    Loot token ... can be discarded as a Resolve Deed", e.g. 'Gain 1 Move AP'); a
    'Veil:' card is turned until Dawn. The effect's numbers are entered: AP gained,
    gold gained, HP healed (up to maximum health)."""
    p = ctx.params
    hero = _deed(ctx, "Resolve")
    require(not (p["heal"] and hero["hp"] == 0), "0 HP: defeated",
            f"{hero['name']} lost their last HP: the Hero Defeated Check declares them defeated "
            "(Health/Health Points; Step 3: Hero Defeated Check).")
    if p["source"] == "Loot token":
        require(hero["loot"] > 0, "No Loot tokens", f"{hero['name']} has no Loot token (Deed: Resolve).")
        hero["loot"] -= 1
    hero["ap"] += p["ap"]
    hero["gold"] += p["gold"]
    healed = min(p["heal"], hero["max_hp"] - hero["hp"])
    hero["hp"] += healed
    ctx.note(f"{hero['name']} resolves a {p['source']}: AP +{p['ap']}, gold +{p['gold']}, HP +{healed}")


def assault(ctx: Context) -> None:
    """"Deed: Assault": a hero whose saga is complete, at the Ancient's location with no
    other encounters, engages the Ancient (no AP). In the cooperative game all heroes
    must have completed their Finales first. The Ancient's unresolved Plots leave the
    map and join it ("Ancient Battles"); no Surprise, no evasion, no escape."""
    state = ctx.state
    hero = _deed(ctx, "Assault")
    require(in_daylight(state), "Finish the step",
            "An Assault is an engagement of its own: start it between steps (Deed: Assault).")
    index = state["active_hero"]
    number = ctx.params["ancient"]
    require(number <= len(state["ancients"]), f"No Ancient {number}", "There is no such Ancient.")
    ancient = state["ancients"][number - 1]
    require(ancient["in_play"] and not ancient["defeated"] and ancient["cell"] is not None,
            "Ancient not on map", "The Ancient enters the map when the first Finale is completed "
            "(Saga Finale Completion).")
    require(hero["cell"] == ancient["cell"], "Not at the Ancient",
            f"Go to {where(ancient['cell'])}, the Ancient's location (Deed: Assault).")
    require(not encounters_seen(state, index), "Other encounters here",
            "The Ancient's location must have no other encounters (Deed: Assault, Restriction); "
            "a foe evaded today is as if it did not exist (Stage 2: Evasion Opportunity).")
    team = chosen_team(ctx)
    for i in (index, *team):
        require(state["heroes"][i]["chapter"] > 5, f"H{i + 1}: saga not done",
                "A hero must first complete their saga in order to battle the Ancient "
                "(4. Winning the Game; Deed: Assault).")
    if state["mode"] == "coop":
        require(all(h["chapter"] > 5 for h in state["heroes"] if not h["eliminated"]),
                "All Finales first", "In the cooperative game all heroes must have completed their "
                "saga Finales before any hero can Assault an Ancient (Deed: Assault).")
    joined = 0
    for cell in state["map"]:
        joined += cell["plots"].count(number - 1)
        cell["plots"] = [a for a in cell["plots"] if a != number - 1]
    ancient["plots_joined"] += joined
    start_battle(ctx, index, None, action=False, team=team, ancient=number - 1)
    battle_data(ctx.state)["joined"] = joined
    ctx.note(f"{hero['name']} assaults {ancient['name']} ({ancient['hp']} HP)"
         + (f"; {joined} Plot(s) join it" if joined else ""))
