""""Action: Market": Heal (the hero, and by the ``market`` procedure's prompts the
other heroes here), Purchase and Sell; and a Market journaled before schema 4.
"""

from __future__ import annotations

from games.core import Context
from games.kilforth.actions import begin_action
from games.kilforth.procedure_data import market_data
from games.kilforth.rewards import check_limits, gain_asset, named_assets, remove_assets
from games.kilforth.state import CITY, active_hero, require
from games.kilforth.turns import end_turn, in_daylight


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
    hero = begin_action(ctx, "Market")
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
    state, data = ctx.state, market_data(ctx.state)
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
