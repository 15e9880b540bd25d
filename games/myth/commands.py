"""What a Myth: Dark Frontier player can tell the box, each a function of the state.

Handlers change ``ctx.state`` (a private copy) and raise RuleError with a
short OLED text and a long text citing the rule; a refused command changes
nothing.
"""

from __future__ import annotations

from games.core import CommandSpec, Context, Param, RuleError, dice
from games.core.packs import PackError, refused
from games.myth import pack, rules
from games.myth.procedures import current_card
from games.myth.rules import note
from games.myth.state import (
    AREA_TYPES,
    BASIC_TYPES,
    FATE_DICE,
    FATE_FACES,
    MAX_ASSETS,
    MAX_MINIONS,
    MAX_STRUCTURES,
    RANKS,
    RESOURCES,
    SKILLS,
    TRACKS,
    BoardError,
    area_name,
    area_type,
    distances,
    farrenroc,
    load_board,
    minion_count,
    new_area,
    new_game_state,
    structures,
)

# --- setup ----------------------------------------------------------------------------------

SETUP_PARAMS = (Param("heroes", "int", "Heroes", low=1, high=4, default=1),)


def setup(ctx: Context) -> None:
    """A new game ("Setup"): 1-4 heroes in Farrenroc, stability 10, the board
    (the owner's editable board file, checked; distances to Farrenroc derived
    from it; a bad file refuses the new game with every problem listed); the
    setup procedure then asks for the cards' values."""
    try:
        board = load_board()
    except BoardError as err:
        raise RuleError("Board file is bad", f"The Myth board file cannot be used, fix it "
                        f"and start again ({err}).") from None
    new_game_state(ctx.state, ctx.params["heroes"], board)
    ctx.start("setup")
    count = ctx.params["heroes"]
    ctx.describe(f"New game: {count} hero{'es' if count > 1 else ''}")


def board_locked(state: dict) -> str | None:
    """Why the board can no longer be replaced, or None while it can.

    "Setup" 1 sets up the game board before anything is placed on it: the
    objective tokens go on its locations in "Setup" 4 (by their flames), the
    enemy sheet's enemies on its areas ("Setup" 3). So a board pack loads
    during Setup, before any objective location is chosen and while no enemy
    or structure is on the board; later, start a new game to use it.
    """
    proc = state.get("procedure")
    if not proc or proc["name"] != "setup":
        return ("A board is set up first (Setup 1: set up the game board); the game has "
                "begun, so start a new game and load the board pack at its first step.")
    if any(o["location"] for o in state["objectives"].values()):
        return ("The objective tokens are already on this board's locations (Setup 4); "
                "undo back to the first Setup step, or start a new game, to load a board.")
    busy = [a for a, s in state["areas"].items()
            if s["minions"] or s["captains"] or s["structure"] or state["boss"]["area"] == a]
    if busy:
        return ("Enemies or structures are on this board (" + ", ".join(
            area_name(state, a) for a in busy) + "); remove them first: a new board "
                "starts empty (Setup 1).")
    return None


def load_pack(ctx: Context) -> None:
    """A content pack: the owner's board (games/myth/pack.py), replacing the
    shipped stand-in while :func:`board_locked` allows it. Heroes stand on the
    new board's Farrenroc ("Setup" 2); distances are derived again. A bad pack
    is refused with every problem listed and the game goes on with its board."""
    state = ctx.state
    why = board_locked(state)
    if why:
        raise RuleError("Board: Setup 1 only", why)
    try:
        board = pack.parse(ctx.params["toml"])
    except PackError as err:
        raise refused(err) from None
    home = farrenroc(board)
    state["board"] = board
    state["distance"] = distances(board, home)
    state["areas"] = {area_id: new_area() for area_id in board["areas"]}
    for target in state["heroes"]:
        target["area"] = home
    note(ctx, f"Board {board['name']!r}: {len(board['areas'])} areas")


def hero(ctx: Context) -> None:
    """"Setup" 2: the hero card's skills ("Skills") and vitality."""
    index = ctx.data.get("hero", 0)
    target = ctx.state["heroes"][index]
    for key in (*SKILLS, "vitality"):
        target[key] = ctx.params[key]
    ctx.describe(f"{target['name']}: T{target['tactics']} C{target['cunning']} "
                 f"I{target['intellect']} S{target['spirit']}, vitality {target['vitality']}")
    _ask_next(ctx, "hero", len(ctx.state["heroes"]))


def _ask_next(ctx: Context, key: str, count: int) -> None:
    """Count the answer in ``ctx.data[key]`` and ask again while answers are missing."""
    ctx.data[key] = ctx.data.get(key, 0) + 1
    if ctx.data[key] < count:
        ctx.stay()


HERO_PARAMS = tuple(Param(k, "int", k.capitalize(), low=0, high=9, default=2) for k in SKILLS) + (
    Param("vitality", "int", "Vitality", low=1, high=20, default=6),)


