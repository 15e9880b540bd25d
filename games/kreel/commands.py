"""What a Kreel Manor player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError
from games.core.engine import current_step
from games.kreel import rules
from games.kreel.procedures import DELVE
from games.kreel.state import (
    KINDS,
    MAX_SPIRIT_LIMIT,
    STATUSES,
    VALUES,
    VARIANTS,
    active_hero,
    find_threat,
    new_adventure,
)

VALUE_LABELS = {
    "fight": "Fight",
    "influence": "Influence",
    "sneak": "Sneak",
    "spirit_cost": "Spirit Cost",
    "spirit_boost": "Spirit Boost",
}

# --- setup --------------------------------------------------------------------------

# The rulebook gives no Spirit values (each Hero Board lists its own, "Setup" 3):
# the form starts at 10 only so the dial has little to turn; the player sets both.
FORM_START_SPIRIT = 10

SETUP_PARAMS = (
    Param("heroes", "int", "Heroes", low=1, high=4, default=1),
    Param("spirit", "int", "Starting Spirit", low=1, high=MAX_SPIRIT_LIMIT, default=FORM_START_SPIRIT),
    Param("max_spirit", "int", "Max Spirit", low=1, high=MAX_SPIRIT_LIMIT, default=FORM_START_SPIRIT),
    Param("variant", "choice", "Variant", choices=tuple(VARIANTS), default="standard"),
)


def setup(ctx: Context) -> None:
    """A new Adventure.

    "Setup" 3. Spirit Dial: set it to the hero's starting Spirit; the Hero
    Board shows the maximum ("Spirit Dial"). "Multiplayer Coop Mode": 1-4
    heroes, each with their own dial (set per hero later by ``correct``).
    "Difficulty Variants": Valim's Dungeoneer adds 1 and Masklaw's Abyss 2
    additional Shadows when setting up, each by Add 1 Threat.
    """
    p = ctx.params
    if p["spirit"] > p["max_spirit"]:
        raise RuleError(
            f"Spirit max is {p['max_spirit']}",
            f"Starting Spirit {p['spirit']} is above the maximum {p['max_spirit']}: heroes can "
            "never have Spirit beyond their maximum (Heroes, Spirit Dial).",
        )
    new_adventure(ctx.state, p["heroes"], p["spirit"], p["max_spirit"], p["variant"])
    for _ in range(VARIANTS[p["variant"]]):
        rules.add_one_threat(ctx.state)
    heroes = "1 hero" if p["heroes"] == 1 else f"{p['heroes']} heroes"
    ctx.describe(f"New adventure: {heroes}, Spirit {p['spirit']}/{p['max_spirit']}")


# --- helpers ------------------------------------------------------------------------


def _threat(ctx: Context) -> dict:
    threat = find_threat(ctx.state, ctx.params["threat"])
    if threat is None:
        ids = ", ".join(str(t["id"]) for t in ctx.state["threat_area"]) or "none"
        raise RuleError(
            f"No Threat {ctx.params['threat']} in play"[:42],
            f"Threat {ctx.params['threat']} is not in the Threat Area (in play: {ids}). "
            "Shadows cannot be targeted (Glossary, Shadows).",
        )
    if not threat["revealed"]:
        raise RuleError("Reveal it first", f"{threat['name']} has not been revealed yet.")
    return threat


def _hero_index(ctx: Context) -> int:
    number = ctx.params.get("hero")
    if number is None:
        return ctx.state["active_hero"]
    if number > len(ctx.state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(ctx.state['heroes'])} heroes.")
    return number - 1


def _has_threats(state: dict) -> bool:
    return any(t["revealed"] for t in state["threat_area"])


def _summary(threat: dict) -> str:
    parts = [f"{VALUE_LABELS[v]} {threat[v]}" for v in ("fight", "influence", "sneak") if threat[v]]
    parts.append(f"Spirit {threat['spirit_cost']}")
    if threat["spirit_boost"]:
        parts.append(f"Boost {threat['spirit_boost']}")
    parts += [s.capitalize() for s in threat["statuses"]]
    return ", ".join(parts)


# --- the Threat phase ------------------------------------------------------------------


def _turn_face_up(threat: dict, p: dict) -> None:
    """Copy the card's values into ``threat`` as it is turned face-up."""
    for value in VALUES:
        threat[value] = p[value]
    threat["kind"] = p["kind"]
    threat["statuses"] = [s for s in ("shield", "bold") if p[s]]
    threat["revealed"] = True
    if threat["kind"] != "threat":
        threat["name"] = f"{p['kind'].capitalize()} {threat['id']}"


def reveal(ctx: Context) -> None:
    """Enter a revealed Threat's card: "Threats" (Threat values, Spirit values,
    card type) and "Statuses" (a 'Reveal: Bold' or 'Reveal: Shield' Threat gains
    that Status as soon as it is revealed)."""
    state = ctx.state
    if not state["revealing"]:
        raise RuleError("Nothing to reveal", "No Threat is waiting to be revealed.")
    threat = find_threat(state, state["revealing"].pop(0))
    _turn_face_up(threat, ctx.params)
    ctx.data["revealed"] = threat["id"]
    ctx.describe(f"{threat['name']} revealed: {_summary(threat)}")


