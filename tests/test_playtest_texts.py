"""What the playtest of the five kits found in their printed words (issue 17): every text a
player reads says the same thing, reference cards state the rules right, and printed text is
large and dark enough to read. Texts are read from the drawn pieces and the built rulebook,
so a change to the data that breaks one of them fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import DATA

from printkit.drawing import Rect, Text, walk
from printkit.game import Game
from printkit.kinds import KINDS
from printkit.load import load_game
from printkit.polyform import fits, parse_cells

PT = 25.4 / 72


def _texts(game: Game, comp_id: str) -> dict[str, str]:
    """Piece key -> all the words printed on its front, lines joined."""
    comp = game.component(comp_id)
    out = {}
    for variant in game.variants[comp_id]:
        art = KINDS[comp.kind].draw(game, comp, variant)
        words = [s.text for s, _ in walk(art.front.children, art.front.defs) if isinstance(s, Text)]
        out[variant.key or comp_id] = " ".join(" ".join(words).split())
    return out


def _rules(built: Path, game: str) -> str:
    html = (built / game / f"{game}-rules.html").read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# --- the shape-card game ---------------------------------------------------------------


@pytest.fixture(scope="module")
def shapes() -> Game:
    return load_game(DATA / "shape-cards")


def test_every_printed_text_says_the_same_about_mirror_images(shapes: Game, built: Path) -> None:
    phrase = "turned any way but not mirrored"
    printed = {**_texts(shapes, "shape-card"), **_texts(shapes, "turn-card")}
    assert len(printed) == 13
    for key, words in printed.items():
        assert phrase in words, key
        assert "flipped" not in words, key
    assert phrase in _rules(built, "shape-cards")


def test_a_card_that_never_fits_the_board_is_set_aside_on_the_card_and_in_the_rules(shapes: Game,
                                                                                   built: Path) -> None:
    board = shapes.data.rules["board"]
    texts = _texts(shapes, "shape-card")
    unfit = [v.key for v in shapes.variants["shape-card"]
             if not fits(parse_cells(v.values["shape"]["cells"]), board["cols"], board["rows"])]
    assert unfit == ["I"]
    for key, words in texts.items():
        assert ("Set aside before choosing" in words) == (key in unfit), key
    rules = _rules(built, "shape-cards")
    assert "Set the I card" in rules and "aside" in rules
    assert rules.index("Set the I card") < rules.index("The higher roller picks"), "set aside before choosing"


# --- Hypergrid -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hypergrid() -> Game:
    return load_game(DATA / "hypergrid")


def test_fire_sends_a_burned_token_to_the_discard_pile_of_its_own_colour(hypergrid: Game, built: Path) -> None:
    card = _texts(hypergrid, "powers-card")["powers-card"]
    fire = card[card.index("FIRE"):card.index("AIR")]
    assert "discard pile of its own colour" in fire
    assert "fire's slot" not in card
    assert "discard pile of its colour" in _rules(built, "hypergrid")


def test_each_player_has_a_set_of_reference_cards(hypergrid: Game) -> None:
    players = int(hypergrid.info.players)
    for comp_id in ("powers-card", "turn-card"):
        assert hypergrid.pieces(hypergrid.component(comp_id)) == players


def _luminance(hex_colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("comp_id", ["mat", "powers-card", "turn-card"])
def test_hypergrid_text_is_at_least_7pt_and_dark_enough(hypergrid: Game, comp_id: str) -> None:
    comp = hypergrid.component(comp_id)
    art = KINDS[comp.kind].draw(hypergrid, comp, hypergrid.variants[comp_id][0])
    shapes = [s for s, _ in walk(art.front.children, art.front.defs)]
    texts = [s for s in shapes if isinstance(s, Text)]
    assert texts
    for t in texts:
        assert t.size >= 7 * PT - 1e-6, f"{t.text!r} is {t.size / PT:.1f} pt"
    # the pillar numbers sit on white spots: at least 4.5:1 (WCAG AA for text)
    spot = hypergrid.palette["spot"].rgb
    for t in texts:
        if t.text.isdigit() and t.size > 12 * PT:
            assert _contrast(t.fill, spot) >= 4.5, t.text
    assert any(isinstance(s, Rect) for s in shapes)


# --- Euclidean: one right way up --------------------------------------------------------


def test_line_cards_mark_their_top_and_print_nothing_upside_down() -> None:
    game = load_game(DATA / "euclidean")
    comp = game.component("line-card")
    for variant in game.variants["line-card"]:
        art = KINDS["card"].draw(game, comp, variant)
        placed = [(s, m) for s, m in walk(art.front.children, art.front.defs) if isinstance(s, Text)]
        assert any("TOP" in s.text and m[3] > 0 and s.y < art.front.height / 4 for s, m in placed), variant.key
        # no text turned upside down (a negative y scale in its transform)
        assert all(m[3] > 0 for _, m in placed), variant.key


# --- component tables give the size of what the player handles -------------------------


def test_component_table_gives_built_size_of_solids(built: Path) -> None:
    rules = _rules(built, "hypergrid")
    assert "14 × 14 × 14 mm, built" in rules
    assert "254 mm × 190 mm" in rules  # a flat board keeps its printed size


# --- the `fields` element and the placement diagram -------------------------------------


def _fields_nodes(text: str, **extra: object) -> list:  # type: ignore[type-arg]
    from printkit.elements.fields import FieldsElement, _fields
    from printkit.game import DrawContext, Variant

    game = load_game(Path(__file__).resolve().parent / "games" / "fields")
    el = FieldsElement(type="fields", fields=text, cx=10, cy=10, spacing=20, dots="white", **extra)
    return _fields(el, DrawContext(game, Variant("", {}, 1), "layouts.x.elements[0]"), 100, 100, 0)


def test_fields_element_fills_the_fields_with_a_dot_per_tip() -> None:
    from printkit import lattice
    from printkit.drawing import Circle
    from printkit.drawing import Path as PathNode

    text = "0,0-1,0 0,0-1,0-0,1 0,0-0,1"
    nodes = _fields_nodes(text)
    fields = lattice.parse_fields(text)
    dots = [n for n in nodes if isinstance(n, Circle)]
    assert len(dots) == sum(len(f) for f in fields) == 7
    fill = next(n for n in nodes if isinstance(n, PathNode))
    xs = [seg[-2] for seg in fill.segments if len(seg) > 1]
    x0, _, x1, _ = lattice.bounds(fields, 20)
    assert min(xs) == pytest.approx(10 + x0, abs=0.05) and max(xs) == pytest.approx(10 + x1, abs=0.05)


def test_fields_element_refuses_bad_fields_in_one_line() -> None:
    from printkit.errors import DataError

    with pytest.raises(DataError) as err:
        _fields_nodes("0,0-2,0")
    assert len(err.value.problems) == 1 and "fields" in str(err.value)


def test_placement_diagram_shows_a_legal_and_an_illegal_placement() -> None:
    """Read from the Equilibrix data: in the first window the second piece touches the first at a
    connecting point without sharing a field, and the five-dot count holds there; in the second it overlaps."""
    from printkit import lattice

    game = load_game(DATA / "equilibrix")
    diagram = game.data.diagrams["placement"]
    laid = [el for el in diagram.elements if el.type == "fields"]
    windows: dict[tuple[float, float], list[frozenset]] = {}  # type: ignore[type-arg]
    for el in laid:
        windows.setdefault((float(el.cx), float(el.cy)), []).append(lattice.parse_fields(el.fields))
    (first, second), (third, fourth) = windows.values()
    assert not first & second

    def tips(fs: frozenset[lattice.Field]) -> set[lattice.Point]:
        return {p for f in fs for p in f}

    shared = tips(first) & tips(second)
    assert shared
    for p in shared:
        assert sum(1 for f in first | second if p in f) <= 5
    assert third & fourth, "the illegal placement covers a taken field"


def test_polygon_gallery_pairs_each_shape_with_the_cards_for_its_sides() -> None:
    """Euclidean's gallery, read from its data: a row per polygon the rules score (3 to 8 sides), and
    the cards shown in a row run at exactly the angles of that polygon's sides, one card per side."""
    import math

    game = load_game(DATA / "euclidean")
    diagram = game.data.diagrams["polygons"]
    angle_of = {p["name"]: float(p["angle"]) % 180 for p in game.data.sets["position"]}
    shapes = [el for el in diagram.elements if el.type == "polygon" and el.stroke != "line-outline"]
    sides_seen = []
    for poly in shapes:
        pts = [(float(x), float(y)) for x, y in poly.points]
        top = min(y for _, y in pts)
        row = max(float(pc.y) for pc in diagram.pieces if float(pc.y) <= top)  # the cards beside the shape
        cards = [pc.piece for pc in diagram.pieces if float(pc.y) == row]
        sides = sorted(round(math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))) % 180
                       for a, b in zip(pts, pts[1:] + pts[:1]))
        positions = [name.split("-", 3)[3] for name in cards]
        assert sorted(round(angle_of[p]) for p in positions) == sides, poly.stroke
        assert len(set(positions)) == len(positions)
        sides_seen.append(len(pts))
    assert sides_seen == [g["sides"] for g in game.data.rules["games"]] == [3, 4, 5, 6, 7, 8]


