"""Gloom of Kilforth's procedures, in the rulebook's order.

- ``setup``: "2. Setup" - a content pack (optional, from the menu), each
  hero's race and class values, the Ancients' Plot location types, the
  Difficulty Variant's three Night discards, the First Hero by highest Sneak.
- ``night``: "11. Night Phase" - Gloom, Darkness (draw, gloom spreads,
  resolve), Plot, Dawn, then "Breaking Camp" (AP = current HP) for the next Day.
- ``test``: "Test" - roll (tray or virtual), Fate once per Day, the result
  (successes accumulated per encounter, "Confront"), and "Reward: Loot and Rumour".
- ``arrive``: an encounter drawn on "Action: Move" or "Action: Search".
- ``battle``: "9. Engagement" - Surprise, Evasion Opportunity, battle rounds.
- ``defeat``: a hero defeated during Daylight loses a card ("Hero Defeated").
- ``market``: the HP a Market buys for the other heroes at the location
  ("Action: Market", Option 1 - Heal), one hero after another.

Daylight itself runs no procedure: heroes take Actions from the menu until
all have Camped, and the last Camp starts the Night.
"""

from __future__ import annotations

from games.core import Context, Procedure, Step, StepKind, deck
from games.core.engine import resume
from games.kilforth import rules
from games.kilforth.state import find_encounter


def end_turn(ctx: Context) -> None:
    """After an Action (or a Camp, a defeat, an escape): the Night begins when all
    heroes have made Camp ("Daylight Turns"), else play passes clockwise and the
    next hero first engages the Enemies at their location."""
    if night_ready(ctx.state):
        ctx.start("night")
    elif ctx.state["active_hero"] is not None:
        rules.pass_turn(ctx.state)
        for enc in ctx.state["encounters"]:
            enc["fresh"] = False  # "just drawn ... this turn" no longer
        engage_at_turn_start(ctx)


def engage_at_turn_start(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: "At the beginning of their turn, the hero
    must first engage all Enemies at their location" - one battle after another;
    the hero then takes their Action (engagements cost no AP)."""
    index = ctx.state["active_hero"]
    if not ctx.state["heroes"][index]["camped"]:
        engage_enemies(ctx, index, action=False)


def engage_enemies(ctx: Context, index: int, *, action: bool) -> bool:
    """"7. Hero Turn", Enemy Engagement: "the hero must first engage all Enemies at
    their location, if any, in the order of their choice". One Enemy is engaged at
    once; with several the ``engagements`` prompt asks which first (and again after
    each battle). Returns False when there is no Enemy to engage."""
    enemies = rules.enemies_here(ctx.state, index)
    if not enemies:
        return False
    name = ctx.state["heroes"][index]["name"]
    if len(enemies) == 1:
        ctx.note(f"{name} must engage {enemies[0]['name']}")
        start_battle(ctx, index, enemies[0], action=action)
    else:
        ctx.note(f"{name} must engage {len(enemies)} Enemies: choose the order")
        ctx.start("engagements", {"hero": index, "action": action})
    return True


def enemy_choices(state: dict) -> tuple[str, ...]:
    """The Enemies the engaging hero still has to engage here, by encounter number
    (text, for a choice field); the form names them (``enemy_labels``)."""
    if "heroes" not in state:
        return ()
    data = proc_data(state)
    index = data.get("hero", state.get("active_hero"))
    if index is None:
        return ()
    return tuple(str(e["id"]) for e in rules.enemies_here(state, index))


def enemy_labels(state: dict) -> dict[str, str]:
    """ "#3 Kobold F2 HP3": what the hero sees on the card, for the engagement prompt."""
    return {str(e["id"]): f"#{e['id']} {e['name']} F{e['fight']} HP{e['hp']}"
            for e in state.get("encounters", [])}




def _end_action(ctx: Context) -> None:
    if ctx.data.get("action"):
        end_turn(ctx)


def _end_test(ctx: Context) -> None:
    """A Test taken while an Event was resolved returns to that Event's step (the
    Night or the encounter drawn goes on from there); otherwise as after an Action."""
    if not resume(ctx):
        _end_action(ctx)


def current(state: dict) -> Step | None:
    """The running procedure's current step (None between procedures)."""
    proc = state.get("procedure")
    if not proc:
        return None
    for procedure in PROCEDURES:
        if procedure.name == proc["name"]:
            return procedure.step_at(proc["step"])
    return None


def proc_data(state: dict) -> dict:
    proc = state.get("procedure")
    return proc["data"] if proc else {}


def _name(state: dict, index: int) -> str:
    return state["heroes"][index]["name"]


