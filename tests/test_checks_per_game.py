"""Loading a game imports only the element and check modules its layouts and ``[[checks]]`` name (issue
29: start-up pays for what the game uses), and says exactly what it said when every element and check
type was imported at start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

from printkit import checks, model
from printkit.elements import ELEMENT_TYPES, element_type, load_elements
from printkit.errors import DataError
from printkit.load import _problems, load_game
from printkit.registry import NAME, module_of

ROOT = Path(__file__).resolve().parent.parent

TWO_CHECKS = """\
[game]
title = "Two checks"

[sets]
colour = [{ name = "red" }, { name = "blue" }]

[layouts.face]
elements = [{ type = "rect", x = 0, y = 0, w = 10, h = 10, fill = "black" },
            { type = "text", text = "{colour.name}", x = 5, y = 5, w = 50 }]

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
def loaded(package):
    return sorted(m for m in sys.modules if m.startswith(package) and not m.rsplit(".", 1)[1].startswith("_"))
import printkit.kit, printkit.load, printkit.model
at_import = loaded("printkit.checks."), loaded("printkit.elements.")
from printkit.load import load_game
game = load_game(__import__("pathlib").Path(sys.argv[1]))
print(json.dumps({"at_import": at_import, "after_load": [loaded("printkit.checks."), loaded("printkit.elements.")],
                  "checks": [type(c).__name__ for c in game.data.checks],
                  "elements": [type(e).__name__ for e in game.data.layouts["face"].elements]}))
"""


def test_the_loader_imports_no_check_module_and_a_game_only_those_it_names(tmp_path: Path) -> None:
    (tmp_path / "game.toml").write_text(TWO_CHECKS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    seen = json.loads(out.stdout)
    checks_then, elements_then = seen["at_import"]
    assert checks_then == []
    assert elements_then == []  # (the helpers the drawing code reuses are imported when it first uses them)
    assert seen["after_load"] == [["printkit.checks.product", "printkit.checks.requires"],
                                  ["printkit.elements.rect", "printkit.elements.text"]]
    assert seen["checks"] == ["ProductCheck", "RequiresCheck"]
    assert seen["elements"] == ["RectElement", "TextElement"]


def _members(m: Any, field: str, kind: str = "list") -> list[type]:
    """The models a field's union takes (``list[...]`` of checks, ``dict[str, Layout]``'s elements)."""
    ann = m.model_fields[field].annotation
    item = typing.get_args(ann)[-1]
    inner = typing.get_args(item)[0]  # Annotated[Union[...] or one model, discriminator, ...]
    return list(typing.get_args(inner)) or [inner]


def test_one_model_per_set_of_types_built_once() -> None:
    both = {"checks": [{"type": "requires"}, {"type": "product"}, {"type": "requires"}],
            "layouts": {"a": {"elements": [{"type": "rect"}]}, "b": {"elements": [{"type": "circle"}]}}}
    same = model.game_file({"checks": [{"type": "product", "id": "x"}, {"type": "requires"}],
                            "layouts": {"c": {"elements": [{"type": "circle"}, {"type": "rect"}]}}})
    assert model.game_file(both) is same
    types, elements = checks.load_checks(), load_elements()
    assert _members(same, "checks") == [types["product"].model, types["requires"].model]  # in registry order
    layout = typing.get_args(same.model_fields["layouts"].annotation)[1]
    diagram = typing.get_args(same.model_fields["diagrams"].annotation)[1]
    assert _members(layout, "elements") == _members(diagram, "elements") == [elements["circle"].model,
                                                                           elements["rect"].model]
    assert issubclass(layout, model.Layout) and issubclass(diagram, model.Diagram)
    one = model.game_file({"checks": [{"type": "requires"}]})
    assert one is not same and _members(one, "checks") == [types["requires"].model]
    assert model.game_file({}) is model.game_file({"checks": [], "layouts": {}}) is not one
    assert issubclass(same, model.GameFile) and model.GameFile.__name__ == same.__name__ == "GameFile"
    # anything but tables with check types: the whole union, whose errors list every type
    every = [t.model for t in types.values()]
    for raw in ({"checks": [{"type": "needs"}]}, {"checks": [{"type": "product"}, {"type": "product_"}]},
                {"checks": [{"id": "no-type"}]}, {"checks": [3]}, {"checks": "product"},
                {"checks": [{"type": "_kit"}]}, {"checks": [{"type": 7}]}):
        assert _members(model.game_file(raw), "checks") == every, raw
    # and so for elements (an element holding elements, such as repeat, takes every element)
    for layouts in ({"a": {"elements": [{"type": "rectangle"}]}}, {"a": {"elements": [{"type": "repeat"}]}},
                    {"a": {"elements": [{"x": 1}]}}, {"a": 3}, {"a": {"elements": {"type": "rect"}}}, []):
        assert model.game_file({"layouts": layouts}).model_fields["layouts"].annotation == dict[str, model.Layout]
    assert model.game_file([]) is model.GameFile
    assert _members(model.GameFile, "checks") == every
    assert _members(model.Layout, "elements") == [e.model for e in elements.values()]


def test_every_element_and_check_type_lives_in_the_module_its_name_says() -> None:
    """``board-places`` is registered by printkit/checks/board_places.py, ``hexgrid`` by
    printkit/elements/hexgrid.py: how a game's types are found without importing the others."""
    for name, t in checks.load_checks().items():
        assert NAME.fullmatch(name), name
        assert module_of("printkit.checks", name) == t.model.__module__ == t.run.__module__, name
    for name, e in load_elements().items():
        assert NAME.fullmatch(name), name
        assert module_of("printkit.elements", name) == e.model.__module__ == e.draw.__module__, name
    assert checks.load_named(["fits", "board-places"]) == [checks.CHECK_TYPES["board-places"],
                                                           checks.CHECK_TYPES["fits"]]  # `order`: 5, 8
    assert checks.load_named(["board_places"]) is None and checks.load_named(["no-such"]) is None
    assert element_type("hexgrid") is ELEMENT_TYPES["hexgrid"]
    with pytest.raises(KeyError):
        element_type("hex-grid")


