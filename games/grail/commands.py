"""What a Tainted Grail player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing. Characters are named by their place in the party (1-4).
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError, board
from games.core.packs import PackError, refused
from games.grail import encounters, pack, rules
from games.grail.procedures import note
from games.grail.state import (
    ATTRIBUTES,
    DECK_MAXIMUM,
    DECK_MINIMUM,
    DECKS,
    FIRST_MENHIR_DAYS,
    MENHIR_DIAL_TOP,
    MODES,
    RESOURCE_LIMIT,
    TRACK_LIMIT,
    TRADEABLE,
    connected,
    find_location,
    living,
    menhir_at,
    new_campaign,
    new_location,
    the_map,
)

SIDES = tuple(board.DIRECTIONS)
# "Guardians": the Guardian (Direction) die shows a cardinal direction, Nothing or
# Discard. The tray reports it as kind "guardian" with the faces North, East, South,
# West, Nothing, Discard (firmware_bridge/PROTOCOL.md, named kinds); one face each.
GUARDIAN_KIND = "guardian"
GUARDIAN_FACES = SIDES + ("nothing", "discard")
FACE_ALIASES = {"n": "north", "e": "east", "s": "south", "w": "west"}

# --- setup --------------------------------------------------------------------------

SETUP_PARAMS = (
    Param("mode", "choice", "Mode", choices=MODES, default="standard"),
    Param("characters", "int", "Characters", low=1, high=4, default=1),
    Param("energy_top", "int", "Energy top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("energy_start", "int", "Energy start", low=0, high=TRACK_LIMIT, default=5),
    Param("health_top", "int", "Health top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("health_start", "int", "Health start", low=1, high=TRACK_LIMIT, default=6),
    Param("terror_top", "int", "Terror top slot", low=2, high=TRACK_LIMIT, default=8),
    Param("terror_start", "int", "Terror start", low=0, high=TRACK_LIMIT, default=0),
)


def setup(ctx: Context) -> None:
    """A new Campaign ("Campaign Setup").

    Character Setup I: the mode; III-IV: the tracks' starting slots (entered
    here for every Character; each Character's own lengths, Attributes and
    Resources are set with the dials, "correct" or a content pack). World
    Setup I-III: Location 101 with 102/103/104/105 around it, all models on
    101, its Menhir's Dial at 8/7/6/5 days for 1/2/3/4 players. Then the
    setup reminders (the Tiles' Attributes and Resources, the mode's own setup,
    the Chapter I Setup card); the first day skips the Start of the Day, so play
    begins During the Day.
    """
    p = ctx.params
    for track in ("energy", "health", "terror"):
        if p[f"{track}_start"] > p[f"{track}_top"]:
            raise RuleError(f"{track.capitalize()} start > top",
                            f"The {track} start slot {p[f'{track}_start']} is past the track's "
                            f"top slot {p[f'{track}_top']} (Character Setup III-IV).")
    if p["mode"] != "story" and p["energy_start"] > p["health_start"]:
        raise RuleError("Energy above Health",
                        "Energy can never be higher than Health: the Energy marker never passes "
                        "the T-shaped Health marker (Survival Tracks).")
    new_campaign(ctx.state, p["mode"], p["characters"], p)
    ctx.start("campaign-setup")
    people = "1 Character" if p["characters"] == 1 else f"{p['characters']} Characters"
    ctx.describe(f"New {p['mode']} campaign: {people}, Menhir 101 at "
                 f"{FIRST_MENHIR_DAYS[p['characters']]} days")


# --- helpers ------------------------------------------------------------------------


def _character_param() -> Param:
    return Param("character", "int", "Character", low=1, high=4, default=1)


def _party_params() -> tuple[Param, ...]:
    """"Parties and Party Actions": everyone here joins; who pays for the whole Party."""
    return (Param("party", "bool", "With the Party here", default=False),
            Param("paid_by", "int", "Paid by (0 each)", low=0, high=4, default=0))


def _location_param(name: str = "location", label: str = "Location") -> Param:
    return Param(name, "int", label, low=100, high=999, default=101)


def _character(ctx: Context, name: str = "character") -> dict:
    number = ctx.params[name]
    chars = ctx.state["characters"]
    if number > len(chars):
        raise RuleError(f"No Character {number}", f"This Campaign has {len(chars)} Characters.")
    c = chars[number - 1]
    if c["dead"]:
        raise RuleError(f"{c['name'][:12]} is dead", f"{c['name']} has died (Death and Insanity).")
    return c


def _location(ctx: Context, name: str = "location") -> dict:
    loc = find_location(ctx.state, ctx.params[name])
    if loc is None:
        raise RuleError(f"{ctx.params[name]} not on the map",
                        f"Location {ctx.params[name]} is not a revealed Location on the map.")
    return loc


def _during_day(state: dict) -> bool:
    return (state.get("procedure") or {}).get("name") == "day"


def _acting(ctx: Context) -> dict:
    """The Character taking an Action: During the Day, not Passed."""
    c = _character(ctx)
    if not _during_day(ctx.state):
        raise RuleError("Not During the Day", "Actions are taken During the Day (II) During the Day).")
    if c["passed"]:
        raise RuleError(f"{c['name'][:13]} Passed",
                        "Pass is irreversible: no more Actions until the next day (Pass).")
    return c


def _pay_energy(c: dict, cost: int, what: str) -> None:
    if c["energy"] < cost:
        raise RuleError("Not enough Energy",
                        f"{what} costs {cost} Energy; {c['name']} has {c['energy']} "
                        "(II) During the Day: the six most important Actions).")
    c["energy"] -= cost


def _arrive(ctx: Context, c: dict) -> None:
    """Arriving somewhere: reveal within range, lightning rules, Guardians first
    ("Locations", Traveling and revealing Locations; "Guardians")."""
    here = c["location"]
    _reveal_from(ctx, here)
    guards = [g["name"] for g in ctx.state["guardians"] if g["location"] == here]
    if guards:
        note(ctx, f"Guardian here: {', '.join(guards)} - Encounter first")


# --- During the Day ------------------------------------------------------------------


def _party(ctx: Context, c: dict) -> list[dict]:
    """The acting Character, and with ``party`` everyone who can join them: alive,
    not Passed, in the same Location ("Parties and Party Actions")."""
    if not ctx.params.get("party"):
        return [c]
    others = [o for o in ctx.state["characters"]
              if o is not c and not o["dead"] and not o["passed"] and o["location"] == c["location"]]
    if not others:
        raise RuleError("Nobody here to join",
                        f"No other Character who has not Passed is on {c['location']} to form a "
                        "Party with (Parties and Party Actions).")
    return [c] + others


def _payer(ctx: Context, members: list[dict]) -> dict | None:
    if not ctx.params.get("paid_by"):
        return None
    payer = _character(ctx, "paid_by")
    if payer not in members:
        raise RuleError("Payer not in Party",
                        f"{payer['name']} is not in this Party; only Party members may pay "
                        "another member's Energy (Parties and Party Actions).")
    return payer


def _pay_each(ctx: Context, members: list[dict], what: str) -> list[dict]:
    """1 Energy per Party member ("Explore", "Travel" in a Party). With ``paid_by``
    that member pays it all ("you may pay your own Energy ... in place of another
    member's - even the entire cost"); otherwise each pays their own and a member
    who cannot pay is dropped while the rest proceed. Returns who takes part."""
    payer = _payer(ctx, members)
    if payer is not None:
        _pay_energy(payer, len(members), f"{what} for {len(members)}")
        return members
    _pay_energy(members[0], 1, what)
    going = [members[0]]
    for m in members[1:]:
        if m["energy"] >= 1:
            m["energy"] -= 1
            going.append(m)
        else:
            note(ctx, f"{m['name']} cannot pay and is dropped")
    return going


def _names(people: list[dict]) -> str:
    return " & ".join(p["name"] for p in people)


def _energies(people: list[dict]) -> str:
    return ", ".join(str(p["energy"]) for p in people)


def travel_choices(state: dict) -> tuple[str, ...]:
    """Where Travel can go: the Location numbers connected to any living Character's
    Location (lowest first), then the four sides (Travel by side, as before)."""
    numbers = set()
    for i in living(state):
        numbers.update(connected(state, state["characters"][i]["location"]).values())
    return tuple(str(n) for n in sorted(numbers)) + SIDES


def travel(ctx: Context) -> None:
    """"II) During the Day", Travel: 1 Energy, to a Location connected to the current
    one by matching Direction Keys, in a straight line (no diagonal Travel); named by
    its number (or by side). In a Party the cost scales to 1 Energy per member and
    everyone moves; Guardians there are met as a Party."""
    c = _acting(ctx)
    where = ctx.params["direction"]
    links = connected(ctx.state, c["location"])
    if where in SIDES:
        if where not in links:
            raise RuleError(f"No route {where}",
                            f"There is no revealed Location connected {where} of {c['location']} "
                            "(Travel: matching Direction Keys, straight lines only).")
        to = links[where]
    else:
        to = int(where)
        if to not in links.values():
            raise RuleError(f"{to} not connected",
                            f"Location {to} is not connected to {c['location']}, where {c['name']} "
                            "stands: Travel goes to an adjacent Location joined by matching Direction "
                            "Keys, in a straight line (Travel).")
    going = _pay_each(ctx, _party(ctx, c), "Travel")
    was = c["location"]
    for m in going:
        m["location"] = to
    note(ctx, f"{_names(going)} travel{'s' if len(going) == 1 else ''} {was} \u2192 {to} "
              f"(Energy {_energies(going)})")
    _arrive(ctx, c)


def explore(ctx: Context) -> None:
    """"II) During the Day", Explore: 1 Energy; in a Party 1 Energy per member."""
    c = _acting(ctx)
    going = _pay_each(ctx, _party(ctx, c), "Explore")
    note(ctx, f"{_names(going)} explore{'s' if len(going) == 1 else ''} {c['location']} "
              f"(Energy {_energies(going)})")


ACTION_KINDS = ("location", "character")


def action(ctx: Context) -> None:
    """"II) During the Day", Location Action or Character Action: the cost on the card.

    A ``helper`` in the same Location (a Party member, not Passed) may pay
    ``helper_pays`` of it ("Parties and Party Actions"). A Location Action in
    a Party is paid once, the members splitting it as they like; a Character
    Action is only the acting Character's own, and "the acting Character must
    always spend at least 1 Energy".
    """
    c = _acting(ctx)
    cost, kind = ctx.params["energy"], ctx.params["kind"]
    share = ctx.params["helper_pays"]
    helper = None
    if ctx.params["helper"]:
        helper = _character(ctx, "helper")
        if helper is c or helper["passed"] or helper["location"] != c["location"]:
            raise RuleError("Helper not in Party",
                            "Only another Character in the same Location who has not Passed can "
                            "join and help pay (Parties and Party Actions).")
    elif share:
        raise RuleError("Pick the helper", "Name the Character who pays part of the cost.")
    if share > cost:
        raise RuleError("Helps more than cost", f"The helper pays {share} of a {cost} Energy cost.")
    if kind == "character" and cost >= 1 and cost - share < 1:
        raise RuleError("Actor pays 1+ Energy",
                        "When performing a Character Action, the acting Character must always spend "
                        "at least 1 Energy (Parties and Party Actions).")
    if helper is not None:
        if helper["energy"] < share:
            raise RuleError("Helper lacks Energy", f"{helper['name']} has {helper['energy']} Energy.")
    _pay_energy(c, cost - share, f"The {kind.capitalize()} Action")
    if helper is not None:
        helper["energy"] -= share
        note(ctx, f"{c['name']} takes a {kind.capitalize()} Action for {cost} Energy, "
                  f"{helper['name']} pays {share} (Energy {c['energy']}, {helper['energy']})")
    else:
        note(ctx, f"{c['name']} takes a {kind.capitalize()} Action for {cost} Energy "
                  f"(Energy {c['energy']})")


def pass_day(ctx: Context) -> None:
    """"II) During the Day", Pass: free and irreversible."""
    c = _acting(ctx)
    c["passed"] = True
    note(ctx, f"{c['name']} Passes")


def move(ctx: Context) -> None:
    """"Locations", Special movement: not a Travel, costs no Energy."""
    c = _character(ctx)
    loc = _location(ctx)
    c["location"] = loc["number"]
    note(ctx, f"{c['name']} moved to {loc['number']} (not a Travel)")
    _arrive(ctx, c)


# --- survival -----------------------------------------------------------------------


def rest(ctx: Context) -> None:
    """"III) End of the Day", Rest: the Character at the front of the queue rests."""
    index = ctx.data["resting"][0]
    c = ctx.state["characters"][index]
    eat = ctx.params["eat"]
    if eat and c["resources"]["food"] < 1:
        raise RuleError("No Food to eat", f"{c['name']} has no Food to pay (III) End of the Day: Rest).")
    note(ctx, rules.rest(ctx.state, c, eat))
    ctx.data["resting"].pop(0)
    if ctx.data["resting"]:
        ctx.stay()  # the next Character rests at the same prompt


def trade(ctx: Context) -> None:
    """"Resources": Food and Wealth may be traded in the same Location; at most 20 each."""
    giver, taker = _character(ctx, "giver"), _character(ctx, "taker")
    what, amount = ctx.params["resource"], ctx.params["amount"]
    if giver is taker:
        raise RuleError("Pick two Characters", "A trade needs two different Characters.")
    if giver["location"] != taker["location"]:
        raise RuleError("Not in one Location",
                        "Food and Wealth may be traded only by Characters in the same Location "
                        "(Resources).")
    if giver["resources"][what] < amount:
        raise RuleError(f"Not enough {what}", f"{giver['name']} has {giver['resources'][what]} {what}.")
    if taker["resources"][what] + amount > RESOURCE_LIMIT:
        raise RuleError(f"{what.capitalize()} max is 20",
                        "Characters cannot carry more than 20 of each Resource (Resources).")
    giver["resources"][what] -= amount
    taker["resources"][what] += amount
    note(ctx, f"{giver['name']} gives {amount} {what} to {taker['name']}")


DEATH_CHOICES = ("claim", "decline", "none left", "mercy")


def death(ctx: Context) -> None:
    """"Death and Insanity", Death; "Allmother's Mercy".

    - ``claim`` (co-op): claim an unclaimed Character, set up fresh on the
      lowest-numbered revealed Location.
    - ``decline`` (co-op): an unclaimed Character is left in the box; play on.
    - ``none left``: single-player, or all other Characters are in use or
      dead: the Campaign ends in failure.
    - ``mercy``: the party has perished; mark "Saved by the Goddess", go to
      Verse 500 and restart the Chapter (none in Challenge mode).
    """
    c = _character(ctx)
    state = ctx.state
    choice = ctx.params["then"]
    solo = len(state["characters"]) == 1
    if choice in ("claim", "decline") and solo:
        raise RuleError("Single-player: ends", "In single-player the game ends when your Character "
                        "dies (Death); or take Allmother's Mercy.")
    if choice == "mercy":
        if state["mode"] == "challenge":
            raise RuleError("No Mercy: Challenge",
                            "Challenge mode, Allmother's Mercy: none - if you die, the Campaign ends "
                            "in failure.")
        if [i for i in living(state) if state["characters"][i] is not c]:
            raise RuleError("Party still alive", "Allmother's Mercy is for when you and your Party "
                            "perish (Allmother's Mercy).")
        state["statuses"].append("Saved by the Goddess")
        for ch in state["characters"]:
            ch.update(dead=False, passed=False, energy=ch["energy_start"], health=ch["health_start"],
                      terror=ch["terror_start"])
        note(ctx, "Allmother's Mercy: go to Verse 500; restart the Chapter")
        return
    c["dead"] = True
    note(ctx, f"{c['name']} dies")
    encounters.remove_member(ctx, state["characters"].index(c), f"{c['name']} leaves the Encounter")
    if choice == "claim":
        fresh = dict(c)
        fresh.update(name=f"{c['name']} (new)", dead=False, passed=False, energy=c["energy_start"],
                     health=c["health_start"], terror=c["terror_start"], skills=0,
                     location=board.lowest(the_map(state)),
                     attributes={a: 0 for a in ATTRIBUTES}, resources={r: 0 for r in c["resources"]},
                     decks={d: DECK_MINIMUM for d in DECKS})
        state["characters"][state["characters"].index(c)] = fresh
        note(ctx, f"A new Character joins on {fresh['location']}: set up their tray")
    elif choice == "none left" or not living(state):
        state["failed"] = f"{c['name']} died: the Campaign ends in failure"


# --- Encounters ---------------------------------------------------------------------


def _no_encounter(state: dict) -> bool:
    return not state.get("encounter")


def _in_encounter(state: dict) -> bool:
    return bool(state.get("encounter"))


def _begin(ctx: Context, kind: str, fields: dict) -> None:
    """"Starting Combat" / "Starting Diplomacy": the Character who drew it, and with
    ``party`` everyone in the same Location (a Guardian: "all Characters there must
    fight together")."""
    if ctx.state.get("encounter"):
        raise RuleError("Encounter running", "Finish the current Encounter first.")
    c = _character(ctx)
    members = [c] + ([o for o in ctx.state["characters"] if o is not c and not o["dead"]
                      and o["location"] == c["location"]] if ctx.params["party"] else [])
    gid = ctx.params.get("guardian", 0)
    if gid and not any(g["id"] == gid for g in ctx.state["guardians"]):
        raise RuleError(f"No Guardian {gid}", f"No Guardian {gid} is on the map.")
    traits = sorted({t for t in (ctx.params.get("trait", "none"), ctx.params.get("trait2", "none"))
                     if t != "none"})
    if gid and "guardian" not in traits:
        traits = sorted(traits + ["guardian"])
    enc = {"kind": kind, "members": [ctx.state["characters"].index(m) for m in members],
           "traits": traits, "guardian": gid, "location": c["location"], **fields,
           **encounters.turn_fields()}
    ctx.state["encounter"] = enc
    note(ctx, f"{kind.capitalize()} begins: {_names(members)}; draw "
              f"{encounters.starting_hand(ctx.state, enc)} cards each")
    for t in traits:
        note(ctx, encounters.TRAITS[t])


def _encounter_params() -> tuple[Param, ...]:
    return (_character_param(), Param("party", "bool", "With everyone here", default=False),
            Param("trait", "choice", "Trait", choices=encounters.TRAIT_CHOICES, default="none"),
            Param("trait2", "choice", "Trait 2", choices=encounters.TRAIT_CHOICES, default="none"),
            Param("guardian", "int", "Guardian (0 none)", low=0, high=999, default=0))


def combat(ctx: Context) -> None:
    """"Starting Combat": the Encounter Value to reach with the Combat Pool (a missing
    Value counts as 0); the Pool starts empty and is a dial track. The card's
    Opportunity attack (Damage, Terror) may be entered so the box applies it."""
    opportunity = {"damage": ctx.params["opp_damage"], "terror": ctx.params["opp_terror"]}
    _begin(ctx, "combat", {"value": ctx.params["value"], "pool": 0, "opportunity": opportunity})
    note(ctx, f"Reach {ctx.params['value']} markers in the Combat Pool")


def diplomacy(ctx: Context) -> None:
    """"Starting Diplomacy": the marker starts on the gray slot of the Affinity track;
    the track's top slot and the number of Stages come from the card."""
    top, start, stages = ctx.params["top"], ctx.params["start"], ctx.params["stages"]
    if not 0 < start < top:
        raise RuleError("Gray slot off track",
                        f"The gray slot {start} must lie between the lowest (0) and the highest "
                        f"slot ({top}) of the Affinity track (Starting Diplomacy).")
    _begin(ctx, "diplomacy", {"top": top, "start": start, "affinity": start, "stages": stages,
                              "stage": 1})


def _member(ctx: Context) -> int:
    """The named Character's index, refused unless they are in the running Encounter."""
    enc = ctx.state["encounter"]
    if not enc:
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    c = _character(ctx)
    index = ctx.state["characters"].index(c)
    if index not in enc["members"]:
        raise RuleError(f"{c['name'][:13]} not in it", f"{c['name']} is not in this Encounter.")
    return index


def _start_activation(ctx: Context, index: int) -> None:
    enc = ctx.state["encounter"]
    name = ctx.state["characters"][index]["name"]
    if enc["active"] is not None:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError(f"{active[:13]} is Active",
                        f"{active} is the Active Character; end their Activation first (Activation "
                        "done) - Check Readiness, then pick the next (Combat Turn).")
    if index in enc["activated"]:
        raise RuleError(f"{name[:12]} has acted",
                        f"{name} already has a Time Token this Turn: pick a member not yet Activated "
                        "(Combat Turn, I. Pick the Active Character).")
    encounters.activate(ctx, index)


def pick_active(ctx: Context) -> None:
    """"Combat Turn" / "Diplomacy Turn", I. Pick the Active Character (Rush and
    Ambush strike the first one Activated)."""
    _start_activation(ctx, _member(ctx))


def end_activation(ctx: Context) -> None:
    """"Character Activation": the cards played (the Opportunity attack when none,
    Opportunist fewer than 2; Fast at most 2), the Enemy Attack reminder, then Check
    Readiness - End Turn once every member has been Activated."""
    enc = ctx.state["encounter"]
    if not enc:
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    if enc["active"] is None:
        raise RuleError("Pick the Active first",
                        "No Character is Active: pick the Active Character (Combat Turn, I).")
    cards = ctx.params["cards"]
    if enc["kind"] == "combat" and "fast" in enc["traits"] and cards > encounters.FAST_CARDS:
        raise RuleError("Fast: 2 cards at most",
                        "Fast: each Character can play at most 2 Combat cards per Activation "
                        "(Combat Encounter Traits).")
    encounters.end_activation(ctx, cards)


def escape(ctx: Context) -> None:
    """"Escaping Combat / Run Away": "at any time during their Activation" (a
    Character when nobody is Active starts their Activation to Escape): lose 1
    Energy, take the Opportunity attack, leave; the others stay. Challenge mode:
    only once per Activation, and a Dial is tossed at its own prompt (the tray
    armed for one ``dial``) - Skull: you remain in Combat; Grail: you Escape.
    "Escaping or Avoiding Diplomacy": the whole Party Escapes by paying the
    Failure cost, each member. "If you Escape a Guardian, place its card on the
    Location where you triggered it"."""
    index = _member(ctx)
    enc = ctx.state["encounter"]
    c = ctx.state["characters"][index]
    if enc["kind"] == "diplomacy":
        encounters.close(ctx, "escaped", "The Party Escapes: each member pays the Failure cost; "
                                         "card to the bottom of its deck")
        return
    if enc["active"] is None:
        _start_activation(ctx, index)
        if ctx.state["encounter"] is None or index not in ctx.state["encounter"]["members"]:
            return  # Rush: You Are Dying (or Robber) ended it for them
    elif enc["active"] != index:
        active = ctx.state["characters"][enc["active"]]["name"]
        raise RuleError("Only Active escapes",
                        f"{active} is the Active Character; a player may Escape only during their "
                        "own Activation (Escaping Combat).")
    challenge = ctx.state["mode"] == "challenge"
    if challenge and enc["escape_tried"]:
        raise RuleError("Escape once/Activation",
                        "Challenge mode: you may Escape only once per Activation (Challenge Mode, "
                        "Escaping Combat).")
    c["energy"] = max(0, c["energy"] - encounters.ESCAPE_ENERGY)
    note(ctx, f"{c['name']} Escapes: -1 Energy (Energy {c['energy']})")
    encounters.opportunity_attack(ctx, index)
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        return
    if challenge:
        enc["escape_tried"] = True
        resume = ctx.state["procedure"]
        ctx.start("escape-toss", {"character": index, "resume": resume})
        note(ctx, "Toss a Dial: Skull - you remain; Grail - you Escape")
        return
    encounters.leave(ctx, index)


def _toss(ctx: Context) -> str:
    """The Escape Dial's face: from the tray (one die of kind ``dial``, faces
    Skull/Grail as firmware_bridge/PROTOCOL.md names them), chosen in the form, or
    a seeded virtual toss."""
    dice = ctx.params.get("dice")
    if dice:
        if len(dice) != 1 or str(dice[0]["kind"]).lower() != encounters.DIAL_KIND:
            got = ", ".join(f"{d['kind']}" for d in dice)
            raise RuleError("Toss 1 Dial", "Escaping in Challenge mode tosses one Dial (tray kind "
                            f"{encounters.DIAL_KIND!r}, faces Skull/Grail); the tray reported "
                            f"{len(dice)} die/dice: {got}.")
        face = str(dice[0]["face"]).strip().lower()
        if face not in encounters.DIAL_FACES:
            raise RuleError("Unknown Dial face", f"A Dial shows Skull or Grail, not {dice[0]['face']!r}.")
        return face
    if ctx.params["toss"] != "roll":
        return ctx.params["toss"]
    return encounters.DIAL_FACES[ctx.below(2)]


def escape_toss(ctx: Context) -> None:
    """"Challenge Mode", Escaping Combat: toss a Dial - Skull: you remain in Combat;
    Grail: you Escape (if you were the last Character, bottom the card)."""
    face = _toss(ctx)
    index = ctx.data["character"]
    name = ctx.state["characters"][index]["name"]
    enc = ctx.state["encounter"]
    if enc is None or index not in enc["members"]:
        note(ctx, f"Dial: {face.capitalize()} - {name} is no longer in the Encounter")
        return
    if face == "skull":
        note(ctx, f"Dial: Skull - {name} remains in Combat (no more Escape this Activation)")
        return
    note(ctx, f"Dial: Grail - {name} Escapes")
    encounters.leave(ctx, index)


ENDINGS = ("won", "lost", "ran away", "avoided")


def end_encounter(ctx: Context) -> None:
    """End the Encounter by hand: a Run Away attack ("it immediately ends the Encounter
    ... no Loot or Reward"), an Avoid paid before it began, or a card's effect."""
    if not ctx.state.get("encounter"):
        raise RuleError("No Encounter", "No Combat or Diplomacy is running.")
    result = ctx.params["result"]
    texts = {"won": "Won: Rewards to each member, share the Loot",
             "lost": "Lost: apply the Failure cost to each member",
             "ran away": "The enemy Runs Away: no Loot or Reward; card to the bottom of its deck",
             "avoided": "Avoided: the Avoid cost paid; card to the bottom of its deck"}
    encounters.close(ctx, result, texts[result])


# --- the map, Menhirs, Guardians and time ---------------------------------------------


def _lay(ctx: Context, number: int, where: tuple[int, int]) -> dict:
    """Put Location ``number`` on the map at ``where`` with what the content pack
    says about it: its Direction Keys, seals, and its edges without a Key blocked
    ("Locations": touching edges without Direction Keys block the route)."""
    info = pack.card(ctx.state["pack"], number)
    loc = new_location(number, where)
    if info:
        _describe(loc, info)
    ctx.state["locations"].append(loc)
    ctx.state["locations"].sort(key=lambda loc: loc["number"])
    if number in ctx.state["removed_locations"]:
        ctx.state["removed_locations"].remove(number)
    return loc


def _describe(loc: dict, info: dict) -> None:
    loc["keys"] = dict(info["keys"])
    loc["seals"] = list(info["seals"])
    if info["keys"]:
        loc["blocked"] = [side for side in SIDES if side not in info["keys"]]


def _check_spot(ctx: Context, number: int, where: tuple[int, int]) -> None:
    if find_location(ctx.state, number) is not None:
        raise RuleError(f"{number} is on the map", f"Location {number} is already on the map.")
    taken = board.at(the_map(ctx.state), where)
    if taken is not None:
        raise RuleError(f"{taken} is there", f"Location {taken} already lies where {number} would go.")
    if not rules.place_allowed(ctx.state, where):
        raise RuleError("Out of Menhir range",
                        "A Location is attached only if it is no further than 1 card (including "
                        "diagonally) from an Active Menhir (Locations, Reveal further Location cards).")


def place(ctx: Context) -> None:
    """"Locations", Reveal further Location cards: attach a card at a Direction Key,
    only within one card (diagonals too) of an Active Menhir."""
    number = ctx.params["number"]
    beside = _location(ctx, "next_to")
    where = board.step((beside["x"], beside["y"]), ctx.params["side"])
    _check_spot(ctx, number, where)
    _lay(ctx, number, where)
    note(ctx, f"Location {number} placed {ctx.params['side']} of {beside['number']}")


def _key_spots(state: dict, number: int) -> list[tuple[int, str, tuple[int, int]]]:
    """Where revealed Locations' Direction Keys put ``number``: (from, side, position)."""
    out = []
    for loc in state["locations"]:
        for side, target in sorted(loc["keys"].items()):
            if target == number:
                out.append((loc["number"], side, board.step((loc["x"], loc["y"]), side)))
    return out


def reveal(ctx: Context) -> None:
    """"Locations", Reveal further Location cards, by number: the box finds the
    revealed Location whose Direction Key names it (or the pack's position) and
    attaches it there, if within one card of an Active Menhir."""
    number = ctx.params["number"]
    spots = _key_spots(ctx.state, number)
    info = pack.card(ctx.state["pack"], number)
    if info and info["position"] is not None:
        where, origin = board.pos(info["position"]), "its pack position"
    elif spots:
        came, side, where = spots[0]
        origin = f"{side} of {came}"
    else:
        raise RuleError(f"No Key shows {number}",
                        f"No revealed Location has a Direction Key {number}; enter the Key "
                        "(Direction Key) or place the card by its side (Place a Location).")
    _check_spot(ctx, number, where)
    _lay(ctx, number, where)
    note(ctx, f"Location {number} revealed {origin}")


def _reveal_from(ctx: Context, number: int) -> None:
    """On arrival (or after a Menhir activation): attach the cards the Location's
    Direction Keys name, each only if within Active Menhir range ("Locations",
    Traveling and revealing Locations; "Menhirs and Wyrdness")."""
    loc = find_location(ctx.state, number)
    on_map = set(the_map(ctx.state))
    for side, key in sorted(loc["keys"].items()):
        target = pack.key_target(ctx.state["pack"], key, on_map)
        if find_location(ctx.state, target) is not None:
            continue
        where = board.step((loc["x"], loc["y"]), side)
        if board.at(the_map(ctx.state), where) is not None:
            continue
        if not rules.place_allowed(ctx.state, where):
            note(ctx, f"{target} ({side} of {number}) is out of Menhir range: not attached")
            continue
        _lay(ctx, target, where)
        note(ctx, f"Reveal Location {target} {side} of {number}")


def direction_key(ctx: Context) -> None:
    """A Direction Key read off a Location card: the number of the Location that
    side leads to ("Locations": Direction Keys). The box then reveals it on arrival."""
    loc = _location(ctx)
    side, number = ctx.params["side"], ctx.params["number"]
    if number == loc["number"]:
        raise RuleError("Key to itself", "A Direction Key names another Location.")
    loc["keys"][side] = number
    if side in loc["blocked"]:
        loc["blocked"].remove(side)
    note(ctx, f"{loc['number']} {side} Key: {number}")


def load_pack(ctx: Context) -> None:
    """Load a content pack (TOML text, see games/grail/pack.py): Locations' Direction
    Keys, seals and positions. A bad pack is refused with every problem listed and
    changes nothing; the game goes on without it."""
    try:
        data = pack.parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    ctx.state["pack"] = data
    described = 0
    for loc in ctx.state["locations"]:
        info = pack.card(data, loc["number"])
        if info:
            _describe(loc, info)
            described += 1
    note(ctx, f"Pack {data['name']!r}: {len(data['locations'])} Locations, {described} on the map")


def remove_location(ctx: Context) -> None:
    """A card says to discard a Location (the same effects as the Wyrdness:
    Characters there lose 2 Health, gain 2 Terror and move)."""
    loc = _location(ctx)
    if len(ctx.state["locations"]) == 1:
        raise RuleError("Last Location", "The last Location stays on the table (Menhirs and Wyrdness).")
    if menhir_at(ctx.state, loc["number"]):
        ctx.state["menhirs"] = [m for m in ctx.state["menhirs"] if m["location"] != loc["number"]]
    for i, was, to in rules.remove_locations(ctx.state, [loc["number"]]):
        note(ctx, f"{ctx.state['characters'][i]['name']}: {was} \u2192 {to}, -2 Health +2 Terror")
    note(ctx, f"Location {loc['number']} removed")


def blocked(ctx: Context) -> None:
    """"Locations": touching edges without Direction Keys block the route."""
    loc = _location(ctx)
    side = ctx.params["side"]
    if ctx.params["on"] and side not in loc["blocked"]:
        loc["blocked"].append(side)
    elif not ctx.params["on"] and side in loc["blocked"]:
        loc["blocked"].remove(side)
    note(ctx, f"{loc['number']} {side}: {'blocked' if ctx.params['on'] else 'open'}")


MENHIR_COSTS = ("magic", "wealth", "food")


def _pay_menhir(ctx: Context) -> str:
    """The activation cost read on the card ("Inspect a Menhir"; it already scales with
    the number of players in the game), paid by ``paid_by`` (Party members may pay
    Magic for each other, and trade Food and Wealth first). Story mode, Menhirs Cost:
    one chosen Resource requirement is 1 lower. Returns what was paid."""
    costs = {r: ctx.params[r] for r in MENHIR_COSTS}
    less = ctx.params["story_less"]
    if less != "none":
        if ctx.state["mode"] != "story":
            raise RuleError("Story mode only", "Only Story mode treats one Menhir Resource requirement "
                            "as 1 lower (Story Mode, Menhirs Cost).")
        costs[less] = max(0, costs[less] - 1)
    if not any(costs.values()):
        return ""
    payer = _character(ctx, "paid_by")
    short = [r for r in MENHIR_COSTS if payer["resources"][r] < costs[r]]
    if short:
        r = short[0]
        raise RuleError(f"Needs {costs[r]} {r.capitalize()}"[:42],
                        f"Activating costs {costs[r]} {r}; {payer['name']} has {payer['resources'][r]} "
                        "(Menhirs and Wyrdness; trade Food and Wealth first).")
    for r in MENHIR_COSTS:
        payer["resources"][r] -= costs[r]
    return f", {payer['name']} pays " + ", ".join(f"{costs[r]} {r}" for r in MENHIR_COSTS if costs[r])


def activate(ctx: Context) -> None:
    """"Menhirs and Wyrdness": activate a Menhir, or extend an Active one (its remaining
    power is lost); only in a Location with a Menhir seal, by a Character standing
    there (*Activated by*, who pays; "Activating Menhirs requires Characters to use
    the Action on the back of the Location card"). Challenge mode: activated
    Menhirs last one day less. Afterwards every Location with Characters reveals the
    cards its Direction Keys name that are now in range."""
    loc = _location(ctx)
    days = ctx.params["days"] - (1 if ctx.state["mode"] == "challenge" else 0)
    if days < 1:
        raise RuleError("Lasts 0 days", "In Challenge mode an activated Menhir lasts one day less "
                        "(Challenge Mode, Menhirs & Events).")
    described = pack.card(ctx.state["pack"], loc["number"]) is not None or loc["seals"]
    if described and "menhir" not in loc["seals"]:
        raise RuleError("No Menhir seal here",
                        f"Location {loc['number']} has no Menhir seal: activation is only possible in "
                        "Locations with this seal (Menhirs and Wyrdness).")
    user = _character(ctx, "paid_by")
    if user["location"] != loc["number"]:
        raise RuleError(f"{user['name'][:12]} not on {loc['number']}",
                        f"{user['name']} stands on {user['location']}: activating a Menhir is the "
                        f"Action on the back of Location {loc['number']}'s card, used by Characters "
                        "there (Menhirs and Wyrdness; Inspect a Menhir).")
    paid = _pay_menhir(ctx)
    if "menhir" not in loc["seals"]:
        loc["seals"].append("menhir")
    menhir = menhir_at(ctx.state, loc["number"])
    if menhir is not None:
        menhir["dial"] = days
        note(ctx, f"Menhir {loc['number']} extended: {days} days (remaining power lost){paid}")
    else:
        ctx.state["menhirs"].append({"location": loc["number"], "dial": days})
        note(ctx, f"Menhir {loc['number']} activated: {days} days{paid}")
    for number in sorted({ctx.state["characters"][i]["location"] for i in living(ctx.state)}):
        _reveal_from(ctx, number)


def guardian(ctx: Context) -> None:
    """"Guardians": an escaped Guardian's card is placed where it was triggered."""
    loc = _location(ctx)
    state = ctx.state
    gid = state["next_id"]
    state["next_id"] += 1
    state["guardians"].append({"id": gid, "name": f"Guardian {gid}", "location": loc["number"]})
    note(ctx, f"Guardian {gid} roams from {loc['number']}")


def defeat_guardian(ctx: Context) -> None:
    """"Guardians": once defeated (or discarded), its card goes to the bottom of its deck."""
    gid = ctx.params["guardian"]
    left = [g for g in ctx.state["guardians"] if g["id"] != gid]
    if len(left) == len(ctx.state["guardians"]):
        raise RuleError(f"No Guardian {gid}", f"No Guardian {gid} is on the map.")
    ctx.state["guardians"] = left
    note(ctx, f"Guardian {gid} defeated")


def _face(ctx: Context) -> str:
    """The Guardian die's face: from the tray (one die of kind ``guardian``,
    faces as firmware_bridge/PROTOCOL.md names them), chosen in the form, or a
    seeded virtual roll."""
    dice = ctx.params.get("dice")
    if dice:
        if len(dice) != 1 or str(dice[0]["kind"]).lower() != GUARDIAN_KIND:
            got = ", ".join(f"{d['kind']}" for d in dice)
            raise RuleError("Roll 1 Guardian die",
                            f"This step takes one Guardian (direction) die, kind {GUARDIAN_KIND!r}; "
                            f"the tray reported {len(dice)} die/dice: {got} (Guardians).")
        raw = dice[0]["face"]
        name = str(raw).strip().lower()
        name = FACE_ALIASES.get(name, name)
        if name not in GUARDIAN_FACES:
            raise RuleError("Unknown die face", f"The Guardian die has no face {raw!r}; faces: "
                            + ", ".join(GUARDIAN_FACES) + ".")
        return name
    if ctx.params["face"] != "roll":
        return ctx.params["face"]
    return GUARDIAN_FACES[ctx.below(len(GUARDIAN_FACES))]


def guardian_roll(ctx: Context) -> None:
    """"Guardians": roll the Guardian die for the next Guardian and move it.

    A direction moves it one card (to the highest-numbered connected Location
    when that way is unrevealed or unconnected); Nothing: it stays; Discard: its
    card goes to the bottom of its Encounter deck. A Guardian that enters or
    stays on a Location with Characters starts its Encounter.
    """
    state = ctx.state
    face = _face(ctx)
    gid = ctx.data["to_roll"].pop(0)
    if ctx.data["to_roll"]:
        ctx.stay()  # the next Guardian rolls at the same prompt
    g = next(g for g in state["guardians"] if g["id"] == gid)
    if face == "discard":
        state["guardians"].remove(g)
        note(ctx, f"{g['name']}: Discard - card to the bottom of its deck")
        return
    was = g["location"]
    if face != "nothing":
        g["location"] = rules.guardian_target(state, was, face)
    moved = "stays" if g["location"] == was else f"{was} \u2192 {g['location']}"
    note(ctx, f"{g['name']} rolls {face}: {moved}")
    met = rules.characters_at(state, g["location"])
    if met:
        ctx.data["encounters"].append(g["id"])
        names = ", ".join(state["characters"][i]["name"] for i in met)
        note(ctx, f"{g['name']} Encounter with {names}")


def time_dial(ctx: Context) -> None:
    """"I) Start of the Day": a Dial with a Time Token, reduced each Start of the Day."""
    state = ctx.state
    tid = state["next_id"]
    state["next_id"] += 1
    state["time_dials"].append({"id": tid, "days": ctx.params["days"]})
    note(ctx, f"Time dial {tid} set to {ctx.params['days']}")


def time_token(ctx: Context) -> None:
    """A Time Token on a Location ("once per day" Actions), removed at the Start of the Day."""
    loc = _location(ctx)
    loc["time_token"] = True
    note(ctx, f"Time token on {loc['number']}")


# --- advancement ------------------------------------------------------------------------


def raise_attribute(ctx: Context) -> None:
    """"Character Advancement", Advancing Attributes: pay by the pair's total;
    a 3rd or later point gains a Skill ("Buying Skills")."""
    c = _character(ctx)
    attribute = ctx.params["attribute"]
    cost = rules.raise_cost(ctx.state, c, attribute)
    have = c["resources"]["experience"]
    if have < cost:
        raise RuleError(f"Needs {cost} Exp", f"Raising {attribute} costs {cost} Exp; {c['name']} has "
                        f"{have} (Character Advancement).")
    if c["attributes"][attribute] >= TRACK_LIMIT:
        raise RuleError(f"{attribute.capitalize()} is at max"[:42], "The Attribute is at its limit.")
    c["resources"]["experience"] -= cost
    c["attributes"][attribute] += 1
    text = f"{c['name']}: {attribute} {c['attributes'][attribute]} for {cost} Exp"
    if rules.gains_skill(c["attributes"][attribute]):
        c["skills"] += 1
        text += "; pick a Skill card"
    note(ctx, text)


def advance_deck(ctx: Context) -> None:
    """"Character Advancement", Advancing decks: 2 Exp (Challenge 5); take the top three
    cards of the Advancement Pool, add one."""
    c = _character(ctx)
    deck = ctx.params["deck"]
    cost = rules.deck_cost(ctx.state["mode"])
    if c["resources"]["experience"] < cost:
        raise RuleError(f"Needs {cost} Exp", f"A deck advance costs {cost} Exp; {c['name']} has "
                        f"{c['resources']['experience']} (Character Advancement).")
    if c["decks"][deck] >= DECK_MAXIMUM:
        raise RuleError("Deck is full", "All 80 cards are in the deck.")
    c["resources"]["experience"] -= cost
    c["decks"][deck] += 1
    note(ctx, f"{c['name']}: {deck} deck {c['decks'][deck]} cards for {cost} Exp")


def status(ctx: Context) -> None:
    """"Statuses and Save Sheet": mark a Status on the shared Save Sheet."""
    text = ctx.params["status"].strip()
    if not text:
        raise RuleError("Name the Status", "Type the Status as the Save Sheet names it.")
    if text not in ctx.state["statuses"]:
        ctx.state["statuses"].append(text)
    note(ctx, f"Status marked: {text}")


COMMANDS = (
    CommandSpec("travel", "Travel (1 Energy)", travel,
                (_character_param(), Param("direction", "choice", "Travel to", choices_from=travel_choices),
                 *_party_params()),
                available=_during_day),
    CommandSpec("explore", "Explore (1 Energy)", explore, (_character_param(), *_party_params()),
                available=_during_day),
    CommandSpec("action", "Location/Character Action", action,
                (_character_param(), Param("energy", "int", "Energy cost", low=0, high=TRACK_LIMIT,
                                           default=1),
                 Param("kind", "choice", "Action", choices=ACTION_KINDS, default="location"),
                 Param("helper", "int", "Helped by (0 none)", low=0, high=4, default=0),
                 Param("helper_pays", "int", "Helper pays", low=0, high=TRACK_LIMIT, default=0)),
                available=_during_day),
    CommandSpec("pass_day", "Pass (no more Actions)", pass_day, (_character_param(),),
                available=_during_day),
    CommandSpec("combat", "Combat: Value and traits", combat,
                (*_encounter_params()[:2], Param("value", "int", "Encounter Value", low=0, high=99,
                                                 default=5), *_encounter_params()[2:],
                 Param("opp_damage", "int", "Opportunity Damage", low=0, high=TRACK_LIMIT, default=0),
                 Param("opp_terror", "int", "Opportunity Terror", low=0, high=TRACK_LIMIT, default=0)),
                available=_no_encounter),
    CommandSpec("diplomacy", "Diplomacy: Affinity, Stages", diplomacy,
                (*_encounter_params()[:2],
                 Param("top", "int", "Affinity top slot", low=2, high=20, default=6),
                 Param("start", "int", "Gray slot", low=1, high=19, default=3),
                 Param("stages", "int", "Stages", low=1, high=5, default=1)),
                available=_no_encounter),
    CommandSpec("pick_active", "Pick the Active Character", pick_active, (_character_param(),),
                available=lambda s: bool(s.get("encounter")) and s["encounter"]["active"] is None),
    CommandSpec("end_activation", "Activation done (cards)", end_activation,
                (Param("cards", "int", "Cards played", low=0, high=TRACK_LIMIT, default=1),),
                available=lambda s: bool(s.get("encounter")) and s["encounter"]["active"] is not None),
    CommandSpec("escape", "Escape the Encounter", escape, (_character_param(),),
                available=_in_encounter),
    CommandSpec("end_encounter", "End the Encounter", end_encounter,
                (Param("result", "choice", "Result", choices=ENDINGS),), available=_in_encounter),
    CommandSpec("place", "Place a Location", place,
                (Param("number", "int", "Location", low=100, high=999, default=106),
                 _location_param("next_to", "Next to"),
                 Param("side", "choice", "Side", choices=SIDES))),
    CommandSpec("activate", "Activate/extend a Menhir", activate,
                (_location_param(), Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=3),
                 Param("magic", "int", "Magic cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("wealth", "int", "Wealth cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("food", "int", "Food cost", low=0, high=RESOURCE_LIMIT, default=0),
                 Param("paid_by", "int", "Activated by", low=1, high=4, default=1),
                 Param("story_less", "choice", "Story: 1 lower",
                       choices=("none",) + MENHIR_COSTS, default="none"))),
    CommandSpec("reveal", "Reveal a Location by number", reveal,
                (Param("number", "int", "Location", low=100, high=999, default=106),)),
    CommandSpec("direction_key", "Enter a Direction Key", direction_key,
                (_location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("number", "int", "Leads to", low=100, high=999, default=106))),
    CommandSpec("move", "Move (not a Travel)", move, (_character_param(), _location_param())),
    CommandSpec("guardian", "A Guardian roams", guardian, (_location_param(),)),
    CommandSpec("defeat_guardian", "Guardian defeated", defeat_guardian,
                (Param("guardian", "int", "Guardian", low=1, high=999, default=1),),
                available=lambda s: bool(s["guardians"])),
    CommandSpec("time_dial", "Add a Time dial", time_dial,
                (Param("days", "int", "Days", low=1, high=MENHIR_DIAL_TOP, default=1),)),
    CommandSpec("time_token", "Time token on a Location", time_token, (_location_param(),)),
    CommandSpec("raise_attribute", "Raise an Attribute (Exp)", raise_attribute,
                (_character_param(), Param("attribute", "choice", "Attribute", choices=ATTRIBUTES))),
    CommandSpec("advance_deck", "Advance a deck (Exp)", advance_deck,
                (_character_param(), Param("deck", "choice", "Deck", choices=DECKS))),
    CommandSpec("trade", "Trade Food/Wealth", trade,
                (Param("giver", "int", "From", low=1, high=4, default=1),
                 Param("taker", "int", "To", low=1, high=4, default=2),
                 Param("resource", "choice", "Resource", choices=TRADEABLE),
                 Param("amount", "int", "Amount", low=1, high=RESOURCE_LIMIT, default=1)),
                available=lambda s: len(living(s)) > 1),
    CommandSpec("blocked", "Mark a blocked route", blocked,
                (_location_param(), Param("side", "choice", "Side", choices=SIDES),
                 Param("on", "bool", "Blocked", default=True))),
    CommandSpec("remove_location", "Remove a Location", remove_location, (_location_param(),)),
    CommandSpec("status", "Mark a Status", status, (Param("status", "text", "Status", high=40),)),
    CommandSpec("load_pack", "Load a content pack (TOML)", load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("death", "A Character dies", death,
                (_character_param(), Param("then", "choice", "Then", choices=DEATH_CHOICES))),
    CommandSpec("rest", "Rest: pay 1 Food for +1 Health, -1 Terror", rest,
                (Param("eat", "bool", "Pay 1 Food", default=False),), menu=False, prompt_only=True),
    CommandSpec("escape_toss", "Toss the Escape Dial", escape_toss,
                (Param("toss", "choice", "Dial", choices=("roll",) + encounters.DIAL_FACES, default="roll"),
                 Param("dice", "dice", "Dial", optional=True)),
                menu=False, prompt_only=True),
    CommandSpec("guardian_roll", "Roll the Guardian die", guardian_roll,
                (Param("face", "choice", "Die", choices=("roll",) + GUARDIAN_FACES, default="roll"),
                 Param("dice", "dice", "Guardian die", optional=True)),
                menu=False, prompt_only=True),
)