def enemy_sheet(ctx: Context) -> None:
    """"Enemy Sheet": each rank's vitality, attack and defence."""
    for rank in RANKS:
        ctx.state["enemy"][rank] = {k: ctx.params[f"{rank}_{k}"]
                                    for k in ("vitality", "attack", "defence")}
    ctx.describe("Enemy sheet entered")


ENEMY_PARAMS = tuple(
    Param(f"{rank}_{k}", "int", f"{rank.capitalize()} {k}", low=1 if k == "vitality" else 0,
          high=20 if k == "vitality" else 10, default=d)
    for rank, defaults in (("minion", (1, 3, 6)), ("captain", (3, 4, 7)), ("boss", (8, 5, 8)))
    for k, d in zip(("vitality", "attack", "defence"), defaults, strict=True)
)


def track_abilities(ctx: Context) -> None:
    """"Conquest Tracks": the ability spaces of one track (spaces 2-9; the
    marker starts on 1 and the siege icon is space 10)."""
    track = TRACKS[ctx.data.get("track", 0)]
    spaces = [n for n in range(2, 10) if ctx.params[f"space{n}"]]
    ctx.state["abilities"][track] = spaces
    ctx.describe(f"{track.capitalize()} abilities on {spaces or 'no spaces'}")
    _ask_next(ctx, "track", len(TRACKS))


TRACK_PARAMS = tuple(Param(f"space{n}", "bool", f"Ability on {n}", default=False)
                     for n in range(2, 10))


def objective(ctx: Context) -> None:
    """"Setup" 4: an objective card's location type; one token per hero in a
    different location of that type whose flames do not exceed the players."""
    kind = RESOURCES[ctx.data.get("objective", 0)]
    location = ctx.params["location"]
    state = ctx.state
    taken = [o["location"] for k, o in state["objectives"].items() if k != kind]
    if location in taken:
        raise RuleError("Type already in play",
                        "Each objective card must have a different objective location type; "
                        "reveal a new one (Setup 4).")
    players = len(state["heroes"])
    areas = state["board"]["areas"]
    spots = sorted((a for a, s in areas.items() if s["type"] == location
                    and (s["flames"] or 99) <= players), key=lambda a: (areas[a]["flames"], a))
    for area_id in spots[:players]:
        state["areas"][area_id]["objective"] = kind
    state["objectives"][kind] = {"location": location, "tokens": 0, "done": False}
    names = ", ".join(area_name(state, a) for a in spots[:players])
    ctx.describe(f"{kind.capitalize()} objective: {location}; tokens on {names}")
    _ask_next(ctx, "objective", len(RESOURCES))


def active_quest(ctx: Context) -> None:
    """"Quest Deck": the active quest's location type."""
    ctx.state["quest"] = ctx.params["location"]
    ctx.describe(f"Active quest in a {ctx.params['location']}")


def _fate_faces(dice: list[dict] | None, count: int) -> list[str] | None:
    """Fate dice from the tray (kind ``fate``, faces by name, firmware_bridge/PROTOCOL.md)
    or typed in; None when the box should roll. A roll of another kind or count is
    refused naming what was expected."""
    if dice is None:
        return None
    kinds = {d["kind"] for d in dice}
    if kinds - {"fate"}:
        raise RuleError(f"Roll {count} fate dice"[:21],
                        f"This roll needs {count} fate dice; the tray reported "
                        f"{', '.join(sorted(kinds))} dice (Fate Pool).")
    faces = [str(d["face"]).lower() for d in dice]
    if len(faces) != count or any(f not in FATE_FACES for f in faces):
        raise RuleError(f"Roll {count} fate dice"[:21],
                        f"Expected {count} fate dice with faces {', '.join(FATE_FACES)}; "
                        f"got {len(faces)}.")
    return faces


def roll_fate(ctx: Context) -> None:
    """"Fate Pool": the five fate dice rolled at setup (tray or virtual)."""
    faces = _fate_faces(ctx.params["dice"], FATE_DICE)
    ctx.state["fate"] = faces or [rules.roll_face(ctx) for _ in range(FATE_DICE)]
    ctx.describe("Fate pool: " + ", ".join(f.capitalize() for f in ctx.state["fate"]))


# --- hero actions ---------------------------------------------------------------------------


def _hero(ctx: Context) -> dict:
    """The acting hero: the one named, else the one whose card is being resolved."""
    number = ctx.params.get("hero")
    heroes = ctx.state["heroes"]
    if number is None:
        current = current_card(ctx.state)
        index = current[1] if current and current[1] != "enemy" else 0
    elif number > len(heroes):
        raise RuleError(f"No Hero {number}", f"This game has {len(heroes)} heroes.")
    else:
        index = number - 1
    target = heroes[index]
    if target["defeated"]:
        raise RuleError("Hero is defeated", f"{target['name']} is defeated and may not resolve "
                        "actions this round (Defeated Heroes).")
    return target


