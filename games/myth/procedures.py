"""Myth: Dark Frontier's procedures, in the rulebook's order.

"Setup" (the values the box needs), then each round ("Sequence of Play"):
1. Planning (enemy action step, hero action step, decks shuffled),
2. Action (Morning, Day, Night decks, one card at a time),
3. Prepare (effects, resources, refresh, revive, reset).
"""

from __future__ import annotations

from games.core import Context, Procedure, RuleError, Step, StepKind, deck
from games.core.engine import resume
from games.myth import rules
from games.myth.rules import note
from games.myth.state import DECKS, FATE_DICE, TRACKS, area_name, farrenroc, structures


def _data(state: dict) -> dict:
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def _boss_dark(ctx: Context) -> None:
    """"The Siege": every die of the pool shows darkness: no die to roll."""
    rules.place_boss(ctx)


def boss_steps(prefix: str) -> tuple[Step, ...]:
    """"The Siege": the boss placed by one non-darkness fate die (a prompt that
    arms the tray for 1 fate die), or in the darkness location when all dice of
    the pool show darkness (automatic)."""
    return (
        Step(f"{prefix}boss_pick", StepKind.PROMPT, "Siege: which fate die to roll?",
             "The Siege", command="fate_pick",
             skip=lambda s: not rules.boss_arriving(s) or len(rules.fate_pick_options(s, 1)) < 2),
        Step(f"{prefix}boss", StepKind.PROMPT, "Siege: roll a fate die for the boss",
             "The Siege", command="boss_fate", dice=lambda s: (1, "fate"),
             skip=lambda s: not rules.boss_arriving(s) or rules.non_darkness_dice(s) == 0),
        Step(f"{prefix}boss_dark", StepKind.AUTO, "Boss to the darkness location", "The Siege",
             run=_boss_dark, skip=lambda s: not rules.boss_arriving(s)),
    )


def _abilities_resolved(prefix: str):
    """The step after the abilities reminder: the players have resolved them, so
    the raises that waited move on ("Conquest": "fully resolve each conquest
    ability before continuing to move the conquest marker"); a new ability or
    the siege's boss loops back to the start of the resolve steps."""

    def run(ctx: Context) -> None:
        ctx.state["pending"] = []
        rules.advance_raises(ctx)
        if ctx.state["pending"] or rules.boss_arriving(ctx.state):
            ctx.goto(f"{prefix}boss_pick")

    return run


def resolve_steps(prefix: str) -> tuple[Step, ...]:
    """A raise's consequences, as the rules order them: the boss's arrival if
    the siege began ("The Siege": "Players must immediately perform the
    following actions"), then each conquest or siege ability the marker
    entered, resolved before the marker moves on ("Conquest"); the loop runs
    again while the waiting raises enter another ability or begin the siege."""
    return (
        *boss_steps(prefix),
        Step(f"{prefix}abilities", StepKind.REMINDER, "Resolve the conquest abilities",
             "Conquest; The Siege", skip=lambda s: not s["pending"]),
        Step(f"{prefix}abilities_done", StepKind.AUTO, "Abilities resolved", "Conquest",
             run=_abilities_resolved(prefix), skip=lambda s: not s["pending"]),
    )


def aftermath(prefix: str) -> tuple[Step, ...]:
    """After an effect: the raises' consequences (:func:`resolve_steps`: the boss
    if the siege began, the abilities entered; an overrun in an objective
    location raises its track at once, "Overruns", before the players choose
    what becomes of the minions), then resources to discard and the overruns
    waiting for the players' choice ("Running Out of Minions"; "Overruns")."""
    return (
        *resolve_steps(prefix),
        Step(f"{prefix}discard", StepKind.PROMPT, "Discard a resource: which?",
             "Farrenroc Reserves; Running Out of Minions; Muster", command="discard_resource",
             skip=lambda s: not s["discards"]),
        Step(f"{prefix}overrun_forced", StepKind.AUTO, "Overruns without a choice",
             "Overruns", run=rules.settle_overruns,
             skip=lambda s: not s["overruns"] or len(rules.overrun_options(s)) > 1),
        Step(f"{prefix}overrun", StepKind.PROMPT, "Overrun: discard 1 resource or move",
             "Overruns", command="overrun", skip=lambda s: not s["overruns"]),
    )


# --- Setup ---------------------------------------------------------------------------------


