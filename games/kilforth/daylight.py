"""Daylight Actions ("6. Daylight Phase", "8. Actions"): each costs 1 AP on the
active hero's turn; and what they share - a hero's assets with unique keywords,
the limit of 6, the Team a hero forms ("Deed: Team").
"""

from __future__ import annotations

from games.core import Context
from games.core.dice import counted
from games.kilforth import procedures, rules
from games.kilforth.procedures import end_turn, make_enemy, start_battle
from games.kilforth.rules import require
from games.kilforth.state import (
    ATTRIBUTE_LABELS,
    CITY,
    LIMIT,
    MAX_HP_LIMIT,
    active_hero,
    cell_index,
    encounters_at,
    find_encounter,
)


def in_daylight(state: dict) -> bool:
    """A hero's Daylight turn is on ("6. Daylight Phase"): no step waits, the Night is
    not due, the game goes on."""
    return (not state.get("procedure") and state.get("active_hero") is not None
            and not procedures.night_ready(state) and not state.get("over"))


def _here(state: dict) -> list[dict]:
    return encounters_at(state, active_hero(state)["cell"])


def _begin_action(ctx: Context, name: str) -> dict:
    """"8. Actions": each Action costs 1 AP, taken on the hero's turn."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", f"{name} is a Daylight Action (6. Daylight Phase).")
    hero = active_hero(state)
    require(hero["ap"] > 0, "No AP left: Camp",
            f"{hero['name']} has no Action Points: make Camp (7. Hero Turn, Action or Camp).")
    hero["ap"] -= 1
    hero["actions_today"] += 1
    return hero


def _spend_done(ctx: Context, text: str) -> None:
    ctx.note(text)
    end_turn(ctx)


def check_limits(ctx: Context, hero: dict) -> None:
    """"Limit of 6": more than 6 rumours, assets or Loot - discard down to 6."""
    for what in ("rumours", "assets", "loot"):
        if hero[what] > LIMIT:
            hero[what] = LIMIT
            ctx.note(f"Limit of 6: discard down to 6 {what}")


def team_choices(state: dict) -> tuple[str, ...]:
    """"Deed: Team": "none", or any group of the other heroes at the active hero's
    location ("H2", "H2+H3"...), for the Team field of a form."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("none",)
    here = active_hero(state)["cell"]
    others = [i for i, h in enumerate(state["heroes"]) if i != state["active_hero"]
              and h["cell"] == here and not h["defeated"] and not h["eliminated"]]
    out = ["none"]
    for mask in range(1, 2 ** len(others)):
        out.append("+".join(f"H{others[k] + 1}" for k in range(len(others)) if mask >> k & 1))
    return tuple(out)


def chosen_team(ctx: Context) -> list[int]:
    """The Team formed for this Test or engagement ("Deed: Team"): other heroes at the
    location, none of them Hidden ("No Team member can be Hidden"), and the active
    hero may not be Hidden either ("Hidden heroes cannot perform Deeds")."""
    choice = ctx.params.get("team") or "none"
    if choice == "none":
        return []
    state = ctx.state
    team = [int(part[1:]) - 1 for part in choice.split("+")]
    require(not active_hero(state)["hidden"], "Hidden: no Team",
            "Hidden heroes cannot perform Deeds, and Team is a Deed (10. Deeds).")
    for i in team:
        require(not state["heroes"][i]["hidden"], f"H{i + 1} is Hidden",
                "No Team member can be Hidden; each must come out of hiding first (Deed: Team).")
    return team


def move(ctx: Context) -> None:
    """"Action: Move": to an orthogonally adjacent location, or via a shortcut; a new
    location with no encounter draws one (not Sprawl City); successes are lost."""
    state = ctx.state
    target = cell_index(ctx.params["to"])
    hero = active_hero(state) if in_daylight(state) else None
    if hero is not None:
        require(target != hero["cell"], "Already there", "Move to another location (Action: Move).")
        require(ctx.params["shortcut"] or rules.adjacent(hero["cell"], target), "Not adjacent",
                f"{rules.where(target)} is not orthogonally adjacent to {rules.where(hero['cell'])}; "
                "only a shared shortcut allows it (Action: Move; Definitions, Adjacent).")
    hero = _begin_action(ctx, "Move")
    rules.leave_location(hero)
    hero["cell"] = target
    text = f"{hero['name']} moves to {rules.where(target)}"
    if target != CITY and not encounters_at(state, target):
        ctx.note(text)
        ctx.start("arrive", {"action": True, "cell": target})
        return
    ctx.note(text)
    if procedures.engage_enemies(ctx, state["active_hero"], action=True):
        return
    end_turn(ctx)