# --- 2. Setup -------------------------------------------------------------------------


def _first_hero(ctx: Context) -> None:
    """"2. Setup", First Hero: highest Sneak takes the First Hero marker (random if tied)."""
    heroes = ctx.state["heroes"]
    best = max(h["sneak"] for h in heroes)
    tied = [i for i, h in enumerate(heroes) if h["sneak"] == best]
    first = tied[ctx.below(len(tied))] if len(tied) > 1 else tied[0]
    ctx.state["first_hero"] = first
    ctx.state["active_hero"] = first
    why = f"Sneak {best}" + (f", drawn from {len(tied)} tied" if len(tied) > 1 else "")
    ctx.note(f"First Hero: {heroes[first]['name']} ({why})")


def _no_plots(state: dict) -> bool:
    return not state["plots"]


def _no_difficulty(state: dict) -> bool:
    return not proc_data(state).get("difficulty")


SETUP = Procedure(
    "setup",
    "Setup",
    (
        Step("pack", StepKind.REMINDER, "select: load a pack", "2. Setup, Map (content packs)"),
        Step("hero", StepKind.PROMPT, "Enter the hero's race + class values", "2. Setup, Races/Classes",
             command="hero_values"),
        Step("ancient", StepKind.PROMPT, "Ancient: its Plot location type", "2. Setup, Ancients/Plots",
             command="ancient_plot", skip=_no_plots),
        Step("discard", StepKind.PROMPT, "Difficulty: discard a Night card", "2. Setup, Difficulty Variant",
             command="difficulty_discard", skip=_no_difficulty),
        Step("table", StepKind.REMINDER, "Lay out map, decks, rewards, tokens", "2. Setup"),
        Step("first", StepKind.AUTO, "First Hero: highest Sneak", "2. Setup, First Hero",
             run=_first_hero),
    ),
)


# --- 11. Night Phase -----------------------------------------------------------------------


def _gloom(ctx: Context) -> None:
    """Step 1: Gloom - each hero at a gloom location loses that location's gloom HP."""
    state = ctx.state
    parts = []
    for i, hero in enumerate(state["heroes"]):
        cost = rules.gloom_cost(state, hero)
        if cost:
            lost = rules.lose_hp(state, i, cost)
            parts.append(f"{hero['name']} -{lost} HP" + (" (defeated)" if hero["defeated"] else ""))
    ctx.note("Gloom: " + (", ".join(parts) if parts else "no hero in gloom"))


def _no_losses(state: dict) -> bool:
    return not state["pending_losses"]


def loss_step(step_id: str = "loss") -> Step:
    """"Hero Defeated": each defeated hero sacrifices 1 asset or discards 1 rumour,
    one after another (``lose_card`` stays on the prompt while any are pending)."""
    return Step(step_id, StepKind.PROMPT, "Defeated: lose 1 asset or rumour", "Hero Defeated",
                command="lose_card", skip=_no_losses)


def _draw_night(ctx: Context) -> None:
    """Step 2a: Draw - the First Hero draws a card from the Night deck."""
    night = ctx.state["night_deck"]
    card = deck.draw(night)
    ctx.data["card"] = card[0] if card else None
    left = deck.size(night)
    if card:
        ctx.note(f"{_name(ctx.state, ctx.state['first_hero'])} draws Night card {card[0]} ({left} left)")
    else:
        ctx.note("The Night deck is empty")


def _no_card(state: dict) -> bool:
    return proc_data(state).get("card") is None


def _not_event(state: dict) -> bool:
    return proc_data(state).get("type") != "event"


def _plot(ctx: Context) -> None:
    """Step 2d: Plot - when a location type named by an Ancient falls into gloom,
    that Ancient brings a Plot into play there (after the Night card is resolved)."""
    state, data = ctx.state, ctx.data
    cell = data.get("cell")
    if cell is None or not state["plots"] or not data.get("fell"):
        return
    terrain = state["map"][cell]["terrain"]
    placing = [i for i, a in enumerate(state["ancients"])
               if not a["defeated"] and a["plot_terrain"] == terrain and terrain != "unknown"]
    names = [state["ancients"][i]["name"] for i in placing]
    if names:
        state["map"][cell]["plots"] += placing
        data["plot"] = f"{', '.join(names)}: place a Plot on {rules.where(cell)}"
        ctx.note(data["plot"])
    elif terrain == "unknown":
        data["plot"] = f"Plot on {rules.where(cell)} if an Ancient names its type"


def _no_plot(state: dict) -> bool:
    return not proc_data(state).get("plot")