def _enemy_deck(ctx: Context) -> None:
    """"Setup" 3: shuffle the enemy action deck, facedown."""
    from games.myth.state import ENEMY_CARDS
    ctx.state["enemy_deck"] = deck.new(ENEMY_CARDS, ctx.shuffle)
    note(ctx, "Enemy action deck shuffled")


SETUP = Procedure(
    "setup",
    "Setup",
    (
        Step("board", StepKind.REMINDER, "Board: next, or a board pack", "Setup 1. Set up the "
             "Game Board"),
        Step("hero", StepKind.PROMPT, "Enter the hero card's values", "Setup 2. Choose Heroes",
             command="hero"),
        Step("enemy", StepKind.PROMPT, "Enter the enemy sheet's ranks", "Setup 3; Enemy Sheet",
             command="enemy_sheet"),
        Step("track", StepKind.PROMPT, "Mark the conquest ability spaces", "Conquest Tracks",
             command="track_abilities"),
        Step("objective", StepKind.PROMPT, "Objective card: its location", "Setup 4",
             command="objective"),
        Step("tokens", StepKind.REMINDER, "Place the objective tokens", "Setup 4"),
        Step("final", StepKind.REMINDER, "Final objective facedown; shuffle the encounter "
             "decks and the quest deck", "Setup 5; Setup 6"),
        Step("quest", StepKind.PROMPT, "Active quest: its location", "Setup 6; Quest Deck",
             command="active_quest"),
        Step("enemy_deck", StepKind.AUTO, "Shuffle the enemy action deck", "Setup 3",
             run=_enemy_deck),
        Step("fate", StepKind.PROMPT, "Roll the 5 fate dice", "Fate Pool", command="roll_fate",
             dice=lambda s: (FATE_DICE, "fate")),
        Step("enemies", StepKind.REMINDER, "Enemy sheet setup: place its enemies", "Setup 3"),
    ),
    then="planning",
)


# --- 1. Planning -----------------------------------------------------------------------------


def _begin_round(ctx: Context) -> None:
    state = ctx.state
    state["round"] += 1
    note(ctx, f"Round {state['round']} begins")


def _enemy_step(ctx: Context) -> None:
    """"Enemy Action Step" / "Determining Enemy Actions": the top 3 enemy cards,
    randomly placed facedown on Morning, Day and Night. Hidden until revealed."""
    state = ctx.state
    drawn = deck.draw(state["enemy_deck"], len(DECKS), ctx.shuffle, refill=True)
    drawn = ctx.shuffle(drawn)
    state["plan"] = {name: {"enemy": deck.face_down(card), "order": [], "next": 0}
                     for name, card in zip(DECKS, drawn, strict=True)}
    note(ctx, "Enemy actions placed facedown on Morning, Day and Night")


def _shuffle_decks(ctx: Context) -> None:
    """"Hero Action Step": each action deck (one card per hero and the enemy
    card) is shuffled separately. The box keeps each deck's order."""
    heroes = list(range(len(ctx.state["heroes"])))
    for name in DECKS:
        ctx.state["plan"][name]["order"] = ctx.shuffle(heroes + ["enemy"])
    note(ctx, "Morning, Day and Night decks shuffled")


PLANNING = Procedure(
    "planning",
    "1. Planning Phase",
    (
        Step("begin", StepKind.AUTO, "A new round begins", "Sequence of Play", run=_begin_round),
        Step("enemy", StepKind.AUTO, "Enemy actions placed facedown", "Enemy Action Step",
             run=_enemy_step),
        Step("heroes", StepKind.REMINDER, "Each hero: 1 action card per deck",
             "Hero Action Step; Choosing Hero Actions"),
        Step("shuffle", StepKind.AUTO, "Shuffle each action deck", "Hero Action Step",
             run=_shuffle_decks),
    ),
    then="action",
)


# --- 2. Action ---------------------------------------------------------------------------------


def active_deck(state: dict) -> str | None:
    """"Active Action Deck": the lowest-numbered deck with unresolved cards."""
    for name in DECKS:
        entry = state["plan"][name]
        if entry["next"] < len(entry["order"]):
            return name
    return None


def current_card(state: dict) -> tuple[str, int | str] | None:
    """The card being resolved: (deck, hero index or "enemy"), also while a
    battle's dice or a card effect interrupt the Action phase."""
    proc = state.get("procedure")
    while proc:
        current = proc["data"].get("current")
        if current:
            return current["deck"], current["card"]
        proc = proc["data"].get("resume")
    return None


