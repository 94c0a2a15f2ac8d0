"""The board errors: what they carry and the exact text a person reads."""

from __future__ import annotations

from rules_lib.core.boards import UnknownLocation, Unreachable


def test_unknown_location_carries_the_location_the_board_and_what_it_is() -> None:
    err = UnknownLocation((9, 9), "vault")
    assert (err.loc, err.board_name, err.what) == ((9, 9), "vault", "location")
    assert err.args == ((9, 9),)  # a KeyError whose key is the location
    assert isinstance(err, KeyError)


def test_unknown_location_text_names_the_location_and_the_board() -> None:
    assert str(UnknownLocation((9, 9), "vault")) == "location (9, 9) is not on board 'vault'"


def test_unknown_location_names_a_label_when_told_what_it_is() -> None:
    err = UnknownLocation("9999", "test map", what="hex label")
    assert err.what == "hex label"
    assert str(err) == "hex label '9999' is not on board 'test map'"


def test_unreachable_carries_both_ends_and_the_board() -> None:
    err = Unreachable("Ash", "Island", "realm")
    assert (err.a, err.b, err.board_name) == ("Ash", "Island", "realm")
    assert err.args == ("Ash", "Island", "realm")
    assert isinstance(err, ValueError)


def test_unreachable_text_names_both_ends_and_the_board() -> None:
    assert str(Unreachable("Ash", "Island", "realm")) == \
        "no path from 'Ash' to 'Island' on board 'realm'"