def _time(ctx: Context) -> None:
    """"4. Winning the Game": the game ends once the last Night card is drawn and resolved."""
    if deck.size(ctx.state["night_deck"]) == 0:
        ctx.state["time_up"] = True
        ctx.note("The last Night card is resolved: time runs out")


def _dawn(ctx: Context) -> None:
    """Step 3: Dawn - a. successes discarded, b. Hidden cleared, c. defeated heroes
    regain 2 HP and are no longer defeated."""
    parts = []
    for hero in ctx.state["heroes"]:
        hero["successes"] = []
        hero["evaded"] = []
        hero["hidden"] = False
        if hero["defeated"] and not hero["eliminated"]:
            hero["defeated"] = False
            hero["hp"] = min(hero["max_hp"], hero["hp"] + 2)
            parts.append(f"{hero['name']} regains 2 HP")
    gloom = sum(1 for cell in ctx.state["map"] if cell["gloom"])
    ctx.state["gloom_per_day"].append(gloom)
    ctx.note("Dawn: successes and Hidden cleared" + ("; " + ", ".join(parts) if parts else ""))


def break_camp(ctx: Context) -> None:
    """"Breaking Camp": each hero takes AP equal to current HP; the First Hero
    (the first to Camp, "Action or Camp") takes the first turn of the new Day."""
    state = ctx.state
    state["day"] += 1
    if state["first_camper"] is not None:
        state["first_hero"] = state["first_camper"]
    state["first_camper"] = None
    for hero in state["heroes"]:
        hero.update(camped=hero["eliminated"], fate_used=False, regaled=False, actions_today=0)
        hero["ap"] = 0 if hero["eliminated"] else hero["hp"]
        for enc in state["encounters"]:
            enc["fresh"] = False
    state["active_hero"] = state["first_hero"]
    left = deck.size(state["night_deck"])
    text = f"Day {state['day']}: {_name(state, state['first_hero'])} acts first"
    if left == 1:  # "4. Winning the Game": the last Night card ends the game
        text += ". FINAL DAY: one Night card left"
    ctx.note(text, "final_day" if left == 1 else "info")
    engage_at_turn_start(ctx)


NIGHT = Procedure(
    "night",
    "Night Phase",
    (
        Step("gloom", StepKind.AUTO, "1. Gloom: heroes in gloom lose HP", "11. Night Phase, Step 1: Gloom",
             run=_gloom),
        loss_step(),
        Step("draw", StepKind.AUTO, "2a. Draw a Night card", "11. Night Phase, Step 2a: Draw",
             run=_draw_night),
        Step("card", StepKind.PROMPT, "2b-c. Enter the Night card", "11. Night Phase, Step 2b-c",
             command="night_card", skip=_no_card),
        Step("event", StepKind.REMINDER, "2c. Resolve the Event", "11. Night Phase, Step 2c: Event",
             skip=_not_event),
        loss_step("event_loss"),
        Step("plot_check", StepKind.AUTO, "2d. Plot", "11. Night Phase, Step 2d: Plot", run=_plot),
        Step("plot", StepKind.REMINDER, "2d. Place the Plot", "11. Night Phase, Step 2d: Plot",
             skip=_no_plot),
        Step("time", StepKind.AUTO, "Last Night card?", "4. Winning the Game", run=_time),
        Step("dawn", StepKind.AUTO, "3a-c. Dawn", "11. Night Phase, Step 3: Dawn", run=_dawn),
        Step("unveil", StepKind.REMINDER, "3d. Unveil veiled cards", "11. Night Phase, Step 3d: Unveil"),
        Step("camp", StepKind.AUTO, "Breaking Camp: AP = HP", "6. Daylight Phase, Breaking Camp",
             run=break_camp),
    ),
)


# --- Tests --------------------------------------------------------------------------------


def _fate_skip(state: dict) -> bool:
    return not fate_callers(state)


