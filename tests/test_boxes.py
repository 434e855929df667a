"""Boxes: sizes measured from the drawn dielines (SVG), not taken from the code that made them.

The tuck box's panels are read back from the fold lines of its SVG; the lid and base
floors likewise. Panels are the inner size plus one cardstock thickness (folds sit in
the middle of the board), so inner = distance between folds - cardstock.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import DATA, ROOT, copy_game, manifest, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.boxes import PAPER_ENVELOPE, fits_paper, plan
from printkit.boxes.net import Net, split
from printkit.boxes.telescope import TraySpec, tray_net
from printkit.boxes.tuck import TuckSpec, tuck_net
from printkit.build import draw, piece_sizes
from printkit.drawing import Group, apply
from printkit.load import load_game

NS = {"svg": "http://www.w3.org/2000/svg"}
CARDSTOCK = 0.4  # the [boxes] default
CLEARANCE = 1.0
CARD = 0.3
GAMES = sorted(p.name for p in DATA.iterdir() if (p / "game.toml").is_file())

Seg = tuple[tuple[float, float], tuple[float, float]]


def layer(svg: Path, role: str) -> ET.Element | None:
    return ET.parse(svg).getroot().find(f"svg:g[@id='{role}']", NS)


def _points(d: str) -> list[list[tuple[float, float]]]:
    """Subpaths of an M/L/Z path as point lists (box dielines use straight segments only)."""
    assert "C" not in d
    subpaths: list[list[tuple[float, float]]] = []
    for cmd, args in re.findall(r"([MLZ])([^MLZ]*)", d):
        nums = [float(v) for v in args.split()]
        if cmd == "M":
            subpaths.append([(nums[0], nums[1])])
        elif cmd == "L":
            subpaths[-1].append((nums[0], nums[1]))
    return subpaths


def fold_segments(svg: Path) -> list[Seg]:
    g = layer(svg, "fold")
    if g is None:  # the SVG writer leaves out empty layers: a lone panel has no fold layer
        return []
    out = []
    for path in g.iter(f"{{{NS['svg']}}}path"):
        (pts,) = _points(path.get("d", ""))
        assert len(pts) == 2
        out.append((pts[0], pts[1]))
    return out


def cut_loops(svg: Path) -> list[list[tuple[float, float]]]:
    g = layer(svg, "cut")
    assert g is not None
    return [pts for path in g.iter(f"{{{NS['svg']}}}path") for pts in _points(path.get("d", ""))]


def fold_positions(svg: Path, vertical: bool, min_length: float = 0.0) -> list[float]:
    """Distinct x of vertical folds (or y of horizontal ones) at least ``min_length`` long."""
    out = set()
    for (x1, y1), (x2, y2) in fold_segments(svg):
        if vertical and abs(x1 - x2) < 1e-6 and abs(y1 - y2) >= min_length:
            out.add(round(x1, 3))
        if not vertical and abs(y1 - y2) < 1e-6 and abs(x1 - x2) >= min_length:
            out.add(round(y1, 3))
    return sorted(out)


def tuck_inner(svg: Path) -> tuple[float, float, float]:
    """Width, height and depth inside a folded tuck box, measured between its fold lines.

    The strip front | side | back | side | glue tab has four vertical folds, full height;
    a side is between the first two, the back between the second and third.
    """
    xs = fold_positions(svg, vertical=True, min_length=40)
    assert len(xs) == 4, xs
    ys = fold_positions(svg, vertical=False)
    strip = [y for y in ys if y not in (min(ys), max(ys))]  # the tuck flap and bottom glue folds are outermost
    assert len(strip) == 2, ys
    return (xs[2] - xs[1] - CARDSTOCK, strip[1] - strip[0] - CARDSTOCK, xs[1] - xs[0] - CARDSTOCK)


def tray_floor(svg: Path) -> tuple[float, float]:
    """The floor panel of a tray: between its two long-running folds each way."""
    xs = fold_positions(svg, vertical=True)
    ys = fold_positions(svg, vertical=False)
    return (xs[-1] - xs[0], ys[-1] - ys[0])


def test_euclidean_tuck_box_holds_its_80_cards(built: Path) -> None:
    svg = built / "euclidean" / "svg" / "boxes" / "tuck-cards.svg"
    w, h, d = tuck_inner(svg)
    assert w == pytest.approx(63 + CLEARANCE, abs=0.1)
    assert h == pytest.approx(88 + CLEARANCE, abs=0.1)
    assert d == pytest.approx(80 * CARD + CLEARANCE, abs=0.1)


@pytest.mark.parametrize("game", GAMES)
def test_every_tuck_box_fits_its_deck(built: Path, game: str) -> None:
    """For every game present: each tuck box is its cards' size + clearance by the deck's thickness."""
    boxes = [b for b in manifest(built, game)["boxes"] if b["kind"] == "tuck"]
    for box in boxes:
        if len(box["parts"]) != 1:
            continue  # split tuck boxes are measured by the split test
        w, h, d = tuck_inner(built / game / box["parts"][0])
        cw, ch = box["card"]
        assert (w, h, d) == pytest.approx((cw + CLEARANCE, ch + CLEARANCE, box["deck_thickness"] + CLEARANCE),
                                          abs=0.1)
        assert box["deck_thickness"] >= box["cards"] * 0.1


@pytest.mark.parametrize("game", GAMES)
def test_lid_fits_over_base_with_the_clearance(built: Path, game: str) -> None:
    m = manifest(built, game)
    parts = {b["id"]: b for b in m["boxes"]}
    if "lid-box-lid" not in parts or len(parts["lid-box-lid"]["parts"]) > 1 or len(parts["lid-box-base"]["parts"]) > 1:
        pytest.skip("split trays are checked by the split test")
    base_w, base_l = tray_floor(built / game / parts["lid-box-base"]["parts"][0])
    lid_w, lid_l = tray_floor(built / game / parts["lid-box-lid"]["parts"][0])
    base_outer = (base_w + CARDSTOCK, base_l + CARDSTOCK)
    lid_inner = (lid_w - CARDSTOCK, lid_l - CARDSTOCK)
    gap = parts["lid-box-lid"]["lid_clearance"]
    assert lid_inner[0] - base_outer[0] == pytest.approx(2 * gap, abs=0.1)
    assert lid_inner[1] - base_outer[1] == pytest.approx(2 * gap, abs=0.1)
    # and the base holds what it lists: every content block lies on its floor
    inner = (base_w - CARDSTOCK, base_l - CARDSTOCK)
    for block in parts["lid-box-base"]["contents"]:
        bw, bl, bh = block["size"]
        assert max(bw, bl) <= max(inner) + 1e-6 and min(bw, bl) <= min(inner) + 1e-6
        assert bh <= parts["lid-box-base"]["inner"][2]


@pytest.mark.parametrize("game", GAMES)
def test_every_box_part_lies_on_the_paper(built: Path, game: str) -> None:
    m = manifest(built, game)
    for paper in ("a4", "letter"):
        name = f"{game}-box-{paper}.pdf"
        sheet = m["box_sheets"][name]
        pw, ph = sheet["paper"]["width"], sheet["paper"]["height"]
        reader = PdfReader(built / game / name)
        # Every part once; small parts share a page (the walls of a large box), so never more pages than parts.
        n_parts = sum(len(b["parts"]) for b in m["boxes"])
        assert len(sheet["placements"]) == n_parts
        assert len(reader.pages) == sheet["pages"] <= n_parts
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(pw * 72 / 25.4, abs=0.5)
        for p in sheet["placements"]:
            x, y, w, h = p["trim"]
            assert 5 - 1e-6 <= x and x + w <= pw - 5 + 1e-6, p
            assert 5 - 1e-6 <= y and y + h <= ph - 5 + 1e-6, p


def _on_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return math.hypot(px - ax, py - ay) < 0.01
    cross = abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length
    dot = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
    return cross < 0.01 and -0.01 <= dot <= length + 0.01


@pytest.mark.parametrize("game", GAMES)
def test_fold_lines_run_from_cut_edge_to_cut_edge(built: Path, game: str) -> None:
    with_folds = 0
    for svg in sorted((built / game / "svg" / "boxes").glob("*.svg")):
        loops = cut_loops(svg)
        edges = [(loop[i], loop[(i + 1) % len(loop)]) for loop in loops for i in range(len(loop))]
        folds = fold_segments(svg)
        if not folds:
            # A part split off as a single panel (a large floor) has nothing to fold: it must be one quad.
            assert len(loops) == 1 and len(loops[0]) == 4, f"{svg.name}: no folds but not a single panel"
            continue
        with_folds += 1
        for a, b in folds:
            for end in (a, b):
                assert any(_on_segment(end, *e) for e in edges), f"{svg.name}: fold end {end} is not on the cut line"
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert not any(_on_segment(mid, *e) for e in edges), f"{svg.name}: fold {a}-{b} lies on the cut line"
    assert with_folds, f"{game}: no box part has fold lines"


@pytest.mark.parametrize("game", GAMES)
def test_svg_cut_layer_holds_only_closed_outlines(built: Path, game: str) -> None:
    for svg in sorted((built / game / "svg" / "boxes").glob("*.svg")):
        cut = layer(svg, "cut")
        assert cut is not None
        shapes = [el for el in cut.iter() if el is not cut and el.tag != f"{{{NS['svg']}}}g"]
        assert shapes, svg.name
        for el in shapes:
            assert el.tag == f"{{{NS['svg']}}}path", f"{svg.name}: {el.tag} in the cut layer"
            d = el.get("d", "")
            assert d.count("M") == d.count("Z") >= 1 and d.rstrip().endswith("Z"), f"{svg.name}: open cut path"
            assert not el.get("stroke-dasharray"), f"{svg.name}: a dashed (fold) line in the cut layer"
        fold = layer(svg, "fold")  # absent on a lone panel; where present, every line in it is dashed
        assert fold is None or all(el.get("stroke-dasharray") for el in fold.iter(f"{{{NS['svg']}}}path"))
        art = layer(svg, "art")
        assert art is not None and art.find(".//svg:text", NS) is not None  # text is art, not cut


def _tuck_depth(out: Path, game: str) -> float:
    return tuck_inner(out / game / "svg" / "boxes" / "tuck-cards.svg")[2]


def test_more_cards_make_a_deeper_tuck_box(built: Path, tmp_path: Path) -> None:
    folder = copy_game("euclidean", tmp_path)
    text = (folder / "game.toml").read_text()
    # scoring cards: 4 -> 14, ten more cards in the deck
    new, n = re.subn(r'(id = "scoring-card"\n(?:[^\[]*?\n)?)count = 4\n', r'\1count = 14\n', text)
    assert n == 1
    # the rulebook's count moves with it, so the proof at the end of the build still passes
    new, n = re.subn(r'(id = "scoring-cards"\ncomponents = \["scoring-card"\]\n)count = 4\n', r'\1count = 14\n', new)
    assert n == 1
    (folder / "game.toml").write_text(new)
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet",
                     "--paper", "a4")
    assert result.returncode == 0, result.stderr
    grown = _tuck_depth(tmp_path / "out", "euclidean") - _tuck_depth(built, "euclidean")
    assert grown == pytest.approx(10 * CARD, abs=0.1)
    # the lid box grows with it: its base is at least as deep as the new tuck box lying flat
    base = next(b for b in manifest(tmp_path / "out", "euclidean")["boxes"] if b["id"] == "lid-box-base")
    assert base["inner"][2] >= (90 * CARD + CLEARANCE) + 2 * CARDSTOCK


def test_sleeves_make_the_tuck_box_wider_and_deeper(built: Path, tmp_path: Path) -> None:
    result = run_cli("build", "euclidean", "--data", str(DATA), "--out", str(tmp_path), "--quiet",
                     "--paper", "a4", "--sleeves")
    assert result.returncode == 0, result.stderr
    plain = tuck_inner(built / "euclidean" / "svg" / "boxes" / "tuck-cards.svg")
    sleeved = tuck_inner(tmp_path / "euclidean" / "svg" / "boxes" / "tuck-cards.svg")
    assert sleeved[0] - plain[0] == pytest.approx(3.0, abs=0.1)  # sleeve_margin default
    assert sleeved[1] - plain[1] == pytest.approx(3.0, abs=0.1)
    assert sleeved[2] - plain[2] == pytest.approx(80 * 0.1, abs=0.1)  # sleeve_thickness default


BIG_GAME = '''
[game]
title = "Big Box Test"
players = "2-4"
time = "45 min"
age = "10+"

[layouts.plain]
background = "white"

[[components]]
id = "tarot"
kind = "card"
size = "tarot"
count = 150
face = "plain"
thickness = "0.35mm"

[[components]]
id = "mini"
kind = "card"
size = "mini"
count = 30
face = "plain"

[[components]]
id = "aid"
kind = "card"
width = "90mm"
height = "120mm"
count = 3
face = "plain"

[[components]]
id = "map"
kind = "card"
width = "185mm"
height = "250mm"
face = "plain"
'''


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game whose boxes are larger than the paper: a deep tarot deck and a wide lid box."""
    root = tmp_path_factory.mktemp("big")
    (root / "data" / "big").mkdir(parents=True)
    (root / "data" / "big" / "game.toml").write_text(BIG_GAME)
    result = run_cli("build", "--data", str(root / "data"), "--out", str(root / "out"), "--quiet")
    assert result.returncode == 0, result.stderr
    return root / "out"


