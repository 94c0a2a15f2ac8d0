"""The game is the rulebook's game: findings of playing seeded games against the text (each test
failed on the code before its fix), and the situations a teacher shows, played through the
engine."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import IllegalChoice, drive
from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.movement import movement_step
from rules_lib.games.ginormopod.turn import activate, advance_turn, fade_in, fade_out


class TakesFX:
    """Uses the named FX whenever it is offered; otherwise the first option."""

    name = "takes-fx"

    def __init__(self, fx: str) -> None:
        self.fx = fx

    def choose(self, state, decision, rng):
        if decision.kind == "use_fx" and self.fx in decision.options:
            return self.fx
        return decision.options[0]


def setup_done(seed=1, **kw):
    game = new_game(seed=seed, **kw)
    game.next_phase()
    while game.state.phase == "Set-Up":
        game.step_event()
    return game


def decisions(events, kind):
    return [e for e in events if e.kind == "decision" and e.data["decision"] == kind]


# -- Fort Combat ---------------------------------------------------------------------------------


@pytest.mark.rule("GIN-FORT-10", "GIN-FX-03")
def test_in_a_barrage_only_the_fort_rolls_no_human_fx_adds_dice(table):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    s.fx_hand["Human"] = ["Laser Tower"]  # two extra dice, were it allowed
    ctx = table.ctx([5, 5, 1])  # the Fort's three dice: two hits
    drive(activate(s, ctx, "Human", "A", "Human A"), answers=["Barrage"],
          policy=TakesFX("Laser Tower"))
    assert not ctx.dice.remaining and len(ctx.dice.log) == 3  # three dice, all the Fort's
    assert "Laser Tower" not in s.fx_used
    assert table.where("Ant X1") == "track" and not s.unit("Infantry A1").reduced


@pytest.mark.rule("GIN-FORT-10")
def test_a_barrage_names_only_the_fort_as_firing_and_no_retreat_follows_as_an_assumption(table):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Infantry A1")
    events = drive(resolve_battle(s, table.ctx([5, 1, 1]), table.activation("Human", "A"),
                                  "Chicago", "barrage"))
    combat = next(e for e in events if e.kind == "combat")
    assert "only the Fort" in combat.message and "GIN-AMB-07" not in combat.ids
    no_retreat = next(e for e in events if "no Retreat" in e.message)
    assert no_retreat.assumed and table.where("Ant X1") == table.where("Ant X2") == "Chicago"


@pytest.mark.rule("GIN-FORT-01")
def test_the_log_states_the_forts_die_value_from_the_data():
    game = setup_done(data_overrides={"map:fort_dice.pips": 4})
    s, ctx = game.state, game.ctx
    ant = s.unit("Ant X1")
    ant.loc, ant.came_from = "Chicago", "Minneapolis"
    events = drive(resolve_battle(s, ctx, _act(s, "Swarm", "X"), "Chicago"))
    roll = next(e for e in events if e.kind == "roll" and e.data.get("side") == "Human")
    assert "hit on 4+" in roll.message and "5+" not in roll.message


def _act(state, side, formation):
    from rules_lib.games.ginormopod.activation import Activation

    return Activation.begin(state, side, formation)


@pytest.mark.rule("GIN-RETR-01", "GIN-FORT-04")
def test_a_fort_without_units_that_loses_stays_and_the_log_says_so(table):
    s = table.place("Chicago", "Ant X1")
    s.unit("Ant X1").came_from = "Minneapolis"
    # the Fort's dice 1,1,1: no hit; the Ant 3,4: two hits on the Fort
    events = drive(resolve_battle(s, table.ctx([1, 1, 1, 3, 4]), table.activation("Swarm", "X"),
                                  "Chicago"))
    assert s.forts["Chicago"].strength == 1 and table.where("Ant X1") == "Chicago"
    assert any("only the Fort is left" in e.message for e in events if e.kind == "retreat")


@pytest.mark.rule("GIN-RETR-02", "GIN-FORT-04", "GIN-FORT-05")
def test_a_fort_alone_that_wins_sends_the_swarm_back_and_the_reading_is_marked(table):
    s = table.place("Chicago", "Ant X1")
    s.unit("Ant X1").came_from = "Minneapolis"
    # the Fort 5,1,1: one hit on the Ant; the Ant 1,1: none. No Human unit, yet the Fort stands.
    events = drive(resolve_battle(s, table.ctx([5, 1, 1, 1, 1]), table.activation("Swarm", "X"),
                                  "Chicago"))
    assert table.where("Ant X1") == "Minneapolis"
    retreat = next(e for e in events if e.kind == "retreat" and "must Retreat" in e.message)
    assert "undestroyed Fort" in retreat.assumed


@pytest.mark.rule("GIN-FORT-04", "GIN-FORT-09")
@pytest.mark.parametrize("answer,where", [("ignore", "Chicago"), ("retreat", "Cincinnati")])
def test_humans_losing_their_own_full_attack_may_ignore_the_retreat(table, answer, where):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    # Full Attack (the Humans act): Infantry 1,1 + Fort 1,1,1 -> no hit; the Ant 3,1 -> one hit
    events = drive(activate(s, table.ctx([1, 1, 1, 1, 1, 3, 1]), "Human", "A", "Human A"),
                   answers=["Full Attack", "stay", answer, "Cincinnati"])
    assert decisions(events, "fort_retreat") and table.where("Infantry A1") == where
    assert table.where("Ant X1") == "Chicago"


# -- Combat --------------------------------------------------------------------------------------


@pytest.mark.rule("GIN-RETR-01")
def test_the_log_speaks_of_a_tie_only_when_the_hits_are_tied(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Infantry A1", "Infantry A2")
    for uid in ("Ant X1", "Ant X2"):
        s.unit(uid).came_from = "Minneapolis"
    # Humans 6,6,6,1 -> three hits; the Ants 3,1,1,1 -> one hit: the Swarm suffered more
    events = drive(resolve_battle(s, table.ctx([6, 6, 6, 1, 3, 1, 1, 1]),
                                  table.activation("Swarm", "X"), "Des Moines"))
    retreat = next(e for e in events if e.kind == "retreat" and "must Retreat" in e.message)
    assert "more hits" in retreat.message and "tie" not in retreat.message
    assert "as many" not in retreat.message


@pytest.mark.rule("GIN-RETR-01")
def test_on_a_tie_the_log_says_the_acting_side_retreats_for_the_tie(table):
    s = table.place("Des Moines", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Minneapolis"
    events = drive(resolve_battle(s, table.ctx([5, 1, 3, 1]), table.activation("Swarm", "X"),
                                  "Des Moines"))
    retreat = next(e for e in events if e.kind == "retreat" and "must Retreat" in e.message)
    assert "as many hits" in retreat.message and table.where("Ant X1") == "Minneapolis"


@pytest.mark.rule("GIN-MOVE-03", "GIN-FORT-11")
def test_a_unit_that_entered_an_enemy_city_moves_no_more_that_turn(table):
    s = table.place("Chicago", "Ant X1", "Infantry B1")  # a B unit in Formation A's Fort
    table.place("Minneapolis", "Ant X2")
    # Human A: the Fort withdraws Infantry B1 into Minneapolis, where it must stop; it wins there
    # (Infantry 6,6 / Ant 1,1)
    drive(activate(s, table.ctx([6, 6, 1, 1]), "Human", "A", "Human A"),
          answers=["Withdrawal", "Minneapolis"])
    assert table.where("Infantry B1") == "Minneapolis" and table.where("Ant X2") == "track"
    # later the same turn Formation B activates: Infantry B1 is not offered a move
    events = drive(activate(s, table.ctx([]), "Human", "B", "Human B"))
    assert not [e for e in decisions(events, "move") if "Infantry B1" in e.message]
    drive(advance_turn(s, table.ctx()))  # next turn it may move again
    events = drive(activate(s, table.ctx([]), "Human", "B", "Human B"))
    assert [e for e in decisions(events, "move") if "Infantry B1" in e.message]


# -- Set-Up and Flow of Play ---------------------------------------------------------------------


@pytest.mark.rule("GIN-MAP-06", "GIN-SETUP-01", "GIN-MF-05")
def test_the_westernmost_named_cities_are_hives_with_their_formations_counters():
    game = setup_done()
    s, data = game.state, game.ctx.data
    for hive in ("Minneapolis", "Des Moines"):
        formation = data.hives[hive]
        kinds = sorted(u.type for u in s.at(hive, "Swarm"))
        assert kinds == ["Ant", "Ant", "Spider", "Worm"]
        assert {u.formation for u in s.at(hive, "Swarm")} == {formation}
    west_of_hives = max(data.cities[h].x for h in data.hives)
    assert all(c.x > west_of_hives for name, c in data.cities.items() if name not in data.hives)


@pytest.mark.rule("GIN-MAP-06", "GIN-MF-05")
def test_the_swarm_formation_labels_and_the_third_hive_are_shown_as_the_projects():
    game = setup_done()
    hive_events = [e for e in game.log if e.message.startswith("Hive ")]
    assert len(hive_events) == 3 and all(e.assumed for e in hive_events)
    third = next(e for e in hive_events if "Shreveport" in e.message)
    assert "Shreveport" in third.assumed and "GIN-MF-05" in third.ids
    game.run_to_end()
    swarm_steps = [e for e in game.log if e.kind == "step" and "(Swarm) activates" in e.message]
    assert swarm_steps and all("label" in e.assumed for e in swarm_steps)


@pytest.mark.rule("GIN-FLOW-04", "GIN-MF-07")
def test_the_action_phase_ends_on_the_third_the_end_however_many_are_in_the_cup():
    game = setup_done(seed=5, data_overrides={"chits:end_chits.count": 4})
    assert sum(c.startswith("...The End???") for c in game.state.cup) == 4
    while game.state.phase != "Fade Out":
        game.step_event()
    ends = [e for e in game.log if e.turn == 1 and e.message.startswith("Drawn: ...The End???")]
    assert len(ends) == 3


# -- what a teacher shows ------------------------------------------------------------------------


@pytest.mark.rule("GIN-HITS-03", "GIN-FOUT-04", "GIN-FIN-02", "GIN-EX-01")
def test_an_eliminated_swarm_unit_comes_back_two_turns_later_at_its_hive(table_factory):
    table = table_factory(turn=3)
    s = table.place("Chicago", "Ant X1")
    s.unit("Ant X1").came_from = "Minneapolis"
    drive(resolve_battle(s, table.ctx([5, 6, 1, 1, 1]), table.activation("Swarm", "X"),
                         "Chicago"))  # the Fort scores two hits: the Fresh Ant is Eliminated
    ant = s.unit("Ant X1")
    assert ant.pool == "track" and ant.track_turn == 5
    drive(fade_out(s, table.ctx([])))  # end of Turn 3: the marker moves to 4
    drive(fade_in(s, table.ctx()))
    assert s.turn == 4 and ant.pool == "track"  # not back yet
    drive(fade_out(s, table.ctx([])))  # end of Turn 4: the marker reaches 5, the Ant is handed
    assert ant.pool == "returning"
    drive(fade_in(s, table.ctx()))
    assert s.turn == 5 and table.where("Ant X1") == "Minneapolis"  # Formation X's Hive


@pytest.mark.rule("GIN-FIN-01", "GIN-FIN-02", "GIN-FIN-04", "GIN-FIN-05")
def test_fade_in_returns_units_first_so_the_held_swarm_chit_moves_them(table_factory):
    table = table_factory(turn=4)
    s = table.state
    s.unit("Ant X1").pool = "returning"
    s.held = {"Swarm": "Swarm X", "Human": "Human B"}
    table.place("Memphis", "Infantry B2")
    events = drive(fade_in(s, table.ctx()), answers=["Des Moines"])
    order = [e.kind for e in events if e.kind in ("move", "step")]
    assert order[0] == "move" and "returns" in events[0].message  # the Ant is back first...
    moved = decisions(events, "move")
    assert "Ant X1" in moved[0].message  # ...so the held Swarm chit moves it
    assert table.where("Ant X1") == "Des Moines"
    steps = [e.data["formation"] for e in events if e.kind == "step" and "formation" in e.data]
    assert steps == ["X", "B"]  # then the Human's held chit


@pytest.mark.rule("GIN-FENCE-01", "GIN-FENCE-02", "GIN-MOVE-05")
def test_two_destroyed_adjacent_fence_forts_let_a_swarm_unit_cross_east_in_play(table):
    s = table.place("Des Moines", "Ant Y1")
    with pytest.raises(IllegalChoice):  # the Fence stands: Nashville is not a legal destination
        drive(movement_step(s, table.ctx(), "Swarm", [s.unit("Ant Y1")]), answers=["Nashville"])
    for fort in ("St Louis", "Memphis"):
        s.forts[fort].strength, s.forts[fort].destroyed = 0, True
    s.unit("Ant Y1").loc = "Des Moines"
    drive(movement_step(s, table.ctx(), "Swarm", [s.unit("Ant Y1")]), answers=["Nashville"])
    assert table.where("Ant Y1") == "Nashville"  # through the hole: St Louis, then east


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02")
def test_a_side_with_no_unit_left_retreats_nobody_and_the_log_says_so(table):
    s = table.place("Memphis", "Worm Z1", "Infantry B2")
    s.unit("Worm Z1").reduced = True
    s.unit("Worm Z1").came_from = "Shreveport"
    # Infantry 6,1 + the Fort 1,1,1: one hit, the Reduced Worm is Eliminated; the Worm 3,1 scores
    # one on the Infantry: a tie the Swarm loses, but no Swarm unit is left to Retreat
    events = drive(resolve_battle(s, table.ctx([6, 1, 1, 1, 1, 3, 1]),
                                  table.activation("Swarm", "Z"), "Memphis"))
    assert table.where("Worm Z1") == "track"
    last = [e for e in events if e.kind == "retreat"]
    assert len(last) == 1 and "none of its units is left" in last[0].message
    assert "Fort" not in last[0].message and not last[0].assumed
