"""Every catalogued ambiguity (GW-AMB-01..10): the default reading against the other one.

Where the readings change play, one constructed position is played under both and the results
differ; the default reading is cited on the event (its ID in ``ids``, the reason in ``assumed``).
Where they coincide in every position the game can reach, the test shows why.
"""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import GAME, VARIANTS, arachne_solara, new_game
from rules_lib.games.gods_war.battle import resolve_battle
from rules_lib.games.gods_war.turn import summon

KILL, ROUT, BLANK = 6, 4, 1  # battle die faces (data/battle.yaml: 1-3 blank, 4-5 rout, 6 kill)
ARACHNE = "Arachne Solara"


def variant_of(amb: str):
    """The registered Variant that is the other reading of an ambiguity."""
    found = [v for v in VARIANTS if amb in v.ids]
    assert len(found) == 1, f"{amb}: {[v.name for v in found]}"
    v = found[0]
    assert v.section and v.description and v.default_reading
    assert v in GAME.variants
    return v


def cites(events, amb: str) -> list:
    """Events applying the default reading of ``amb``: its ID in ids, the reading in assumed."""
    return [e for e in events if amb in e.ids and e.assumed.startswith(f"default reading of {amb}")]


@pytest.mark.rule("GW-AMB-01", "GW-ARA-02", "GW-PLACE-01")
def test_amb01_arachne_starts_in_inner_hell_or_waits_for_the_great_compromise():
    v = variant_of("GW-AMB-01")
    default = new_game("arachne_solara", seed=1)
    other = new_game("arachne_solara", seed=1, variants=[v.name])
    default.next_phase(), other.next_phase()  # Set-Up
    assert default.state.monster_area(ARACHNE) == "Inner Hell"
    assert other.state.monsters[ARACHNE].status == "waiting"
    assert cites(default.log, "GW-AMB-01")
    assert not cites(other.log, "GW-AMB-01")


@pytest.mark.rule("GW-AMB-02", "GW-AND-05")
def test_amb02_lust_moves_androgeus_or_the_ban_on_moving_monsters_keeps_him(gw):
    v = variant_of("GW-AMB-02")
    where = {}
    for variants in ((), (v.name,)):
        s = gw.state(Androgeus="Altinela")
        events = gw.run(summon(s, gw.ctx(variants=variants), "Storm", "Storm Warrior", "Maniria"),
                        answers=["Earth"])
        where[variants] = s.monster_area("Androgeus")
        if not variants:
            assert cites(events, "GW-AMB-02")
    assert where == {(): "Maniria", (v.name,): "Altinela"}


@pytest.mark.rule("GW-AMB-03", "GW-AND-04")
def test_amb03_the_free_lust_summon_triggers_lust_again_only_in_the_variant(gw):
    v = variant_of("GW-AMB-03")
    free = {}
    for variants in ((), (v.name,)):
        s = gw.state(Androgeus="Altinela")
        events = gw.run(summon(s, gw.ctx(variants=variants), "Storm", "Storm Warrior", "Altinela"),
                        answers=["Sea", "Earth", "Invisible God", "Storm"] * 10)
        free[variants] = s.stats.get("lust_summons", 0)
        if not variants:
            assert cites(events, "GW-AMB-03")
    assert free[()] == 1 and free[(v.name,)] > 1


@pytest.mark.rule("GW-AMB-04", "GW-AND-10")
def test_amb04_the_selected_hero_takes_one_of_his_kills_or_dies_on_top_of_them(gw):
    v = variant_of("GW-AMB-04")
    left = {}
    for variants in ((), (v.name,)):
        s = gw.state(Androgeus="Altinela")
        gw.put(s, "Storm", "Storm Champion", "Altinela")
        gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)  # Combat 4: 4 dice
        # Storm: 1 kill; Androgeus: 2 kills
        ctx = gw.ctx([KILL, BLANK, BLANK, BLANK] + [KILL, KILL] + [BLANK] * 4, variants)
        events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
        assert s.monsters["Androgeus"].status == "removed"
        left[variants] = [p.kind for p in s.pieces_in("Altinela", "Storm")]
        if not variants:
            assert cites(events, "GW-AMB-04")
    assert left == {(): ["Storm Warrior"], (v.name,): []}