def _result(ctx: Context) -> None:
    """"Confront": add the successes to those gained against this encounter today;
    at or above its value the encounter is defeated and every hero's successes on it
    are discarded. A Stranger met with zero successes in the first Test becomes an
    Enemy to that hero."""
    state, data = ctx.state, ctx.data
    hero = state["heroes"][data["hero"]]
    gained = data["rolled"] + data.get("fates", 0)
    total = data["prior"] + gained
    data["total"] = total
    if hero["defeated"] or hero["eliminated"]:
        # Defeated during the Test (HP turned to 0): "Makes Camp and ends their turn
        # immediately", "Cannot be affected by abilities or effects", and back in Sprawl
        # City their successes are lost ("If a hero leaves a location, by any means").
        ctx.note(f"{hero['name']} is defeated: the Test has no result")
        return
    purpose = data["purpose"]
    if purpose == "test":
        verdict = "" if not data["needed"] else (" - passed" if total >= data["needed"] else " - failed")
        ctx.note(f"{hero['name']}: {gained} successes{verdict}")
        return
    entry = rules.accumulated(hero, data["encounter"])
    if entry is None:
        entry = {"encounter": data["encounter"], "attribute": data["attribute"], "count": 0}
        hero["successes"].append(entry)
    entry["count"] = total
    if purpose == "finale":
        if total >= data["needed"]:
            hero["successes"].remove(entry)
            hero["chapter"] = 6
            data["finale"] = True
            first = not any(a["in_play"] for a in state["ancients"])
            for ancient in state["ancients"]:
                ancient["in_play"] = True
            data["ancients_enter"] = first
            data["ancient"] = 0
            ctx.note(f"{hero['name']} completes the Finale!"
                 + (" The Ancients enter the map" if first else ""))
        else:
            ctx.note(f"Finale: {total}/{data['needed']} successes")
        return
    enc = find_encounter(state, data["encounter"])
    if enc["type"] == "stranger" and data["first"] and total == 0:
        hero["successes"].remove(entry)
        make_enemy(state, data["hero"], enc)
        ctx.note(f"No successes: {enc['name']} becomes your Enemy")
        start_battle(ctx, data["hero"], enc, no_surprise=True, action=data.get("action", True))
        return
    if total >= data["needed"]:
        defeat_encounter(state, enc)
        data["defeated"] = enc
        ctx.note(f"{enc['name']} is defeated ({total}/{data['needed']})")
    else:
        ctx.note(f"{enc['name']}: {total}/{data['needed']} successes so far")


def make_enemy(state: dict, index: int, enc: dict) -> None:
    """"Strangers": the hero places one of their Enemy tokens on the Stranger."""
    hero = state["heroes"][index]
    if index not in enc["enemy_of"]:
        enc["enemy_of"].append(index)
        hero["enemy_tokens"] = max(0, hero["enemy_tokens"] - 1)


def defeat_encounter(state: dict, enc: dict) -> None:
    """"Confront Result": defeated - every hero's successes against it are discarded."""
    state["encounters"].remove(enc)
    for hero in state["heroes"]:
        hero["successes"] = [e for e in hero["successes"] if e["encounter"] != enc["id"]]
        hero["evaded"] = [e for e in hero["evaded"] if e != enc["id"]]


def _no_reward(state: dict) -> bool:
    return not proc_data(state).get("defeated")


REWARD = Step("reward", StepKind.PROMPT, "Reward: Loot and Rumour", "Reward: Loot and Rumour",
              command="reward", skip=_no_reward)

TEST = Procedure(
    "test",
    "Test",
    (
        Step("roll", StepKind.PROMPT, "Roll the dice", "Test", command="roll",
             dice=lambda s: (proc_data(s)["dice"], "d6")),
        Step("fate", StepKind.PROMPT, "Call on Fate?", "Test, Fate", command="fate", skip=_fate_skip),
        Step("result", StepKind.AUTO, "Count successes", "Test; Confront", run=_result),
        REWARD,
        Step("totem", StepKind.PROMPT, "Totem: asset or gold?", "Saga Finale Completion",
             command="totem", skip=lambda s: not proc_data(s).get("finale")),
        Step("ancient", StepKind.PROMPT, "The Ancient enters: its card", "Saga Finale Completion",
             command="ancient_card", skip=lambda s: not proc_data(s).get("ancients_enter")),
        loss_step(),
    ),
    on_finish=_end_test,
)


# --- encounters drawn on Move or Search -----------------------------------------------------


def _encounter_next(ctx: Context) -> None:
    """An Enemy just drawn is engaged at once ("Action: Move") - not by a hero defeated
    while it was drawn, who "Cannot be affected by abilities or effects" ("Hero
    Defeated"); an Event is resolved and discarded ("Event")."""
    enc = find_encounter(ctx.state, ctx.data.get("placed") or -1)
    if enc is None:
        return
    if enc["type"] == "event":
        ctx.state["encounters"].remove(enc)
        ctx.data["event"] = True
    elif enc["type"] == "enemy" and not ctx.state["heroes"][ctx.state["active_hero"]]["defeated"]:
        start_battle(ctx, ctx.state["active_hero"], enc)


def _no_event(state: dict) -> bool:
    return not proc_data(state).get("event")


ARRIVE = Procedure(
    "arrive",
    "Encounter drawn",
    (
        Step("draw", StepKind.PROMPT, "Draw an encounter: enter it", "Action: Move; Action: Search",
             command="encounter"),
        Step("next", StepKind.AUTO, "Engage or resolve", "Action: Move", run=_encounter_next),
        Step("event", StepKind.REMINDER, "Resolve the Event, discard it", "Event", skip=_no_event),
        loss_step(),
    ),
    on_finish=_end_action,
)