def _gain(ctx: Context, kind: str, why: str) -> None:
    reserves = ctx.state["reserves"]
    reserves[kind] = min(10, reserves[kind] + 1)
    note(ctx, f"+1 {kind} ({why})")


def travel(ctx: Context) -> None:
    """"Travel": move into an adjacent area."""
    target = _hero(ctx)
    dest = ctx.params["area"]
    if dest not in ctx.state["board"]["areas"][target["area"]]["neighbours"]:
        raise RuleError("Not adjacent", f"{area_name(ctx.state, dest)} is not adjacent to "
                        f"{area_name(ctx.state, target['area'])} (Travel).")
    target["area"] = dest
    note(ctx, f"{target['name']} travels to {area_name(ctx.state, dest)}")


def _d10s(dice: list[dict] | None, count: int, ctx: Context) -> list[int]:
    """``count`` d10 faces from the tray (kind ``d10``) or typed in; rolled by the box
    when ``dice`` is None. Another kind or count is refused, naming what was expected."""
    if dice is None:
        return ctx.roll(count, 10)
    wrong = sorted({str(d["kind"]) for d in dice} - {"d10"})
    if wrong:
        raise RuleError(f"Roll {count} d10"[:21], f"This roll needs {count} ten-sided dice (d10); "
                        f"the tray reported {', '.join(wrong)} dice.")
    faces = [d["face"] for d in dice]
    if len(faces) != count or not all(isinstance(f, int) and not isinstance(f, bool)
                                      and 1 <= f <= 10 for f in faces):
        raise RuleError(f"Roll {count} d10"[:21], f"This roll needs {count} ten-sided dice "
                        f"(faces 1-10); got {len(faces)}: {faces}.")
    return faces


def _start_roll(ctx: Context, hero: dict, roll: dict | None, **flags) -> None:
    """Start the ``roll`` procedure for ``roll`` (see games.myth.procedures.ROLL):
    the dice prompt (tray armed, odds shown), the reroll prompt, the result.
    Dice given with the command (typed in, a script) fill the pool at once."""
    resume = ctx.state.get("procedure")
    if roll is not None:
        roll.setdefault("pool", None)
        if ctx.params.get("dice") is not None:
            roll["pool"] = dice.new_pool(_d10s(ctx.params["dice"], roll["count"], ctx))
    ctx.start("roll", {"resume": resume, "roll": roll,
                       "hero": ctx.state["heroes"].index(hero), **flags})


def battle(ctx: Context) -> None:
    """"Battle": a d10 per enemy of the chosen rank in the hero's area; each die
    at or above the defence deals 1 damage, each at or below the attack hurts
    the hero. Delayed minions may be defeated first ("Delayed Minions").
    Declined (or no enemy of that rank, after the delayed ones): +1 influence.
    The dice are rolled at the roll prompt (tray or virtual), rerolls then."""
    target = _hero(ctx)
    state = ctx.state
    area_id = target["area"]
    rank = ctx.params["rank"]
    if ctx.params["decline"]:
        _gain(ctx, "influence", "no battle")
        return
    area = state["areas"][area_id]
    defeated_delayed = 0
    if ctx.params["defeat_delayed"]:
        delayed = [m for m in area["minions"] if m["delayed"]]
        for minion in delayed:
            area["minions"].remove(minion)
        state["supply"]["minions"] += len(delayed)
        defeated_delayed = len(delayed)
        if delayed:
            note(ctx, f"{len(delayed)} delayed minion(s) defeated")
    count = len(rules.ranks_in(state, area_id, rank))
    if count == 0:
        if defeated_delayed:
            return
        raise RuleError(f"No {rank} here", f"There is no {rank} in {area_name(state, area_id)} "
                        "to battle; decline to gain 1 influence (Battle).")
    values = state["enemy"][rank]
    _start_roll(ctx, target, {"purpose": "battle", "hero": state["heroes"].index(target), "rank": rank,
                      "count": count, "target": values["defence"], "attack": values["attack"]})
    note(ctx, f"{target['name']} battles {count} {rank}(s) in {area_name(state, area_id)}")


def _test_roll(ctx: Context, purpose: str) -> dict:
    """"Skill Tests": dice equal to the hero's skill, at least 1; the target number."""
    target = _hero(ctx)
    skill = ctx.params["skill"]
    return {"purpose": purpose, "hero": ctx.state["heroes"].index(target), "skill": skill,
            "count": max(1, target[skill]), "target": ctx.params["target"]}


def test(ctx: Context) -> None:
    """A skill test a card asks for ("Skill Tests")."""
    roll = _test_roll(ctx, "test")
    _start_roll(ctx, ctx.state["heroes"][roll["hero"]], roll)
    ctx.describe(f"{ctx.state['heroes'][roll['hero']]['name']} {roll['skill']} test "
                 f"TN{roll['target']}")


