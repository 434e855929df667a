"""`true` or `false` where a number belongs is a data error naming the key (pydantic alone reads them as 1 and
0: a rectangle 1 mm wide, a single pip, no copies at all), while numbers and templates load as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import game_from

from printkit.errors import DataError

GAME = '''[game]
title = "T"
[layouts.face]
background = "white"
elements = [ {element} ]
[[components]]
id = "card"
kind = "card"
size = "poker"
count = 1
face = "face"
'''
RECT = '{{ type = "rect", x = 1, y = 1, w = {w}, h = 5, fill = "#ff0000" }}'
PIPS = '{{ type = "pips", count = {count}, symbol = "heart", x = 2, y = 2, w = 20, h = 28, size = 6, fill = "#ff0000" }}'
REPEAT = '{{ type = "repeat", count = {count}, elements = [{{ type = "circle", cx = 5, cy = 5, r = 2, fill = "#ff0000" }}] }}'


@pytest.mark.parametrize(("element", "key"), [
    (RECT.format(w="true"), "elements[0].w"),
    (RECT.format(w="false"), "elements[0].w"),
    (PIPS.format(count="true"), "elements[0].count"),
    (REPEAT.format(count="false"), "elements[0].count"),
])
def test_a_boolean_where_a_number_belongs_is_refused(tmp_path: Path, element: str, key: str) -> None:
    with pytest.raises(DataError) as err:
        game_from(tmp_path / "g", GAME.format(element=element))
    lines = [str(p) for p in err.value.problems]
    assert lines and all(f"layouts.face.{key}" in line for line in lines), lines
    assert any("expected a whole number" in line and ("found True" in line or "found False" in line) for line in lines)


@pytest.mark.parametrize(("element", "value"), [
    (RECT.format(w="12"), 12), (RECT.format(w="12.5"), 12.5), (RECT.format(w='"{3 * 4}"'), "{3 * 4}"),
    (PIPS.format(count="7"), 7), (REPEAT.format(count='"{2 + 1}"'), "{2 + 1}"),
])
def test_numbers_and_templates_load_as_written(tmp_path: Path, element: str, value: object) -> None:
    game = game_from(tmp_path / "g", GAME.format(element=element))
    el = game.layouts["face"].elements[0]
    found = getattr(el, "w", None) if '"rect"' in element else el.count
    assert found == value and type(found) is type(value)