def search(ctx: Context) -> None:
    """"Action: Search": location with no encounter and no obstacle; draw one."""
    state = ctx.state
    if in_daylight(state):
        hero = active_hero(state)
        cell = state["map"][hero["cell"]]
        require(hero["cell"] != CITY, "Nothing to search",
                "Sprawl City has no encounter deck (Action: Move, Location's Encounter Deck).")
        require(not _here(state), "Encounter here",
                "Search needs a location with no encounter (Action: Search, Restriction).")
        require(not cell["obstacles"], "Obstacle here",
                "Search needs a location with no obstacle (Action: Search, Restriction).")
    hero = _begin_action(ctx, "Search")
    ctx.note(f"{hero['name']} searches {rules.where(hero['cell'])}")
    ctx.start("arrive", {"action": True, "cell": hero["cell"]})


def hide(ctx: Context) -> None:
    """"Action: Hide": the hero must not be Hidden."""
    if in_daylight(ctx.state):
        require(not active_hero(ctx.state)["hidden"], "Already Hidden",
                "Hide needs a hero who is not Hidden (Action: Hide, Restriction).")
    hero = _begin_action(ctx, "Hide")
    hero["hidden"] = True
    _spend_done(ctx, f"{hero['name']} hides")


def confront(ctx: Context) -> None:
    """"Action: Confront": no obstacles; a Quest, Place or Stranger here; Strangers
    not while Hidden and by Influence only; the same attribute all Day. The
    ``enemy`` attribute makes a Stranger an Enemy on purpose."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", "Confront is a Daylight Action.")
    hero = active_hero(state)
    enc = find_encounter(state, ctx.params["encounter"])
    require(enc is not None and enc["cell"] == hero["cell"], "Not here",
            f"Encounter {ctx.params['encounter']} is not at {rules.where(hero['cell'])}.")
    require(not state["map"][hero["cell"]]["obstacles"], "Obstacle here",
            "Confront needs a location with no obstacles (Action: Confront, Restriction).")
    require(enc["type"] in ("quest", "place", "stranger") and state["active_hero"] not in enc["enemy_of"],
            "Not confrontable", "Only a Quest, Place or Stranger can be Confronted; Enemies are "
            "engaged (Action: Confront).")
    attribute = ctx.params["attribute"]
    if enc["type"] == "stranger":
        require(not hero["hidden"], "Hidden: no Stranger",
                "Heroes cannot Confront a Stranger while Hidden (Action: Confront, Strangers).")
        require(attribute in ("influence", "enemy"), "Influence only",
                "Against a Stranger heroes can only Test Influence (Action: Confront, Strangers).")
    else:
        require(attribute != "enemy", "Strangers only", "Only a Stranger can be made an Enemy.")
    entry = rules.accumulated(hero, enc["id"])
    if entry is not None:
        require(entry["attribute"] == attribute, f"Keep {entry['attribute']}"[:21],
                f"Successes so far are in {entry['attribute']}: keep the same attribute all Day (Confront).")
    if attribute != "enemy":
        require(enc[attribute] > 0, f"No {attribute} value"[:21],
                f"{enc['name']} has no {attribute} value to Test against (Confront).")
    team = chosen_team(ctx)
    hero = _begin_action(ctx, "Confront")
    if attribute == "enemy":
        make_enemy(state, state["active_hero"], enc)
        ctx.note(f"{hero['name']} makes {enc['name']} an Enemy")
        start_battle(ctx, state["active_hero"], enc, no_surprise=True)
        return
    n = max(0, hero[attribute] + ctx.params["bonus"] + len(team))
    ctx.start("test", {"hero": state["active_hero"], "attribute": attribute, "dice": n,
                       "needed": enc[attribute], "prior": entry["count"] if entry else 0,
                       "encounter": enc["id"], "purpose": "confront", "first": entry is None,
                       "rolled": 0, "fates": 0, "team": team, "action": True})
    ctx.note(f"{hero['name']} confronts {enc['name']}: {counted(n)} for {enc[attribute]} "
              f"{ATTRIBUTE_LABELS[attribute]}")


def rest(ctx: Context) -> None:
    """"Action: Rest": no encounters here and HP below maximum; gain 1 HP (no AP)."""
    _rest_check(ctx, "Rest")
    hero = _begin_action(ctx, "Rest")
    hero["hp"] += 1
    _spend_done(ctx, f"{hero['name']} rests: HP {hero['hp']}")


def _rest_check(ctx: Context, name: str) -> None:
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", f"{name} is a Daylight Action.")
    hero = active_hero(state)
    require(not _here(state), "Encounter here",
            f"{name} needs a location with no encounters (Action: Rest, Restriction).")
    require(hero["hp"] < hero["max_hp"], "HP already full",
            f"{name} needs fewer HP than maximum health (Action: Rest, Restriction).")


def long_rest(ctx: Context) -> None:
    """"Long Rest": as Rest, and the first and only Action this Day; discard all AP
    and heal to maximum."""
    _rest_check(ctx, "Long Rest")
    require(active_hero(ctx.state)["actions_today"] == 0, "Must be 1st Action",
            "A Long Rest has to be the first and only Action the hero takes this Day.")
    hero = _begin_action(ctx, "Long Rest")
    hero["ap"] = 0
    hero["hp"] = hero["max_hp"]
    _spend_done(ctx, f"{hero['name']} takes a Long Rest: HP {hero['hp']}")


def plot_choices(state: dict) -> tuple[str, ...]:
    """The Plots at the active hero's location, by their Ancient ("Plots": each Plot card
    names the Ancient that places it); "any" when the hero need not choose."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("any",)
    plots = state["map"][active_hero(state)["cell"]]["plots"]
    return ("any", *dict.fromkeys(state["ancients"][a]["name"] for a in plots))