def test_decks_are_grouped_by_card_size_and_small_ones_ride_loose(big: Path) -> None:
    m = manifest(big, "big")
    tucks = {b["id"]: b for b in m["boxes"] if b["kind"] == "tuck"}
    assert set(tucks) == {"tuck-cards-70x120", "tuck-cards-44x63"}  # 3 aids and 1 map: too few for a box
    assert tucks["tuck-cards-70x120"]["deck_thickness"] == pytest.approx(150 * 0.35)
    base = next(b for b in m["boxes"] if b["id"] == "lid-box-base")
    loose = [c["what"] for c in base["contents"]]
    assert "aid" in loose and "map" in loose


def test_parts_larger_than_the_paper_are_split_and_joined(big: Path) -> None:
    m = manifest(big, "big")
    split = [b for b in m["boxes"] if len(b["parts"]) > 1]
    assert {b["id"] for b in split} >= {"lid-box-lid", "lid-box-base"}
    for box in split:
        letters_on_tabs: set[str] = set()
        letters_on_panels: set[str] = set()
        for rel in box["parts"]:
            svg = big / "big" / rel
            texts = [t.text or "" for t in ET.parse(svg).getroot().iter(f"{{{NS['svg']}}}text")]
            letters_on_tabs |= {t.split()[1] for t in texts if t.startswith("JOIN ")}
            letters_on_panels |= {t for t in texts if re.fullmatch(r"[A-Z]", t)}
            _, _, w, h = (float(v) for v in ET.parse(svg).getroot().get("viewBox", "").split())
            assert min(w, h) <= 200 + 3 and max(w, h) <= 269.4 - 10 + 3  # the part (plus bleed) fits the paper
        # every join is marked on both sides: a JOIN tab on one part, its letter on the other
        assert letters_on_tabs and letters_on_tabs == letters_on_panels
        assert len(letters_on_tabs) == len(box["parts"]) - 1
    # the floor is never cut: one part is at least as long as the lid's floor panel
    lid = next(b for b in m["boxes"] if b["id"] == "lid-box-lid")
    longest = []
    for rel in lid["parts"]:
        pts = [p for loop in cut_loops(big / "big" / rel) for p in loop]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        longest.append(max(max(xs) - min(xs), max(ys) - min(ys)))
    assert max(longest) >= max(lid["inner"][:2]) + CARDSTOCK - 0.1


