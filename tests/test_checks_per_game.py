"""Loading a game imports only the check modules its ``[[checks]]`` name (issue 29: start-up pays for
what the game uses), and says exactly what it said when every check type was imported at start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import checks, model
from printkit.errors import DataError
from printkit.load import _problems, load_game

ROOT = Path(__file__).resolve().parent.parent

TWO_CHECKS = """\
[game]
title = "Two checks"

[sets]
colour = [{ name = "red" }, { name = "blue" }]

[layouts.face]
elements = [{ type = "text", text = "{colour.name}", x = 5, y = 5, w = 50 }]

[[components]]
id = "card"
kind = "card"
size = "poker"
vary = ["colour"]
face = "face"

[[checks]]
id = "every-colour"
type = "product"
source = "the rules: one card per colour"
component = "card"
sets = ["colour"]

[[checks]]
id = "some-cards"
type = "requires"
source = "the rules: two cards"
components = ["card"]
count = 2
"""

PROBE = """
import json, sys
def loaded():
    return sorted(m for m in sys.modules if m.startswith("printkit.checks.") and not m.rsplit(".", 1)[1].startswith("_"))
import printkit.kit, printkit.load, printkit.model
at_import = loaded()
from printkit.load import load_game
game = load_game(__import__("pathlib").Path(sys.argv[1]))
print(json.dumps({"at_import": at_import, "after_load": loaded(), "checks": [type(c).__name__ for c in game.data.checks]}))
"""


def test_the_loader_imports_no_check_module_and_a_game_only_those_it_names(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text(TWO_CHECKS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    seen = json.loads(out.stdout)
    assert seen["at_import"] == []
    assert seen["after_load"] == ["printkit.checks.product", "printkit.checks.requires"]
    assert seen["checks"] == ["ProductCheck", "RequiresCheck"]


def _members(m: type) -> list[type]:
    import typing

    item = typing.get_args(m.model_fields["checks"].annotation)[0]
    inner = typing.get_args(item)[0]  # Annotated[Union[...] or one model, discriminator]
    return list(typing.get_args(inner)) or [inner]


def test_one_model_per_set_of_types_built_once() -> None:
    both = {"checks": [{"type": "requires"}, {"type": "product"}, {"type": "requires"}]}
    same = model.game_file({"checks": [{"type": "product", "id": "x"}, {"type": "requires"}]})
    assert model.game_file(both) is same
    types = checks.load_checks()
    assert _members(same) == [types["product"].model, types["requires"].model]  # in registry order
    one = model.game_file({"checks": [{"type": "requires"}]})
    assert one is not same and _members(one) == [types["requires"].model]
    assert model.game_file({}) is model.game_file({"checks": []}) is not one
    assert issubclass(same, model.GameFile) and model.GameFile.__name__ == same.__name__ == "GameFile"
    # anything but tables with check types: the whole union, whose errors list every type
    for raw in ({"checks": [{"type": "needs"}]}, {"checks": [{"type": "product"}, {"type": "product_"}]},
                {"checks": [{"id": "no-type"}]}, {"checks": [3]}, {"checks": "product"}, [],
                {"checks": [{"type": "_kit"}]}, {"checks": [{"type": 7}]}):
        assert model.game_file(raw) is model.GameFile, raw
    assert _members(model.GameFile) == [t.model for t in types.values()]


def test_every_check_type_lives_in_the_module_its_name_says() -> None:
    """``board-places`` is registered by printkit/checks/board_places.py: how a game's check types
    are found without importing the others."""
    for name, t in checks.load_checks().items():
        assert checks.TYPE_NAME.fullmatch(name), name
        assert checks.module_of(name) == t.model.__module__ == t.run.__module__, name
    assert checks.load_named(["board-places", "fits"]) == [checks.CHECK_TYPES["board-places"],
                                                           checks.CHECK_TYPES["fits"]]  # `order`: 5, 8
    assert checks.load_named(["board_places"]) is None and checks.load_named(["no-such"]) is None


def test_an_unknown_type_lists_every_type(tmp_path: Path) -> None:
    toml = TWO_CHECKS.replace('type = "requires"', 'type = "require"')
    (tmp_path / "game.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game(tmp_path)
    (problem,) = err.value.problems
    assert problem.path == "checks[1].type" and problem.line == 26
    assert problem.expected == f"a check type ({', '.join(checks.load_checks())})"
    assert problem.found == '"require" (did you mean "requires"?)'


@pytest.mark.parametrize("bad", [
    {"type": "product", "id": "p", "component": "card", "sets": ["colour"], "eatch": 2},  # a key it has not
    {"type": "product", "id": "p", "component": "card", "sets": []},  # a value out of bounds
    {"type": "product", "id": "p", "sets": ["colour"]},  # a key missing
    {"type": "requires", "id": "r", "components": "card", "count": "two"},  # values of the wrong kind
])
def test_a_bad_check_reads_as_it_did_against_every_type(bad: dict[str, object]) -> None:
    from pydantic import ValidationError

    raw = {"game": {"title": "t"}, "components": [],
           "checks": [{"type": "requires", "id": "ok", "components": ["card"], "source": "s"}, {"source": "s", **bad}]}
    narrow = model.game_file(raw)
    assert narrow is not model.GameFile
    with pytest.raises(ValidationError) as mine:
        narrow.model_validate(raw)
    with pytest.raises(ValidationError) as every:
        model.GameFile.model_validate(raw)
    said = _problems(mine.value, "game.toml", "", narrow)
    assert said and said == _problems(every.value, "game.toml", "", model.GameFile)
    assert all(p.path.startswith("checks[1].") for p in said), said