def quest(ctx: Context) -> None:
    """"Quest": only in a quest location; otherwise (or declined) +1 hope. On
    success the next active quest is asked for ("Quest Deck")."""
    target = _hero(ctx)
    if ctx.params["decline"] or area_type(ctx.state, target["area"]) != ctx.state["quest"]:
        _gain(ctx, "hope", "no quest")
        return
    roll = _test_roll(ctx, "quest")
    _start_roll(ctx, target, roll)
    ctx.describe(f"{target['name']} attempts the quest: {roll['skill']} TN{roll['target']}")


def encounter(ctx: Context) -> None:
    """"Encounter Cards": the card's skill test first, if any (no test: its
    success effect); then whether the card is kept as an asset (three at most)
    or a burden ("Encounter Cards": assets, burdens)."""
    target = _hero(ctx)
    if area_type(ctx.state, target["area"]) == "outland":
        raise RuleError("No encounter deck", "Outland areas have no encounter cards "
                        "(Locations).")
    if ctx.params["no_test"]:
        _start_roll(ctx, target, None, card=True)
        note(ctx, f"{target['name']} encounter: success (no test)")
        return
    roll = _test_roll(ctx, "encounter")
    _start_roll(ctx, target, roll, card=True)
    ctx.describe(f"{target['name']} encounter: {roll['skill']} TN{roll['target']}")


def _pending_roll(ctx: Context) -> dict:
    roll = ctx.data.get("roll")
    if not roll:
        raise RuleError("No roll asked now", "No battle or skill test is waiting for dice.")
    return roll


def roll(ctx: Context) -> None:
    """The dice of the waiting battle or skill test: tray, typed in, or virtual."""
    pending = _pending_roll(ctx)
    pending["pool"] = dice.new_pool(_d10s(ctx.params["dice"], pending["count"], ctx))
    note(ctx, f"Rolled {pending['pool']['faces']}: {rules.roll_outcome(ctx.state, pending)}")


def reroll_choices(state: dict) -> tuple[str, ...]:
    """"keep", then each die not yet rerolled as "N: face" ("Rerolling Dice")."""
    roll = ((state.get("procedure") or {}).get("data") or {}).get("roll") or {}
    pool = roll.get("pool") or {"faces": [], "rerolled": []}
    return ("keep",) + tuple(f"{i + 1}: {face}" for i, face in enumerate(pool["faces"])
                             if dice.can_reroll(pool, i))


def reroll(ctx: Context) -> None:
    """"Rerolling Dice": an effect lets the players reroll a die; each die can be
    rerolled only once (games.core.dice pool bookkeeping). "keep" goes on to the
    result; after a reroll the prompt asks again while a die may still be rerolled."""
    pending = _pending_roll(ctx)
    choice = ctx.params["die"]
    if choice == "keep":
        ctx.describe(f"Kept {pending['pool']['faces']}")
        return
    index = int(choice.split(":")[0]) - 1
    old = pending["pool"]["faces"][index]
    face = _d10s(ctx.params["dice"], 1, ctx)[0]
    dice.reroll(pending["pool"], index, face)
    note(ctx, f"Die {index + 1} rerolled {old} \u2192 {face}: {rules.roll_outcome(ctx.state, pending)}")
    if any(dice.can_reroll(pending["pool"], i) for i in range(pending["count"])):
        ctx.stay()


def assault(ctx: Context) -> None:
    """"March" / "Assaults": the next assault's dice, a d10 per enemy token there
    (tray, typed in, or virtual); the prompt asks again for the next area."""
    waiting = ctx.data.get("assaults") or []
    if not waiting:
        raise RuleError("No assault now", "No March is waiting for assault dice.")
    area_id = waiting[0]
    count = len(rules.enemy_tokens(ctx.state, area_id))
    rules.assault(ctx, area_id, _d10s(ctx.params["dice"], count, ctx))
    waiting.pop(0)
    if waiting and ctx.state["stability"] > 0:
        ctx.stay()


def conquest_fate(ctx: Context) -> None:
    """"Conquest" step 2: the non-darkness fate dice of the pool rolled for the
    missing objectives (tray kind ``fate``, or virtual); spawns follow."""
    kind = ctx.data.get("conquest")
    if not kind:
        raise RuleError("No roll asked now", "No Conquest action waits for fate dice.")
    faces = _fate_faces(ctx.params["dice"], rules.conquest_dice(ctx.state, kind))
    rules.conquest_spawn(ctx, ctx.data.pop("conquest"), faces)


def card_choices(state: dict) -> tuple[str, ...]:
    """What becomes of an encounter card: discarded (events), an asset (with 3
    already held, one old asset is discarded for it), or a burden."""
    data = (state.get("procedure") or {}).get("data") or {}
    hero = state["heroes"][data.get("hero", 0)]
    asset = "asset (discard an old)" if hero.get("assets", 0) >= MAX_ASSETS else "asset"
    return ("discard", asset, "burden")