def clear(ctx: Context) -> None:
    """"Action: Clear": remove 1 obstacle or, if there are none, 1 Plot card "by
    following the To Defeat instructions on the Plot card" (the player does; the box
    cannot read them) - the defeated Plot goes into the hand as a rumour; then draw
    1 Loot token. With Plots of several Ancients here the hero names whose."""
    state = ctx.state
    if in_daylight(state):
        cell = state["map"][active_hero(state)["cell"]]
        require(cell["obstacles"] or cell["plots"], "Nothing to Clear",
                "Clear needs 1 or more obstacles or Plots here (Action: Clear, Restriction).")
    hero = _begin_action(ctx, "Clear")
    cell = state["map"][hero["cell"]]
    whose = ctx.params.get("plot") or "any"
    if cell["obstacles"]:
        require(whose == "any", "Obstacles first",
                "A Plot is Cleared only if there are no obstacles (Action: Clear).")
        cell["obstacles"] -= 1
        what = "an obstacle"
    else:
        names = [state["ancients"][a]["name"] for a in cell["plots"]]
        require(whose == "any" or whose in names, "No such Plot here",
                f"There is no Plot of {whose} at {rules.where(hero['cell'], state)}.")
        at = len(names) - 1 if whose == "any" else len(names) - 1 - names[::-1].index(whose)
        ancient = state["ancients"][cell["plots"].pop(at)]
        hero["rumours"] += 1
        what = f"{ancient['name']}'s Plot (To Defeat done; into hand)"
    hero["loot"] += 1
    check_limits(ctx, hero)
    _spend_done(ctx, f"{hero['name']} clears {what}, draws Loot")


def discover(ctx: Context) -> None:
    """"Action: Discover": a reward rumour matching this location goes into play."""
    if in_daylight(ctx.state):
        require(active_hero(ctx.state)["rumours"] > 0, "No rumours",
                "Discover plays a rumour from hand (Action: Discover).")
    hero = _begin_action(ctx, "Discover")
    hero["rumours"] -= 1
    gain_asset(ctx, hero, ctx.params["gold"], ctx.params["keyword"], ctx.params["keep"])
    check_limits(ctx, hero)
    _spend_done(ctx, f"{hero['name']} discovers an asset")


