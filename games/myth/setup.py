"""Setting up a game of Myth: Dark Frontier ("Setup"): the new-game form and
the initial state, the board (the stand-in or an owner's pack), each hero card,
the enemy sheet, the conquest tracks' ability spaces, the objective cards, the
active quest and the enemy action deck.
"""

from __future__ import annotations

from typing import Literal

from games.core import Context, Param, RuleError, deck
from games.core.packs import PackError, refused
from games.myth import pack
from games.myth.board import distances, farrenroc, stand_in_board
from games.myth.state import (
    CAPTAINS,
    ENEMY_CARDS,
    MINIONS,
    RANKS,
    RESOURCES,
    SKILLS,
    STABILITY,
    TRACKS,
    Area,
    Board,
    Hero,
    MythState,
    area_name,
    setup_data,
)

SETUP_PARAMS = (Param("heroes", "int", "Heroes", low=1, high=4, default=1),)


def setup(ctx: Context) -> None:
    """A new game ("Setup"): 1-4 heroes in Farrenroc, stability 10, the stand-in
    board (distances to Farrenroc derived from it; an owner's board replaces it
    through :func:`load_pack`, the pack's text journaled with the command); the
    setup procedure then asks for the cards' values."""
    new_game_state(ctx.state, ctx.params["heroes"], stand_in_board())
    ctx.start("setup")
    count = ctx.params["heroes"]
    ctx.describe(f"New game: {count} hero{'es' if count > 1 else ''}")


def new_hero(number: int) -> Hero:
    """A hero card's values, entered at setup ("Setup" 2. Choose Heroes)."""
    return {"name": f"Hero {number}", "tactics": 1, "cunning": 1, "intellect": 1, "spirit": 1,
            "vitality": 5, "damage": 0, "area": "farrenroc", "defeated": False,
            "assets": 0, "burdens": 0}


def new_area() -> Area:
    return {"minions": [], "captains": [], "structure": False, "objective": None}


def new_game_state(state: dict, heroes: int, board: Board) -> None:
    """Fill ``state`` (which holds only the core keys) with a new game."""
    home = farrenroc(board)
    fresh: MythState = {
        "round": 0,
        "heroes": [{**new_hero(n + 1), "area": home} for n in range(heroes)],
        "enemy": {rank: {"vitality": 1, "attack": 1, "defence": 10} for rank in RANKS},
        "abilities": {track: [] for track in TRACKS},
        "conquest": {track: 1 for track in TRACKS},
        "siege": False,
        "board": board,
        "distance": distances(board, home),
        "areas": {area_id: new_area() for area_id in board["areas"]},
        "boss": {"area": None, "damage": 0},
        "supply": {"minions": MINIONS, "captains": CAPTAINS},
        "objectives": {kind: {"location": None, "tokens": 0, "done": False} for kind in RESOURCES},
        "completed": 0,
        "final_revealed": False,
        "final_done": False,
        "quest": None,
        "stability": STABILITY,
        "reserves": {kind: 0 for kind in RESOURCES},
        "fate": [],
        "enemy_deck": {"draw": [], "discard": []},
        "plan": None,
        "pending": [],
        "raising": [],
        "overruns": [],
        "discards": [],
        "captains_defeated": 0,
        "history": [],
    }
    state.update(fresh)


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
    ctx.note(f"Board {board['name']!r}: {len(board['areas'])} areas")


def hero(ctx: Context) -> None:
    """"Setup" 2: the hero card's skills ("Skills") and vitality."""
    index = setup_data(ctx.state).get("hero", 0)
    target = ctx.state["heroes"][index]
    for key in (*SKILLS, "vitality"):
        target[key] = ctx.params[key]
    ctx.describe(f"{target['name']}: T{target['tactics']} C{target['cunning']} "
                 f"I{target['intellect']} S{target['spirit']}, vitality {target['vitality']}")
    _ask_next(ctx, "hero", len(ctx.state["heroes"]))


def _ask_next(ctx: Context, key: Literal["hero", "track", "objective"], count: int) -> None:
    """Count the answer in the step data's ``key`` and ask again while answers are missing."""
    data = setup_data(ctx.state)
    data[key] = data.get(key, 0) + 1
    if data[key] < count:
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
    track = TRACKS[setup_data(ctx.state).get("track", 0)]
    spaces = [n for n in range(2, 10) if ctx.params[f"space{n}"]]
    ctx.state["abilities"][track] = spaces
    ctx.describe(f"{track.capitalize()} abilities on {spaces or 'no spaces'}")
    _ask_next(ctx, "track", len(TRACKS))


TRACK_PARAMS = tuple(Param(f"space{n}", "bool", f"Ability on {n}", default=False)
                     for n in range(2, 10))


def objective(ctx: Context) -> None:
    """"Setup" 4: an objective card's location type; one token per hero in a
    different location of that type whose flames do not exceed the players."""
    kind = RESOURCES[setup_data(ctx.state).get("objective", 0)]
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


def shuffle_enemy_deck(ctx: Context) -> None:
    """"Setup" 3: shuffle the enemy action deck, facedown."""
    ctx.state["enemy_deck"] = deck.new(ENEMY_CARDS, ctx.shuffle)
    ctx.note("Enemy action deck shuffled")