def keep_card(ctx: Context) -> None:
    """"Encounter Cards": an asset is kept beside the hero card, three at most
    ("If a hero gains an asset while he already has three assets, they may choose
    one of their assets to discard to gain the new asset"); a burden is gained
    like an asset but never counts against the three; an event is discarded."""
    hero = ctx.state["heroes"][ctx.data.get("hero", 0)]
    choice = ctx.params["card"]
    if choice.startswith("asset"):
        if hero["assets"] >= MAX_ASSETS:
            note(ctx, f"{hero['name']} discards an old asset for the new one "
                 f"({MAX_ASSETS} at most)")
        else:
            hero["assets"] += 1
            note(ctx, f"{hero['name']} gains an asset ({hero['assets']}/{MAX_ASSETS})")
    elif choice == "burden":
        hero["burdens"] += 1
        note(ctx, f"{hero['name']} gains a burden ({hero['burdens']})")
    else:
        ctx.describe("Encounter card discarded")


def discard_card(ctx: Context) -> None:
    """Discard an asset, or a burden when its card allows it ("Encounter Cards":
    "a player cannot discard a burden unless the card's effect allows them to")."""
    hero = _hero(ctx)
    kind = ctx.params["card"]
    key = "assets" if kind == "asset" else "burdens"
    if hero[key] == 0:
        raise RuleError(f"No {kind} to discard", f"{hero['name']} holds no {kind}.")
    hero[key] -= 1
    note(ctx, f"{hero['name']} discards a {kind} ({hero[key]} left)")


def fortify(ctx: Context) -> None:
    """"Fortify": 1 structure in the hero's area, basic locations only, at most
    six in play. Declined (or impossible): +1 supply."""
    target = _hero(ctx)
    if ctx.params["decline"]:
        _gain(ctx, "supply", "no structure")
        return
    _build(ctx, target["area"])


def _build(ctx: Context, area_id: str) -> None:
    state = ctx.state
    if area_type(state, area_id) not in BASIC_TYPES:
        raise RuleError("Basic locations only", "Structures may not be built in special "
                        "locations: Farrenroc, Lairs, or Outland (Fortify).")
    if state["areas"][area_id]["structure"]:
        raise RuleError("Already a structure", f"{area_name(state, area_id)} has a structure.")
    if structures(state) >= MAX_STRUCTURES:
        raise RuleError("Six structures at most", "The amount of structures in play cannot "
                        "exceed six (Fortify).")
    state["areas"][area_id]["structure"] = True
    note(ctx, f"Structure built in {area_name(state, area_id)}")


# --- enemies and the board by hand ---------------------------------------------------------------


def place(ctx: Context) -> None:
    """Put enemies on the board from the supply (enemy sheet setup, card effects).
    "Glossary", Area: never more than three minions; use spawn for overruns."""
    state = ctx.state
    area_id, rank, count = ctx.params["area"], ctx.params["rank"], ctx.params["count"]
    if rank == "minion":
        if minion_count(state, area_id) + count > MAX_MINIONS:
            raise RuleError("3 minions per area", f"{area_name(state, area_id)} would hold "
                            f"{minion_count(state, area_id) + count} minions; an area can never "
                            "contain more than three (Glossary, Area).")
        if count > state["supply"]["minions"]:
            raise RuleError("Not enough minions", "The out-of-play supply lacks minions.")
        state["supply"]["minions"] -= count
        state["areas"][area_id]["minions"] += [{"damage": 0, "delayed": False}] * count
    elif rank == "captain":
        if count > state["supply"]["captains"]:
            raise RuleError("Not enough captains", "All four captains are in play (Enemies).")
        state["supply"]["captains"] -= count
        state["areas"][area_id]["captains"] += [0] * count
    else:
        state["boss"]["area"] = area_id
        state["boss"].pop("arriving", None)  # placed by hand: no fate die for it
    note(ctx, f"{count} {rank}(s) placed in {area_name(state, area_id)}")


def remove(ctx: Context) -> None:
    """Take enemies off an area to the out-of-play supply (defeated, discarded)."""
    state = ctx.state
    area_id, rank, count = ctx.params["area"], ctx.params["rank"], ctx.params["count"]
    present = rules.ranks_in(state, area_id, rank)
    if len(present) < count:
        raise RuleError(f"Only {len(present)} {rank} there"[:42],
                        f"{area_name(state, area_id)} holds {len(present)} {rank}(s).")
    if rank == "boss":
        state["boss"]["area"] = None
    else:
        del present[:count]
        state["supply"][f"{rank}s"] += count
    note(ctx, f"{count} {rank}(s) removed from {area_name(state, area_id)}")


def spawn_cmd(ctx: Context) -> None:
    """A card says spawn: one spawn effect ("Spawning Enemies"), with overruns."""
    resume = ctx.state.get("procedure")
    rules.spawn(ctx, [ctx.params["area"]] * ctx.params["count"])
    ctx.start("effect", {"resume": resume})