def test_an_unknown_type_lists_every_type(tmp_path: Path) -> None:
    toml = TWO_CHECKS.replace('type = "requires"', 'type = "require"')
    (tmp_path / "game.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game(tmp_path)
    (problem,) = err.value.problems
    assert problem.path == "checks[1].type" and problem.line == 27
    assert problem.expected == f"a check type ({', '.join(checks.load_checks())})"
    assert problem.found == '"require" (did you mean "requires"?)'


@pytest.mark.parametrize("bad", [
    {"type": "product", "id": "p", "component": "card", "sets": ["colour"], "eatch": 2},  # a key it has not
    {"type": "product", "id": "p", "component": "card", "sets": []},  # a value out of bounds
    {"type": "product", "id": "p", "sets": ["colour"]},  # a key missing
    {"type": "requires", "id": "r", "components": "card", "count": "two"},  # values of the wrong kind
])
def test_a_bad_check_reads_as_it_did_against_every_type(bad: dict[str, object]) -> None:
    raw = {"game": {"title": "t"}, "components": [],
           "checks": [{"type": "requires", "id": "ok", "components": ["card"], "source": "s"}, {"source": "s", **bad}]}
    said = _said_alike(raw)
    assert all(p.path.startswith("checks[1].") for p in said), said


@pytest.mark.parametrize("bad", [
    {"type": "rect", "x": 0, "y": 0, "w": 10, "h": 10, "colour": "red"},  # a key it has not
    {"type": "rect", "x": 0, "y": 0, "w": [1, 2], "h": 10},  # a value of the wrong kind
    {"type": "circle", "r": 2, "rotate": 90, "transform": {"spin": 1}},  # gathered into its transform
    {"type": "circle", "cy": 5},  # keys missing
])
@pytest.mark.parametrize("where", ["layouts", "diagrams"])
def test_a_bad_element_reads_as_it_did_against_every_element(bad: dict[str, object], where: str) -> None:
    raw = {"game": {"title": "t"}, "components": [],
           where: {"face": {"elements": [{"type": "circle", "cx": 1, "cy": 1, "r": 1}, bad]}}}
    said = _said_alike(raw)
    assert all(p.path.startswith(f"{where}.face.elements[1]") for p in said), said


def _said_alike(raw: dict[str, Any]) -> list[Any]:
    """The problems the game's own model finds in ``raw``: some, and the very ones of the whole model."""
    from pydantic import ValidationError

    narrow = model.game_file(raw)
    assert narrow is not model.GameFile
    with pytest.raises(ValidationError) as mine:
        narrow.model_validate(raw)
    with pytest.raises(ValidationError) as every:
        model.GameFile.model_validate(raw)
    said = _problems(mine.value, "game.toml", "", narrow)
    assert said and said == _problems(every.value, "game.toml", "", model.GameFile)
    return said
