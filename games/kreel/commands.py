"""What a Kreel Manor player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError
from games.core.packs import PackError, refused
from games.kreel import pack, rules
from games.kreel.procedures import note
from games.kreel.state import (
    ACTIONS,
    ADVENTURES,
    KINDS,
    MAX_SPIRIT_LIMIT,
    STATUSES,
    VALUES,
    VARIANTS,
    active_hero,
    active_location,
    find_threat,
    new_adventure,
    reset_adventure,
    starred_values,
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
    Param("adventure", "int", "Adventure", low=1, high=ADVENTURES, default=1),
    Param("foes", "int", "Adventure's Foes", low=0, high=20, default=1),
    Param("stories", "int", "Stories in deck", low=0, high=20, default=0),
    Param("advanced", "choice", "Advanced Action", choices=("none",) + ACTIONS, default="none"),
    Param("veteran", "bool", "After a won Campaign", default=False),
)


def _add_setup_shadows(ctx: Context) -> None:
    """"Difficulty Variants": Valim's Dungeoneer adds 1 and Masklaw's Abyss 2
    additional Shadows when setting up each Adventure, each by Add 1 Threat."""
    for _ in range(VARIANTS[ctx.state["variant"]]["shadows"]):
        rules.add_one_threat(ctx.state)


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
    _add_setup_shadows(ctx)
    heroes = "1 hero" if p["heroes"] == 1 else f"{p['heroes']} heroes"
    ctx.describe(f"New campaign, Adventure {p['adventure']}: {heroes}, "
                 f"Spirit {p['spirit']}/{p['max_spirit']}")


# --- helpers ------------------------------------------------------------------------


def _procedure(state: dict) -> str | None:
    return (state.get("procedure") or {}).get("name")


def _in_play(state: dict) -> bool:
    return _procedure(state) == "play"


def _need_play(ctx: Context, what: str) -> None:
    if not _in_play(ctx.state):
        raise RuleError("Only in Play phase", f"{what} only during the hero's Play phase "
                        "(4. Play Phase).")


def _threat(ctx: Context, threat_id: int | None = None) -> dict:
    threat_id = ctx.params["threat"] if threat_id is None else threat_id
    threat = find_threat(ctx.state, threat_id)
    if threat is None:
        ids = ", ".join(str(t["id"]) for t in ctx.state["threat_area"]) or "none"
        raise RuleError(
            f"No Threat {threat_id} in play"[:42],
            f"Threat {threat_id} is not in the Threat Area (in play: {ids}). "
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
    parts = [f"{VALUE_LABELS[v]} {threat[v]}{'*' if v in threat['starred'] else ''}"
             for v in ("fight", "influence", "sneak") if threat[v]]
    parts.append(f"Spirit {threat['spirit_cost']}")
    if threat["spirit_boost"]:
        parts.append(f"Boost {threat['spirit_boost']}")
    if threat["overkill"]:
        parts.append(f"Overkill {threat['overkill']}")
    parts += [s.capitalize() for s in threat["statuses"]]
    return ", ".join(parts)


def target_choices(state: dict) -> tuple[str, ...]:
    """What a Used Action can target: revealed Threats in the Threat Area (by
    id and name), the Active Location ("explore") and "draw"."""
    out = [f"{t['id']} {t['name']}" for t in state["threat_area"] if t["revealed"]]
    location = active_location(state)
    if location["sneak"] is not None and not location["defeated"]:
        out.append("explore")
    out.append("draw")
    return tuple(out)


def likely_target(state: dict) -> str:
    """Where the Use (or damage) form's Target starts: the Threat the player most
    likely means. The active hero's own Confronted Threat first (it attacks only
    them, "Multiplayer Coop Mode"); else the Threat already holding the most
    damage tokens (the Action Example Engages "the same Threat" again next
    round); else the first choice (the oldest Threat, or Explore)."""
    threats = [t for t in state["threat_area"] if t["revealed"]]
    mine = [t for t in threats if t["confronted_by"] == state["active_hero"]]
    engaged = sorted((t for t in threats if any(t["damage"].values())),
                     key=lambda t: -sum(t["damage"].values()))
    for threat in mine + engaged:
        return f"{threat['id']} {threat['name']}"
    return target_choices(state)[0]


def _damage_targets(state: dict) -> tuple[str, ...]:
    return tuple(c for c in target_choices(state) if c != "draw")


def _likely_damage_target(state: dict) -> str | None:
    target = likely_target(state)
    return target if target != "draw" else None


def _target_threat(ctx: Context, target: str) -> dict:
    return _threat(ctx, int(target.split()[0]))


# --- the Threat phase ------------------------------------------------------------------


def _turn_face_up(ctx: Context, threat: dict, p: dict) -> None:
    """Copy the card's values into ``threat`` as it is turned face-up: from the
    content pack when the card is chosen by name, else as entered."""
    if p.get("card", pack.BY_VALUES) != pack.BY_VALUES:
        card = ctx.state["pack"]["threats"][p["card"]]
        p = {**{v: card[v] for v in VALUES}, "kind": card["kind"], "starred": card["starred"],
             "overkill": card["overkill"], "bold": "bold" in card["reveal"],
             "shield": "shield" in card["reveal"], "name": p["card"]}
        threat["group"] = card["group"]
    for value in VALUES:
        threat[value] = p[value]
    threat["kind"] = p["kind"]
    starred = p["starred"] if isinstance(p["starred"], list) else [
        v for v in ACTIONS if p["starred"] and v != p.get("plain", "none")]
    threat["starred"] = starred_values(threat, starred)
    threat["overkill"] = p["overkill"]
    threat["statuses"] = [s for s in ("shield", "bold") if p[s]]
    threat["revealed"] = True
    if threat["kind"] == "vengeance":
        threat["name"] = p.get("name", "Lord's Vengeance")
        ctx.state["vengeance"] = "revealed"
    elif "name" in p:
        threat["name"] = p["name"]
    elif threat["kind"] != "threat":
        threat["name"] = f"{p['kind'].capitalize()} {threat['id']}"


def reveal(ctx: Context) -> None:
    """Enter a revealed Threat's card: "Threats" (Threat values, * values,
    Overkill X, Spirit values, card type) and "Statuses" (a 'Reveal: Bold' or
    'Reveal: Shield' Threat gains that Status as soon as it is revealed).

    "Stories": a revealed Story goes in front of the hero named on it
    (``story_hero``; 0: the active hero), read at their next Delve; one without
    Threat values leaves the Threat Area.
    """
    state = ctx.state
    if not state["revealing"]:
        raise RuleError("Nothing to reveal", "No Threat is waiting to be revealed.")
    threat = find_threat(state, state["revealing"].pop(0))
    _turn_face_up(ctx, threat, ctx.params)
    ctx.data["revealed"] = threat["id"]
    ctx.describe(f"{threat['name']} revealed: {_summary(threat)}")
    if threat["kind"] == "story":
        number = ctx.params["story_hero"]
        if number > len(state["heroes"]):
            raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
        threat["story_of"] = number - 1 if number else state["active_hero"]
        state["heroes"][threat["story_of"]]["story"] = True
        if not rules.threat_values(threat) and not threat["spirit_cost"]:
            state["threat_area"].remove(threat)
        note(ctx, "Story: read it at your next Delve")
    if threat["kind"] == "vengeance":
        note(ctx, "The Lord's Vengeance cannot be defeated")


REVEAL_PARAMS = (
    Param("fight", "int", "Fight", low=0, high=99, default=0),
    Param("influence", "int", "Influence", low=0, high=99, default=0),
    Param("sneak", "int", "Sneak", low=0, high=99, default=0),
    Param("spirit_cost", "int", "Spirit Cost", low=0, high=99, default=0),
    Param("spirit_boost", "int", "Spirit Boost", low=0, high=99, default=0),
    Param("kind", "choice", "Kind", choices=KINDS, default="threat"),
    Param("bold", "bool", "Reveal: Bold", default=False),
    Param("shield", "bool", "Reveal: Shield", default=False),
    Param("starred", "bool", "* values", default=False),
    Param("plain", "choice", "Not *", choices=("none",) + ACTIONS, default="none"),
    Param("overkill", "int", "Overkill", low=0, high=9, default=0),
    Param("card", "choice", "Card", choices_from=pack.threat_names, default=pack.BY_VALUES),
    Param("story_hero", "int", "Story's hero", low=0, high=4, default=0),
)


def add_threat(ctx: Context) -> None:
    """A card says "Add 1 Threat": the Threat Phase procedure, anywhere
    ("2. Threat Phase", Note). The running step resumes afterwards."""
    if ctx.state["revealing"]:
        raise RuleError("Reveal first", "A revealed Threat still needs its values entered.")
    resume = ctx.state.get("procedure")
    ctx.start("add-threat", {"count": ctx.params["count"], "resume": resume})
    ctx.describe(f"Add {ctx.params['count']} Threat" + ("s" if ctx.params["count"] > 1 else ""))


# --- the Action Power Track ("4. Play Phase", "Using Actions") ---------------------------


def tilt(ctx: Context) -> None:
    """"TILT (once per round)": one Action not already Tilted or Used gains 1
    Power on its Power Die (limit 6); a Dazed Action loses Dazed instead."""
    _need_play(ctx, "Tilt")
    hero = active_hero(ctx.state)
    action = ctx.params["action"]
    card = hero["actions"][action]
    if hero["tilts"]:
        raise RuleError("1 Tilt per round", "TILT (once per round): only 1 Action a round.")
    if card["used"]:
        raise RuleError(f"{action.capitalize()} already Used",
                        "Select one Action that is not already Tilted or Used (TILT).")
    ctx.describe(rules.tilt(hero, action))


def _begin_use(ctx: Context, action: str) -> tuple[dict, int]:
    """Check the Use and return (hero, the Action's Power for it)."""
    _need_play(ctx, "Use an Action")
    hero = active_hero(ctx.state)
    refusal = rules.use_refusal(hero, action)
    if refusal:
        raise RuleError(*refusal)
    card = hero["actions"][action]
    spend = ctx.params["spend"]
    if spend > card["die"]:
        raise RuleError(f"Die shows {card['die']}",
                        f"Only {card['die']} Power is on the {action.capitalize()} Power Die "
                        "to spend (Using Actions, Power Die).")
    return hero, card["slot"] + spend + ctx.params["bonus"] + card["plus"]


def _finish_use(ctx: Context, hero: dict, action: str) -> None:
    """"Using Actions": spend the die, Exhaust the Action and move it to slot 1;
    a second Use discards the hero's Bold ("Statuses", Bold i)."""
    card = hero["actions"][action]
    card["die"] -= ctx.params["spend"]
    if hero["uses"]:
        hero["statuses"].remove("bold")
        note(ctx, "Bold discarded for an additional Use")
    hero["uses"] += 1
    card["used"] = True
    rules.move_to_slot_1(hero, action)


def _damage_threat(ctx: Context, threat: dict, value: str, amount: int, hero: dict) -> str:
    _own_story_only(ctx, threat, ctx.state["heroes"].index(hero), "damage")
    if value not in rules.threat_values(threat):
        raise RuleError(f"No {value.capitalize()} value",
                        f"{threat['name']} has no {VALUE_LABELS[value]} value: a target cannot "
                        "be dealt damage tokens for a value it does not have (Damage Tokens).")
    placed, why = rules.deal_damage(threat, value, amount)
    text = f"{threat['name']}: {why}" if why else (
        f"{placed} {VALUE_LABELS[value]} on {threat['name']} "
        f"({threat['damage'][value]}/{threat[value]})")
    if rules.is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["heroes"].index(hero))
    elif threat["kind"] == "vengeance":
        text += "; it cannot be defeated"
    return text