def muster_cmd(ctx: Context) -> None:
    """A card says muster ("Muster"): the fate dice are rolled at the prompt that
    follows (tray armed for the pool's non-darkness dice, or virtual); dice
    given with the command (typed in, a script) are used at once."""
    resume = ctx.state.get("procedure")
    if ctx.params["dice"]:
        faces = _fate_faces(ctx.params["dice"], len(ctx.params["dice"]))
        rules.muster(ctx, ctx.params["count"], faces)
        ctx.start("effect", {"resume": resume})
        return
    ctx.start("effect", {"resume": resume, "muster": ctx.params["count"]})
    ctx.describe(f"Muster {ctx.params['count']}: roll the fate dice")


def muster_fate(ctx: Context) -> None:
    """"Muster": the non-darkness fate dice rolled together (tray or virtual);
    minions spawn at the matching Outlands and Lairs."""
    from games.myth.procedures import muster_dice

    count = ctx.data.get("muster")
    if not count:
        raise RuleError("No muster now", "No Muster waits for fate dice.")
    faces = _fate_faces(ctx.params["dice"], muster_dice(ctx.state))
    del ctx.data["muster"]
    rules.muster(ctx, count, faces)


def boss_fate(ctx: Context) -> None:
    """"The Siege": the boss's fate die (tray or virtual) places the boss."""
    if not rules.boss_arriving(ctx.state):
        raise RuleError("No boss arriving", "The boss is placed when the siege begins.")
    rules.place_boss(ctx, _fate_faces(ctx.params["dice"], 1))


def discard_resource(ctx: Context) -> None:
    """"Running Out of Minions" / "Muster": one resource of the players' choice;
    the prompt asks again while the effect still owes resources."""
    choice = ctx.params["resource"]
    if choice == "none":
        rules.settle_discards(ctx)
    else:
        rules.discard_one(ctx, choice)
    if ctx.state["discards"]:
        ctx.stay()


def discard_options(state: dict) -> tuple[str, ...]:
    """The resources the reserves hold ("none" when empty: the debt is then unpayable)."""
    return rules.discard_choices(state) or ("none",)


def discard_labels(state: dict) -> dict[str, str]:
    return {k: f"{k} ({state['reserves'][k]})" for k in RESOURCES}


def raise_cmd(ctx: Context) -> None:
    """A card raises a conquest track: abilities resolved space by space."""
    resume = ctx.state.get("procedure")
    rules.raise_track(ctx, ctx.params["track"], ctx.params["spaces"])
    ctx.start("effect", {"resume": resume})


def structure(ctx: Context) -> None:
    """Build or destroy a structure by hand (card effects)."""
    if ctx.params["on"]:
        _build(ctx, ctx.params["area"])
    else:
        ctx.state["areas"][ctx.params["area"]]["structure"] = False
        note(ctx, f"Structure in {area_name(ctx.state, ctx.params['area'])} destroyed")


def overrun(ctx: Context) -> None:
    """"Overruns": the players' choice for the first waiting overrun; the prompt
    asks again while overruns wait."""
    rules.resolve_overrun(ctx, ctx.params["choice"])
    if ctx.state["overruns"]:
        ctx.stay()


def spend_fate(ctx: Context) -> None:
    """"Fate Pool": spend a symbol. "That fate die is rerolled after fully
    resolving the fate effect": a prompt waits while the players resolve it,
    then takes the die's new face (tray or virtual). A die given with the
    command (typed in, a script) is used at once."""
    face = ctx.params["face"]
    if face not in ctx.state["fate"]:
        raise RuleError(f"No {face} in the pool", f"The fate pool shows no {face} symbol "
                        "(Fate Ability).")
    if ctx.params["dice"] is not None:
        rolled = _fate_faces(ctx.params["dice"], 1)
        new = rules.spend_fate(ctx, face, rolled[0])
        note(ctx, f"Spent {face.capitalize()}; rerolled: {new.capitalize()}")
        return
    resume = ctx.state.get("procedure")
    ctx.start("spend", {"resume": resume, "spent": face})
    ctx.describe(f"Spent {face.capitalize()}: resolve its ability")


def darkness_fate(ctx: Context) -> None:
    """"Action Phase": an enemy card's Darkness fate ability is mandatory ("always
    triggered and resolved" while a Darkness symbol is in the pool); the players
    resolve it, then that die is rerolled (tray or virtual) and returned."""
    if "darkness" not in ctx.state["fate"]:
        raise RuleError("No Darkness in pool", "No Darkness symbol is in the fate pool.")
    rolled = _fate_faces(ctx.params["dice"], 1)
    new = rules.spend_fate(ctx, "darkness", rolled[0] if rolled else None)
    note(ctx, f"Darkness ability resolved; its die rerolled: {new.capitalize()}")