def test_box_settings_are_checked(tmp_path: Path) -> None:
    folder = copy_game("euclidean", tmp_path)
    with open(folder / "game.toml", "a") as fh:
        fh.write('\n[[boxes.decks]]\nid = "main"\ncomponents = ["line-card", "no-such-card"]\n'
                 '[[boxes.boards]]\ncomponent = "no-such-board"\nacross = 2\n')
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2  # both problems, one line each, found when loading, before anything is drawn
    assert "boxes.decks[0].components[1]" in lines[0] and "no-such-card" in lines[0]
    assert "boxes.boards[0].component" in lines[1] and "no-such-board" in lines[1]
    assert "Traceback" not in result.stderr and not (tmp_path / "out").exists()


def test_boards_lie_folded_or_stacked_as_declared(tmp_path: Path) -> None:
    """A board declared under [[boxes.boards]] lies in parts of its size / (across x down), one layer per part."""
    game = tmp_path / "data" / "engines"
    game.parent.mkdir(parents=True)
    text = (ROOT / "tests" / "games" / "engines" / "game.toml").read_text()
    (game).mkdir()
    (game / "game.toml").write_text(text + '\n[[boxes.boards]]\ncomponent = "mat"\nacross = 3\ndown = 2\nhow = "stack"\n')
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--quiet",
                     "--paper", "a4", "--no-svg")
    assert result.returncode == 0, result.stderr
    base = next(b for b in manifest(tmp_path / "out", "engines")["boxes"] if b["id"] == "lid-box-base")
    mats = [c for c in base["contents"] if c["what"].startswith("mat")]
    assert mats and all(c["size"] == pytest.approx([160.0, 100.0, 6 * 0.3]) for c in mats)  # 320/2 x 300/3
    # the 150 x 240 mat has no declaration and fits a box on the paper: it lies flat, unfolded
    assert any(c["what"] == "small-mat" and c["size"][:2] == pytest.approx([240.0, 150.0]) for c in base["contents"])


