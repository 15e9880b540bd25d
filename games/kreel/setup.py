"""A new Kreel Manor Campaign: the new-game form and the first Adventure's table.

"Setup" 1-5, "Heroes" (Spirit Dial), "Difficulty Variants", "Multiplayer Coop
Mode" (1-4 heroes) and "The Campaign" (a Campaign after a won one). The next
Adventures are set up again by ``next_adventure`` (:mod:`games.kreel.campaign`),
which adds the variant's Shadows the same way (:func:`add_setup_shadows`).
"""

from __future__ import annotations

from games.core import Context, Param, RuleError
from games.kreel import threat_phase
from games.kreel.state import ACTIONS, ADVENTURES, MAX_SPIRIT_LIMIT, VARIANTS, new_adventure

# The rulebook gives no Spirit values (each Hero Board lists its own, "Setup" 3):
# the form starts at 10 only so the dial has little to turn; the player sets both.
FORM_START_SPIRIT = 10

SETUP_PARAMS = (
    Param("heroes", "int", "Heroes", low=1, high=4, default=1),
    Param("spirit", "int", "Starting Spirit", low=1, high=MAX_SPIRIT_LIMIT, default=FORM_START_SPIRIT),
    Param("max_spirit", "int", "Max Spirit", low=1, high=MAX_SPIRIT_LIMIT, default=FORM_START_SPIRIT),
    Param("variant", "choice", "Variant", choices=tuple(VARIANTS), default="standard"),
    Param("adventure", "int", "Adventure", low=1, high=ADVENTURES, default=1),
    Param("foes", "int", "Adventure's Foes", low=0, high=20, default=1),
    Param("stories", "int", "Stories in deck", low=0, high=20, default=0),
    Param("advanced", "choice", "Advanced Action", choices=("none",) + ACTIONS, default="none"),
    Param("veteran", "bool", "After a won Campaign", default=False),
)


def add_setup_shadows(ctx: Context) -> None:
    """"Difficulty Variants": Valim's Dungeoneer adds 1 and Masklaw's Abyss 2
    additional Shadows when setting up each Adventure, each by Add 1 Threat."""
    for _ in range(VARIANTS[ctx.state["variant"]]["shadows"]):
        threat_phase.add_one_threat(ctx.state)


def setup(ctx: Context) -> None:
    """A new Campaign at its first Adventure.

    "Setup" 3. Spirit Dial: set it to the hero's starting Spirit; the Hero
    Board shows the maximum ("Spirit Dial"). "Multiplayer Coop Mode": 1-4
    heroes, each with their own dial (set per hero later by ``correct``).
    "Setup" 5: the Threat deck counts its Stacks, the Adventure's Foes and
    the Story cards in Stack 4. "Setup" 1: an upgraded Action starts Advanced
    (Belanor's Lightbringer: "Start with 1 Action on its Advanced side").
    "The Campaign": a new Campaign after a won one (``veteran``) has a Wound
    maximum 1 lower and ignores Heal 1 Wound when defeating Adventures.
    """
    p = ctx.params
    if p["spirit"] > p["max_spirit"]:
        raise RuleError(
            f"Spirit max is {p['max_spirit']}",
            f"Starting Spirit {p['spirit']} is above the maximum {p['max_spirit']}: heroes can "
            "never have Spirit beyond their maximum (Heroes, Spirit Dial).",
        )
    if p["variant"] == "belanors-lightbringer" and p["advanced"] == "none":
        raise RuleError("Belanor's: 1 Advanced",
                        "Belanor's Lightbringer: start with 1 Action on its Advanced side "
                        "(Difficulty Variants); choose it in Advanced Action.")
    new_adventure(ctx.state, p["heroes"], p["spirit"], p["max_spirit"], p["variant"],
                  p["adventure"], p["foes"], p["stories"])
    campaign = ctx.state["campaign"]
    if p["veteran"]:
        campaign["veteran"] = True
        if campaign["wound_limit"] is not None:
            campaign["wound_limit"] = max(1, campaign["wound_limit"] - 1)
    if p["advanced"] != "none":
        campaign["advanced"] = [p["advanced"]]
        for hero in ctx.state["heroes"]:
            hero["actions"][p["advanced"]]["advanced"] = True
    add_setup_shadows(ctx)
    heroes = "1 hero" if p["heroes"] == 1 else f"{p['heroes']} heroes"
    ctx.describe(f"New campaign, Adventure {p['adventure']}: {heroes}, "
                 f"Spirit {p['spirit']}/{p['max_spirit']}")
