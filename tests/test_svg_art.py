"""SVG art and icons: parsed into the drawing tree (shapes both backends, the ink saver and the
proof see), with unsafe or unbounded files refused as one-line data errors."""

from __future__ import annotations

import io
import math
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.build import draw
from printkit.drawing import Circle, Drawing, Group, Paint, walk
from printkit.drawing import Path as PathNode
from printkit.errors import DataError
from printkit.load import load_game
from printkit.render.pdf import PdfWriter
from printkit.render.svg import render_svg
from printkit.svgart import MAX_SVG_ELEMENTS, read_svg, svg_shapes

GAMES = ROOT / "tests" / "games"
ART = GAMES / "bestiary" / "art"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">{}</svg>'


def shapes(body: str) -> list[tuple[object, tuple[float, ...]]]:
    art = svg_shapes(SVG.format(body).encode(), "icon.svg", "game.toml", "layouts.x.elements[0].path")
    return list(walk(art.nodes, {}))


def refusal(data: str | bytes) -> str:
    raw = data.encode() if isinstance(data, str) else data
    with pytest.raises(DataError) as err:
        svg_shapes(raw, "icon.svg", "game.toml", "layouts.x.elements[0].path", 7)
    (problem,) = err.value.problems
    assert problem.file == "game.toml" and problem.line == 7 and problem.path == "layouts.x.elements[0].path"
    assert "\n" not in str(problem)
    return problem.found


def test_basic_shapes_become_paths_with_their_paint() -> None:
    found = shapes('<rect x="1" y="2" width="3" height="4" fill="#ff0000" stroke="blue" stroke-width="0.5" '
                   'stroke-dasharray="1 0.5"/><circle cx="5" cy="5" r="2" fill="green" fill-opacity="0.5"/>')
    paths = [s for s, _ in found]
    assert all(isinstance(p, PathNode) for p in paths) and len(paths) == 3
    rect_fill, rect_stroke, circle = paths
    assert rect_fill.paint.fill == "#ff0000" and rect_fill.paint.stroke is None  # type: ignore[attr-defined]
    assert rect_stroke.paint.stroke == "#0000ff" and rect_stroke.paint.width == 0.5  # type: ignore[attr-defined]
    assert rect_stroke.paint.dash == (1.0, 0.5)  # type: ignore[attr-defined]
    assert circle.paint.fill == "#008000" and circle.paint.opacity == pytest.approx(0.5, abs=0.01)  # type: ignore[attr-defined]
    xs = [float(v) for seg in rect_fill.segments for v in seg[1::2]]  # type: ignore[attr-defined]
    assert (min(xs), max(xs)) == (1.0, 4.0)
    # arcs and circles come out as cubic curves only: backends never see an arc
    assert {seg[0] for seg in circle.segments} <= {"M", "L", "C", "Z"}  # type: ignore[attr-defined]


def test_transforms_and_use_keep_their_matrix_and_the_fill_rule() -> None:
    found = shapes('<defs><path id="p" d="M0 0 L2 0 L2 2 Z" fill="black" fill-rule="evenodd"/></defs>'
                   '<g transform="translate(5 1) scale(2)"><use xlink:href="#p"/></g><path d="M0 0 L1 1 L0 1 Z"/>')
    (used, m), (plain, m2) = found
    assert m == pytest.approx((2.0, 0.0, 0.0, 2.0, 5.0, 1.0)) and m2 == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    assert used.paint.rule == "evenodd" and plain.paint.rule == "nonzero"  # type: ignore[attr-defined]


def test_group_opacity_multiplies_into_each_shape() -> None:
    ((shape, _),) = shapes('<g opacity="0.5"><rect width="4" height="4" fill="#000000" fill-opacity="0.5"/></g>')
    assert shape.paint.opacity == pytest.approx(0.25, abs=0.01)  # type: ignore[attr-defined]


def test_a_linear_gradient_is_bands_of_its_colours_clipped_to_the_shape() -> None:
    art = svg_shapes(SVG.format('<defs><linearGradient id="g"><stop offset="0" stop-color="#000000"/>'
                                '<stop offset="1" stop-color="#ffffff"/></linearGradient></defs>'
                                '<rect width="10" height="10" fill="url(#g)"/>').encode(), "g.svg", "f", "k")
    (clipped,) = art.nodes
    assert isinstance(clipped, Group) and isinstance(clipped.clip, PathNode)
    fills = [s.paint.fill for s, _ in walk(clipped.children, {})]  # type: ignore[union-attr]
    assert len(fills) > 32 and fills[0] == "#000000" and fills[-1] == "#ffffff"
    greys = [int(f[1:3], 16) for f in fills]  # type: ignore[index]
    assert greys == sorted(greys)  # dark to light along x


