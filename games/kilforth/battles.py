"""Battles ("9. Engagement"): what a battle keeps, Stage 1 (Surprise), Stage 2
(Evasion Opportunity), Stage 3's rounds (Skirmish, Foe and Hero Defeated Checks,
Escape Option), a Trap, and a hero's HP turned on the dial while battling.

The battle's rolls are Tests (:mod:`games.kilforth.tests`); what follows a battle
belongs to the hero's turn (:mod:`games.kilforth.turns`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Context
from games.kilforth.encounters import defeat_encounter
from games.kilforth.heroes import defeat, eliminate, leave_location, lose_hp_in_battle, make_camp
from games.kilforth.locations import distance, where
from games.kilforth.procedure_data import BattleData, battle_data, step_id
from games.kilforth.rewards import settle_assets
from games.kilforth.state import Ancient, Encounter, cell_index, encounter_in_play, require


def start_battle(ctx: Context, index: int, enc: Encounter | None, *, no_surprise: bool = False,
                 action: bool | None = None, team: list[int] | None = None,
                 ancient: int | None = None) -> None:
    """Begin an engagement ("9. Engagement"); Stage 1 decides Surprise.

    "An Enemy just drawn from the encounter deck this turn has Surprise, unless
    the hero is Hidden"; a Hidden hero chooses Surprise Attack or Evade; a
    Stranger that the hero just made an Enemy gives no one Surprise. A Team
    engagement ("Deed: Team") and an Ancient's Assault ("Ancient Battles") skip
    Stages 1 and 2. ``team`` is the Team a command formed (``engage``,
    ``assault``); without one, the battle's first prompt offers to form it ("a
    Deed at any time ... including during an engagement"). ``action`` says whether
    the engagement is part of an Action (the turn passes after it)."""
    hero = ctx.state["heroes"][index]
    special = bool(team) or ancient is not None
    surprise = None
    if not special and not no_surprise and not hero["hidden"] and enc is not None and enc.get("fresh"):
        surprise = "foe"
    if ancient is not None:
        foe_hp = ctx.state["ancients"][ancient]["hp"]
    else:
        assert enc is not None, "a battle against an encounter needs it"
        foe_hp = enc["hp"]
    if action is None:
        action = ctx.data.get("action", True)
    ctx.start("battle", {"hero": index, "team": list(team or []), "foe": enc["id"] if enc else None,
                         "ancient": ancient, "foe_hp": foe_hp, "surprise": surprise, "round": 0,
                         "hidden": hero["hidden"] and not no_surprise and not special,
                         "action": action, "rolling": 0, "hero_hits": {}, "foe_hits": {},
                         "fates": 0, "team_asked": team is not None or ancient is not None})


def battle_foe(state: dict, data: BattleData) -> Ancient | Encounter:
    """The foe: an Enemy (or Enemy Stranger) encounter, or an Ancient."""
    if data.get("ancient") is not None:
        return state["ancients"][data["ancient"]]
    return encounter_in_play(state, data["foe"])


def battle_heroes(data: BattleData) -> list[int]:
    """The heroes fighting in a battle: the active hero and any Team members."""
    return [data["hero"], *data.get("team", [])]


def fighters(state: dict, data: BattleData) -> list[int]:
    """The heroes still fighting a battle, the active hero first ("Team Engagement"); a
    defeated or eliminated hero is out of it ("Step 3: Hero Defeated Check")."""
    return [i for i in battle_heroes(data)
            if not state["heroes"][i]["defeated"] and not state["heroes"][i]["eliminated"]]


def rolling_hero(state: dict) -> int:
    """The Team hero whose Fight Test (or whose foe's Test) the prompt asks for; once
    nobody fights (the battle's hero defeated, their lost card being asked) the
    battle's hero, so a view never points at no one."""
    data = battle_data(state)
    team = fighters(state, data)
    if not team:
        return data["hero"]
    return team[min(max(0, data.get("rolling", 0)), len(team) - 1)]


def expects(roll: str) -> Callable[[dict], tuple[int, str]]:
    """The dice a battle prompt expects (``Step.dice``): the base count before any
    bonus the player adds on the form."""
    def expected(state: dict) -> tuple[int, str]:
        return battle_dice(state, roll), "d6"
    return expected


def battle_dice(state: dict, roll: str, bonus: int = 0) -> int:
    """"Test", dice: attribute + bonuses, +1 with Surprise (first battle round only)."""
    data = battle_data(state)
    if roll == "evade":
        return max(0, state["heroes"][data["hero"]]["sneak"] + bonus)
    if roll == "hero":
        hero = state["heroes"][rolling_hero(state)]
        return max(0, hero["fight"] + bonus + (1 if data["surprise"] == "hero" else 0))
    return max(0, battle_foe(state, data)["fight"] + (1 if data["surprise"] == "foe" else 0))


def stance(ctx: Context) -> None:
    """"Stage 1": a Hidden hero either Surprise Attacks (loses Hidden, gains Surprise)
    or Evades (stays Hidden, Stage 2). With the Advanced Variant ("If the hero's Sneak
    value is higher than the foe's, then the hero may evade automatically") no Sneak
    Test is rolled then."""
    data, state = battle_data(ctx.state), ctx.state
    hero = state["heroes"][data["hero"]]
    data["stance"] = ctx.params["choice"]
    if data["stance"] == "surprise":
        hero["hidden"] = False
        data["surprise"] = "hero"
    elif state.get("auto_evade") and hero["sneak"] > encounter_in_play(state, data["foe"])["sneak"]:
        data["auto_evade"] = True
    ctx.describe(f"{hero['name']}: {'Surprise Attack' if data['stance'] == 'surprise' else 'Evade'}"
                 + (" (Sneak above the foe's: evaded)" if data.get("auto_evade") else ""))


def evade_total(data: BattleData) -> int:
    """The evasion Sneak Test's successes so far: the roll's plus Fate's."""
    return data.get("evade_successes", 0) + data.get("fates", 0)


def evade_result(ctx: Context) -> None:
    """"Stage 2: Evasion Opportunity": successes (rolled, and Fate's: "Test", Fate)
    at or above the foe's Sneak evade it; a failed Sneak Test ends Hidden and gives
    the foe Surprise."""
    data, state = battle_data(ctx.state), ctx.state
    hero = state["heroes"][data["hero"]]
    enc = encounter_in_play(state, data["foe"])
    total = evade_total(data)
    data["fates"] = 0  # Fate called for the Sneak Test, not for the battle's Skirmish
    if data.get("auto_evade") or total >= enc["sneak"]:
        hero["evaded"].append(enc["id"])
        ctx.note(f"{hero['name']} evades {enc['name']}")
        data["over"] = True
        ctx.finish()
        return
    hero["hidden"] = False
    data["surprise"] = "foe"
    ctx.note(f"Evasion failed: {enc['name']} has Surprise")


def new_round(ctx: Context) -> None:
    """"Stage 3: Battle": a new round - no roll asked yet, no hits, no Fate."""
    data = battle_data(ctx.state)
    data["round"] += 1
    data.update({"rolling": 0, "hero_hits": {}, "foe_hits": {}, "fates": 0})


def skirmish(ctx: Context) -> None:
    """Step 1: Skirmish - each Team hero's successes (and Fate) cost the foe HP, the
    foe's successes against each hero cost that hero HP and AP, all removed
    simultaneously; Surprise is lost. HP lost by an Ancient stays ("Ancient Battles")."""
    data, state = battle_data(ctx.state), ctx.state
    foe = battle_foe(state, data)
    hits = sum(data["hero_hits"].values()) + data["fates"]
    data["foe_hp"] = max(0, data["foe_hp"] - hits)
    if data.get("ancient") is not None:
        ancient = state["ancients"][data["ancient"]]  # the foe: its HP lost stays
        ancient["hp"] = data["foe_hp"]
        ancient["max_hp"] = max(ancient["max_hp"], data["foe_hp"])
    parts = []
    for key, foe_hits in data["foe_hits"].items():
        if int(key) not in fighters(state, data):
            continue  # defeated since the foe's roll ("Hero Defeated": cannot be affected)
        hero = state["heroes"][int(key)]
        lost = lose_hp_in_battle(state, int(key), foe_hits)
        parts.append(f"{hero['name']} -{lost} HP ({hero['hp']} left)")
    data["surprise"] = None
    ctx.note(f"Round {data['round']}: {foe['name']} -{hits} HP ({data['foe_hp']} left), "
         + ", ".join(parts))


def foe_defeated_check(ctx: Context) -> None:
    """Step 2: Foe Defeated Check - before the Hero Defeated Check, so the reward is
    gained even by a hero about to be defeated. An Ancient gives its gold value
    ("Ancient Battles"); the last Ancient ends the game after the battle."""
    data, state = battle_data(ctx.state), ctx.state
    if data["foe_hp"] > 0:
        return
    if data.get("ancient") is not None:
        ancient = state["ancients"][data["ancient"]]
        hero = state["heroes"][data["hero"]]
        ancient.update(defeated=True, defeated_by=data["hero"], hp=0)
        hero["gold"] += ancient["gold"]
        data["over"] = True
        ctx.note(f"{ancient['name']} is defeated! {hero['name']} takes {ancient['gold']} gold")
        return
    enc = encounter_in_play(state, data["foe"])
    defeat_encounter(state, enc)
    data["defeated"] = enc
    ctx.note(f"{enc['name']} is defeated")


def hero_defeated_check(ctx: Context) -> None:
    """Step 3: Hero Defeated Check - "Resolved by each Team hero separately, starting
    with the active hero and continuing clockwise" ("Team Engagement"): the order in
    which the defeated Camp (the first to Camp takes the First Hero marker) and lose
    their cards. The battle ends with the active hero's defeat or the foe's."""
    data, state = battle_data(ctx.state), ctx.state
    seats = len(state["heroes"])
    for index in sorted(fighters(state, data), key=lambda i: (i - data["hero"]) % seats):
        if state["heroes"][index]["hp"] == 0:
            _fall(ctx, index)
    active = state["heroes"][data["hero"]]
    if active["defeated"] or active["eliminated"] or data.get("defeated") or data["foe_hp"] == 0:
        data["over"] = True


def _fall(ctx: Context, index: int) -> None:
    """A battling hero with no HP: defeated ("Hero Defeated"), or eliminated by an
    Ancient ("Ancient Battles", Hero Defeated Check)."""
    hero = ctx.state["heroes"][index]
    if battle_data(ctx.state).get("ancient") is not None:
        eliminate(ctx.state, index)
        ctx.note(f"{hero['name']} is slain by the Ancient: eliminated")
    else:
        defeat(ctx.state, index)
        ctx.note(f"{hero['name']} is defeated: back to Sprawl City")


def hero_down(ctx: Context, index: int) -> None:
    """A battling hero's last HP lost by other means, a card effect turned on the dial
    ("Important: If a hero loses their last HP by other means (e.g. Gloom or Weather),
    they are defeated with the same consequences": "Make Camp and end their turn
    immediately"):

    - while the reward is claimed nothing more: the Hero Defeated Check comes next
      ("any reward for defeating the foe is gained even if the hero has no HP");
    - the battle's own hero goes straight to the Hero Defeated Check, which ends the
      battle ("until the hero is defeated"), as a Trap's last HP does;
    - a Team member is defeated now ("Resolved by each Team hero separately") and out
      of the rest of the battle: the roll prompt moves on to the next member, or to
      the next step when they were the last to roll."""
    state, data = ctx.state, battle_data(ctx.state)
    step = step_id(state)
    if step == "reward":
        return
    if index == data["hero"]:
        ctx.goto("hero_check")
        return
    team = fighters(state, data)
    position = team.index(index)
    _fall(ctx, index)
    if step not in ("hero_roll", "foe_roll"):
        return
    if position < data["rolling"]:
        data["rolling"] -= 1
    if data["rolling"] >= len(team) - 1:
        data["rolling"] = 0
        ctx.goto("foe_roll" if step == "hero_roll" else "fate")


def hp_turned(ctx: Context, index: int, before: int, after: int) -> None:
    """The Spirit dial turned a hero's HP (a card effect, Weather, a Trap): "whenever
    a hero loses HP, they also lose 1 AP for each HP lost" ("8. Actions",
    Important) - healing never gives AP back - and "when a hero loses their last
    HP, they are defeated" ("Health/Health Points").

    A battling hero's last HP: the battle goes on as :func:`hero_down`
    says; elsewhere the defeat happens now and the ``defeat`` procedure asks for
    the lost card (the hero's turn ends if they were the active hero).

    Turning HP up is refused for a defeated hero, who "Cannot be affected by
    abilities or effects" and regains 2 HP at Dawn ("Hero Defeated"), and for a
    battling hero at 0 HP: they lost their last HP and the Hero Defeated Check
    declares them defeated ("Step 3: Hero Defeated Check")."""
    state = ctx.state
    hero = state["heroes"][index]
    proc = state.get("procedure")
    battling = bool(proc and proc["name"] == "battle" and index in fighters(state, battle_data(state)))
    if after > before:
        require(not hero["defeated"] and not hero["eliminated"], "Defeated: no healing",
                f"{hero['name']} is {'eliminated' if hero['eliminated'] else 'defeated'}: they "
                "cannot be affected by abilities or effects; a defeated hero regains 2 HP at "
                "Dawn (Hero Defeated; 11. Night Phase, Step 3: Dawn).")
        require(not (battling and before == 0), "0 HP: defeated",
                f"{hero['name']} lost their last HP: the Hero Defeated Check declares them "
                "defeated (Health/Health Points; Step 3: Hero Defeated Check).")
        return
    if after == before or hero["defeated"] or hero["eliminated"]:
        return
    hero["ap"] = max(0, hero["ap"] - (before - after))
    if after > 0:
        return
    if battling:
        hero_down(ctx, index)
        return
    defeat(state, index)
    ctx.emit(f"{hero['name']} has no HP left: defeated, back to Sprawl City")
    if not proc:
        ctx.start("defeat", {"action": index == state["active_hero"]})


def next_fighter(ctx: Context) -> None:
    """A Team: the same prompt again for the next Team hero ("Team Engagement", Skirmish:
    each Team hero makes a Fight Test, the foe one against each Team hero)."""
    data = battle_data(ctx.state)
    data["rolling"] += 1
    if data["rolling"] < len(fighters(ctx.state, data)):
        ctx.stay()
    else:
        data["rolling"] = 0


def trap(ctx: Context) -> None:
    """"Trap": before the first Skirmish the active hero pays the Trap's cost ("Lose 1
    HP", "Sacrifice 1 Ally"...); as much as can be paid must be, and the battle goes on
    either way. HP lost here also loses AP; the last HP defeats the hero."""
    data, state, p = battle_data(ctx.state), ctx.state, ctx.params
    index = data["hero"]
    hero = state["heroes"][index]
    lost = lose_hp_in_battle(state, index, p["hp"])
    sacrificed = min(p["assets"], hero["assets"])
    hero["assets"] -= sacrificed
    if sacrificed:
        hero["asset_gold"] = max(0, hero["asset_gold"] - p["asset_gold"])
        settle_assets(hero)
    if not (p["hp"] or p["assets"]):
        ctx.describe("No Trap")
        return
    ctx.note(f"Trap: {hero['name']} loses {lost} HP" + (f", sacrifices {sacrificed} asset(s)"
                                                          if sacrificed else ""))
    if hero["hp"] == 0:
        ctx.goto("hero_check")


def escape(ctx: Context) -> None:
    """"Step 4: Escape Option": make Camp and go to the nearest Enemy-free location
    (no shortcuts; the hero chooses among ties)."""
    data, state = battle_data(ctx.state), ctx.state
    if not ctx.params["escape"]:
        ctx.describe("Fight on")
        return
    index = data["hero"]
    hero = state["heroes"][index]
    enemy_cells = {e["cell"] for e in state["encounters"]
                   if e["type"] == "enemy" or index in e["enemy_of"]}
    free = [c for c in range(25) if c not in enemy_cells and c != hero["cell"]]
    best = min(distance(hero["cell"], c) for c in free)
    nearest = [c for c in free if distance(hero["cell"], c) == best]
    target = cell_index(ctx.params["to"]) if ctx.params["to"] != "nearest" else nearest[0]
    require(target in nearest, "Not the nearest",
            "Escape to the nearest Enemy-free location (Step 4: Escape Option); nearest: "
            + ", ".join(where(c) for c in nearest) + ".")
    leave_location(hero)
    hero["cell"] = target
    make_camp(state, index)
    data["over"] = True
    ctx.note(f"{hero['name']} escapes to {where(target)} and makes Camp")


def next_round(ctx: Context) -> None:
    """Neither defeated and no escape: another battle round."""
    if not battle_data(ctx.state).get("over"):
        ctx.goto("round")
