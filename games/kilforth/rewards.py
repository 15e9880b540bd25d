"""Rewards ("Reward: Loot and Rumour") and what a hero holds in play: assets with
their unique keywords ("Action: Discover", Important), the "Limit of 6", and the
assets a sale, a Regale or an Exchange takes away.
"""

from __future__ import annotations

from games.core import Context
from games.kilforth.procedure_data import reward_data
from games.kilforth.state import LIMIT, active_hero, require


def check_limits(ctx: Context, hero: dict) -> None:
    """"Limit of 6": more than 6 rumours, assets or Loot - discard down to 6."""
    for what in ("rumours", "assets", "loot"):
        if hero[what] > LIMIT:
            hero[what] = LIMIT
            ctx.note(f"Limit of 6: discard down to 6 {what}")


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


def settle_assets(hero: dict) -> None:
    """A hero with no asset left in play has no asset gold and no unique keyword left:
    "Victory Points: Each hero's Victory Point score is the sum of their gold plus the gold
    value of their cards in play (assets)" ("4. Winning the Game") - whatever gold value
    was (or was not) entered for the cards that left."""
    if hero["assets"] == 0:
        hero["asset_gold"], hero["uniques"], hero["unique_gold"] = 0, [], {}


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
    settle_assets(hero)
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
        settle_assets(hero)
    return gone


def reward(ctx: Context) -> None:
    """"Reward: Loot and Rumour": gold equal to its value or a Loot token; the card or a
    reward card as a rumour. An Enemy Stranger forces option a. both times."""
    data, p = reward_data(ctx.state), ctx.params
    hero = ctx.state["heroes"][data["hero"]]
    enc = data["defeated"]
    forced = data["hero"] in enc.get("enemy_of", [])
    if forced:
        require(p["loot"] == "gold" and p["rumour"] == "card", "Enemy: gold + card",
                "An Enemy Stranger gives its gold and its card (Reward, Exception).")
    if p["loot"] == "gold":
        hero["gold"] += enc["gold"]
        loot = f"{enc['gold']} gold"
    elif p["loot_gold"]:
        hero["gold"] += p["loot_gold"]  # "Gold Loot tokens are discarded immediately"
        loot = f"a Gold Loot token ({p['loot_gold']} gold)"
    else:
        hero["loot"] += 1
        loot = "a Loot token"
    hero["rumours"] += 1
    text = f"Reward: {loot}, {'the card' if p['rumour'] == 'card' else 'a reward card'} as a rumour"
    trophy = p["trophy"]
    if trophy == "asset":
        gain_asset(ctx, hero, p["trophy_gold"], p["keyword"], p["keep"])
        text += "; Trophy into play"
    elif trophy == "gold":
        hero["gold"] += p["trophy_gold"]
        text += f"; Trophy sold for {p['trophy_gold']} gold"
    elif trophy == "rumour":
        hero["rumours"] += 1
        text += "; Trophy gained as a rumour"
    ctx.note(text)
    check_limits(ctx, hero)