def test_a_radial_gradient_is_rings_from_the_outside_in() -> None:
    art = svg_shapes(SVG.format('<defs><radialGradient id="r"><stop offset="0" stop-color="white"/>'
                                '<stop offset="1" stop-color="#ff0000"/></radialGradient></defs>'
                                '<circle cx="5" cy="5" r="5" fill="url(#r)"/>').encode(), "r.svg", "f", "k")
    rings = [s for s, _ in walk(art.nodes, {})]
    assert all(isinstance(r, Circle) for r in rings)
    radii = [r.r for r in rings]  # type: ignore[union-attr]
    assert radii == sorted(radii, reverse=True)
    assert rings[-1].paint.fill.lower() in ("#fffafa", "#fff9f9", "#fffbfb", "#fffcfc", "#fff5f5")  # type: ignore[union-attr]


@pytest.mark.parametrize(("body", "why"), [
    ('<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>',
     "declarations are not allowed"),
    ('<!DOCTYPE svg SYSTEM "http://example.org/evil.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>',
     "declarations are not allowed"),
    (SVG.format('<script>alert(1)</script>'), "a script"),
    (SVG.format('<rect width="1" height="1" onclick="x()"/>'), "a script in the attribute onclick"),
    (SVG.format('<use xlink:href="other.svg#icon"/>'), "a link outside the file"),
    (SVG.format('<rect width="1" height="1" fill="url(http://example.org/p.svg#g)"/>'), "a reference outside the file"),
    (SVG.format('<style>@import url(x.css);</style>'), "a style sheet that loads other files"),
    (SVG.format('<image href="data:image/png;base64,AAAA" width="1" height="1"/>'), "a picture inside the SVG"),
    (SVG.format('<text x="1" y="1">Hi</text>'), "convert the text to outlines"),
    (SVG.format('<foreignObject/>'), "foreignObject"),
    ('<html/>', "not an <svg>"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect', "not well-formed XML"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', "no size"),
    (SVG.format(''), "no shapes to draw"),
    (SVG.format('<g>' * 2 + '<rect width="1" height="1"/>' * MAX_SVG_ELEMENTS + '</g>' * 2), "more than"),
    (SVG.format('<rect width="1" height="1" filter="url(#blur)"/>'), "it uses a filter, which printkit does not draw"),
    (SVG.format('<g style="mask: url(#m)"><rect width="1" height="1"/></g>'), "it uses a mask"),
    (SVG.format('<path d="M0 0 L5 5" stroke="black" marker-end="url(#arrow)"/>'), "it uses markers"),
    (SVG.format('<defs><pattern id="p" width="2" height="2"/></defs><rect width="1" height="1" fill="url(#p)"/>'),
     "a fill that is neither a colour nor a gradient"),
    (SVG.format("<g>" * 5000 + '<rect width="1" height="1"/>' + "</g>" * 5000), "nested too deeply"),
    (SVG.format('<g id="a"><rect width="1" height="1"/><use xlink:href="#a"/></g>'), "a <use> that shows itself"),
    (SVG.format('<defs><rect id="l0" width="1" height="1"/>' + "".join(
        f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 8)) + '</defs><use xlink:href="#l7"/>'),
     "elements once <use> is expanded"),
])
def test_unsafe_or_unusable_svg_is_refused_in_one_line(body: str, why: str) -> None:
    assert why in refusal(body)


def test_svg_art_is_read_once_per_file_version(tmp_path: Path) -> None:
    shutil.copy(ART / "wolf.svg", tmp_path / "wolf.svg")
    first = read_svg(tmp_path, "wolf.svg", "game.toml", "k")
    assert read_svg(tmp_path, "wolf.svg", "game.toml", "k") is first
    (tmp_path / "wolf.svg").write_text((ART / "heal.svg").read_text())
    assert read_svg(tmp_path, "wolf.svg", "game.toml", "k") is not first


def test_svg_art_is_vector_in_both_backends_and_the_same_shapes() -> None:
    art = read_svg(ART, "frost.svg", "game.toml", "k")
    page = Drawing(40, 40, [art.place(0, 0, 40, 40)])
    svg = render_svg(page).decode()
    assert "<image" not in svg and svg.count("<path") >= 8 and 'fill-rule="evenodd"' in svg
    writer = PdfWriter(io.BytesIO())
    writer.page(page)
    assert b"/Subtype /Image" not in writer.close()
    # the ink saver, the cut layers and the proof walk the very same shapes
    dashed = [s for s, _ in walk(page.children, page.defs) if getattr(s, "paint", None) and s.paint.dash]  # type: ignore[union-attr]
    assert len(dashed) == 1