def gain_asset(ctx: Context, hero: dict, gold: int, keyword: str, keep: str = "new") -> None:
    """An asset enters play. "A hero can only have at most one asset with each unique
    keyword. If a hero ever has two ... they must immediately choose and discard one"
    (Action: Discover, Important): the count stays at one and ``keep`` says which card
    stays - the new one brings its gold value in place of the old one's."""
    if keyword != "none" and keyword in hero["uniques"]:
        old = hero["unique_gold"].get(keyword, 0)
        if keep == "new":
            hero["asset_gold"] = max(0, hero["asset_gold"] - old) + gold
            hero["unique_gold"][keyword] = gold
            ctx.note(f"Unique *{keyword}: the new one ({gold} gold) kept, the old discarded")
        else:
            ctx.note(f"Unique *{keyword}: the old one ({old} gold) kept, the new discarded")
        return
    hero["assets"] += 1
    hero["asset_gold"] += gold
    if keyword != "none":
        hero["uniques"].append(keyword)
        hero["unique_gold"][keyword] = gold


def lose_asset(hero: dict, keyword: str, gold: int | None = None) -> int:
    """One asset leaves play (sacrificed, discarded or given): with a unique keyword it
    takes that keyword and its recorded gold value along. Returns the gold value it
    took (``gold`` when the keyword is unknown)."""
    hero["assets"] -= 1
    if keyword != "none" and keyword in hero["uniques"]:
        hero["uniques"].remove(keyword)
        gold = hero["unique_gold"].pop(keyword, gold or 0)
    gold = min(gold or 0, hero["asset_gold"])
    hero["asset_gold"] -= gold
    if hero["assets"] == 0:
        hero["uniques"], hero["unique_gold"] = [], {}
    return gold