REVEAL_PARAMS = (
    Param("fight", "int", "Fight", low=0, high=99, default=0),
    Param("influence", "int", "Influence", low=0, high=99, default=0),
    Param("sneak", "int", "Sneak", low=0, high=99, default=0),
    Param("spirit_cost", "int", "Spirit Cost", low=0, high=99, default=0),
    Param("spirit_boost", "int", "Spirit Boost", low=0, high=99, default=0),
    Param("kind", "choice", "Kind", choices=KINDS, default="threat"),
    Param("bold", "bool", "Reveal: Bold", default=False),
    Param("shield", "bool", "Reveal: Shield", default=False),
)


def scout(ctx: Context) -> None:
    """"Using Actions", Scout: reveal 1 Shadow in place, up to the Sneak
    Action's Power on the Action Power Track (Sneak 1: the first Shadow only;
    the box does not track that Power yet, so the player keeps to it). Its
    Reveal abilities trigger now; revealed Shadows remain in the Shadows."""
    index = ctx.params["shadow"] - 1
    shadows = ctx.state["shadows"]
    if index >= len(shadows) or shadows[index] is None or shadows[index]["revealed"]:
        raise RuleError(f"No face-down Shadow {index + 1}"[:42],
                        f"There is no face-down Threat in the Shadows' Sneak {index + 1} space "
                        "to Scout (Using Actions, Scout).")
    threat = shadows[index]
    _turn_face_up(threat, ctx.params)
    ctx.describe(f"Scouted {threat['name']}: {_summary(threat)}")


def add_threat(ctx: Context) -> None:
    """A card says "Add 1 Threat": the Threat Phase procedure, anywhere
    ("2. Threat Phase", Note). The running step resumes afterwards."""
    if ctx.state["revealing"]:
        raise RuleError("Reveal first", "A revealed Threat still needs its values entered.")
    resume = ctx.state.get("procedure")
    ctx.start("add-threat", {"count": ctx.params["count"], "resume": resume})
    ctx.describe(f"Add {ctx.params['count']} Threat" + ("s" if ctx.params["count"] > 1 else ""))


# --- the Spirit phase and the Threat Area ----------------------------------------------


