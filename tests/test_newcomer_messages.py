"""Messages a newcomer can act on: a block left open is reported at the tag left open, an unknown
name in a rulebook template lists the known ones with a did-you-mean, a mistyped element type
suggests the right one, and the JSON Schema lets a standard validator name a typo inside an
element or a component."""

from __future__ import annotations

import copy
import shutil
import tomllib
from pathlib import Path

import jsonschema
import pytest
from conftest import DATA, ROOT
from jsonschema.exceptions import best_match

from printkit.docs import json_schema
from printkit.errors import DataError
from printkit.load import load_game
from printkit.rulebook import environment, render_template
from printkit.rulebook.context import build_context

GAMES = ROOT / "tests" / "games"


def template_error(tmp_path: Path, text: str) -> str:
    folder = tmp_path / "tiny"
    shutil.copytree(GAMES / "tiny", folder)
    (folder / "rules").mkdir()
    (folder / "rules" / "rulebook.md").write_text(text)
    game = load_game(folder)
    with pytest.raises(DataError) as err:
        render_template(environment(game), "rulebook.md", build_context(game, {}), game)
    (problem,) = err.value.problems
    return str(problem)


def test_an_if_left_open_is_reported_at_the_if(tmp_path: Path) -> None:
    found = template_error(tmp_path, '{% extends "base/rulebook.md" %}\n{% block intro %}\nHello\n{% if game.title %}\n'
                                     "Title\n{% for c in components %}{{ c.id }}{% endfor %}\n{% endblock %}\n")
    assert found.endswith("rulebook.md:4: expected {% endif %} to close this {% if %}, found {% endblock %} first, at line 7")


def test_a_for_left_open_at_the_end_of_the_template_is_reported_at_the_for(tmp_path: Path) -> None:
    found = template_error(tmp_path, "Hello\n{% for c in components %}\n{% if c %}a{% endif %}\nmore\n")
    assert found.endswith("rulebook.md:2: expected {% endfor %} to close this {% for %}, found the end of the template "
                          "first, at line 4")


def test_an_unknown_name_lists_the_known_ones_with_a_did_you_mean(tmp_path: Path) -> None:
    found = template_error(tmp_path, "We have {{ compnents }}\n")
    assert "rulebook.md:1:" in found and "'compnents' is undefined (names templates know: " in found
    assert "component, components, " in found and found.endswith('(did you mean "components"?)')


def test_a_key_asked_of_the_component_list_says_how_to_pick_one(tmp_path: Path) -> None:
    found = template_error(tmp_path, "We have {{ components.cards }}\n")
    assert "'cards' asked of a list of 1 (loop over it with {% for c in ... %}, or take one by its id: component.<id>, " \
           "ids: card) (did you mean component.card?)" in found


def test_an_unknown_key_of_a_table_lists_its_keys(tmp_path: Path) -> None:
    found = template_error(tmp_path, "{{ game.titel }}\n")
    assert "no 'titel' here (known keys: id, title, subtitle, players, age, time, designer) (did you mean \"title\"?)" in found


@pytest.mark.parametrize(("where", "value", "expected"), [
    ('elements = [{ type = "txt", text = "Hi" }]', '"txt" (did you mean "text"?)', "an element type (chord, circle, "),
    ('elements = [{ type = "rectangle" }]', '"rectangle" (did you mean "rect"?)', "an element type ("),
])
def test_a_mistyped_element_type_is_named_with_a_suggestion(tmp_path: Path, where: str, value: str, expected: str) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.toml").write_text(f'[game]\ntitle = "G"\n[layouts.face]\n{where}\n'
                                      '[[components]]\nid = "c"\nkind = "card"\nsize = "poker"\nface = "face"\n')
    with pytest.raises(DataError) as err:
        load_game(folder)
    (problem,) = err.value.problems
    assert problem.path == "layouts.face.elements[0].type" and problem.line == 4
    assert problem.expected.startswith(expected) and problem.found == value
    assert "{" not in str(problem)  # the element is not dumped


def test_a_mistyped_check_type_is_named_with_a_suggestion(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    shutil.copytree(GAMES / "tiny", folder)
    with (folder / "game.toml").open("a") as f:
        f.write('\n[[checks]]\ntype = "backz"\nid = "b"\n')
    with pytest.raises(DataError) as err:
        load_game(folder)
    (problem,) = err.value.problems
    assert problem.path == "checks[0].type" and problem.expected.startswith("a check type (product, ")
    assert problem.found == '"backz" (did you mean "backs"?)'


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_game_in_the_repository_is_valid_under_the_schema(validator: jsonschema.Draft202012Validator) -> None:
    games = [*sorted(DATA.glob("*/game.toml")), *sorted(GAMES.glob("*/game.toml"))]
    assert len(games) > 10
    for path in games:
        errors = [e.message for e in validator.iter_errors(tomllib.loads(path.read_text()))]
        assert errors == [], path


def typo(validator: jsonschema.Draft202012Validator, change: object) -> tuple[str, list[object]]:
    data = tomllib.loads((GAMES / "bestiary" / "game.toml").read_text())
    data = copy.deepcopy(data)
    change(data)  # type: ignore[operator]
    error = best_match(validator.iter_errors(data))
    assert error is not None
    return error.message, list(error.absolute_path)


def test_the_schema_names_a_typo_inside_a_layout_element(validator: jsonschema.Draft202012Validator) -> None:
    message, path = typo(validator, lambda d: d["layouts"]["card"]["elements"][1].update(sizee="3pt"))
    assert message == "Additional properties are not allowed ('sizee' was unexpected)"
    assert path == ["layouts", "card", "elements", 1]


def test_the_schema_names_a_typo_inside_a_component(validator: jsonschema.Draft202012Validator) -> None:
    message, path = typo(validator, lambda d: d["components"][0].update(fase="card"))
    assert message == "Additional properties are not allowed ('fase' was unexpected)" and path == ["components", 0]


def test_the_schema_names_a_wrong_value_inside_an_element(validator: jsonschema.Draft202012Validator) -> None:
    message, path = typo(validator, lambda d: d["layouts"]["card"]["elements"][1].update(align="centre"))
    assert "'centre' is not one of ['left', 'center', 'right']" in message
    assert path == ["layouts", "card", "elements", 1, "align"]


def test_the_schema_names_an_unknown_element_type(validator: jsonschema.Draft202012Validator) -> None:
    message, path = typo(validator, lambda d: d["layouts"]["card"]["elements"][1].update(type="txt"))
    assert message.startswith("'txt' is not one of ['chord', 'circle'") and path[-1] == "type"


def test_the_schema_has_no_discriminator_left() -> None:
    assert '"discriminator"' not in str(json_schema()).replace("'", '"')