DEFEAT = Procedure("defeat", "Hero Defeated", (loss_step(),), on_finish=_end_action)


MARKET = Procedure(
    "market",
    "Market: Heal",
    (Step("heal", StepKind.PROMPT, "Heal: HP bought", "Action: Market, Option 1 - Heal",
          command="market_heal", skip=lambda s: not proc_data(s).get("queue")),),
    on_finish=_end_action,
)


# --- 9. Engagement ------------------------------------------------------------------------------


def start_battle(ctx: Context, index: int, enc: dict | None, *, no_surprise: bool = False,
                 action: bool | None = None, team: list[int] | None = None,
                 ancient: int | None = None) -> None:
    """Begin an engagement ("9. Engagement"); Stage 1 decides Surprise.

    "An Enemy just drawn from the encounter deck this turn has Surprise, unless
    the hero is Hidden"; a Hidden hero chooses Surprise Attack or Evade; a
    Stranger that the hero just made an Enemy gives no one Surprise. A Team
    engagement ("Deed: Team") and an Ancient's Assault ("Ancient Battles") skip
    Stages 1 and 2. ``team`` is the Team a command formed (``engage``,
    ``assault``); without one, the battle's first prompt offers to form it ("a
    Deed at any time ... including during an engagement"). ``action`` says whether
    the engagement is part of an Action (the turn passes after it)."""
    hero = ctx.state["heroes"][index]
    special = bool(team) or ancient is not None
    surprise = None
    if not special and not no_surprise and not hero["hidden"] and enc.get("fresh"):
        surprise = "foe"
    if ancient is not None:
        foe_hp = ctx.state["ancients"][ancient]["hp"]
    else:
        foe_hp = enc["hp"]
    if action is None:
        action = ctx.data.get("action", True)
    ctx.start("battle", {"hero": index, "team": list(team or []), "foe": enc["id"] if enc else None,
                         "ancient": ancient, "foe_hp": foe_hp, "surprise": surprise, "round": 0,
                         "hidden": hero["hidden"] and not no_surprise and not special,
                         "action": action, "rolling": 0, "hero_hits": {}, "foe_hits": {},
                         "fates": 0, "team_asked": team is not None or ancient is not None})


def battle_foe(state: dict, data: dict) -> dict:
    """The foe: an Enemy (or Enemy Stranger) encounter, or an Ancient."""
    if data.get("ancient") is not None:
        return state["ancients"][data["ancient"]]
    return find_encounter(state, data["foe"])


def rolling_hero(state: dict) -> int:
    """The Team hero whose Fight Test (or whose foe's Test) the prompt asks for; once
    nobody fights (the battle's hero defeated, their lost card being asked) the
    battle's hero, so a view never points at no one."""
    data = proc_data(state)
    team = rules.fighters(state, data)
    if not team:
        return data["hero"]
    return team[min(max(0, data.get("rolling", 0)), len(team) - 1)]


def expects(roll: str):
    """The dice a battle prompt expects (``Step.dice``): the base count before any
    bonus the player adds on the form."""
    def expected(state: dict) -> tuple[int, str]:
        return battle_dice(state, roll), "d6"
    return expected


def battle_dice(state: dict, roll: str, bonus: int = 0) -> int:
    """"Test", dice: attribute + bonuses, +1 with Surprise (first battle round only)."""
    data = proc_data(state)
    if roll == "evade":
        return max(0, state["heroes"][data["hero"]]["sneak"] + bonus)
    if roll == "hero":
        hero = state["heroes"][rolling_hero(state)]
        return max(0, hero["fight"] + bonus + (1 if data["surprise"] == "hero" else 0))
    return max(0, battle_foe(state, data)["fight"] + (1 if data["surprise"] == "foe" else 0))


def _battle_data(state: dict) -> dict:
    return proc_data(state)


def team_groups(state: dict, index: int) -> list[str]:
    """"Deed: Team": the groups of other heroes at hero ``index``'s location who may
    form a Team with them ("H2", "H2+H3"...): not defeated or eliminated, not Hidden
    ("No Team member can be Hidden"); one who has made Camp may join."""
    here = state["heroes"][index]["cell"]
    others = [i for i, h in enumerate(state["heroes"]) if i != index and h["cell"] == here
              and not (h["defeated"] or h["eliminated"] or h["hidden"])]
    return ["+".join(f"H{others[k] + 1}" for k in range(len(others)) if mask >> k & 1)
            for mask in range(1, 2 ** len(others))]