def asset_keyword_choices(state: dict) -> tuple[str, ...]:
    """"none", or a group of the active hero's unique keywords ("Weapon", "Weapon+Steed"):
    the assets with a recorded keyword that a Market Sell or a Regale sacrifices."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("none",)
    uniques = active_hero(state)["uniques"]
    groups = ("+".join(k for n, k in enumerate(uniques) if mask >> n & 1)
              for mask in range(1, 2 ** len(uniques)))
    return ("none", *groups)


def named_assets(hero: dict, count: int, group: str, rule: str) -> list[str]:
    """Check that ``hero`` holds ``count`` assets, among them those named by the unique
    keywords in ``group`` ("none" or "Weapon+Steed"); return those keywords."""
    keywords = [] if group == "none" else group.split("+")
    require(count <= hero["assets"], "Not enough assets",
            f"{hero['name']} has {hero['assets']} assets in play ({rule}).")
    require(all(k in hero["uniques"] for k in keywords), "No such asset",
            f"{hero['name']} has no asset with the keyword(s) {group} in play.")
    require(len(keywords) <= count, "Count the assets",
            f"The assets count includes each one named by its keyword ({rule}).")
    return keywords


def remove_assets(hero: dict, count: int, keywords: list[str], other_gold: int) -> int:
    """``count`` assets leave the hero's play area: those named by ``keywords`` with
    their recorded gold, the others worth ``other_gold`` together. Returns the gold value
    that left (for the Victory Points: "the gold value of their cards in play")."""
    gone = sum(lose_asset(hero, keyword) for keyword in keywords)
    if count > len(keywords):
        hero["assets"] -= count - len(keywords)
        gone += min(hero["asset_gold"], other_gold)
        hero["asset_gold"] -= min(hero["asset_gold"], other_gold)
        if hero["assets"] == 0:
            hero["uniques"], hero["unique_gold"] = [], {}
    return gone


def heal_queue(state: dict, index: int) -> list[int]:
    """"Market", Option 1 - Heal: the other heroes at the buyer's location "with fewer HP
    than their maximum health", in hero order; not a defeated hero, who "cannot be
    affected by abilities or card effects" until Dawn ("Hero Defeated"), nor an
    eliminated one."""
    here = state["heroes"][index]["cell"]
    n = len(state["heroes"])
    order = [(index + k) % n for k in range(1, n)]
    return [i for i in order if state["heroes"][i]["cell"] == here
            and state["heroes"][i]["hp"] < state["heroes"][i]["max_hp"]
            and not state["heroes"][i]["defeated"] and not state["heroes"][i]["eliminated"]]


def _sale(ctx: Context, hero: dict, *, named: bool = True) -> tuple[int, list[str]]:
    """"Market", Option 3 - Sell: "Discard from hand 1 or more rumours, and/or sacrifice
    (discard from play area) 1 or more assets. Each discarded/sacrificed card earns the
    hero gold equal to half that card's gold value, rounded down." The cards the form
    names must be held; gold needs a card sold (``named``: all but a Market journaled
    before the cards were asked); without rumours sold, the gold is at most half the
    sold assets' values. Returns the cards sold and the keywords of the assets named."""
    p = ctx.params
    rule = "Market, Option 3 - Sell"
    require(p["sell_rumours"] <= hero["rumours"], "Not enough rumours",
            f"{hero['name']} holds {hero['rumours']} rumours ({rule}).")
    keywords = named_assets(hero, p["sell_assets"], p["sold_keywords"], rule)
    cards = p["sell_rumours"] + p["sell_assets"]
    if named:
        require(cards or not p["sell"], "Name the cards sold",
                f"Each discarded or sacrificed card earns the gold: name the rumours and assets "
                f"sold ({rule}).")
        others = p["sold_gold"] if p["sell_assets"] > len(keywords) else 0
        most = sum(hero["unique_gold"].get(k, 0) // 2 for k in keywords) + others // 2
        require(p["sell_rumours"] or p["sell"] <= most, f"At most {most} gold"[:21],
                f"Each card sold earns half its gold value, rounded down: at most {most} gold "
                f"for these assets ({rule}).")
    return cards, keywords


def market(ctx: Context, *, named: bool = True) -> None:
    """"Action: Market": at Sprawl City (elsewhere when an ability allows it); each
    option at most once, at least one performed: Heal (1 gold per HP, for the hero and,
    by the ``market`` procedure's prompts, "any heroes at this location with fewer HP
    than their maximum health"), Purchase (straight into play), Sell (the cards named
    leave hand and play area; the gold gained as entered). The sale comes first, so its
    gold pays and a purchase may replace a sold unique-keyword asset."""
    state, p = ctx.state, ctx.params
    index = state["active_hero"]
    if in_daylight(state):
        hero = active_hero(state)
        require(hero["cell"] == CITY or p["ability"], "Only at Sprawl City",
                "Market needs the hero at Sprawl City, unless an ability allows it elsewhere "
                "(Action: Market, Restriction).")
        cards = _sale(ctx, hero, named=named)[0]
        require(p["heal"] or p["buy"] or cards or p["sell"] or p["heal_others"], "Choose an option",
                "At least one Market option must be performed (Action: Market).")
        require(hero["hp"] + p["heal"] <= hero["max_hp"], "Above max HP",
                "Heal only up to maximum health (Market, Option 1).")
        require(p["heal"] + p["buy"] <= hero["gold"] + p["sell"], "Not enough gold",
                f"{hero['name']} has {hero['gold']} gold (Action: Market).")
        require(not p["heal_others"] or heal_queue(state, index), "No one else to heal",
                "No other hero here has fewer HP than their maximum health (Market, Option 1).")
    hero = _begin_action(ctx, "Market")
    cards, keywords = _sale(ctx, hero, named=named)
    hero["rumours"] -= p["sell_rumours"]
    remove_assets(hero, p["sell_assets"], keywords, p["sold_gold"])
    hero["gold"] += p["sell"] - p["heal"] - p["buy"]
    hero["hp"] += p["heal"]
    if p["buy"]:
        gain_asset(ctx, hero, p["buy"], p["keyword"], p["keep"])
    check_limits(ctx, hero)
    ctx.note(f"Market: heal {p['heal']}, buy {p['buy']}, sell {cards} card(s) +{p['sell']} gold")
    if p["heal_others"]:
        ctx.start("market", {"hero": index, "action": True, "queue": heal_queue(state, index),
                             "performed": bool(p["heal"] or p["buy"] or cards or p["sell"])})
        return
    end_turn(ctx)


def old_market(ctx: Context) -> None:
    """A Market journaled before schema 4, replayed as it was then: the sale's gold with
    no card named (the players discarded the cards and corrected the counts by hand).
    The command migration from schema 3 turns such a ``market`` into this."""
    ctx.params.update(sell_rumours=0, sell_assets=0, sold_keywords="none", sold_gold=0,
                      heal_others=False, ability=False)
    market(ctx, named=False)


def market_heal(ctx: Context) -> None:
    """"Market", Option 1 - Heal: "The active hero can purchase HP for any heroes at this
    location with fewer HP than their maximum health, for 1 gold per HP" - the HP
    bought for the hero the prompt names (0 for none); the next one is asked after."""
    state, data = ctx.state, ctx.data
    buyer = state["heroes"][data["hero"]]
    other = state["heroes"][data["queue"][0]]
    hp = ctx.params["hp"]
    require(other["hp"] + hp <= other["max_hp"], "Above max HP",
            f"{other['name']} has {other['hp']} of {other['max_hp']} HP (Market, Option 1).")
    require(hp <= buyer["gold"], "Not enough gold",
            f"{buyer['name']} has {buyer['gold']} gold: 1 gold per HP (Market, Option 1).")
    require(hp or data["performed"] or len(data["queue"]) > 1, "Heal someone",
            "At least one Market option must be performed (Action: Market): buy HP for a hero.")
    buyer["gold"] -= hp
    other["hp"] += hp
    data["performed"] = data["performed"] or hp > 0
    data["queue"].pop(0)
    if data["queue"]:
        ctx.stay()
    ctx.note(f"{buyer['name']} buys {hp} HP for {other['name']}")


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
        if state["mode"] == "coop" and state.get("coop_finale"):
            require(all(h["cell"] == hero["cell"] for h in state["heroes"] if not h["eliminated"]),
                    "All heroes here first",
                    "Variant for the Cooperative Game: all heroes must be at the same location as "
                    "the active hero in order for their Finale to be completed (Saga Chapter "
                    "Completion).")
        attribute = p["attribute"]
        entry = rules.accumulated(hero, None)
        team = chosen_team(ctx)
        hero = _begin_action(ctx, "Regale")
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
    hero = _begin_action(ctx, "Regale")
    hero["gold"] -= cost
    hero["rumours"] -= p["rumours"]
    gained = remove_assets(hero, p["sacrificed"], keywords, p["sacrificed_gold"])
    hero["gold"] += gained
    done = complete_chapter(state, hero)
    ctx.note(f"{hero['name']} completes chapter {done}: take a level {done} skill"
         + (f"; {p['sacrificed']} asset(s) sacrificed for {gained} gold" if p["sacrificed"] else ""))
    _competitive_pressure(ctx, state["active_hero"], done)
    end_turn(ctx)


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


def _competitive_pressure(ctx: Context, index: int, done: int) -> None:
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
    for i in rules.hero_order(state):
        other = state["heroes"][i]
        if i != index and other["chapter"] <= below and not other["eliminated"]:
            lifted = complete_chapter(state, other)
            ctx.note(f"Pressure: {other['name']} completes chapter {lifted}: "
                      f"take a level {lifted} skill")


def camp(ctx: Context) -> None:
    """"Action or Camp": discard remaining AP, no further turns; the first to Camp
    takes the First Hero marker; when all have Camped the Night begins."""
    state = ctx.state
    require(in_daylight(state), "Not in Daylight", "Heroes make Camp during Daylight.")
    index = state["active_hero"]
    rules.make_camp(state, index)
    first = state["first_camper"] == index
    ctx.note(f"{state['heroes'][index]['name']} makes Camp" + (" (First Hero marker)" if first else ""))
    end_turn(ctx)


def hidden_choices(state: dict) -> tuple[str, ...]:
    """The Hidden heroes ("H1".."H4"), the active hero first."""
    if "heroes" not in state or state.get("active_hero") is None:
        return ("H1",)
    return tuple(f"H{i + 1}" for i in rules.hero_order(state) if state["heroes"][i]["hidden"]) or ("H1",)


def unhide(ctx: Context) -> None:
    """"Action: Hide", Important: "A hero can choose to no longer be Hidden at any point
    in the game, during their turn or not" - the active hero by default, or the one
    named (``hero``), between steps."""
    state = ctx.state
    require(not state.get("procedure") and state.get("active_hero") is not None, "Finish the step",
            "Stand a hero up between steps.")
    who = ctx.params.get("hero")
    hero = state["heroes"][int(who[1:]) - 1] if who else active_hero(state)
    require(hero["hidden"], "Not Hidden", f"{hero['name']} is not Hidden.")
    hero["hidden"] = False
    ctx.note(f"{hero['name']} comes out of hiding")