# --- the net toolkit, for any size (no build needed) -----------------------------------



def _area(loop: list[tuple[float, float]]) -> float:
    return abs(sum(loop[i][0] * loop[(i + 1) % len(loop)][1] - loop[(i + 1) % len(loop)][0] * loop[i][1]
                   for i in range(len(loop)))) / 2


def _check_net(net: Net) -> None:
    loops = net.outline()
    assert len(loops) == 1  # one piece, one closed cut
    # faces neither overlap nor leave gaps: the cut encloses exactly the sum of the faces
    assert _area(loops[0]) == pytest.approx(sum(f.area for f in net.faces), abs=0.05)
    edges = [(loops[0][i], loops[0][(i + 1) % len(loops[0])]) for i in range(len(loops[0]))]
    for (a, b), _, _ in net.folds():
        assert any(_on_segment(a, *e) for e in edges) and any(_on_segment(b, *e) for e in edges)


sizes = st.floats(min_value=20, max_value=200)
depths = st.floats(min_value=2, max_value=80)


@settings(max_examples=60, deadline=None)
@given(w=sizes, h=sizes, d=depths)
def test_any_tuck_box_net_is_one_clean_piece(w: float, h: float, d: float) -> None:
    net = tuck_net(TuckSpec(name="t", width=w, height=h, depth=d, cardstock=0.4, glue_tab=10,
                            front=[], back=[], side=[], top=[]))
    _check_net(net)
    back = net.face("back").bbox
    assert back[2] - back[0] == pytest.approx(w + 0.4) and back[3] - back[1] == pytest.approx(h + 0.4)