def _draw(ctx: Context) -> None:
    """"Action Phase": draw the top card of the active deck; an enemy card is
    revealed and resolved, a hero's card is resolved by its player."""
    state = ctx.state
    name = active_deck(state)
    entry = state["plan"][name]
    card = entry["order"][entry["next"]]
    ctx.data["current"] = {"deck": name, "card": card}
    position = f"{name.capitalize()} {entry['next'] + 1}/{len(entry['order'])}"
    if card == "enemy":
        revealed = deck.reveal(entry["enemy"])
        note(ctx, f"{position}: enemy card {revealed.capitalize()}")
    else:
        hero = state["heroes"][card]
        extra = " (defeated: card returned)" if hero["defeated"] else ""
        note(ctx, f"{position}: {hero['name']}'s card{extra}")


def _is_enemy(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] == "enemy"


def _enemy_card(state: dict) -> str | None:
    current = current_card(state)
    if current is None or current[1] != "enemy":
        return None
    return state["plan"][current[0]]["enemy"]["card"]


def _hero_acts(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] != "enemy" and not state["heroes"][current[1]]["defeated"]


def _hero_down(state: dict) -> bool:
    current = current_card(state)
    return current is not None and current[1] != "enemy" and state["heroes"][current[1]]["defeated"]


def assault_targets(state: dict) -> list[str]:
    """"March": "players resolve the following steps for each area containing 1
    or more minion tokens: Resolve an assault on Farrenroc and each area
    containing a structure", center first ("Action Phase": enemy actions that
    target areas start with Farrenroc and work outwards). Delayed minions do
    not count ("Delayed": "ignored by enemy action card effects targeting
    minions"), so Farrenroc or a structure held only by captains, the boss or
    delayed minions is not assaulted by a March."""
    home = farrenroc(state["board"])
    targets = [a for a, s in state["areas"].items()
               if (a == home or s["structure"]) and any(not m["delayed"] for m in s["minions"])]
    return sorted(targets, key=lambda a: (state["distance"][a], a))


def _assaults(state: dict) -> list[str]:
    return _data(state).get("assaults") or []


def _assault_dice(state: dict) -> tuple[int, str]:
    return (len(rules.enemy_tokens(state, _assaults(state)[0])), "d10")


def _movers(state: dict) -> list[str]:
    return _data(state).get("march") or []


def march_start(ctx: Context) -> None:
    """"March", second step: the minions that move, one at a time, nearest
    Farrenroc first; those with one place to go move now, the first tie waits
    for the players ("march_to")."""
    state = ctx.state
    ctx.data["march_before"] = {a: len(s["minions"]) for a, s in state["areas"].items()}
    ctx.data["march"] = rules.march_movers(state)
    rules.advance_march(state, ctx.data["march"])


def march_choices(state: dict) -> tuple[str, ...]:
    movers = _movers(state)
    return tuple(rules.march_options(state, movers[0])) if movers else ()


def march_default(state: dict) -> str | None:
    options = march_choices(state)
    return options[0] if options else None


def march_labels(state: dict) -> dict[str, str]:
    return {a: area["name"] for a, area in state["board"]["areas"].items()}


def march_end(ctx: Context) -> None:
    """All movement resolved: the moves journaled, then Farrenroc's excess rule
    ("Enemy Movement")."""
    state = ctx.state
    before = ctx.data.pop("march_before", {})
    ctx.data.pop("march", None)
    moved = [f"{area_name(state, a)} {len(s['minions'])}" for a, s in state["areas"].items()
             if len(s["minions"]) != before.get(a, len(s["minions"]))]
    note(ctx, "Minions move: " + (", ".join(moved) or "none"))
    rules.farrenroc_excess(ctx)


def scheme_effects(ctx: Context) -> None:
    """"Scheme" 1: "For each quest location containing an enemy captain, players
    resolve the active quest's scheme effect" (queued in ``pending``: the
    players resolve them at the abilities reminder before the captains move)."""
    state = ctx.state
    areas = state["board"]["areas"]
    for area_id, s in state["areas"].items():
        if s["captains"] and areas[area_id]["type"] == state["quest"]:
            state["pending"].append(f"Quest scheme effect ({area_name(state, area_id)})")