def _defeat(ctx: Context, threat: dict, by: int) -> str:
    """``threat`` is defeated by hero index ``by`` ("Defeat": the hero who
    defeated it; by another Threat or an ability: the active hero). Solo, its
    Spirit Boost goes to that hero; with more than one hero still in, the Spirit
    Boost "may be applied to any hero" but never split ("Multiplayer Coop
    Mode", Spirit Boost): the box asks who, starting on that hero."""
    state = ctx.state
    heroes_in = [h for h in state["heroes"] if not h["out"]]
    if len(heroes_in) < 2 or not threat["spirit_boost"]:
        return "; ".join(rules.defeat_threat(state, threat, state["heroes"][by]))
    notes = rules.defeat_threat(state, threat, None)
    ctx.start("spirit-boost", {"amount": threat["spirit_boost"], "threat": threat["name"],
                               "hero": by, "resume": state.get("procedure")})
    return "; ".join(notes + [f"Spirit Boost {threat['spirit_boost']}: choose the hero"])


def _boost_heroes(state: dict) -> tuple[str, ...]:
    return tuple(h["name"] for h in state["heroes"] if not h["out"])


def _boost_default(state: dict) -> str | None:
    data = (state.get("procedure") or {}).get("data", {})
    return state["heroes"][data["hero"]]["name"] if "hero" in data else None


