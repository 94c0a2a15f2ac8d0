"""Data files: safe loading, provenance, validation errors naming file and path, overrides."""
from __future__ import annotations

import pytest

from rules_lib.core.data import (
    Check,
    DataError,
    apply_override,
    load_data,
    parse_path,
    parse_value,
    provenance_report,
)

UNITS = """
rulebook: "Ginormopod: Movement"
units:
  tank:
    mp: 3
    fresh: {value: [4, 4], assumed: "counter art not in the text"}
  worm:
    assumed: "all worm values"
    mp: 1
    fresh: [5]
"""


@pytest.fixture
def units_file(tmp_path):
    path = tmp_path / "units.yaml"
    path.write_text(UNITS)
    return path


def test_values_are_read_without_their_provenance_keys(units_file):
    data = load_data(units_file)
    assert data.tree == {"units": {"tank": {"mp": 3, "fresh": [4, 4]},
                                   "worm": {"mp": 1, "fresh": [5]}}}


def test_nearest_provenance_covers_a_value(units_file):
    data = load_data(units_file)
    assert str(data.provenance_of("units.tank.mp")) == "rulebook: Ginormopod: Movement"
    assert data.provenance_of("units.tank.fresh").kind == "assumed"
    assert data.provenance_of("units.worm.mp").text == "all worm values"


def test_provenance_report_lists_every_assumed_value(units_file):
    report = provenance_report([load_data(units_file)])
    assert list(report["path"]) == ["units.tank.fresh", "units.worm"]
    assert list(report.columns) == ["file", "path", "assumed"]


def test_yaml_with_code_tags_is_refused_not_executed(tmp_path):
    bad = tmp_path / "evil.yaml"
    bad.write_text("x: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(DataError, match="evil.yaml"):
        load_data(bad)


def test_broken_yaml_names_the_file_and_line(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(DataError, match=r"broken.yaml: \(top level\): line \d+"):
        load_data(bad)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="nowhere.yaml"):
        load_data(tmp_path / "nowhere.yaml")


def test_both_provenance_kinds_on_one_mapping_is_an_error(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text("a: {rulebook: x, assumed: y, v: 1}\n")
    with pytest.raises(DataError, match="two.yaml: a: give either"):
        load_data(f)


def test_get_names_the_first_missing_part_of_a_path(units_file):
    data = load_data(units_file)
    assert data.get("units.tank.fresh[1]") == 4
    with pytest.raises(DataError, match=r"units\.spider: no such entry"):
        data.get("units.spider.mp")


def test_override_changes_one_value_in_a_copy(units_file):
    data = load_data(units_file)
    new = apply_override(data, "units.tank.fresh[0]", 5)
    assert new.get("units.tank.fresh") == [5, 4] and data.get("units.tank.fresh") == [4, 4]
    assert new.provenance_of("units.tank.fresh[0]").text.startswith("override")


def test_override_of_a_wrong_path_or_kind_is_refused(units_file):
    data = load_data(units_file)
    with pytest.raises(DataError, match="units.tnak"):
        apply_override(data, "units.tnak.mp", 2)
    with pytest.raises(DataError, match="is a str"):
        apply_override(data, "units.tank.mp", "fast")


def test_paths_and_values_parse_from_text():
    assert parse_path("forts.Chicago.strength") == ("forts", "Chicago", "strength")
    assert parse_path("units.tank.fresh[1]") == ("units", "tank", "fresh", 1)
    assert parse_value("[4, 5]") == [4, 5] and parse_value("3") == 3
    with pytest.raises(ValueError):
        parse_path("a..b")


def test_check_collects_every_problem_with_its_path(units_file):
    data = load_data(units_file)
    check = Check(data)
    check.require(data.tree["units"]["tank"], "mp", str, ("units", "tank"))
    check.require(data.tree["units"]["worm"], "dice", list, ("units", "worm"))
    check.one_of("spider", ["tank", "worm"], ("units", "spider"), "unit type")
    assert len(check.problems) == 3
    with pytest.raises(DataError) as err:
        check.raise_if_any()
    text = str(err.value)
    assert "units.tank.mp: must be str" in text and "units.worm.dice: missing" in text
    assert "unknown unit type 'spider'" in text


@pytest.fixture
def two_files(tmp_path):
    (tmp_path / "units.yaml").write_text("types: {tank: {mp: 3}}\nshared: 1\n")
    (tmp_path / "map.yaml").write_text("forts: {chicago: {strength: 3}}\nshared: 2\n")
    return {"units": load_data(tmp_path / "units.yaml"), "map": load_data(tmp_path / "map.yaml")}


def test_overrides_find_the_file_that_holds_the_path(two_files):
    from rules_lib.core.data import apply_overrides

    out = apply_overrides(two_files, {"types.tank.mp": 4, "map.forts.chicago.strength": 5,
                                      "units:shared": 9}, "toy")
    assert out["units"].get("types.tank.mp") == 4 and out["map"].get("forts.chicago.strength") == 5
    assert out["units"].get("shared") == 9 and out["map"].get("shared") == 2
    assert two_files["units"].get("types.tank.mp") == 3  # the originals are untouched


def test_a_wrong_or_ambiguous_override_is_named_with_the_files(two_files):
    from rules_lib.core.data import apply_overrides

    with pytest.raises(DataError, match=r"'types\.tnak\.mp'.*files: units, map"):
        apply_overrides(two_files, {"types.tnak.mp": 4}, "toy")
    with pytest.raises(DataError, match="ambiguous: it is in units, map"):
        apply_overrides(two_files, {"shared": 4}, "toy")
    with pytest.raises(DataError, match="no data file 'rules'"):
        apply_overrides(two_files, {"rules:x": 4}, "toy")


def test_data_is_built_once_per_set_of_overrides():
    from rules_lib.core.data import built_once_per_overrides

    builds = []

    def make(overrides):
        builds.append(overrides)
        return {"built": overrides}

    load = built_once_per_overrides(make)
    assert load() is load(None) is load({})
    assert load({"a": 1, "b": 2}) is load({"b": 2, "a": 1})
    assert load({"a": 2}) is not load({"a": 1})
    assert builds == [None, {"a": 1, "b": 2}, {"a": 2}, {"a": 1}]


def test_track_reads_notes_each_leaf_read_and_lists_the_unread_numbers():
    from rules_lib.core.data import parse_data, track_reads

    files = {"units": parse_data({"tank": {"mp": 3, "pips": [4, 5], "name": "Tank"},
                                  "spare": 7, "rulebook": "§1"}, "units.yaml")}
    tracked, log = track_reads(files)
    tree = tracked["units"].tree
    assert tree["tank"]["mp"] == 3
    assert list(tree["tank"]["pips"]) == [4, 5]
    assert log.unread(files) == [("units", "spare", 7)]
    assert dict(tree)["spare"] == 7  # dict() copies go through the tracked reads too
    assert log.unread(files) == []
    assert log.unread(files, numbers_only=False) == [("units", "tank.name", "Tank")]
