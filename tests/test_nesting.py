"""Hollow solids (faces left open) and solids that nest: the net, the fit, and the lid box's stacks."""

from __future__ import annotations

import itertools
import math
import shutil
from pathlib import Path

import pytest

from printkit.boxes import nested_stacks, plan
from printkit.build import assembled_sizes, draw, piece_sizes
from printkit.drawing import Circle, walk
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.load import load_game
from printkit.solids import nest_gap, square_pyramid, tetrahedron, unfold

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "games" / "nesting"


def test_an_open_face_leaves_a_rim_that_is_cut_not_glued() -> None:
    solid = square_pyramid(25, 44).without(["base"])
    assert solid.face_names == ("side 1", "side 2", "side 3", "side 4") and solid.open == ("base",)
    net = unfold(solid, "fan", tab=5)
    assert len(net.faces) == 4
    # 8 edges: 4 rim edges around the open base, 3 folds between the sides, 1 cut edge glued by one tab.
    assert len(net.folds) == 3 and len(net.glued) == 1 and len(net.tabs) == 1
    rim = [(p, q) for poly in net.faces for p, q in zip(poly, poly[1:] + poly[:1], strict=True)
           if math.isclose(math.dist(p, q), 25.0)]
    assert len(rim) == 4
    # The rim edges are on the cut outline.
    outline = {(round(x, 6), round(y, 6)) for x, y in net.outline}
    assert all((round(p[0], 6), round(p[1], 6)) in outline for e in rim for p in e)


def test_an_unfolding_that_needs_the_open_face_is_refused() -> None:
    solid = square_pyramid(25, 44).without(["base"])
    assert "star" not in solid.unfoldings and "fan" in solid.unfoldings
    with pytest.raises(ValueError, match="open face"):
        unfold(solid, "star")
    with pytest.raises(ValueError, match="not 'lid'"):
        square_pyramid(25, 44).without(["lid"])
    with pytest.raises(ValueError, match="at least two faces"):
        tetrahedron(20).without(["base", "side 1", "side 2"])


@pytest.mark.parametrize(("a", "h", "big", "tall"), [(18, 25, 22, 35), (22, 35, 25, 44), (10, 10, 30, 12)])
def test_nest_gap_is_the_least_distance_from_the_inner_solid_to_the_outer_walls(
        a: float, h: float, big: float, tall: float) -> None:
    outer, inner = square_pyramid(big, tall).without(["base"]), square_pyramid(a, h)
    norm = math.hypot(tall, big / 2)
    corner = tall * (big - a) / 2 / norm  # a base corner of the inner pyramid to the outer side's plane
    apex = big / 2 * (tall - h) / norm  # the inner apex to the same plane
    assert nest_gap(outer, inner) == pytest.approx(min(corner, apex))
    assert nest_gap(inner, outer) < 0, "the larger one does not fit inside the smaller"
    assert nest_gap(square_pyramid(big, tall), square_pyramid(big, tall)) == pytest.approx(0.0, abs=1e-9)


def test_the_example_pyramids_nest_with_room_for_paper_and_a_glue_tab() -> None:
    game = load_game(GAME)
    sizes = sorted(game.data.sets["size"], key=lambda s: float(s["base"]))  # type: ignore[arg-type]
    paper = game.data.boxes.piece_thickness
    for small, big in itertools.pairwise(sizes):
        gap = nest_gap(square_pyramid(float(big["base"]), float(big["height"])),  # type: ignore[arg-type]
                       square_pyramid(float(small["base"]), float(small["height"])))  # type: ignore[arg-type]
        assert gap > 2 * paper


def test_the_lid_box_holds_nested_stacks_not_loose_solids() -> None:
    game = load_game(GAME)
    assert nested_stacks(game, game.component("cup"), "size") == [3, 3, 3, 3]  # 2 colours x 2 copies
    kit = draw(game)
    (base, _) = plan(game, piece_sizes(kit), None, assembled_sizes(kit))
    whats = [c["what"] for c in base.info["contents"]]
    assert whats.count("cup (nested stack of 3)") == 4 and "die (assembled)" in whats
    assert not any(w.startswith("cup (assembled") for w in whats)
    # A stack is as large as the largest solid in it (25 x 25 base, 44 high).
    stack = next(c for c in base.info["contents"] if c["what"].startswith("cup"))
    assert sorted(stack["size"]) == pytest.approx(sorted([44.0, 25.0, 25.0]))


def test_net_faces_have_bleed_beyond_the_cut() -> None:
    game = load_game(GAME)
    kit = draw(game)
    item = next(i for items in kit.groups.values() for i in items if i.component == "cup")
    front, outline = item.art.front, item.art.outline
    assert outline is not None
    bleed = game.component("cup").bleed  # type: ignore[attr-defined]
    assert bleed > 0 and front.bleed == pytest.approx(bleed) and outline.bleed == pytest.approx(bleed)
    disks = {(round(n.cx, 6), round(n.cy, 6)) for n, _ in walk(front.children, front.defs)
             if isinstance(n, Circle) and n.paint.fill == "#cc2222" and math.isclose(n.r, bleed)}
    # A disk of the face's colour, as wide as the bleed, on every corner of every face: the fill runs
    # past every edge, rounded at the corners (no mitre spikes beyond the bleed box).
    cut = outline.children[0]
    assert isinstance(cut, PathNode)
    corners = {(round(seg[1], 6), round(seg[2], 6)) for seg in cut.segments if seg[0] in ("M", "L")}
    assert len(disks) == 6, disks  # the apex and the 5 base corners of the fan of four sides
    assert disks <= corners


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    target = tmp_path / "nesting"
    shutil.copytree(GAME, target)
    toml = target / "game.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize(("old", "new", "message"), [
    ('nest = "size"', 'nest = "shape"', "`nest` names a set in `vary`"),
    ('open = ["base"]\n', "", "`nest` needs hollow solids"),
    ('open = ["base"]', 'open = ["lid"]', "`open`: faces of the square-pyramid"),
    ('unfold = "fan"', 'unfold = "star"', "holds together without the open faces"),
])
def test_bad_nesting_data_is_one_clear_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(DataError) as info:
        draw(load_game(_broken(tmp_path, old, new)))
    text = str(info.value)
    assert message in text and "components" in text and len(text.strip().splitlines()) == 1, text