def battle_team_choices(state: dict) -> tuple[str, ...]:
    """The Team prompt's choices: "none", then each group that may join the engagement."""
    data = proc_data(state)
    return ("none", *team_groups(state, data["hero"])) if "hero" in data else ("none",)


def _no_team_offer(state: dict) -> bool:
    """No Team prompt when a command formed the Team (or chose none), for an Ancient's
    Assault (its command forms the Team), or with no one here to Team with."""
    data = _battle_data(state)
    return bool(data.get("team_asked", True)) or not team_groups(state, data["hero"])


def _not_hidden(state: dict) -> bool:
    return not _battle_data(state).get("hidden")


def _no_evasion(state: dict) -> bool:
    return _battle_data(state).get("stance") != "evade"


def _no_roll_to_evade(state: dict) -> bool:
    """No Sneak Test: no evasion, or the Advanced Variant's automatic one."""
    return _no_evasion(state) or bool(_battle_data(state).get("auto_evade"))


def evade_total(data: dict) -> int:
    """The evasion Sneak Test's successes so far: the roll's plus Fate's."""
    return data.get("evade_successes", 0) + data.get("fates", 0)


def _evade_result(ctx: Context) -> None:
    """"Stage 2: Evasion Opportunity": successes (rolled, and Fate's: "Test", Fate)
    at or above the foe's Sneak evade it; a failed Sneak Test ends Hidden and gives
    the foe Surprise."""
    data, state = ctx.data, ctx.state
    hero = state["heroes"][data["hero"]]
    enc = find_encounter(state, data["foe"])
    total = evade_total(data)
    data["fates"] = 0  # Fate called for the Sneak Test, not for the battle's Skirmish
    if data.get("auto_evade") or total >= enc["sneak"]:
        hero["evaded"].append(enc["id"])
        ctx.note(f"{hero['name']} evades {enc['name']}")
        data["over"] = True
        ctx.finish()
        return
    hero["hidden"] = False
    data["surprise"] = "foe"
    ctx.note(f"Evasion failed: {enc['name']} has Surprise")


def _not_ancient(state: dict) -> bool:
    return _battle_data(state).get("ancient") is None


def _no_plots_joined(state: dict) -> bool:
    return not _battle_data(state).get("joined")


def _round_start(ctx: Context) -> None:
    ctx.data["round"] += 1
    ctx.data.update(rolling=0, hero_hits={}, foe_hits={}, fates=0)


def _skirmish(ctx: Context) -> None:
    """Step 1: Skirmish - each Team hero's successes (and Fate) cost the foe HP, the
    foe's successes against each hero cost that hero HP and AP, all removed
    simultaneously; Surprise is lost. HP lost by an Ancient stays ("Ancient Battles")."""
    data, state = ctx.data, ctx.state
    foe = battle_foe(state, data)
    hits = sum(data["hero_hits"].values()) + data["fates"]
    data["foe_hp"] = max(0, data["foe_hp"] - hits)
    if data.get("ancient") is not None:
        foe["hp"] = data["foe_hp"]
        foe["max_hp"] = max(foe["max_hp"], data["foe_hp"])
    parts = []
    for key, foe_hits in data["foe_hits"].items():
        if int(key) not in rules.fighters(state, data):
            continue  # defeated since the foe's roll ("Hero Defeated": cannot be affected)
        hero = state["heroes"][int(key)]
        lost = rules.lose_hp_in_battle(state, int(key), foe_hits)
        parts.append(f"{hero['name']} -{lost} HP ({hero['hp']} left)")
    data["surprise"] = None
    ctx.note(f"Round {data['round']}: {foe['name']} -{hits} HP ({data['foe_hp']} left), "
         + ", ".join(parts))


def _foe_check(ctx: Context) -> None:
    """Step 2: Foe Defeated Check - before the Hero Defeated Check, so the reward is
    gained even by a hero about to be defeated. An Ancient gives its gold value
    ("Ancient Battles"); the last Ancient ends the game after the battle."""
    data, state = ctx.data, ctx.state
    if data["foe_hp"] > 0:
        return
    if data.get("ancient") is not None:
        ancient = state["ancients"][data["ancient"]]
        hero = state["heroes"][data["hero"]]
        ancient.update(defeated=True, defeated_by=data["hero"], hp=0)
        hero["gold"] += ancient["gold"]
        data["over"] = True
        ctx.note(f"{ancient['name']} is defeated! {hero['name']} takes {ancient['gold']} gold")
        return
    enc = find_encounter(state, data["foe"])
    defeat_encounter(state, enc)
    data["defeated"] = enc
    ctx.note(f"{enc['name']} is defeated")


