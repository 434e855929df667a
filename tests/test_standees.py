"""Standees and tents (issue 18): front and back art either side of a fold, base tabs, folds on the
fold layer, and the built size in the box plan."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import run_cli

from printkit.errors import DataError
from printkit.kinds import KINDS
from printkit.kinds.standee import StandeeModel, folds
from printkit.load import load_game

GAMES = Path(__file__).resolve().parent / "games"
NS = {"svg": "http://www.w3.org/2000/svg"}


def model(**keys: object) -> StandeeModel:
    return StandeeModel.model_validate({"id": "s", "kind": "standee", "width": 20, "height": 40, "face": "f", **keys})


def test_a_standee_is_two_panels_and_two_tabs() -> None:
    s = model(base=10)
    assert s.dimensions == (20, 100)
    assert folds(s) == [10, 50, 90]
    assert s.built == (20, 40, 20)
    tent = model(style="tent")
    assert tent.dimensions == (20, 80) and folds(tent) == [40]
    w, h, d = tent.built
    assert (w, h, d) == (20, pytest.approx(40 * math.cos(math.radians(30))), pytest.approx(40))
    assert model(base=0).dimensions == (20, 80) and folds(model(base=0)) == [40]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("standees")
    result = run_cli("build", "standees", "--data", str(GAMES), "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out / "standees"


def test_folds_are_on_the_fold_layer(built: Path) -> None:
    root = ET.parse(built / "svg" / "figure-white-king.svg").getroot()
    fold = root.find("svg:g[@id='fold']", NS)
    assert fold is not None
    ds = [p.get("d", "") for p in fold.iter("{http://www.w3.org/2000/svg}path")]
    ys = sorted({round(float(y), 3) for d in ds for y in re.findall(r"M\s*[-\d.]+[ ,]([-\d.]+)", d)})
    assert ys == [12.0, 52.0, 92.0]  # base 12, panels 40 each
    assert root.find("svg:g[@id='cut']", NS) is not None


def test_the_back_is_upside_down_behind_the_front() -> None:
    game = load_game(GAMES / "standees")
    comp = game.component("figure")
    art = KINDS["standee"].draw(game, comp, game.variants["figure"][0])
    back_group, front_group = [n for n in art.front.children if type(n).__name__ == "Group"]
    assert back_group.transform[0] == pytest.approx(-1) and back_group.transform[3] == pytest.approx(-1)  # turned
    assert front_group.transform == (1.0, 0.0, 0.0, 1.0, 0.0, 52.0)
    assert art.info["assembled"] == (25.0, 40.0, 24.0)


@pytest.mark.parametrize("mirror", [False, True])
def test_a_back_drawn_from_the_front_is_turned_or_mirrored_as_asked(tmp_path: Path, mirror: bool) -> None:
    """A red mark at the front's top left (x 2..6, y 2..10 of a 20 x 40 panel under a 10 mm tab) is behind the
    front's top left once folded: turned half a turn on the paper (x 14..18), or mirrored (x 2..6) for a
    silhouette seen from behind; upside down either way (y 40..48 on the back panel: 10 + 40 - 10 .. 10 + 40 - 2)."""
    from printkit.drawing import Rect, bounds, walk
    from printkit.render.fonts import text_width

    (tmp_path / "game.toml").write_text(
        '[game]\ntitle = "S"\n[layouts.f]\nelements = [{ type = "rect", x = 2, y = 2, w = 4, h = 8, fill = "#ff0000" }]\n'
        f'[[components]]\nid = "s"\nkind = "standee"\nwidth = 20\nheight = 40\nbase = 10\nface = "f"\n'
        f"mirror_back = {str(mirror).lower()}\n")
    game = load_game(tmp_path)
    art = KINDS["standee"].draw(game, game.component("s"), game.variants["s"][0])
    marks = sorted((bounds(shape, m, text_width) for shape, m in walk(art.front.children, art.front.defs)
                    if isinstance(shape, Rect) and shape.paint.fill == "#ff0000"), key=lambda box: box[1])
    back, front = marks
    assert front == pytest.approx((2.0, 52.0, 6.0, 60.0))  # the front panel: under the tab, the back and the fold
    assert back == pytest.approx((2.0, 40.0, 6.0, 48.0) if mirror else (14.0, 40.0, 18.0, 48.0))


def test_the_box_plan_holds_built_standees(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text())
    base = next(b for b in manifest["boxes"] if b["id"] == "lid-box-base")
    contents = [(c["what"], c["size"]) for c in base["contents"]]
    assert contents.count(("figure (assembled)", [40.0, 25.0, 24.0])) == 6  # standing height 40, tabs 2 x 12
    assert contents.count(("plate (assembled)", [70.0, 30.0, round(30 * math.cos(math.radians(30)), 2)])) == 2
    proof = json.loads((built / "proof.json").read_text())
    assert proof["verdict"] == "pass"


@pytest.mark.parametrize(("keys", "expected"), [
    ('style = "tent"\nbase = 10', "no `base` for a tent"),
    ('style = "wall"', "one of 'standee' or 'tent'"),
    ("base = -1", "a length of 0 or more"),
])
def test_bad_standees_are_data_errors(tmp_path: Path, keys: str, expected: str) -> None:
    (tmp_path / "game.toml").write_text(
        '[game]\ntitle = "S"\n[layouts.f]\nbackground = "white"\n[[components]]\nid = "s"\nkind = "standee"\n'
        f'width = 20\nheight = 40\nface = "f"\n{keys}\n')
    with pytest.raises(DataError) as err:
        load_game(tmp_path)
    assert any(expected in p.expected for p in err.value.problems), err.value.problems
