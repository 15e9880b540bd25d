"""Stories: read at the hero's next Delve, affecting only their hero, set aside for an Adventure.

"Stories", "1. Delve Phase" A and "Setup" 1 ii (the Hero Board's Story card,
read in the first Delve). A revealed Story is placed by the reveal
(:mod:`games.kreel.threat_phase`), a Scout or a card.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel.state import Threat, active_hero
from games.kreel.threat_area import take_off_table, threat_values


def no_story(state: dict) -> bool:
    return not active_hero(state)["story"]


def story_read(ctx: Context) -> None:
    """"Stories": once read and resolved, the Story card goes back to the box
    (or stays in play when it says so: the player keeps it in the Threat Area)."""
    active_hero(ctx.state)["story"] = False


def place_story(ctx: Context, threat: Threat) -> None:
    """"Stories": "Whenever a Story card is revealed (e.g. at the very start of
    the game), the hero listed at the bottom of the Story card places it in
    front of them. At the beginning of their next Delve Phase they read it
    aloud" (``story_hero``; 0: the active hero), in the Threat phase, by a Scout
    or by a card. A Story with no Threat values and no Spirit Cost leaves play
    (its space in the Shadows empties); one that represents a Threat ("Remain in
    play, giving an ability, or representing a Threat") stays where it is, its
    hero recorded."""
    if threat["kind"] != "story":
        return
    state = ctx.state
    number = ctx.params["story_hero"]
    if number > len(state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
    threat["story_of"] = number - 1 if number else state["active_hero"]
    hero = state["heroes"][threat["story_of"]]
    if hero["out"]:  # "Multiplayer Coop Mode", Pressing On: their cards are out of play
        take_off_table(state, threat)
        ctx.note(f"{hero['name']}'s Story leaves play: the team Pressed On without them")
        return
    hero["story"] = True
    if not threat_values(threat) and not threat["spirit_cost"]:
        take_off_table(state, threat)
    ctx.note("Story: read it at your next Delve")


def own_story_only(ctx: Context, threat: Threat, hero: int, what: str) -> None:
    """"Stories": Stories affect only their listed hero - heroes may not help
    with, affect, or damage other heroes' Stories."""
    owner = threat.get("story_of")
    if threat["kind"] == "story" and owner is not None and owner != hero:
        name = ctx.state["heroes"][owner]["name"]
        raise RuleError(f"{name}'s Story", f"{threat['name']} is {name}'s Story: heroes may "
                        f"not help with, affect, or {what} other heroes' Stories (Stories).")


def story_aside(ctx: Context) -> None:
    """"Stories": the new Story card a choice names is set aside until the
    Adventure printed on it, then shuffled into Stack 4; it stays aside through
    replays of the current Adventure ("Wounds")."""
    entry = {"adventure": ctx.params["adventure"], "card": ctx.params["card"]}
    ctx.state["campaign"]["stories"].append(entry)
    ctx.describe(f"Story {entry['card']} set aside for Adventure {entry['adventure']}")