def scheme_moves(ctx: Context) -> None:
    """"Scheme" 2 and 3: each captain not in a quest area moves 1 area toward the
    nearest quest area or Farrenroc, whichever is closer (a tie: Farrenroc; a
    captain in Farrenroc does not move); then 1 defeated captain is placed in
    a random Outland location (skipped if none has been defeated)."""
    from games.myth.state import distances

    state = ctx.state
    home = farrenroc(state["board"])
    quest = state["quest"]
    areas = state["board"]["areas"]
    goals = [a for a in areas if areas[a]["type"] == quest] + [home]
    moves = []
    for area_id, s in list(state["areas"].items()):
        if not s["captains"] or area_id == home or areas[area_id]["type"] == quest:
            continue
        best = min(goals, key=lambda g: (distances(state["board"], g)[area_id], g != home))
        dist = distances(state["board"], best)
        moves.append((area_id, rules.step_toward(state, area_id, dist), len(s["captains"])))
    for src, dest, count in moves:
        moved = state["areas"][src]["captains"][:count]
        del state["areas"][src]["captains"][:count]
        state["areas"][dest]["captains"].extend(moved)
        note(ctx, f"{count} captain(s) {area_name(state, src)} \u2192 {area_name(state, dest)}")
    if state["captains_defeated"] and state["supply"]["captains"]:
        outlands = [a for a in areas if areas[a]["type"] == "outland"]
        where = outlands[ctx.below(len(outlands))]
        state["captains_defeated"] -= 1
        state["supply"]["captains"] -= 1
        state["areas"][where]["captains"].append(0)
        note(ctx, f"A defeated captain returns in {area_name(state, where)}")


def _enemy_action(ctx: Context) -> None:
    """Resolve the revealed enemy card's action type ("Enemy Actions")."""
    card = _enemy_card(ctx.state)
    if card == "march":
        ctx.data["assaults"] = assault_targets(ctx.state)
        if not ctx.data["assaults"]:
            note(ctx, "March: no assault (no enemies at Farrenroc or a structure)")
    elif card == "scheme":
        scheme_effects(ctx)
    else:
        kind = {"despair": "hope", "devastation": "supply", "corruption": "influence"}[card]
        rules.conquest_raise(ctx, kind)
        if not ctx.state.get("over"):
            ctx.data["conquest"] = kind


def _conquest(state: dict) -> str | None:
    return _data(state).get("conquest")


def _conquest_dice(state: dict) -> tuple[int, str]:
    return (rules.conquest_dice(state, _conquest(state)), "fate")


def _conquest_spawn(ctx: Context) -> None:
    """"Conquest" step 2 without dice to roll (every die shows darkness, or no
    objective is missing)."""
    rules.conquest_spawn(ctx, ctx.data.pop("conquest"))


def _after_card(ctx: Context) -> None:
    """The card is used; draw the next one while the active deck has any."""
    state = ctx.state
    name, card = current_card(state)
    state["plan"][name]["next"] += 1
    if card == "enemy":
        deck.discard(state["enemy_deck"], state["plan"][name]["enemy"]["card"])
    ctx.data["current"] = None
    if active_deck(state) is not None:
        ctx.goto("draw")