@settings(max_examples=60, deadline=None)
@given(w=sizes, l=sizes, d=depths)
def test_any_tray_net_is_one_clean_piece_and_splits_to_fit(w: float, l: float, d: float) -> None:
    net = tray_net(TraySpec(name="t", width=w, length=l, depth=d, cardstock=0.4, glue_tab=10,
                            floor=[], front=[], back=[], sides=[]))
    _check_net(net)
    try:
        parts = split(net, fits_paper, 10.0)
    except ValueError:
        # only a floor that cannot fit the paper on its own may refuse to split
        fw, fl = w + 0.4, l + 0.4
        assert max(fw, fl) > PAPER_ENVELOPE[1] - 10 or min(fw, fl) > PAPER_ENVELOPE[0]
        return
    assert all(fits_paper(p) for p in parts)
    for p in parts:
        assert len(p.outline()) == 1
    # nothing lost: every face of the net is in exactly one part
    names = sorted(f.name for p in parts for f in p.faces if f.kind != "join")
    assert names == sorted(f.name for f in net.faces)
    assert sum(f.kind == "join" for p in parts for f in p.faces) == len(parts) - 1


# --- text reads upright on the folded box ------------------------------------------------



def _text_up(face_art: tuple) -> tuple[float, float]:  # type: ignore[type-arg]
    """The direction (in the net) that the top of a face's text points to."""
    (node,) = [n for n in face_art if isinstance(n, Group)][:1] or [None]
    m = node.transform if node is not None else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    x0, y0 = apply(m, 0.0, 0.0)
    x1, y1 = apply(m, 0.0, -1.0)
    return (x1 - x0, y1 - y0)


def _centre(face) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    x0, y0, x1, y1 = face.bbox
    return ((x0 + x1) / 2, (y0 + y1) / 2)


@pytest.fixture(scope="module")
def euclidean_boxes() -> dict[str, object]:
    game = load_game(DATA / "euclidean")
    return {b.id: b for b in plan(game, piece_sizes(draw(game)))}


def test_lid_wall_text_reads_upright_with_the_lid_on_top(euclidean_boxes: dict) -> None:  # type: ignore[type-arg]
    (lid,) = euclidean_boxes["lid-box-lid"].parts  # type: ignore[attr-defined]
    floor = _centre(lid.face("floor"))
    walls = [f for f in lid.faces if f.name.startswith("wall-") and f.art]
    assert len(walls) == 4
    for wall in walls:
        ux, uy = _text_up(wall.art)
        cx, cy = _centre(wall)
        # the lid's floor is the top of the closed box: wall text points its top toward it
        assert ux * (floor[0] - cx) + uy * (floor[1] - cy) > 0, wall.name


