"""What happens to a hero ("Health/Health Points", "Hero Defeated", "Action or
Camp"): HP lost (and AP with it), defeat and elimination, making Camp, leaving a
location, the order of play, and the successes gained against an encounter.
"""

from __future__ import annotations

from games.core import Context
from games.kilforth.rewards import lose_asset
from games.kilforth.state import CITY, require


def hero_order(state: dict) -> list[int]:
    """Hero indices clockwise from the active hero (or the First Hero at Night)."""
    start = state["active_hero"] if state["active_hero"] is not None else state["first_hero"]
    n = len(state["heroes"])
    return [(start + k) % n for k in range(n)]


def others_in_game(state: dict) -> bool:
    """Another hero than the active one is still in the game (not eliminated)."""
    return any(not h["eliminated"] for i, h in enumerate(state["heroes"]) if i != state["active_hero"])


def lose_hp(state: dict, index: int, amount: int) -> int:
    """"8. Actions", Important: whenever a hero loses HP, they also lose 1 AP per HP
    lost. "Health Points": when a hero loses their last HP, they are defeated.
    Returns the HP actually lost; a defeated hero "cannot be affected"."""
    hero = state["heroes"][index]
    if hero["defeated"] or hero["eliminated"] or amount <= 0:
        return 0
    lost = min(amount, hero["hp"])
    hero["hp"] -= lost
    hero["ap"] = max(0, hero["ap"] - lost)
    if hero["hp"] == 0:
        defeat(state, index)
    return lost


def lose_hp_in_battle(state: dict, index: int, amount: int) -> int:
    """"Step 1: Skirmish": each foe success costs 1 HP and 1 AP; defeat waits for the
    Hero Defeated Check (after the Foe Defeated Check)."""
    hero = state["heroes"][index]
    lost = min(amount, hero["hp"])
    hero["hp"] -= lost
    hero["ap"] = max(0, hero["ap"] - lost)
    return lost


def defeat(state: dict, index: int) -> None:
    """"Hero Defeated": make Camp, return all gold, lose a card (``pending_losses``),
    back to Sprawl City, immune until Dawn."""
    hero = state["heroes"][index]
    hero["defeated"] = True
    hero["ap"] = 0
    make_camp(state, index)
    hero["gold"] = 0
    leave_location(hero)
    hero["cell"] = CITY
    hero["hidden"] = False
    if hero["rumours"] or hero["assets"]:
        state["pending_losses"].append(index)


def eliminate(state: dict, index: int) -> None:
    """"Ancient Battles", Hero Defeated Check: "the hero is eliminated from the game. All
    their cards and tokens are returned to their appropriate discard piles and token
    supplies. All rules and card references to heroes no longer include that hero."
    So they take no further turns (as if Camped, without taking the First Hero
    marker: they did not make Camp) and a marker they hold passes clockwise - also
    when they took it by Camping first today: the next Day's first turn is not theirs."""
    hero = state["heroes"][index]
    hero.update(eliminated=True, defeated=False, hp=0, ap=0, fate=0, gold=0, rumours=0, assets=0,
                asset_gold=0, loot=0, hidden=False, cell=CITY, uniques=[], unique_gold={},
                camped=True, successes=[], evaded=[])
    if index in state["pending_losses"]:
        state["pending_losses"].remove(index)
    for enc in state["encounters"]:  # their Enemy tokens go back to the supply too
        if index in enc["enemy_of"]:
            enc["enemy_of"].remove(index)
    hero["enemy_tokens"] = 0
    if state["first_hero"] == index:  # "First Hero Marker": to the next hero still in the game
        n = len(state["heroes"])
        clockwise = [(index + k) % n for k in range(1, n)]
        state["first_hero"] = next((i for i in clockwise if not state["heroes"][i]["eliminated"]), index)
        if state["first_camper"] == index:
            state["first_camper"] = state["first_hero"]


def leave_location(hero: dict) -> None:
    """"Confront": a hero loses all accumulated successes when they leave the location
    (and what they evaded no longer stays evaded, "Stage 2: Evasion Opportunity")."""
    hero["successes"] = []
    hero["evaded"] = []


def make_camp(state: dict, index: int) -> None:
    """"Action or Camp": discard remaining AP, no more turns this phase; successes are
    lost on Camping ("Confront"). "The first hero to make Camp each Day takes the First
    Hero marker. They will take the first turn the next Day - they also choose how to
    resolve certain Night card effects": the marker moves now, so tonight's First Hero
    (who draws the Night card and chooses) is already the first to Camp."""
    hero = state["heroes"][index]
    if hero["camped"]:
        return
    hero["camped"] = True
    hero["ap"] = 0
    hero["successes"] = []
    if state["first_camper"] is None:
        state["first_camper"] = index
        state["first_hero"] = index


def accumulated(hero: dict, encounter_id: int | None) -> dict | None:
    """The successes ``hero`` holds against an encounter today (None: their Finale), "Confront"."""
    for entry in hero["successes"]:
        if entry["encounter"] == encounter_id:
            return entry
    return None


def add_successes(hero: dict, encounter_id: int | None, attribute: str, total: int) -> dict:
    """"Confront": the successes ``hero`` now holds against an encounter (None: their
    saga's Finale), in the attribute Tested; returns that entry of ``successes``."""
    entry = accumulated(hero, encounter_id)
    if entry is None:
        entry = {"encounter": encounter_id, "attribute": attribute, "count": 0}
        hero["successes"].append(entry)
    entry["count"] = total
    return entry


def lose_card(ctx: Context) -> None:
    """"Hero Defeated": either sacrifice 1 asset or discard 1 rumour."""
    state = ctx.state
    index = state["pending_losses"][0]
    hero = state["heroes"][index]
    field = "assets" if ctx.params["card"] == "asset" else "rumours"
    require(hero[field] > 0, f"No {field}"[:21], f"{hero['name']} has no {field}; lose the other.")
    if field == "assets":  # with its keyword and recorded gold, else the gold value entered
        lose_asset(hero, ctx.params["keyword"], ctx.params.get("gold") or 0)
    else:
        hero[field] -= 1
    state["pending_losses"].pop(0)
    ctx.stay()  # the next defeated hero, if any (the step skips itself when none is left)
    ctx.note(f"{hero['name']} loses 1 {field[:-1]}")