@pytest.mark.rule("GW-AMB-05", "GW-AND-07", "GW-AND-08")
def test_amb05_per_player_and_all_together_caps_coincide_one_empire_attacks(gw):
    """A battle has one attacking empire (no alliances in the game), so the 4-dice cap per player
    and the cap on all dice together allow the same dice, Single Combat Champion included."""
    cap = gw.data.cards["Androgeus"].ability("Superhero").params["max_dice"]
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 3)
    ctx = gw.ctx([BLANK] * cap + [BLANK] * 6)
    from rules_lib.games.gods_war.turn import do_action
    gw.run(do_action(s, ctx, "Storm", "attack Androgeus in Altinela"), answers=["Storm King"])
    against = [p for p, _, _ in ctx.dice.log if p.endswith("vs Androgeus")]
    assert len(against) == cap  # champion and army: one player, one cap
    seen = 0
    for seed in range(12):  # in play: every battle against him has one empire rolling
        g = new_game("androgeus", seed=seed, policies={p: "random" for p in GAME.players})
        g.run_to_end()
        rolling: dict[int, set[str]] = {}  # battle vs Androgeus -> the empires rolling in it
        battle = None
        for e in g.log:
            if e.kind == "combat" and "defender" in e.data:
                battle = e if e.data["defender"] == "Androgeus" else None
            elif e.kind == "roll" and battle is not None and e.data["side"] != "Androgeus":
                rolling.setdefault(battle.index, set()).add(e.data["side"])
        assert all(len(sides) == 1 for sides in rolling.values())
        assert g.state.stats.get("max_dice_vs_androgeus", 0) <= cap
        seen += len(rolling)
    assert seen > 0


@pytest.mark.rule("GW-AMB-06", "GW-ARA-06")
def test_amb06_inner_hell_counts_as_hell_for_spinning_or_only_the_area_called_hell(gw):
    v = variant_of("GW-AMB-06")
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Kethaela")
    default = arachne_solara.spin_destinations(s, gw.data)
    other = arachne_solara.spin_destinations(s, gw.data, variant_hell_area_only=True)
    assert "Inner Hell" in default and "Inner Hell" not in other
    events = gw.run(arachne_solara.spin(s, gw.ctx(), "Sea"), answers=["Inner Hell"])
    assert s.monster_area(ARACHNE) == "Inner Hell" and cites(events, "GW-AMB-06")
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Kethaela")
    from rules_lib.core.engine import IllegalChoice
    with pytest.raises(IllegalChoice):
        gw.run(arachne_solara.spin(s, gw.ctx(variants=[v.name]), "Sea"), answers=["Inner Hell"])


@pytest.mark.rule("GW-AMB-07", "GW-ARA-09")
def test_amb07_a_token_put_on_an_empire_sheet_completes_the_web_or_does_not(gw):
    v = variant_of("GW-AMB-07")
    ended = {}
    for variants in ((), (v.name,)):
        s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Inner Hell")
        total = gw.data.get("monsters.components.web_tokens")
        s.web_tokens = gw.data.surface_areas()[:total - 2]
        s.empires["Sea"].web_token_on_sheet = True
        s.web_pool = 1
        s.buildings = {s.web_tokens[0]: ["Storm"]}
        events = gw.run(arachne_solara.empowering(s, gw.ctx(variants=variants)),
                        answers=["empower"])
        ended[variants] = s.end_reason
        if not variants:
            assert cites(events, "GW-AMB-07")
    assert ended == {(): "Completing the Web", (v.name,): ""}