ACTION = Procedure(
    "action",
    "2. Action Phase",
    (
        Step("draw", StepKind.AUTO, "Draw the next action card", "Action Phase", run=_draw),
        Step("hero", StepKind.REMINDER, "Hero: resolve your action card", "Hero Actions",
             skip=lambda s: not _hero_acts(s)),
        Step("defeated", StepKind.REMINDER, "Defeated: card returned unresolved",
             "Defeated Heroes", skip=lambda s: not _hero_down(s)),
        Step("enemy", StepKind.AUTO, "Resolve the enemy action", "Enemy Actions",
             run=_enemy_action, skip=lambda s: not _is_enemy(s)),
        *resolve_steps("raise_"),
        Step("scheme", StepKind.AUTO, "Captains move", "Scheme", run=scheme_moves,
             skip=lambda s: _enemy_card(s) != "scheme"),
        Step("conquest_pick", StepKind.PROMPT, "Which fate dice to roll?", "Conquest",
             command="fate_pick", skip=lambda s: not _conquest(s) or len(
                 rules.fate_pick_options(s, rules.conquest_dice(s, _conquest(s)))) < 2),
        Step("conquest", StepKind.PROMPT, "Roll the fate dice for the spawns", "Conquest",
             command="conquest_fate", dice=_conquest_dice,
             skip=lambda s: not _conquest(s) or rules.conquest_dice(s, _conquest(s)) == 0),
        Step("conquest_spawn", StepKind.AUTO, "Spawn", "Conquest; Spawning Enemies",
             run=_conquest_spawn, skip=lambda s: not _conquest(s)),
        Step("assault", StepKind.PROMPT, "Assault: roll a d10 per enemy", "March; Assaults",
             command="assault", skip=lambda s: not _assaults(s), dice=_assault_dice),
        Step("march", StepKind.AUTO, "Minions move", "March; Enemy Movement", run=march_start,
             skip=lambda s: _enemy_card(s) != "march"),
        Step("march_to", StepKind.PROMPT, "Tie: where does the minion move?",
             "Enemy Movement Priority", command="march_to", skip=lambda s: not _movers(s)),
        Step("march_end", StepKind.AUTO, "Minions moved", "March; Enemy Movement",
             run=march_end, skip=lambda s: "march_before" not in _data(s)),
        *aftermath("enemy_"),
        Step("darkness", StepKind.PROMPT, "Darkness: resolve it, roll its die",
             "Action Phase; Fate Pool", command="darkness_fate", dice=lambda s: (1, "fate"),
             skip=lambda s: not _is_enemy(s) or "darkness" not in s["fate"]),
        Step("enemy_rest", StepKind.REMINDER, "Resolve the card's Siege action",
             "Action Phase", skip=lambda s: not _is_enemy(s) or not s["siege"]),
        Step("next_card", StepKind.AUTO, "Card used", "Action Phase", run=_after_card),
    ),
    then="prepare",
)


# --- 3. Prepare ----------------------------------------------------------------------------------


def _revive(ctx: Context) -> None:
    """"Revive Step": defeated heroes stand in Farrenroc, delayed minions stand."""
    state = ctx.state
    home = farrenroc(state["board"])
    for hero in state["heroes"]:
        if hero["defeated"]:
            hero["defeated"] = False
            hero["area"] = home
            note(ctx, f"{hero['name']} stands in Farrenroc")
    for area in state["areas"].values():
        for minion in area["minions"]:
            minion["delayed"] = False


def _reset(ctx: Context) -> None:
    """"Reset Step": used enemy action cards shuffled under the unused ones."""
    state = ctx.state
    deck.used_under_unused(state["enemy_deck"], ctx.shuffle)
    state["plan"] = None
    state["history"].append({"round": state["round"], "stability": state["stability"],
                             **{t: state["conquest"][t] for t in TRACKS}})
    note(ctx, "Used enemy actions shuffled under the unused")


PREPARE = Procedure(
    "prepare",
    "3. Prepare Phase",
    (
        Step("effects", StepKind.REMINDER, "Resolve prepare effects", "Prepare Effects Step"),
        Step("resources", StepKind.PROMPT, "Structures: choose resources", "Resource Step",
             command="produce", skip=lambda s: structures(s) == 0),
        Step("refresh", StepKind.REMINDER, "Refresh exhausted assets", "Refresh Step"),
        Step("revive", StepKind.AUTO, "Revive heroes and minions", "Revive Step", run=_revive),
        Step("reset", StepKind.AUTO, "Reset the enemy action cards", "Reset Step", run=_reset),
        Step("hands", StepKind.REMINDER, "Used hero actions back to hand", "Reset Step"),
    ),
)


# --- a battle or skill test: roll, reroll, result --------------------------------------------


def _roll(state: dict) -> dict | None:
    return _data(state).get("roll")


def _roll_dice(state: dict) -> tuple[int, str]:
    return (_roll(state)["count"], "d10")


def _finish_roll(ctx: Context) -> None:
    """The rolled pool's effect ("Battle", "Skill Tests"); a quest passed asks for
    the next active quest ("Quest Deck")."""
    roll = _roll(ctx.state)
    success = rules.finish_roll(ctx, roll)
    if roll["purpose"] == "quest" and success:
        ctx.data["quest_done"] = True
        note(ctx, "Quest complete: take its reward")
    if roll["purpose"] == "encounter":
        note(ctx, "Encounter " + ("passed: its success effect" if success else
                                  "failed: its fail effect"))