def boost(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Spirit Boost: a defeated Threat's Spirit Boost
    goes whole to one hero still in the Adventure, up to their maximum
    ("Threat Spirit Boost"; "Symbol Explanations", white Spirit symbol)."""
    hero = next(h for h in ctx.state["heroes"] if h["name"] == ctx.params["hero"])
    gained = rules.heal(hero, ctx.data["amount"])
    ctx.describe(f"{ctx.data['threat']}'s Spirit Boost: {hero['name']} +{gained} Spirit")


def _own_story_only(ctx: Context, threat: dict, hero: int, what: str) -> None:
    """"Stories": Stories affect only their listed hero - heroes may not help
    with, affect, or damage other heroes' Stories."""
    owner = threat.get("story_of")
    if threat["kind"] == "story" and owner is not None and owner != hero:
        name = ctx.state["heroes"][owner]["name"]
        raise RuleError(f"{name}'s Story", f"{threat['name']} is {name}'s Story: heroes may "
                        f"not help with, affect, or {what} other heroes' Stories (Stories).")


def _explore(ctx: Context, amount: int) -> str:
    location = active_location(ctx.state)
    if location["sneak"] is None or location["defeated"]:
        raise RuleError("No Location to explore", "The Active Location is already defeated; the "
                        "next is flipped in the Delve Phase (Defeated Locations).")
    cap = rules.location_sneak(ctx.state, location)
    placed = min(cap, location["damage"] + amount) - location["damage"]
    location["damage"] += placed
    return f"{placed} Sneak on {location['name']} ({location['damage']}/{cap})"


def use(ctx: Context) -> None:
    """"USE (once per round)": Engage a Threat in the Threat Area or Explore
    the Active Location with damage tokens of the Action's value, or Draw 1
    Skill. Power = the Action's slot + Power spent from its die + Skills and
    other bonuses ("Explore/Engage"). A Location has only a Sneak value, so it
    is Explored with Sneak. Then the Action moves to slot 1."""
    action, target = ctx.params["action"], ctx.params["target"]
    hero, power = _begin_use(ctx, action)
    name = action.capitalize()
    if target == "draw":
        text = f"{name} Used to Draw 1 Skill: {rules.draw_skill(hero)} in hand"
    elif target == "explore":
        if action != "sneak":
            raise RuleError("Explore with Sneak", "A Location has only a Sneak value: a target "
                            "cannot be dealt tokens for a value it lacks (Locations; Damage Tokens).")
        text = f"Sneak {power}: " + _explore(ctx, power)
    else:
        text = f"{name} {power}: " + _damage_threat(ctx, _target_threat(ctx, target), action,
                                                    power, hero)
    _finish_use(ctx, hero, action)
    ctx.describe(f"{ctx.description}; {text}" if ctx.description else text)
    ctx.emit(text)


def scout(ctx: Context) -> None:
    """"Using Actions", Scout: Use Sneak to reveal 1 Shadow in place, in a space
    up to its Power (Sneak 1: the first Shadow only; Power Dice and Skills may
    raise it). Its Reveal abilities trigger now; it stays in the Shadows."""
    hero, reach = _begin_use(ctx, "sneak")
    index = ctx.params["shadow"] - 1
    shadows = ctx.state["shadows"]
    if index >= len(shadows) or shadows[index] is None or shadows[index]["revealed"]:
        raise RuleError(f"No face-down Shadow {index + 1}"[:42],
                        f"There is no face-down Threat in the Shadows' Sneak {index + 1} space "
                        "to Scout (Using Actions, Scout).")
    if index + 1 > reach:
        raise RuleError(f"Sneak {reach} reaches {min(reach, 3)}",
                        f"With Sneak {reach} the hero can reveal only the first {reach} "
                        "Shadow(s) (Using Actions, Scout).")
    threat = shadows[index]
    _turn_face_up(ctx, threat, ctx.params)
    _finish_use(ctx, hero, "sneak")
    ctx.describe(f"Scouted {threat['name']}: {_summary(threat)}")


def damage(ctx: Context) -> None:
    """An ability deals damage tokens ("deal 1 Sneak damage", a Hero Action
    ability): not a Use. Same limits as an Action's damage ("Damage Tokens").
    ``hero``: whose ability it is (another hero's Fast ability, Glossary, Fast);
    a Threat it defeats was defeated by that hero ("Defeat")."""
    target, value, amount = ctx.params["target"], ctx.params["value"], ctx.params["amount"]
    hero = ctx.state["heroes"][_hero_index(ctx)]
    if target == "explore":
        if value != "sneak":
            raise RuleError("Locations take Sneak", "A Location has only a Sneak value "
                            "(Locations; Damage Tokens).")
        text = _explore(ctx, amount)
    else:
        text = _damage_threat(ctx, _target_threat(ctx, target), value, amount, hero)
    ctx.describe(text)


def act(ctx: Context) -> None:
    """"Act": only in the hero's Play Phase, and 'Value X Act' needs Present
    Power in that value of at least X (the Epicurean Banqueting Hall's
    'Influence 3 Act'); Plot choices with a Power requirement likewise."""
    _need_play(ctx, "Acts")
    action, needed = ctx.params["action"], ctx.params["needed"]
    present = rules.present_power(active_hero(ctx.state), action)
    name = action.capitalize()
    if present < needed:
        raise RuleError(f"{name} {present}: need {needed}",
                        f"'{name} {needed} Act' needs Present {name} Power of at least "
                        f"{needed}; it is {present} (4. Play Phase, Act; Present Power).")
    ctx.describe(f"{name} {needed} Act: Present {name} {present}")


def hero_status(ctx: Context) -> None:
    """"Statuses" on a hero: Bold (discard for an additional Use), Shield (the
    next damage is cancelled), or Dazed on one Action (it cannot be Used).
    A second copy of the same Status is ignored."""
    hero = ctx.state["heroes"][_hero_index(ctx)]
    name, on, action = ctx.params["status"], ctx.params["on"], ctx.params["action"]
    if name == "dazed":
        hero["actions"][action]["dazed"] = on
        what = f"{action.capitalize()} Dazed"
    else:
        if on and name not in hero["statuses"]:
            hero["statuses"].append(name)
        elif not on and name in hero["statuses"]:
            hero["statuses"].remove(name)
        what = name.capitalize()
    ctx.describe(f"{hero['name']} {'gains' if on else 'loses'} {what}")


def asset_power(ctx: Context) -> None:
    """An equipped Asset's '+X' to an Action ("Symbol Explanations"): it adds
    to the Present Power and to every Use of that Action."""
    hero = ctx.state["heroes"][_hero_index(ctx)]
    card = hero["actions"][ctx.params["action"]]
    if not 0 <= card["plus"] + ctx.params["delta"] <= 9:
        raise RuleError("Asset bonus 0..9", "An Action's Asset bonus stays within 0..9.")
    card["plus"] += ctx.params["delta"]
    ctx.describe(f"{hero['name']} {ctx.params['action'].capitalize()} Asset bonus {card['plus']:+d}")


def advanced(ctx: Context) -> None:
    """"Heroes", Actions: an Advanced Action's one-shot ability, once per Adventure."""
    hero = active_hero(ctx.state)
    action = ctx.params["action"]
    card = hero["actions"][action]
    if not card["advanced"]:
        raise RuleError(f"{action.capitalize()} is Basic",
                        "Only an Advanced Action has a once per Adventure ability (Heroes).")
    if card["ability_used"]:
        raise RuleError("Used this Adventure", "An Advanced Action's ability can be activated "
                        "once per Adventure (Heroes, Actions).")
    card["ability_used"] = True
    ctx.describe(f"{hero['name']} uses the Advanced {action.capitalize()} ability")


# --- the Spirit phase and the Threat Area ----------------------------------------------


def block(ctx: Context) -> None:
    """"5. Spirit Phase" B. Block: each point prevents 1 Spirit of the total."""
    ctx.data["block"] = ctx.params["points"]
    ctx.describe(f"Block {ctx.params['points']} of {ctx.data.get('attack', 0)}")


def defeat(ctx: Context) -> None:
    """An ability defeats a Threat ("Defeated Threats"): as when its value is
    met; a hero regains its Spirit Boost ("Multiplayer Coop Mode", Spirit
    Boost: any one hero, never split). The Lord's Vengeance cannot be defeated."""
    threat = _threat(ctx)
    if threat["kind"] == "vengeance":
        raise RuleError("It cannot be defeated", "Lord's Vengeance - An invincible Threat, "
                        "nothing can defeat it (Threats; 2. Threat Phase).")
    if ctx.params.get("hero") is None:
        ctx.describe(_defeat(ctx, threat, ctx.state["active_hero"]))
    else:
        hero = ctx.state["heroes"][_hero_index(ctx)]
        ctx.describe("; ".join(rules.defeat_threat(ctx.state, threat, hero)))


def discard(ctx: Context) -> None:
    """Discard a Threat: no Defeat effect, no Spirit Boost (Glossary, Discard)."""
    threat = _threat(ctx)
    rules.discard_threat(ctx.state, threat)
    ctx.describe(f"{threat['name']} discarded")


def return_threat(ctx: Context) -> None:
    """An ability returns a Threat to the top of the Threat deck (Glossary,
    Returned): face-up, tokens kept, out of reach until Add 1 Threat draws it."""
    threat = _threat(ctx)
    rules.return_threat(ctx.state, threat)
    ctx.describe(f"{threat['name']} returned to the top of the Threat deck")


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
    Rule": effects on cards take precedence). Tokens above a lowered value are
    discarded, and a value met defeats the Threat ("Defeated Cards")."""
    threat = _threat(ctx)
    value, amount = ctx.params["value"], ctx.params["amount"]
    before = threat[value]
    threat[value] = amount
    text = f"{threat['name']} {VALUE_LABELS[value]} {before} \u2192 {amount}"
    if value in threat["damage"] and not threat["overkill"]:
        threat["damage"][value] = min(threat["damage"][value], amount)
    if rules.is_defeated(threat):
        text += "; " + _defeat(ctx, threat, ctx.state["active_hero"])
    ctx.describe(text)


def confront(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Confront Threats: during their Play phase the
    active hero moves a non-Foe Threat from the shared Threat Area to their own
    Hero Threat Area (at most 1 there; no un-Confronting)."""
    state = ctx.state
    if len(state["heroes"]) == 1:
        raise RuleError("Multiplayer only", "Confronting is a Multiplayer Coop Mode rule.")
    _need_play(ctx, "A hero may Confront a Threat on their turn (Multiplayer Coop Mode)")
    threat = _threat(ctx)
    hero = state["active_hero"]
    _own_story_only(ctx, threat, hero, "Confront")
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


# --- prompts: Locations, Wounds, Game End -----------------------------------------------


def location(ctx: Context) -> None:
    """"1. Delve Phase" C: the next Location is flipped face-up and becomes the
    Active Location; its Sneak value (times the heroes with the Multiplayer
    Symbol) is what Exploring must reach ("Locations")."""
    loc = active_location(ctx.state)
    loc["sneak"] = ctx.params["sneak"]
    loc["per_hero"] = ctx.params["per_hero"]
    if ctx.params["card"] != pack.BY_VALUES:
        card = ctx.state["pack"]["locations"][ctx.params["card"]]
        loc.update(name=ctx.params["card"], sneak=card["sneak"], per_hero=card["per_hero"])
    ctx.describe(f"{loc['name']} is Active: Sneak {rules.location_sneak(ctx.state, loc)}")


def press_on(ctx: Context) -> None:
    """"Multiplayer Coop Mode", Defeat - Wounds: Press On without the Wounded
    hero, or tend to them (the Adventure ends and restarts)."""
    ctx.data["choice"] = ctx.params["choice"]
    ctx.describe(f"The team chooses to {ctx.params['choice']}")


def skip_adventure(ctx: Context) -> None:
    """"Difficulty Variants", Lequiem's Warrior: take 1 Wound to entirely skip
    the non-final Adventure that just defeated the hero."""
    if not ctx.params["skip"]:
        ctx.describe("Replay the Adventure")
        return
    campaign = ctx.state["campaign"]
    campaign["wounds"] += 1
    active_hero(ctx.state)["wounds"] += 1
    ctx.data["skip"] = True
    ctx.describe(f"1 Wound taken to skip Adventure {campaign['adventure']}")
    if rules.wounds_kill(ctx.state):
        campaign["over"] = rules.death(ctx.state)
        ctx.stop()


def rewards(ctx: Context) -> None:
    """"Game End" c. Other Rewards: heal (discard) 1 Wound, or Upgrade an Action
    to its Advanced side for every Adventure henceforth. After a won Campaign
    the harder one ignores Heal 1 Wound ("The Campaign" B)."""
    campaign = ctx.state["campaign"]
    parts = []
    if ctx.params["heal_wound"] and campaign["veteran"]:
        raise RuleError("No Heal: veteran", "After a won Campaign, ignore Heal 1 Wound effects "
                        "when defeating Adventures (The Campaign, B).")
    if ctx.params["heal_wound"] and campaign["wounds"]:
        campaign["wounds"] -= 1
        for hero in ctx.state["heroes"]:
            if hero["wounds"]:
                hero["wounds"] -= 1
                break
        parts.append("1 Wound healed")
    upgrade = ctx.params["upgrade"]
    if upgrade != "none" and upgrade not in campaign["advanced"]:
        campaign["advanced"].append(upgrade)
        parts.append(f"{upgrade.capitalize()} upgraded to Advanced")
    ctx.describe("; ".join(parts) or "No other rewards")


def adventure_choices(state: dict) -> tuple[str, ...]:
    """"The Campaign" / "Wounds": after a win the next Adventure; after a loss
    the same one again, unless it failed three times in a row (or Lequiem's
    Warrior skipped it): then the next."""
    campaign = state["campaign"]
    number = campaign["adventure"]
    data = (state.get("procedure") or {}).get("data", {})
    moving_on = data.get("result") == "win" or data.get("skip") or campaign["fails"] >= 3
    return (str(min(ADVENTURES, number + 1) if moving_on else number),)


def next_adventure(ctx: Context) -> None:
    """"Game End" f. Next Adventure, set up anew ("Setup" 5): the Shadows,
    Threat Area and Locations empty, the Threat deck counted again, the
    variant's additional Shadows added; Story cards set aside stay aside."""
    state = ctx.state
    number = int(ctx.params["adventure"])
    campaign = state["campaign"]
    if number != campaign["adventure"]:
        campaign["fails"] = 0
    waiting = sum(1 for s in campaign["stories"] if s["adventure"] == number)
    reset_adventure(state, number, ctx.params["foes"], ctx.params["stories"] + waiting)
    ctx.describe(f"Adventure {number} set up" + (f" with {waiting} set-aside Stories"
                                                 if waiting else ""))
    if ctx.params["card"] != pack.BY_VALUES:
        card = state["pack"]["locations"][ctx.params["card"]]
        state["adventure"]["card"] = ctx.params["card"]
        state["locations"][-1].update(name=ctx.params["card"], sneak=card["sneak"],
                                      per_hero=card["per_hero"])
        campaign["cards"][str(number)] = ctx.params["card"]
    if campaign["endless"]:
        _endless_setup(ctx)
    _add_setup_shadows(ctx)


def load_pack(ctx: Context) -> None:
    """Load a content pack (TOML text, see games/kreel/pack.py): Threats and
    Locations by name, Threat Groups by level. A bad pack is refused with every
    problem listed and changes nothing; the game goes on without it."""
    try:
        data = pack.parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    ctx.state["pack"] = data
    ctx.describe(f"Pack {data['name']!r}: {len(data['threats'])} Threats, "
                 f"{len(data['locations'])} Locations, {len(data['groups'])} Threat Groups")


def _endless_setup(ctx: Context) -> None:
    """"Endless Dungeons": this Adventure's Threat Groups drawn by level; the
    Rending's Rift is the Adventure Location; the deck counts those Groups."""
    state = ctx.state
    campaign = state["campaign"]
    groups = rules.draw_endless_groups(ctx, campaign["adventure"])
    standard = 6 if len(state["heroes"]) >= 3 else 5
    state["threat_deck"] += (len(groups) - standard) * 6
    campaign["groups"] = groups
    state["locations"][-1]["name"] = rules.ENDLESS_LOCATION
    note(ctx, f"Threat Groups: {', '.join(groups)}")


def endless(ctx: Context) -> None:
    """Play the Campaign as Endless Dungeons from this Adventure on."""
    if ctx.state["round"] > 0:
        raise RuleError("Before round 1 only", "Endless Dungeons chooses the Threat Groups when "
                        "an Adventure is set up (Endless Dungeons).")
    if ctx.state["campaign"]["endless"]:
        raise RuleError("Already Endless", "This Campaign already plays Endless Dungeons.")
    ctx.state["campaign"]["endless"] = True
    ctx.describe("Endless Dungeons")
    _endless_setup(ctx)


def story_aside(ctx: Context) -> None:
    """"Stories": the new Story card a choice names is set aside until the
    Adventure printed on it, then shuffled into Stack 4; it stays aside through
    replays of the current Adventure ("Wounds")."""
    entry = {"adventure": ctx.params["adventure"], "card": ctx.params["card"]}
    ctx.state["campaign"]["stories"].append(entry)
    ctx.describe(f"Story {entry['card']} set aside for Adventure {entry['adventure']}")


def _threat_param() -> Param:
    return Param("threat", "int", "Threat", low=1, high=9999)


def _hero_param() -> Param:
    return Param("hero", "int", "Hero", low=1, high=4, optional=True)


def _action_param() -> Param:
    return Param("action", "choice", "Action", choices=ACTIONS)


USE_POWER = (
    Param("spend", "int", "Spend die", low=0, high=6, default=0),
    Param("bonus", "int", "Skills/bonus", low=0, high=30, default=0),
)


def _can_use(state: dict) -> bool:
    hero = active_hero(state)
    return _in_play(state) and any(rules.use_refusal(hero, a) is None for a in ACTIONS)


COMMANDS = (
    CommandSpec("use", "Use an Action: Engage a Threat, Explore or Draw", use,
                (_action_param(), Param("target", "choice", "Target", choices_from=target_choices,
                                        default_from=likely_target))
                + USE_POWER, available=_can_use),
    CommandSpec("damage", "An ability deals damage tokens (not a Use)", damage,
                (Param("target", "choice", "Target", choices_from=_damage_targets,
                       default_from=_likely_damage_target),
                 Param("value", "choice", "Value", choices=ACTIONS),
                 Param("amount", "int", "Tokens", low=1, high=30, default=1), _hero_param())),
    CommandSpec("tilt", "Tilt an Action: +1 Power on its die", tilt, (_action_param(),),
                available=lambda s: _in_play(s) and not active_hero(s)["tilts"]),
    CommandSpec("scout", "Use Sneak to Scout a Shadow and enter its values", scout,
                (Param("shadow", "int", "Sneak space", low=1, high=3),) + USE_POWER + REVEAL_PARAMS,
                available=lambda s: _can_use(s)
                and any(t is not None and not t["revealed"] for t in s["shadows"])),
    CommandSpec("act", "Check an Act's Present Power (Influence 3 Act)", act,
                (_action_param(), Param("needed", "int", "Needed", low=1, high=20, default=3)),
                available=_in_play),
    CommandSpec("hero_status", "A hero's Bold/Shield, or an Action's Dazed", hero_status,
                (Param("status", "choice", "Status", choices=STATUSES),
                 _action_param(), Param("on", "bool", "On", default=True), _hero_param())),
    CommandSpec("add_threat", "Add 1 Threat (a card says so): bump the Shadows", add_threat,
                (Param("count", "int", "Threats", low=1, high=5, default=1),),
                available=lambda s: not s["revealing"]),
    CommandSpec("defeat", "An ability defeats a Threat (Spirit Boost)", defeat,
                (_threat_param(), _hero_param()), available=_has_threats),
    CommandSpec("discard", "A Threat is discarded (no Spirit Boost)", discard,
                (_threat_param(),), available=_has_threats),
    CommandSpec("return_threat", "A Threat is returned to the top of the Threat deck",
                return_threat, (_threat_param(),), available=_has_threats),
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
                available=lambda s: len(s["heroes"]) > 1 and _in_play(s)),
    CommandSpec("asset_spirit", "Equip/unequip a +Spirit Asset: Spirit and max move together",
                asset_spirit, (Param("delta", "int", "Spirit", low=-10, high=10), _hero_param())),
    CommandSpec("asset_power", "Equip/unequip a +Power Asset on an Action", asset_power,
                (_action_param(), Param("delta", "int", "Power", low=-9, high=9, default=1),
                 _hero_param())),
    CommandSpec("advanced", "Activate an Advanced Action's once-per-Adventure ability",
                advanced, (_action_param(),),
                available=lambda s: any(c["advanced"] and not c["ability_used"]
                                        for c in active_hero(s)["actions"].values())),
    CommandSpec("story_aside", "Set a Story card aside for a future Adventure", story_aside,
                (Param("adventure", "int", "Adventure", low=2, high=ADVENTURES, default=2),
                 Param("card", "int", "Story number", low=1, high=999, default=1))),
    CommandSpec("endless", "Endless Dungeons: draw this Adventure's Threat Groups", endless,
                available=lambda s: s["round"] == 0 and not s["campaign"]["endless"]),
    CommandSpec("load_pack", "Load a content pack (TOML)", load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("reveal", "Enter a revealed Threat's values, kind and Reveal statuses", reveal,
                REVEAL_PARAMS, menu=False, prompt_only=True),
    CommandSpec("block", "Enter the Block points played this Spirit phase", block,
                (Param("points", "int", "Block", low=0, high=99, default=0),),
                menu=False, prompt_only=True),
    CommandSpec("location", "Enter the new Active Location's Sneak value", location,
                (Param("sneak", "int", "Sneak", low=1, high=99, default=3),
                 Param("per_hero", "bool", "x heroes", default=False),
                 Param("card", "choice", "Card", choices_from=pack.location_names,
                       default=pack.BY_VALUES)),
                menu=False, prompt_only=True),
    CommandSpec("press_on", "Press On without the Wounded hero, or tend", press_on,
                (Param("choice", "choice", "Team", choices=("press on", "tend")),),
                menu=False, prompt_only=True),
    CommandSpec("skip_adventure", "Lequiem's Warrior: take 1 Wound to skip it", skip_adventure,
                (Param("skip", "bool", "Skip", default=False),), menu=False, prompt_only=True),
    CommandSpec("rewards", "Other rewards: heal 1 Wound, upgrade an Action", rewards,
                (Param("heal_wound", "bool", "Heal 1 Wound", default=False),
                 Param("upgrade", "choice", "Upgrade", choices=("none",) + ACTIONS)),
                menu=False, prompt_only=True),
    CommandSpec("boost", "Give a defeated Threat's Spirit Boost to one hero", boost,
                (Param("hero", "choice", "Hero", choices_from=_boost_heroes,
                       default_from=_boost_default),),
                menu=False, prompt_only=True),
    CommandSpec("next_adventure", "Set up the next Adventure", next_adventure,
                (Param("adventure", "choice", "Adventure", choices_from=adventure_choices),
                 Param("foes", "int", "Adventure's Foes", low=0, high=20, default=1),
                 Param("stories", "int", "Stories in deck", low=0, high=20, default=0),
                 Param("card", "choice", "Adventure card", choices_from=pack.adventure_names,
                       default=pack.BY_VALUES)),
                menu=False, prompt_only=True),
)