@pytest.mark.rule("GW-AMB-08", "GW-ARA-03")
def test_amb08_kills_rolled_against_arachne_score_vp_or_none_since_she_cannot_die(gw):
    v = variant_of("GW-AMB-08")
    vp = {}
    for variants in ((), (v.name,)):
        s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Dragon Pass")
        gw.put(s, "Storm", "Storm Warrior", "Dragon Pass", 2)
        ctx = gw.ctx([KILL, KILL] + [BLANK] * 10, variants)
        events = gw.run(resolve_battle(s, ctx, "Dragon Pass", "Storm", ARACHNE))
        vp[variants] = s.empires["Storm"].vp
        assert s.monster_area(ARACHNE) == "Dragon Pass"  # no damage either way
        if not variants:
            assert cites(events, "GW-AMB-08")
    assert vp == {(): 2, (v.name,): 0}


@pytest.mark.rule("GW-AMB-09", "GW-SETUP-02")
def test_amb09_counting_arachne_in_the_cosmic_pool_or_not_allows_the_same_games(gw):
    """Whether Arachne is a fourth Cosmic Monster of the expansion or one from a separate pack, her
    card and Androgeus' both recommend one Cosmic Monster a game, and Leviathan and Juggernaut
    cannot be played (no card text): the games the two readings allow are the same."""
    from rules_lib.games.gods_war import monsters
    from rules_lib.games.gods_war.data import load
    not_counted = load({"monsters.expansion.recommended_per_type": 2})  # she is not of the type
    for data in (gw.data, not_counted):
        assert monsters.selection_problems(data, ["Androgeus"]) == []
        assert monsters.selection_problems(data, ["Arachne Solara"]) == []
        assert monsters.selection_problems(data, ["Androgeus", "Arachne Solara"])
        for name in ("Leviathan", "Juggernaut"):
            assert monsters.selection_problems(data, [name])
        assert monsters.selection_problems(data, ["Androgeus", "Arachne Solara"],
                                           experienced=True) == []


@pytest.mark.rule("GW-AMB-10", "GW-ROUT-02", "GW-COMB-02")
def test_amb10_whoever_controls_a_monster_its_attacker_picks_where_his_routed_units_go(gw):
    """Control only matters when a Monster attacks (GW-ROUT-01), and Cosmic Monsters only fight
    when attacked: so whether control comes from Loyalty cards or not, the player who attacked
    picks the destination. The readings coincide in every position the game reaches."""
    chooser = {}
    for controller in (None, "Earth"):
        s = gw.state(Androgeus="Altinela")
        s.monsters["Androgeus"].controller = controller
        gw.put(s, "Sea", "Sea Folk", "Altinela")
        events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [ROUT] + [BLANK] * 5), "Altinela",
                                       "Sea", "Androgeus"), answers=["Jrustela"])
        chooser[controller] = [e.message.split(" ")[0] for e in events if e.kind == "decision"]
        assert [p.area for p in s.pieces] == ["Jrustela"]
    assert chooser == {None: ["Sea"], "Earth": ["Sea"]}
    for seed in range(8):  # and in play no Monster is ever controlled, none ever attacks
        g = new_game("both", seed=seed, policies={p: "random" for p in GAME.players})
        g.run_to_end()
        assert all(m.controller is None for m in g.state.monsters.values())
        assert all(e.data["attacker"] in g.state.empires for e in g.log
                   if e.kind == "combat" and "attacker" in e.data)
        assert not any("GW-ROUT-01" in e.ids for e in g.log)


def test_every_variant_is_the_other_reading_of_a_catalogued_ambiguity():
    for v in VARIANTS:
        assert len(v.ids) == 1 and v.ids[0].startswith("GW-AMB-"), v.name
        assert v.rule.endswith(f"({v.ids[0]})")
    assert len({v.ids[0] for v in VARIANTS}) == len(VARIANTS)