ROLL = Procedure(
    "roll",
    "Dice",
    (
        Step("roll", StepKind.PROMPT, "Roll the dice", "Skill Tests; Battle", command="roll",
             skip=lambda s: not _roll(s) or _roll(s)["pool"] is not None, dice=_roll_dice),
        Step("reroll", StepKind.PROMPT, "Reroll a die, or keep", "Rerolling Dice",
             command="reroll", skip=lambda s: not _roll(s), dice=lambda s: (1, "d10")),
        Step("result", StepKind.AUTO, "Apply the result", "Skill Tests; Battle",
             run=_finish_roll, skip=lambda s: not _roll(s)),
        Step("card", StepKind.PROMPT, "Encounter card: keep as?", "Encounter Cards",
             command="keep_card", skip=lambda s: not _data(s).get("card")),
        Step("quest", StepKind.PROMPT, "The next active quest", "Quest Deck",
             command="set_quest", skip=lambda s: not _data(s).get("quest_done")),
    ),
    on_finish=resume,
)


# --- effects started from the menu --------------------------------------------------------------


def _muster(state: dict) -> int:
    return _data(state).get("muster") or 0


def muster_dice(state: dict) -> int:
    """"Muster": one non-darkness fate die per muster, as many as the pool has."""
    return min(_muster(state), rules.non_darkness_dice(state))


def _muster_dark(ctx: Context) -> None:
    """"Muster" with no non-darkness die in the pool: nothing to roll."""
    rules.muster(ctx, ctx.data.pop("muster"))


EFFECT = Procedure("effect", "Card effect", (
    Step("muster_pick", StepKind.PROMPT, "Muster: which fate dice to roll?", "Muster",
         command="fate_pick", skip=lambda s: len(rules.fate_pick_options(s, muster_dice(s))) < 2),
    Step("muster", StepKind.PROMPT, "Muster: roll the fate dice", "Muster",
         command="muster_fate", dice=lambda s: (muster_dice(s), "fate"),
         skip=lambda s: muster_dice(s) == 0),
    Step("muster_dark", StepKind.AUTO, "Muster: no dice to roll", "Muster", run=_muster_dark,
         skip=lambda s: not _muster(s)),
    *aftermath(""),
), on_finish=resume)


def _spent(state: dict) -> str | None:
    return _data(state).get("spent")


SPEND = Procedure("spend", "Fate ability", (
    Step("reroll", StepKind.PROMPT, "Resolve it, then roll its die", "Fate Pool; Fate Ability",
         command="fate_reroll", dice=lambda s: (1, "fate"), skip=lambda s: _spent(s) is None),
), on_finish=resume)

PROCEDURES = (SETUP, PLANNING, ACTION, PREPARE, EFFECT, ROLL, SPEND)


def next_procedure(state: dict) -> str | None:
    """What ``next`` starts when nothing runs: a new round's Planning phase."""
    return None if state.get("over") else "planning"


def pick_count(state: dict) -> int:
    """How many non-darkness fate dice the current "which dice" prompt picks."""
    proc = state.get("procedure")
    if not proc:
        return 0
    steps = {p.name: p for p in PROCEDURES}[proc["name"]].steps
    step_id = steps[proc["step"]].id if proc["step"] < len(steps) else ""
    if step_id.endswith("boss_pick"):
        return 1
    if step_id == "conquest_pick":
        return rules.conquest_dice(state, _conquest(state))
    if step_id == "muster_pick":
        return muster_dice(state)
    return 0


def pick_choices(state: dict) -> tuple[str, ...]:
    return rules.fate_pick_options(state, pick_count(state))


def pick_default(state: dict) -> str | None:
    options = pick_choices(state)
    return options[0] if options else None


def pick_labels(state: dict) -> dict[str, str]:
    return {key: rules.fate_pick_label(key) for key in pick_choices(state)}


def pick_refusal(state: dict, key: str) -> RuleError | None:
    """Why an answer to "which fate dice" is refused (the rule's reason); None
    when ``key`` is one of :func:`pick_choices`."""
    if key in pick_choices(state):
        return None
    count = pick_count(state)
    if not count:
        return RuleError("No dice to pick", "No Muster, Conquest or boss waits for fate dice.")
    return RuleError("Not in the pool", f"{key!r} is not {count} non-darkness fate dice of the "
                     f"pool ({', '.join(state['fate'])}); Muster and Conquest roll dice from "
                     "the pool that do not show darkness (Muster; Conquest; The Siege).")
