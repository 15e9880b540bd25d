"""Over random command sequences: the survival limits hold, a refused command
changes nothing, and the same seed and commands always give the same state."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Command, RuleError, apply, new_game
from games.core.engine import InvariantError
from games.grail import rules
from games.grail.death import DEATH_CHOICES
from games.grail.guardians import GUARDIAN_FACES
from games.grail.state import ATTRIBUTES, RESOURCES, SIDES
from games.grail.survival import energy_cap
from tests.games.grail.helpers import GAME

chars = st.integers(1, 4)
locs = st.sampled_from([101, 102, 103, 104, 105, 106, 107])
commands = st.one_of(
    st.just(Command("next")), st.just(Command("next")), st.just(Command("next")),
    st.builds(lambda q: Command("quest", {"quest": q}), st.sampled_from(("A", "B", " "))),
    st.builds(lambda q: Command("complete_quest", {"quest": q, "how": "completed"}),
              st.sampled_from(("A", "B"))),
    st.builds(lambda n: Command("correct", {"track": "quests", "value": n}), st.integers(0, 3)),
    st.builds(lambda t: Command("status", {"status": t}), st.sampled_from(("A", "B"))),
    st.builds(lambda e: Command("rest", {"eat": e}), st.booleans()),
    st.builds(lambda f: Command("guardian_roll", {"face": f}), st.sampled_from(("roll",) + GUARDIAN_FACES)),
    st.builds(lambda c, d: Command("travel", {"character": c, "direction": d}),
              chars, st.sampled_from(SIDES)),
    st.builds(lambda c: Command("explore", {"character": c}), chars),
    st.builds(lambda c, d, p: Command("travel", {"character": c, "direction": d, "party": True,
                                                 "paid_by": p}),
              chars, st.sampled_from(SIDES), st.integers(0, 4)),
    st.builds(lambda c, e, k, h, p: Command("action", {"character": c, "energy": e, "kind": k,
                                                       "helper": h, "helper_pays": p}),
              chars, st.integers(0, 3), st.sampled_from(("location", "character")),
              st.integers(0, 4), st.integers(0, 3)),
    st.builds(lambda c, e: Command("action", {"character": c, "energy": e}), chars, st.integers(0, 3)),
    st.builds(lambda c: Command("pass_day", {"character": c}), chars),
    st.builds(lambda c, d: Command("adjust", {"track": f"c{c}.health", "delta": d}),
              chars, st.integers(-3, 2)),
    st.builds(lambda f: Command("guardian_roll", {"dice": [{"kind": "guardian", "face": f}]}),
              st.sampled_from(("North", "East", "South", "West", "Nothing", "Discard", "d6"))),
    st.builds(lambda n, b, s: Command("place", {"number": n, "next_to": b, "side": s}),
              st.integers(106, 112), locs, st.sampled_from(SIDES)),
    st.builds(lambda loc, d: Command("activate", {"location": loc, "days": d}), locs, st.integers(1, 8)),
    st.builds(lambda loc: Command("guardian", {"location": loc}), locs),
    st.builds(lambda d: Command("time_dial", {"days": d}), st.integers(1, 4)),
    st.builds(lambda c, a: Command("raise_attribute", {"character": c, "attribute": a}),
              chars, st.sampled_from(ATTRIBUTES)),
    st.builds(lambda c, r, d: Command("adjust", {"track": f"c{c}.{r}", "delta": d}),
              chars, st.sampled_from(("energy", "health", "terror") + RESOURCES), st.integers(-4, 4)),
    st.builds(lambda d: Command("adjust", {"track": "menhir101.days", "delta": d}), st.integers(-8, 3)),
    st.builds(lambda loc: Command("remove_location", {"location": loc}), locs),
    st.builds(lambda c, p, v, t, d: Command("combat", {"character": c, "party": p, "value": v, "trait": t,
                                                       "opp_damage": d}),
              chars, st.booleans(), st.integers(0, 6),
              st.sampled_from(("none", "robber", "guardian", "rush", "opportunist", "fast")),
              st.integers(0, 3)),
    st.builds(lambda c, s: Command("diplomacy", {"character": c, "top": 5, "start": 2, "stages": s}),
              chars, st.integers(1, 3)),
    st.builds(lambda d: Command("adjust", {"track": "combat.pool", "delta": d}), st.integers(-2, 4)),
    st.builds(lambda d: Command("adjust", {"track": "diplomacy.affinity", "delta": d}),
              st.integers(-2, 3)),
    st.builds(lambda c: Command("escape", {"character": c}), chars),
    st.builds(lambda t: Command("escape_toss", {"toss": t}), st.sampled_from(("roll", "skull", "grail"))),
    st.builds(lambda f: Command("escape_toss", {"dice": [{"kind": "dial", "face": f}]}),
              st.sampled_from(("Skull", "Grail", "Moon"))),
    st.builds(lambda c: Command("pick_active", {"character": c}), chars),
    st.builds(lambda c: Command("redraw", {"character": c}), chars),
    st.builds(lambda c, d: Command("advance_deck", {"character": c, "deck": d}),
              chars, st.sampled_from(("combat", "diplomacy"))),
    st.builds(lambda n: Command("end_activation", {"cards": n}), st.integers(0, 3)),
    st.builds(lambda c, t: Command("death", {"character": c, "then": t}),
              chars, st.sampled_from(DEATH_CHOICES)),
)
setups = st.fixed_dictionaries({
    "characters": st.integers(1, 4),
    "mode": st.sampled_from(("story", "standard", "challenge")),
}, optional={"story_health_limiter": st.booleans(), "challenge_escaping": st.booleans(),
             "challenge_rest": st.booleans(), "challenge_mercy": st.booleans()})


def _check_limits(state: dict) -> None:
    for c in state["characters"]:
        if c["dead"]:
            continue
        assert 0 <= c["health"] <= c["health_top"]
        assert 0 <= c["terror"] <= c["terror_top"]
        assert 0 <= c["energy"] <= energy_cap(state, c)
        assert all(0 <= c["resources"][r] <= 20 for r in RESOURCES if r != "experience")
        assert min(c["decks"].values()) >= 15 and max(c["decks"].values()) <= 40
        assert all(0 <= n <= 25 for n in c["pools"].values())
    for m in state["menhirs"]:
        assert m["dial"] is None or 1 <= m["dial"] <= 8
    assert not rules.invariants(state)
    enc = state["encounter"]
    if enc:
        assert enc["active"] is None or enc["active"] in enc["members"]
        assert set(enc["activated"]) <= set(range(len(state["characters"])))
        assert len(set(enc["activated"])) == len(enc["activated"])
        assert all(enc["hands"][i] >= 1 for i in enc["members"])


def _play(options, seed, cmds):
    state = new_game(GAME, options, seed).state
    for cmd in cmds:
        before = copy.deepcopy(state)
        try:
            state = apply(GAME, state, cmd).state
        except InvariantError:
            raise
        except RuleError:
            assert state == before
        _check_limits(state)
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, st.integers(0, 2**32), st.lists(commands, max_size=40))
def test_limits_hold_and_replay_is_identical(options, seed, cmds):
    first = _play(options, seed, cmds)
    again = _play(options, seed, cmds)
    assert json.dumps(first, sort_keys=True) == json.dumps(again, sort_keys=True)
    assert json.loads(json.dumps(first)) == first
