"""A malformed data file is a DataError naming the file and what is wrong: never a traceback,
never a hang, never silently accepted."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_lib.core.data import MAX_DEPTH, DataError, load_data

BAD_FILES = [
    ("empty", b"", "empty"),
    ("only a comment", b"# nothing here\n", "empty"),
    ("a list at the top", b"- 1\n- 2\n", "mapping"),
    ("a bare word", b"hello\n", "mapping"),
    ("not UTF-8", b"name: caf\xe9\n", "UTF-8"),
    ("a key given twice", b"mp: 3\nmp: 4\n", "given twice"),
    ("a nested key given twice", b"tank:\n  mp: 3\n  pips: [4]\n  mp: 5\n", "given twice"),
    ("an alias", b"a: &x [1, 2]\nb: *x\n", "aliases"),
    ("a self-referencing alias", b"a: &x [*x]\n", "aliases"),
    ("billion laughs", b"a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                       b"c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n", "aliases"),
    ("absurd nesting", b"a: " + b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5) + b"\n",
     "nested"),
    ("broken YAML", b"a: [1, 2\nb: 3\n", "line"),
    ("a tab indent", b"a:\n\tb: 1\n", "line"),
    ("a python tag", b"a: !!python/object/apply:os.system ['echo hi']\n", "not valid"),
    ("both provenances", b"a:\n  rulebook: x\n  assumed: y\n  v: 1\n", "either"),
    ("empty provenance", b"a:\n  assumed: ''\n  v: 1\n", "provenance"),
]


@pytest.mark.parametrize("name,content,message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_malformed_data_file_is_a_data_error_naming_the_file(tmp_path, name, content, message):
    path = tmp_path / "units.yaml"
    path.write_bytes(content)
    with pytest.raises(DataError) as err:
        load_data(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_a_missing_file_names_it(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_data(tmp_path / "nowhere.yaml")


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    import rules_lib.core.data as data

    monkeypatch.setattr(data, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 200 + "\n")
    with pytest.raises(DataError, match="at most 100"):
        load_data(path)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_load_or_fail_with_a_data_error(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fuzz") / "f.yaml"
    path.write_bytes(content)
    try:
        load_data(path)
    except DataError as exc:
        assert str(path) in str(exc)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=":-[]{}&*!# \n\tab12'\"", max_size=120))
def test_yaml_punctuation_soup_loads_or_fails_with_a_data_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("soup") / "f.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_data(path)
    except DataError:
        pass