def fate_reroll(ctx: Context) -> None:
    """"Fate Pool": the spent die rerolled and returned to the pool."""
    face = ctx.data.get("spent")
    if face is None or face not in ctx.state["fate"]:
        raise RuleError("No die to reroll", "No spent fate die waits to be rerolled.")
    rolled = _fate_faces(ctx.params["dice"], 1)
    new = rules.spend_fate(ctx, face, rolled[0] if rolled else None)
    ctx.data["spent"] = None
    note(ctx, f"{face.capitalize()} die rerolled: {new.capitalize()}")


def wound_cmd(ctx: Context) -> None:
    """"Damage and Healing": damage to a hero (defeat at vitality)."""
    rules.wound(ctx, _hero(ctx), ctx.params["amount"])


def objective_token(ctx: Context) -> None:
    """"Objectives": a claimed token goes to its card; tokens equal to the
    heroes complete it; the third completed reveals the final objective and the
    siege begins."""
    state = ctx.state
    kind = ctx.params["kind"]
    card = state["objectives"][kind]
    if card["done"] or card["location"] is None:
        raise RuleError("Not in play", f"The {kind} objective is not in play.")
    spots = rules.objective_areas(state, kind)
    here = _hero(ctx)["area"]
    if here in spots:
        state["areas"][here]["objective"] = None
    card["tokens"] += 1
    note(ctx, f"{kind.capitalize()} objective: {card['tokens']}/{len(state['heroes'])}")
    if card["tokens"] >= len(state["heroes"]):
        card["done"] = True
        state["completed"] += 1
        note(ctx, f"{kind.capitalize()} objective completed")
        if state["completed"] == 3 and not state["siege"]:
            state["final_revealed"] = True
            resume = state.get("procedure")
            rules.begin_siege(ctx, "final objective revealed")
            ctx.start("effect", {"resume": resume})


def final_done(ctx: Context) -> None:
    """"Final Objective": completing it wins the game."""
    if not ctx.state["final_revealed"]:
        raise RuleError("Not revealed yet", "The final objective is revealed only after all "
                        "three objectives are completed (Objectives).")
    ctx.state["final_done"] = True
    ctx.describe("Final objective completed")


def set_quest(ctx: Context) -> None:
    """"Quest Deck": a new active quest (its location type)."""
    active_quest(ctx)


def produce(ctx: Context) -> None:
    """"Resource Step": 1 resource of the players' choice per structure."""
    total = sum(ctx.params[k] for k in RESOURCES)
    count = structures(ctx.state)
    if total != count:
        raise RuleError(f"Choose {count} resources", f"Each of the {count} structures produces "
                        "1 resource of the players' choice (Resource Step).")
    for kind in RESOURCES:
        ctx.state["reserves"][kind] = min(10, ctx.state["reserves"][kind] + ctx.params[kind])
    ctx.describe("Resources: " + ", ".join(f"+{ctx.params[k]} {k}" for k in RESOURCES))


def _playing(state: dict) -> bool:
    return (state.get("procedure") or {}).get("name") != "setup"


def _hero_param() -> Param:
    return Param("hero", "int", "Hero", low=1, high=4, optional=True)


def board_areas(state: dict) -> tuple[str, ...]:
    """The area ids of the game's own board (an edited board file included)."""
    return tuple(state["board"]["areas"])


def area_labels(state: dict) -> dict[str, str]:
    """Each area's name for the forms (the stored value stays the area id)."""
    return {area_id: area["name"] for area_id, area in state["board"]["areas"].items()}


def _area() -> Param:
    return Param("area", "choice", "Area", choices_from=board_areas, labels_from=area_labels)


def _dice() -> Param:
    return Param("dice", "dice", "Dice", optional=True)


_TEST = (Param("skill", "choice", "Skill", choices=SKILLS),
         Param("target", "int", "Target number", low=1, high=10, default=6))