def test_tuck_box_text_reads_upright(euclidean_boxes: dict) -> None:  # type: ignore[type-arg]
    (tuck,) = euclidean_boxes["tuck-cards"].parts  # type: ignore[attr-defined]
    lid = _centre(tuck.face("lid"))
    for name in ("front", "back"):
        face = tuck.face(name)
        ux, uy = _text_up(face.art)
        _, cy = _centre(face)
        assert (ux, uy) == pytest.approx((0.0, -1.0)) and lid[1] < cy  # upright, the lid above
    # the lid's text is read from the front: its top points to the back, where the lid is hinged
    ux, uy = _text_up(tuck.face("lid").art)
    back = _centre(tuck.face("back"))
    assert uy * (back[1] - lid[1]) > 0 and ux == pytest.approx(0.0, abs=1e-9)


def test_the_lid_box_holds_built_solids(built: Path) -> None:
    """Nets are boxed as the solids they fold into, each lying on its largest side: the box is at
    least as deep as the smallest dimension of the largest built piece, and never under min_depth."""
    import json

    from printkit.build import assembled_sizes, draw
    from printkit.load import load_game

    for game_id, component in (("pythagoras", "pyramid"), ("equilibrix", "inception"), ("shape-cards", "die")):
        game = load_game(DATA / game_id)
        dims = assembled_sizes(draw(game))[component]
        base = next(b for b in json.loads((built / game_id / "manifest.json").read_text())["boxes"]
                    if b["id"] == "lid-box-base")
        assert base["inner"][2] >= min(dims) >= 15.0, (game_id, dims, base["inner"])
        assert base["inner"][2] >= game.data.boxes.min_depth


# --- the lid box's depth and the smallest deck with a tuck box, planned in-process --------------

STACK_GAME = '''[game]
title = "Stack"
[layouts.face]
elements = []
[[components]]
id = "deck"
kind = "card"
size = "poker"
count = {cards}
face = "face"
[[components]]
id = "tile"
kind = "token"
shape = "rounded"
width = 92
height = 66
count = 100
face = "face"
'''


def plan_stack(tmp_path: Path, cards: int) -> dict[str, object]:
    folder = tmp_path / f"stack-{cards}"
    folder.mkdir()
    (folder / "game.toml").write_text(STACK_GAME.format(cards=cards))
    sizes = {"deck": [(63.0, 88.0, cards)], "tile": [(92.0, 66.0, 100)]}
    return {b.id: b for b in plan(load_game(folder), sizes)}


def test_the_lid_box_is_as_deep_as_all_its_layers(tmp_path: Path) -> None:
    """100 tiles of 92 x 66 mm lie in piles of 66 and 34 (at most 20 mm of 0.3 mm pieces), and the tuck box of
    10 poker cards beside none of them (each covers the floor): three layers, one above the other."""
    boxes = plan_stack(tmp_path, 10)
    tuck = 10 * CARD + CLEARANCE + 2 * CARDSTOCK  # 10 cards, the play, a wall each side
    layers = [66 * 0.3, 34 * 0.3, tuck]
    base = boxes["lid-box-base"]
    assert base.info["layers"] == 3  # type: ignore[attr-defined]
    assert base.inner[2] == pytest.approx(sum(layers) + 2.0)  # type: ignore[attr-defined]  # + content clearance
    assert base.inner[:2] == pytest.approx((92.0 + 2.0, 66.0 + 2.0))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("cards", "tucked"), [(9, False), (10, True), (11, True)])
def test_a_deck_of_min_deck_cards_gets_its_tuck_box(tmp_path: Path, cards: int, tucked: bool) -> None:
    boxes = plan_stack(tmp_path, cards)  # [boxes] min_deck = 10, the default
    assert ("tuck-cards" in boxes) is tucked
    contents = {c["what"]: c["size"] for c in boxes["lid-box-base"].info["contents"]}  # type: ignore[attr-defined]
    if tucked:
        assert boxes["tuck-cards"].info["cards"] == cards  # type: ignore[attr-defined]
        assert "deck tuck box" in contents and "deck" not in contents
    else:  # too few: the cards lie loose in the lid box
        assert contents["deck"] == pytest.approx([63.0, 88.0, cards * CARD]) and "deck tuck box" not in contents