def test_round_caps_and_joins_of_line_icons_reach_both_backends() -> None:
    art = svg_shapes(SVG.format('<path d="M1 1 L9 9 L1 9" fill="none" stroke="#000" stroke-width="2" '
                                'stroke-linecap="round" stroke-linejoin="round"/>').encode(), "i.svg", "f", "k")
    page = Drawing(10, 10, [art.place(0, 0, 10, 10), art.place(0, 0, 5, 5)])
    svg = render_svg(page).decode()
    assert 'stroke-linecap="round"' in svg and 'stroke-linejoin="round"' in svg
    writer = PdfWriter(io.BytesIO())
    writer.page(Drawing(10, 10, [art.place(0, 0, 10, 10), PathNode((("M", 0, 0), ("L", 5, 5)), Paint(stroke="#000000"))]))
    import pypdf

    ops = pypdf.PdfReader(io.BytesIO(writer.close())).pages[0].get_contents().get_data().decode()
    after = ops[ops.index("1 J 1 j"):]  # set for the icon...
    before_plain = after[:after.index("0 0 m 5 5 l")]
    assert "Q" in before_plain or "0 J 0 j" in before_plain  # ...and not left on for the plain line


def test_a_nonzero_star_is_filled_in_its_middle_in_the_pdf_too() -> None:
    import pypdfium2 as pdfium

    art = read_svg(ART, "spell-back.svg", "game.toml", "k")  # a star drawn as one self-crossing line
    page = Drawing(60, 60, [art.place(0, 0, 60, 60)])
    assert 'fill-rule="nonzero"' in render_svg(page).decode()
    writer = PdfWriter(io.BytesIO())
    writer.page(page)
    image = pdfium.PdfDocument(writer.close())[0].render(scale=2).to_pil().convert("RGB")
    middle = image.getpixel((image.width // 2, image.height // 2))  # inside the star's inner pentagon
    assert max(abs(a - b) for a, b in zip(middle, (0xE0, 0xAA, 0xFF), strict=True)) < 8


def test_the_bestiary_draws_its_svg_art_as_shapes() -> None:
    kit = draw(load_game(GAMES / "bestiary"))
    wolf = kit.faces["deck-grey-wolf"]
    paths = [s for s, _ in walk(wolf.children, wolf.defs) if isinstance(s, PathNode)]
    assert any(p.paint.fill == "#ffd23f" for p in paths)  # the eyes, from art/wolf.svg
    assert not any(type(s).__name__ == "Image" for s, _ in walk(wolf.children, wolf.defs))


def test_a_broken_svg_named_in_a_spreadsheet_cell_is_reported_at_that_cell(tmp_path: Path) -> None:
    game = tmp_path / "bestiary"
    shutil.copytree(GAMES / "bestiary", game)
    (game / "art" / "wolf.svg").write_text(SVG.format("<script>x</script>"))
    result = run_cli("build", str(game.name), "--data", str(tmp_path), "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    (line,) = [ln for ln in result.stderr.splitlines() if "wolf" in ln]
    assert "cards.xlsx: Deck!G2 (art): expected SVG art printkit can draw" in line
    assert '"art/wolf.svg" (it holds a script), used by layouts.creature.elements[1].path' in line
    assert not (tmp_path / "out").exists()


_TOKEN = st.one_of(st.sampled_from(list("MmLlHhVvCcSsQqTtAaZz,. -e")),
                   st.floats(allow_nan=True, allow_infinity=True, width=32).map(lambda f: f" {f} "))


@settings(max_examples=150)
@given(d=st.lists(_TOKEN, max_size=30).map("".join),
       transform=st.sampled_from(["", "scale(0)", "rotate(1e308)", "matrix(1 2 3)", "translate(nan)", "skewX(90)"]),
       fill=st.sampled_from(["red", "url(#nope)", "#12", "none", "rgb(300,-1,2)", "currentColor"]),
       width=st.sampled_from(["1", "1e999", "-2", "nan", "0"]))
def test_any_path_data_gives_shapes_or_one_data_error(d: str, transform: str, fill: str, width: str) -> None:
    body = f'<path d="{d}" transform="{transform}" fill="{fill}" stroke="black" stroke-width="{width}"/>'
    try:
        art = svg_shapes(SVG.format(body).encode(), "fuzz.svg", "game.toml", "k")
    except DataError as err:
        assert len(err.problems) == 1 and "\n" not in str(err)
        return
    for shape, m in walk(art.nodes, {}):
        assert all(math.isfinite(float(v)) for seg in shape.segments for v in seg[1:])  # type: ignore[union-attr]
        assert math.isfinite(shape.paint.width) and all(math.isfinite(v) for v in m)  # type: ignore[union-attr]


def test_the_fuzzed_path_data_draws_when_it_is_sound() -> None:
    test_any_path_data_gives_shapes_or_one_data_error.hypothesis.inner_test(  # type: ignore[attr-defined]
        d="M 0 0 L 5 5 Z", transform="", fill="red", width="1")
    art = svg_shapes(SVG.format('<path d="M 0 0 L 5 5 Z" fill="red"/>').encode(), "f.svg", "g", "k")
    assert len(art.nodes) == 1