COMMANDS = (
    CommandSpec("load_pack", "Load a content pack (a board)", load_pack,
                (Param("toml", "text", "Pack", high=pack.MAX_TEXT),), menu=False),
    CommandSpec("battle", "Battle: a d10 per enemy of a rank here", battle,
                (Param("rank", "choice", "Rank", choices=RANKS),
                 Param("defeat_delayed", "bool", "Defeat delayed", default=True),
                 Param("decline", "bool", "Decline (+1 infl.)", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("travel", "Travel: move into an adjacent area", travel,
                (_area(), _hero_param()), available=_playing),
    CommandSpec("quest", "Quest: test here, else +1 hope", quest,
                (*_TEST, Param("decline", "bool", "Decline (+1 hope)", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("encounter", "Encounter: a card's test, keep it?", encounter,
                (*_TEST, Param("no_test", "bool", "No test on card", default=False),
                 _hero_param(), _dice()), available=_playing),
    CommandSpec("fortify", "Fortify: a structure here, else +1 supply", fortify,
                (Param("decline", "bool", "Decline (+1 supply)", default=False), _hero_param()),
                available=_playing),
    CommandSpec("test", "Skill test (a card asks)", test, (*_TEST, _hero_param(), _dice()),
                available=_playing),
    CommandSpec("discard_card", "Discard an asset or burden", discard_card,
                (Param("card", "choice", "Card", choices=("asset", "burden")), _hero_param()),
                available=_playing),
    CommandSpec("spend_fate", "Spend a fate symbol (die rerolled)", spend_fate,
                (Param("face", "choice", "Symbol", choices=FATE_FACES), _dice()),
                available=_playing),
    CommandSpec("raise", "Raise a conquest track (a card says)", raise_cmd,
                (Param("track", "choice", "Track", choices=TRACKS),
                 Param("spaces", "int", "Spaces", low=1, high=9, default=1)), available=_playing),
    CommandSpec("spawn", "Spawn minions in an area (a card says)", spawn_cmd,
                (_area(), Param("count", "int", "Minions", low=1, high=20, default=1)),
                available=_playing),
    CommandSpec("muster", "Muster (a card says)", muster_cmd,
                (Param("count", "int", "Musters", low=1, high=5, default=1), _dice()),
                available=_playing),
    CommandSpec("place", "Place enemies by hand", place,
                (_area(), Param("rank", "choice", "Rank", choices=RANKS),
                 Param("count", "int", "Count", low=1, high=20, default=1))),
    CommandSpec("remove", "Remove enemies to the supply", remove,
                (_area(), Param("rank", "choice", "Rank", choices=RANKS),
                 Param("count", "int", "Count", low=1, high=20, default=1))),
    CommandSpec("structure", "Build or destroy a structure by hand", structure,
                (_area(), Param("on", "bool", "Build", default=True))),
    CommandSpec("wound", "Damage a hero (defeated at vitality)", wound_cmd,
                (Param("amount", "int", "Damage", low=1, high=20, default=1), _hero_param()),
                available=_playing),
    CommandSpec("objective_token", "Claim an objective token", objective_token,
                (Param("kind", "choice", "Objective", choices=RESOURCES), _hero_param()),
                available=_playing),
    CommandSpec("final_done", "The final objective is completed", final_done,
                available=lambda s: s["final_revealed"]),
    CommandSpec("set_quest", "A new active quest", set_quest,
                (Param("location", "choice", "Location", choices=AREA_TYPES),),
                available=_playing),
    # prompt answers
    CommandSpec("hero", "Enter a hero card", hero, HERO_PARAMS, menu=False, prompt_only=True),
    CommandSpec("enemy_sheet", "Enter the enemy sheet", enemy_sheet, ENEMY_PARAMS,
                menu=False, prompt_only=True),
    CommandSpec("track_abilities", "Mark a track's ability spaces", track_abilities,
                TRACK_PARAMS, menu=False, prompt_only=True),
    CommandSpec("objective", "An objective card's location", objective,
                (Param("location", "choice", "Location", choices=BASIC_TYPES),),
                menu=False, prompt_only=True),
    CommandSpec("active_quest", "The active quest's location", active_quest,
                (Param("location", "choice", "Location", choices=AREA_TYPES),),
                menu=False, prompt_only=True),
    CommandSpec("roll_fate", "Roll the fate pool", roll_fate, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("conquest_fate", "Roll fate dice for a Conquest", conquest_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("assault", "Roll an assault's dice", assault, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("roll", "Roll the dice (tray or virtual)", roll, (_dice(),), menu=False,
                prompt_only=True),
    CommandSpec("reroll", "Reroll a die (each once) or keep", reroll,
                (Param("die", "choice", "Reroll", choices=("keep",), default="keep",
                       choices_from=reroll_choices), _dice()),
                menu=False, prompt_only=True),
    CommandSpec("keep_card", "The encounter card: asset, burden or discard", keep_card,
                (Param("card", "choice", "Card", choices=("discard", "asset", "burden"),
                       default="discard", choices_from=card_choices),),
                menu=False, prompt_only=True),
    CommandSpec("muster_fate", "Roll the fate dice for a Muster", muster_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("boss_fate", "Roll the fate die that places the boss", boss_fate, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("fate_reroll", "Reroll the spent fate die", fate_reroll, (_dice(),),
                menu=False, prompt_only=True),
    CommandSpec("darkness_fate", "The enemy card's Darkness: reroll its die", darkness_fate,
                (_dice(),), menu=False, prompt_only=True),
    CommandSpec("discard_resource", "Discard a resource (players' choice)", discard_resource,
                (Param("resource", "choice", "Discard", choices=RESOURCES,
                       choices_from=discard_options, labels_from=discard_labels),),
                menu=False, prompt_only=True),
    CommandSpec("overrun", "Overrun: discard a resource or move", overrun,
                (Param("choice", "choice", "Choice", choices=("move", *RESOURCES)),),
                menu=False, prompt_only=True),
    CommandSpec("produce", "Resources from structures", produce,
                tuple(Param(k, "int", k.capitalize(), low=0, high=6, default=0)
                      for k in RESOURCES), menu=False, prompt_only=True),
)
