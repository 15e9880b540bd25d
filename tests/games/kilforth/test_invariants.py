"""Property tests: over random command sequences every limit holds (HP within
maximum, HP/AP/Fate non-negative, limits of 6), refusals change nothing, and the
same seed and commands give the same state."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Command, RuleError, apply
from games.core.engine import InvariantError
from games.kilforth.state import CELL_LABELS, LIMIT

from .helpers import GAME, WARRIOR, d6, start

FACES = st.lists(st.integers(1, 6), min_size=0, max_size=8)

COMMANDS = st.one_of(
    st.builds(lambda to, s: Command("move", {"to": to, "shortcut": s}), st.sampled_from(CELL_LABELS),
              st.booleans()),
    st.sampled_from([Command(n) for n in ("search", "hide", "rest", "long_rest", "clear", "camp", "next",
                                          "unhide", "place_encounter")]),
    st.builds(lambda e, a: Command("confront", {"encounter": e, "attribute": a}), st.integers(1, 4),
              st.sampled_from(["fight", "study", "sneak", "influence", "enemy"])),
    st.builds(lambda h, n: Command("adjust", {"track": f"hero{h}.hp", "delta": -n}), st.integers(1, 2),
              st.integers(1, 3)),
    st.builds(lambda f: Command("roll", {"dice": d6(*f)}), FACES),
    st.just(Command("roll")),
    st.builds(lambda f: Command("hero_fight", {"dice": d6(*f)}), FACES),
    st.just(Command("hero_fight")),
    st.just(Command("foe_fight")),
    st.just(Command("evade_roll")),
    st.builds(lambda u: Command("fate", {"use": u}), st.sampled_from(["no", "Fate token", "rumour"])),
    st.builds(lambda lo, r: Command("reward", {"loot": lo, "rumour": r}),
              st.sampled_from(["gold", "loot token"]), st.sampled_from(["card", "reward card"])),
    st.builds(lambda c: Command("lose_card", {"card": c}), st.sampled_from(["rumour", "asset"])),
    st.builds(lambda t, f, h, s: Command("encounter", {"type": t, "fight": f, "hp": h, "sneak": s,
                                                       "influence": 1}),
              st.sampled_from(["enemy", "place", "quest", "stranger", "event"]), st.integers(0, 3),
              st.integers(1, 3), st.integers(0, 3)),
    st.builds(lambda loc, t: Command("night_card", {"location": loc, "type": t, "fight": 1, "hp": 1}),
              st.sampled_from(CELL_LABELS), st.sampled_from(["event", "weather", "enemy", "place"])),
    st.builds(lambda e: Command("escape", {"escape": e}), st.booleans()),
    st.builds(lambda c: Command("stance", {"choice": c}), st.sampled_from(["surprise", "evade"])),
    st.builds(lambda d: Command("adjust", {"track": "hero1.hp", "delta": d}), st.integers(-3, 3)),
    st.builds(lambda h, a: Command("trap", {"hp": h, "assets": a}), st.integers(0, 3), st.integers(0, 2)),
    st.builds(lambda e, t: Command("engage", {"encounter": e, "team": t}), st.integers(1, 4),
              st.sampled_from(["none", "H1", "H2"])),
    st.builds(lambda g, r, lo: Command("exchange", {"with": "H2", "gold": g, "rumours": r, "loot": lo}),
              st.integers(-3, 3), st.integers(-2, 2), st.integers(-2, 2)),
    st.builds(lambda a, g, h: Command("resolve", {"source": "Loot token", "ap": a, "gold": g, "heal": h}),
              st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)),
    st.builds(lambda h: Command("fate", {"use": "Fate token", "hero": h}), st.sampled_from(["H1", "H2"])),
    st.just(Command("assault", {"ancient": 1})),
    st.builds(lambda e: Command("engage_next", {"encounter": str(e)}), st.integers(1, 6)),
    st.builds(lambda a, n, h: Command("test", {"attribute": a, "needed": n, "hero": h}),
              st.sampled_from(["fight", "sneak"]), st.integers(0, 3), st.sampled_from(["H1", "H2"])),
    st.builds(lambda p: Command("clear", {"plot": p}), st.sampled_from(["any", "Ancient 1"])),
    st.builds(lambda k, g: Command("discover", {"keyword": k, "gold": g}),
              st.sampled_from(["none", "Weapon", "Steed"]), st.integers(0, 4)),
    st.builds(lambda a, g: Command("exchange", {"with": "H2", "assets": a, "asset_gold": g}),
              st.integers(-2, 2), st.integers(0, 4)),
    st.builds(lambda r, a, g, h, o: Command("market", {"sell_rumours": r, "sell_assets": a, "sell": g,
                                                        "heal": h, "heal_others": o}),
              st.integers(0, 2), st.integers(0, 2), st.integers(0, 3), st.integers(0, 1), st.booleans()),
    st.builds(lambda h: Command("market_heal", {"hp": h}), st.integers(0, 2)),
    st.builds(lambda t: Command("team_up", {"team": t}), st.sampled_from(["none", "H1", "H2"])),
    st.builds(lambda w, to: Command("relocate", {"what": w, "to": to}),
              st.sampled_from(["H1", "H2", "#1", "#2"]), st.sampled_from(CELL_LABELS)),
    st.builds(lambda c, g: Command("totem", {"totem": c, "gold": g}), st.sampled_from(["asset", "gold"]),
              st.integers(0, 5)),
    st.builds(lambda h: Command("unhide", {"hero": h}), st.sampled_from(["H1", "H2"])),
    st.builds(lambda r, a, g: Command("regale", {"rumours": r, "sacrificed": a, "sacrificed_gold": g}),
              st.integers(0, 2), st.integers(0, 2), st.integers(0, 4)),
    st.builds(lambda v: Command("correct", {"track": "foe.hp", "value": v}), st.integers(0, 3)),
)


def _run(state: dict, commands: list[Command]) -> dict:
    for command in commands:
        try:
            state = apply(GAME, state, command).state
        except InvariantError:
            raise
        except RuleError:
            continue
    return state


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, max_size=40), st.integers(0, 3))
def test_limits_hold_and_refusals_change_nothing(commands, seed):
    state = start([WARRIOR, dict(WARRIOR, sneak=3)], seed=seed, mode="coop")
    for command in commands:
        before = repr(state)
        try:
            state = apply(GAME, state, command).state
        except InvariantError:
            raise
        except RuleError:
            assert repr(state) == before
            continue
        for hero in state["heroes"]:
            assert 0 <= hero["hp"] <= hero["max_hp"]
            assert hero["ap"] >= 0 and hero["fate"] >= 0 and hero["gold"] >= 0
            assert all(hero[k] <= LIMIT for k in ("rumours", "assets", "loot"))
            assert len(set(hero["uniques"])) == len(hero["uniques"]) <= hero["assets"]
            if hero["defeated"]:
                assert hero["cell"] == 12 and hero["gold"] == 0


@settings(max_examples=30, deadline=None)
@given(st.lists(COMMANDS, max_size=30), st.integers(0, 3))
def test_same_seed_and_commands_give_the_same_state(commands, seed):
    a = _run(start(seed=seed), commands)
    b = _run(start(seed=seed), commands)
    assert a == b