def block(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block: each point prevents 1 Spirit of the total."""
    ctx.data["block"] = ctx.params["points"]
    ctx.describe(f"Block {ctx.params['points']} of {ctx.data.get('attack', 0)}")


def defeat(ctx: Context) -> None:
    """Defeat a Threat: it leaves the Threat Area ("Threats") and a hero regains
    its Spirit Boost, up to their maximum ("Threat Spirit Boost"; "Multiplayer
    Coop Mode", Spirit Boost: any one hero, never split)."""
    threat = _threat(ctx)
    hero = ctx.state["heroes"][_hero_index(ctx)]
    ctx.state["threat_area"].remove(threat)
    ctx.state["defeated"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    gained = rules.heal(hero, threat["spirit_boost"])
    text = f"{threat['name']} defeated"
    if threat["spirit_boost"]:
        text += f"; {hero['name']} +{gained} Spirit"
    ctx.describe(text)


def discard(ctx: Context) -> None:
    """Discard a Threat: no Defeat effect, no Spirit Boost (Glossary, Discard)."""
    threat = _threat(ctx)
    ctx.state["threat_area"].remove(threat)
    ctx.state["discarded"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    ctx.describe(f"{threat['name']} discarded")


def status(ctx: Context) -> None:
    """Put a Status on a Threat or take it off ("Statuses": Dazed, Shield,
    Bold; a second copy is simply ignored), or Exhaust / reset it (Glossary,
    Exhaust: Exhausted Threats cannot attack)."""
    threat = _threat(ctx)
    name, on = ctx.params["status"], ctx.params["on"]
    if name == "exhausted":
        threat["exhausted"] = on
        ctx.describe(f"{threat['name']} {'Exhausted' if on else 'reset'}")
        return
    statuses = threat["statuses"]
    if on and name not in statuses:
        statuses.append(name)
    elif not on and name in statuses:
        statuses.remove(name)
    ctx.describe(f"{threat['name']} {'gains' if on else 'loses'} {name.capitalize()}")


def threat_value(ctx: Context) -> None:
    """Set one of a Threat's values by hand, for card effects ("The Golden
    Rule": effects on cards take precedence)."""
    threat = _threat(ctx)
    value, amount = ctx.params["value"], ctx.params["amount"]
    before = threat[value]
    threat[value] = amount
    ctx.describe(f"{threat['name']} {VALUE_LABELS[value]} {before} \u2192 {amount}")


def confront(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Confront Threats: during their Play phase the
    active hero moves a non-Foe Threat from the shared Threat Area to their own
    Hero Threat Area (at most 1 there; no un-Confronting)."""
    state = ctx.state
    if len(state["heroes"]) == 1:
        raise RuleError("Multiplayer only", "Confronting is a Multiplayer Coop Mode rule.")
    if (state.get("procedure") or {}).get("name") != "play":
        raise RuleError("Only in Play phase", "A hero may Confront a Threat on their turn, "
                        "during the Play phase (Multiplayer Coop Mode, Confront Threats).")
    threat = _threat(ctx)
    hero = state["active_hero"]
    if threat["kind"] == "foe":
        raise RuleError("Foes cannot be Confronted", "Foes cannot be Confronted "
                        "(Multiplayer Coop Mode, Confront Threats).")
    if threat["confronted_by"] is not None:
        raise RuleError("Already Confronted", f"{threat['name']} is already Confronted; heroes "
                        "cannot 'un-Confront' Threats (Multiplayer Coop Mode).")
    if any(t["confronted_by"] == hero for t in state["threat_area"]):
        raise RuleError("1 Confronted at most", "A Hero Threat Area cannot contain more than 1 "
                        "Confronted Threat at a time (Multiplayer Coop Mode, Confront Threats).")
    threat["confronted_by"] = hero
    ctx.describe(f"{active_hero(state)['name']} Confronts {threat['name']}")


def asset_spirit(ctx: Context) -> None:
    """Equip (+) or unequip (-) an Asset with a Spirit bonus: it changes the
    hero's current and maximum Spirit together ("Symbol Explanations", the
    'plus number' on Spirit)."""
    hero = ctx.state["heroes"][_hero_index(ctx)]
    delta = ctx.params["delta"]
    new_max = hero["max_spirit"] + delta
    if not 1 <= new_max <= MAX_SPIRIT_LIMIT:
        raise RuleError(f"Max Spirit 1..{MAX_SPIRIT_LIMIT}",
                        f"{hero['name']}'s maximum Spirit would be {new_max}.")
    hero["max_spirit"] = new_max
    hero["spirit"] = max(0, min(new_max, hero["spirit"] + delta))
    ctx.describe(f"{hero['name']} Spirit {hero['spirit']}/{new_max} (Asset {delta:+d})")


def victory(ctx: Context) -> None:
    """"1. Delve Phase" D. Victory Check: the Adventure Location is defeated."""
    step = current_step(ctx.game, ctx.state)
    proc = ctx.state.get("procedure") or {}
    if proc.get("name") != "delve" or step is None or step.id != "victory":
        raise RuleError("Only at Victory Check", "Victory is checked in the Delve Phase, step D "
                        "(1. Delve Phase, D. Victory Check).")
    ctx.state["victory"] = True
    ctx.describe("Victory: the Adventure Location is defeated")


def _threat_param() -> Param:
    return Param("threat", "int", "Threat", low=1, high=9999)


def _hero_param() -> Param:
    return Param("hero", "int", "Hero", low=1, high=4, optional=True)


def _at_victory_check(state: dict) -> bool:
    proc = state.get("procedure") or {}
    return proc.get("name") == "delve" and proc.get("step") == DELVE.index_of("victory")


COMMANDS = (
    CommandSpec("reveal", "Enter a revealed Threat's values, kind and Reveal statuses", reveal,
                REVEAL_PARAMS, menu=False, prompt_only=True),
    CommandSpec("block", "Enter the Block points played this Spirit phase", block,
                (Param("points", "int", "Block", low=0, high=99, default=0),),
                menu=False, prompt_only=True),
    CommandSpec("scout", "Scout: reveal a Shadow in place and enter its values", scout,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + REVEAL_PARAMS,
                available=lambda s: any(t is not None and not t["revealed"] for t in s["shadows"])),
    CommandSpec("add_threat", "Add 1 Threat (a card says so): bump the Shadows", add_threat,
                (Param("count", "int", "Threats", low=1, high=5, default=1),),
                available=lambda s: not s["revealing"]),
    CommandSpec("defeat", "A Threat is defeated: remove it, regain its Spirit Boost", defeat,
                (_threat_param(), _hero_param()), available=_has_threats),
    CommandSpec("discard", "A Threat is discarded (no Spirit Boost)", discard,
                (_threat_param(),), available=_has_threats),
    CommandSpec("status", "Give or remove a Threat's Dazed/Shield/Bold, or Exhaust it", status,
                (_threat_param(),
                 Param("status", "choice", "Status", choices=STATUSES + ("exhausted",)),
                 Param("on", "bool", "On", default=True)),
                available=_has_threats),
    CommandSpec("threat_value", "Change a Threat's value (a card effect)", threat_value,
                (_threat_param(), Param("value", "choice", "Value", choices=VALUES),
                 Param("amount", "int", "Amount", low=0, high=99)),
                available=_has_threats),
    CommandSpec("confront", "Confront a non-Foe Threat (multiplayer, Play phase)", confront,
                (_threat_param(),),
                available=lambda s: len(s["heroes"]) > 1
                and (s.get("procedure") or {}).get("name") == "play"),
    CommandSpec("asset_spirit", "Equip/unequip a +Spirit Asset: Spirit and max move together",
                asset_spirit, (Param("delta", "int", "Spirit", low=-10, high=10), _hero_param())),
    CommandSpec("victory", "Victory Check: the Adventure Location is defeated", victory,
                available=_at_victory_check),
)
