"""Classic decks (issue 18): the `pips` element's playing-card arrangements and the French deck example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.drawing import Group
from printkit.elements.pips import ARRANGEMENTS, pip_centres
from printkit.errors import DataError
from printkit.faces import draw_face
from printkit.game import DrawContext
from printkit.load import load_game
from printkit.symbols import SYMBOLS

GAMES = Path(__file__).resolve().parent / "games"


@pytest.mark.parametrize("count", range(1, 11))
def test_arrangements_have_count_pips_in_the_box(count: int) -> None:
    centres = pip_centres(count, 10, 20, 30, 60)
    assert len(centres) == count == len({(x, y) for x, y, _ in centres})
    assert all(10 <= x <= 40 and 20 <= y <= 80 for x, y, _ in centres)
    assert [t for _, y, t in centres] == [y > 50 + 1e-9 for _, y, _ in centres]  # below the middle: turned
    if count != 7:  # every rank but the seven looks the same upside down
        turned = {(round(40 + 10 - x, 6), round(80 + 20 - y, 6)) for x, y, _ in centres}
        assert turned == {(round(x, 6), round(y, 6)) for x, y, _ in centres}
    xs = {x for x, _, _ in centres}
    assert xs <= {10.0, 25.0, 40.0}  # two side columns and a middle one


def test_standard_arrangements() -> None:
    assert ARRANGEMENTS[1] == [(0.5, 0.5)]
    assert sorted(ARRANGEMENTS[5]) == sorted([(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)])
    assert sum(1 for x, _ in ARRANGEMENTS[10] if x == 0.5) == 2 and sum(1 for x, _ in ARRANGEMENTS[9] if x == 0.5) == 1
    assert {"heart", "diamond", "club", "spade"} <= set(SYMBOLS)


def card(rank: str, suit: str = "hearts") -> list:  # type: ignore[type-arg]
    game = load_game(GAMES / "deck")
    v = next(v for v in game.variants["card"] if v.values["rank"]["name"] == rank and v.values["suit"]["name"] == suit)
    return draw_face(game, "card", DrawContext(game, v, "components.card"), 63, 88, 3).children


def pips(nodes: list, size: float) -> list[Group]:  # type: ignore[type-arg]
    return [n for n in nodes if isinstance(n, Group) and abs(abs(n.transform[0]) - size) < 1e-9]


def test_the_ten_of_hearts_turns_its_lower_half() -> None:
    groups = pips(card("10"), 9)
    assert len(groups) == 10
    turned = [g for g in groups if g.transform[0] < 0]  # rotated 180: the matrix's a is -size
    assert len(turned) == 5 and all(g.transform[5] > 17 + 27 for g in turned)


def test_ace_is_one_large_pip_and_courts_have_none() -> None:
    assert len(pips(card("A", "spades"), 22)) == 1
    assert pips(card("K", "clubs"), 9) == []


def test_the_deck_builds_and_proves(tmp_path: Path) -> None:
    result = run_cli("build", "deck", "--data", str(GAMES), "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    proof = json.loads((tmp_path / "deck" / "proof.json").read_text())
    assert proof["verdict"] == "pass" and proof["totals"]["by_kind"]["card"] == 54


BASE = """
[game]
title = "Pips"
[layouts.face]
elements = [ELEMENT]
[[sets.rank]]
name = "big"
pips = 11
[[components]]
id = "c"
kind = "card"
size = "poker"
vary = ["rank"]
face = "face"
"""


@pytest.mark.parametrize(("element", "expected"), [
    ('{ type = "pips", count = 0 }', "a whole number of pips from 1 to 10"),
    ('{ type = "pips", count = 11 }', "a whole number of pips from 1 to 10"),
    ('{ type = "pips", count = "ten" }', "a whole number from 1 to 10, or a template"),
    ('{ type = "pips", count = "{rank.pips}" }', "a whole number of pips from 1 to 10"),
    ('{ type = "pips", count = 3, symbol = "moon" }', "a symbol (circle, club"),
])
def test_bad_pips_are_data_errors(tmp_path: Path, element: str, expected: str) -> None:
    (tmp_path / "game.toml").write_text(BASE.replace("ELEMENT", element))
    with pytest.raises(DataError) as err:
        game = load_game(tmp_path)
        draw_face(game, "face", DrawContext(game, game.variants["c"][0], "components.c"), 63, 88, 0)
    [problem] = err.value.problems
    assert expected in problem.expected and "elements[0]" in problem.path, problem