def test_the_fields_example_game_builds_and_draws_its_piece(tmp_path: Path) -> None:
    import shutil

    from conftest import run_cli

    shutil.copytree(Path(__file__).resolve().parent / "games" / "fields", tmp_path / "data" / "fields")
    result = run_cli("build", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "out"), "--paper", "a4",
                     "--quiet")
    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "out" / "fields" / "svg" / "board.svg").read_text()
    assert svg.count('fill="#000000"') >= 1 and svg.count('fill="#ffffff"') >= 7  # the piece and its 7 dots


def test_pieces_in_the_placement_diagram_sit_on_the_board_fields() -> None:
    """Each window of the board shows the lattice point (0, 0) where the `fields` elements put it: the
    window's crop plus the element's position is the board's flower centre (so pieces cover real fields)."""
    game = load_game(DATA / "equilibrix")
    diagram = game.data.diagrams["placement"]
    board = game.component("board")
    flower = next(el for el in game.data.layouts["board"].elements if el.type == "flower")
    centre = tuple(float(str(v).rstrip("%")) / 100 * size if str(v).endswith("%") else float(v)
                   for v, size in ((flower.cx, float(board.width)), (flower.cy, float(board.height))))
    width = max(float(p.crop[2]) for p in diagram.pieces)
    for el in (e for e in diagram.elements if e.type == "fields"):
        i = int(float(el.cx) // (width + float(diagram.gap)))
        crop = diagram.pieces[i].crop
        x = float(el.cx) - i * (width + float(diagram.gap)) + float(crop[0])
        y = float(el.cy) + float(crop[1])
        assert (x, y) == pytest.approx(centre), (el.fields, i)