def _hero_check(ctx: Context) -> None:
    """Step 3: Hero Defeated Check - each Team hero separately, the active hero first.
    The battle ends with the active hero's defeat or the foe's."""
    data, state = ctx.data, ctx.state
    for index in rules.fighters(state, data):
        if state["heroes"][index]["hp"] == 0:
            _fall(ctx, index)
    active = state["heroes"][data["hero"]]
    if active["defeated"] or active["eliminated"] or data.get("defeated") or data["foe_hp"] == 0:
        data["over"] = True


def _fall(ctx: Context, index: int) -> None:
    """A battling hero with no HP: defeated ("Hero Defeated"), or eliminated by an
    Ancient ("Ancient Battles", Hero Defeated Check)."""
    hero = ctx.state["heroes"][index]
    if ctx.data.get("ancient") is not None:
        rules.eliminate(ctx.state, index)
        ctx.note(f"{hero['name']} is slain by the Ancient: eliminated")
    else:
        rules.defeat(ctx.state, index)
        ctx.note(f"{hero['name']} is defeated: back to Sprawl City")


def hero_down(ctx: Context, index: int) -> None:
    """A battling hero's last HP lost by other means, a card effect turned on the dial
    ("Important: If a hero loses their last HP by other means (e.g. Gloom or Weather),
    they are defeated with the same consequences": "Make Camp and end their turn
    immediately"):

    - while the reward is claimed nothing more: the Hero Defeated Check comes next
      ("any reward for defeating the foe is gained even if the hero has no HP");
    - the battle's own hero goes straight to the Hero Defeated Check, which ends the
      battle ("until the hero is defeated"), as a Trap's last HP does;
    - a Team member is defeated now ("Resolved by each Team hero separately") and out
      of the rest of the battle: the roll prompt moves on to the next member, or to
      the next step when they were the last to roll."""
    state, data = ctx.state, ctx.data
    step = current(state).id
    if step == "reward":
        return
    if index == data["hero"]:
        ctx.goto("hero_check")
        return
    team = rules.fighters(state, data)
    position = team.index(index)
    _fall(ctx, index)
    if step not in ("hero_roll", "foe_roll"):
        return
    if position < data["rolling"]:
        data["rolling"] -= 1
    if data["rolling"] >= len(team) - 1:
        data["rolling"] = 0
        ctx.goto("foe_roll" if step == "hero_roll" else "fate")


def _over(state: dict) -> bool:
    return bool(_battle_data(state).get("over"))


def _no_escape(state: dict) -> bool:
    """"Step 4: Escape Option": not for an Ancient, skipped by a Team."""
    data = _battle_data(state)
    return bool(data.get("over") or data.get("team") or data.get("ancient") is not None)


def _again(ctx: Context) -> None:
    """Neither defeated and no escape: another battle round."""
    if not ctx.data.get("over"):
        ctx.goto("round")


def _after_battle(ctx: Context) -> None:
    """"7. Hero Turn", Enemy Engagement: the hero engages all Enemies at their location,
    one after another; then the turn goes on (or passes, after an Action, or when the
    battle made the hero Camp: a defeat or an escape).

    "After the battle ends, if the foe is non-Ancient and not defeated, it restores
    to full health": its HP is only kept in the battle's data. "All HP loss inflicted
    on the Ancient remains after the battle": its HP is the battle's at the end (a
    correction after the last Skirmish included; a maximum raised with it)."""
    data = ctx.data
    index = data["hero"]
    if data.get("ancient") is not None:
        ancient = ctx.state["ancients"][data["ancient"]]
        ancient["hp"] = data["foe_hp"]
        ancient["max_hp"] = max(ancient["max_hp"], data["foe_hp"])
    hero = ctx.state["heroes"][index]
    if not hero["camped"] and engage_enemies(ctx, index, action=data.get("action")):
        return
    if hero["camped"] and index == ctx.state["active_hero"] and not data.get("action"):
        end_turn(ctx)  # defeated or escaped: "Make Camp and end their turn immediately"
        return
    _end_action(ctx)


BATTLE = Procedure(
    "battle",
    "Engagement",
    (
        Step("team", StepKind.PROMPT, "Team up for battle?", "Deed: Team, Team Engagement",
             command="team_up", skip=_no_team_offer),
        Step("stance", StepKind.PROMPT, "Hidden: Surprise Attack or Evade?", "Stage 1: Determine Surprise",
             command="stance", skip=_not_hidden),
        Step("evade", StepKind.PROMPT, "Evade: roll Sneak", "Stage 2: Evasion Opportunity",
             command="evade_roll", skip=_no_roll_to_evade, dice=expects("evade")),
        Step("evade_fate", StepKind.PROMPT, "Call on Fate?", "Stage 2: Evasion Opportunity; Test, Fate",
             command="fate", skip=lambda s: _no_roll_to_evade(s) or not fate_callers(s)),
        Step("evaded", StepKind.AUTO, "Evaded?", "Stage 2: Evasion Opportunity", run=_evade_result,
             skip=_no_evasion),
        Step("plots", StepKind.REMINDER, "Plots join the Ancient", "Ancient Battles",
             skip=_no_plots_joined),
        Step("trap", StepKind.PROMPT, "Trap? Pay its cost", "Stage 3: Battle; Trap", command="trap"),
        Step("round", StepKind.AUTO, "New battle round", "Stage 3: Battle", run=_round_start),
        Step("hero_roll", StepKind.PROMPT, "Skirmish: roll your Fight", "Step 1: Skirmish",
             command="hero_fight", dice=expects("hero")),
        Step("foe_roll", StepKind.PROMPT, "Skirmish: roll the foe's Fight", "Step 1: Skirmish",
             command="foe_fight", dice=expects("foe")),
        Step("fate", StepKind.PROMPT, "Call on Fate?", "Test, Fate", command="fate",
             skip=lambda s: not fate_callers(s)),
        Step("skirmish", StepKind.AUTO, "Remove lost HP", "Step 1: Skirmish", run=_skirmish),
        Step("foe_check", StepKind.AUTO, "Foe Defeated Check", "Step 2: Foe Defeated Check",
             run=_foe_check),
        REWARD,
        Step("hero_check", StepKind.AUTO, "Hero Defeated Check", "Step 3: Hero Defeated Check",
             run=_hero_check),
        loss_step(),
        Step("escape", StepKind.PROMPT, "Escape or fight on?", "Step 4: Escape Option",
             command="escape", skip=_no_escape),
        Step("again", StepKind.AUTO, "Next round", "Stage 3: Battle", run=_again),
    ),
    on_finish=_after_battle,
)


def fate_callers(state: dict) -> list[int]:
    """Who may still call on Fate now ("Test", Fate: once per Day per hero): the
    testing hero, and in a Team every member ("Deed: Team")."""
    proc = state.get("procedure")
    data = proc["data"] if proc else {}
    step = current(state)
    if proc and proc["name"] == "battle" and step is not None and step.id == "evade_fate":
        # "Stage 2: Evasion Opportunity": the Hidden hero's own Sneak Test, when one more
        # success evades (nothing accumulates: a Fate that cannot evade is not asked).
        if evade_total(data) + 1 != battle_foe(state, data)["sneak"]:
            return []
        heroes = [data["hero"]]
    elif proc and proc["name"] == "battle":
        heroes = rules.fighters(state, data)
    elif not proc or proc["name"] != "test" or "rolled" not in data:
        return []
    else:
        total = data["prior"] + data["rolled"] + data.get("fates", 0)
        if data["needed"] > 0 and total >= data["needed"]:
            return []
        heroes = [data["hero"], *data.get("team", [])]
    return [i for i in heroes if rules.can_call_fate(state["heroes"][i])]


def _after_engagements(ctx: Context) -> None:
    """Reached only when no Enemy was chosen: the hero was defeated at the prompt (HP
    turned down on the dial, "Hero Defeated": a card lost, the turn passes), or fewer
    than two Enemies are left (the last is engaged at once)."""
    data = ctx.data
    index = data["hero"]
    if not ctx.state["heroes"][index]["camped"]:
        if not engage_enemies(ctx, index, action=data.get("action")):
            _end_action(ctx)
    elif index == ctx.state["active_hero"]:
        end_turn(ctx)


ENGAGEMENTS = Procedure(
    "engagements",
    "Enemy Engagement",
    (
        Step("order", StepKind.PROMPT, "Which Enemy first?", "7. Hero Turn, Enemy Engagement",
             command="engage_next", skip=lambda s: len(enemy_choices(s)) < 2),
        loss_step(),
    ),
    on_finish=_after_engagements,
)


PROCEDURES = (SETUP, NIGHT, TEST, ARRIVE, DEFEAT, MARKET, BATTLE, ENGAGEMENTS)


def night_ready(state: dict) -> bool:
    """"Daylight Turns": when all heroes have made Camp, the Night phase begins."""
    return "heroes" in state and all(h["camped"] for h in state["heroes"])


def next_procedure(state: dict) -> str | None:
    if state.get("over") or state.get("procedure"):
        return None
    return "night" if night_ready(state) else None


