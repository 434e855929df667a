"""Cut guides that print (issue 19): every mark of every sheet lies inside the paper's printable
area (its declared margin), and every cut line of a sheet cut with a knife has a printed guide.

Measured on the sheets as they go to the PDF (``finished_sheets``: laid out, boxes added, backs
shifted, registration marks on): fronts and backs, every page, every edge, for every game of
data/ and the engines test game, on A4, Letter, A3, Tabloid and two custom papers, with long- and
short-edge backs, gutterfold backs and cut files.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from conftest import DATA

from printkit.boxes import plan
from printkit.build import Kit, assembled_sizes, draw, finished_sheets, paper_for, piece_sizes, settings_for
from printkit.drawing import IDENTITY, Circle, Drawing, Group, Node, Rect, Shape, Text, Use, apply, mat_mul, walk
from printkit.drawing import Path as DPath
from printkit.layout import Sheet
from printkit.load import load_game
from printkit.options import BuildOptions
from printkit.render.fonts import text_width

GAMES = [*(p for p in sorted(DATA.iterdir()) if (p / "game.toml").exists()),
         Path(__file__).resolve().parent / "games" / "engines"]
PAPERS = ["a4", "letter", "a3", "tabloid", "300x400mm", "8.5x11in"]
SETUPS = {
    "long": BuildOptions(duplex="long"),
    "short": BuildOptions(duplex="short"),
    "fold": BuildOptions(backs="fold"),
    "cut": BuildOptions(cut_file=True),
    "margin7": BuildOptions(margin=7.0),
}
MIN_GUIDE = 1.0
"""The shortest guide that counts (mm)."""


@cache
def _kit(folder: Path) -> Kit:
    return draw(load_game(folder))


def _inverse(m: tuple[float, ...], p: tuple[float, float]) -> tuple[float, float]:
    a, b, c, d, e, f = m
    det = a * d - b * c
    x, y = p[0] - e, p[1] - f
    return ((d * x - c * y) / det, (a * y - b * x) / det)


def _points(shape: object, m: tuple[float, ...]) -> list[tuple[float, float]]:
    """The shape's geometry (centre lines, not stroke) on the page."""
    if isinstance(shape, DPath):
        pts: list[tuple[float, float]] = []
        for seg in shape.segments:
            vals = [float(v) for v in seg[1:]]
            if seg[0] == "C" and pts:  # points on the curve, not its control points
                (x0, y0), (x1, y1, x2, y2, x3, y3) = _inverse(m, pts[-1]), vals
                for i in range(1, 17):
                    t = i / 16
                    u = 1 - t
                    pts.append(apply(m, u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                                     u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3))
            else:
                pts += [apply(m, vals[i], vals[i + 1]) for i in range(0, len(vals), 2)]
        return pts
    if isinstance(shape, Rect):
        return [apply(m, x, y) for x in (shape.x, shape.x + shape.w) for y in (shape.y, shape.y + shape.h)]
    if isinstance(shape, Circle):
        return [apply(m, shape.cx + dx, shape.cy + dy) for dx in (-shape.r, shape.r) for dy in (-shape.r, shape.r)]
    if isinstance(shape, Text):
        w = text_width(shape.text, shape.font, shape.size)
        x0 = shape.x - {"start": 0.0, "middle": w / 2, "end": w}[shape.anchor]
        return [apply(m, x, y) for x in (x0, x0 + w) for y in (shape.y - shape.size * 0.75, shape.y + shape.size * 0.25)]
    return []


Box = tuple[float, float, float, float]


def _clipped_walk(nodes: Iterable[Node], defs: dict[str, Drawing], m: tuple[float, ...] = IDENTITY,
                  clip: Box | None = None) -> Iterator[tuple[Shape, tuple[float, ...], Box | None]]:
    """Like :func:`printkit.drawing.walk`, with the page rectangle a shape is clipped to (a board tile
    shows a window of the board: only what lies inside the window prints)."""
    for node in nodes:
        if isinstance(node, Group):
            inner = mat_mul(m, node.transform)
            box = clip
            if isinstance(node.clip, Rect):
                pts = _points(node.clip, inner)
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                new = (min(xs), min(ys), max(xs), max(ys))
                box = new if box is None else (max(box[0], new[0]), max(box[1], new[1]),
                                               min(box[2], new[2]), min(box[3], new[3]))
            yield from _clipped_walk(node.children, defs, inner, box)
        elif isinstance(node, Use):
            sub = defs[node.ref]
            yield from _clipped_walk(sub.children, {**defs, **sub.defs}, mat_mul(m, node.transform), clip)
        else:
            yield node, m, clip


def marks(sheet: Sheet) -> list[tuple[str, list[tuple[float, float]]]]:
    """Every printed shape that is not art (guides, printed cut and fold lines), with its points on the
    page; a shape inside a clip counts only as far as the clip lets it print."""
    out = []
    for shape, m, clip in _clipped_walk(sheet.drawing.children, sheet.drawing.defs):
        if shape.role != "art" and shape.role in sheet.roles:
            pts = _points(shape, m)
            if clip is not None:
                pts = [(min(max(x, clip[0]), clip[2]), min(max(y, clip[1]), clip[3])) for x, y in pts]
            out.append((shape.role, pts))
    return out


def _segments(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """Straight guide lines on the page as (x1, y1, x2, y2)."""
    out = []
    for shape, m in walk(sheet.drawing.children, sheet.drawing.defs):
        if shape.role == "guide" and isinstance(shape, DPath) and len(shape.segments) == 2:
            (x1, y1), (x2, y2) = _points(shape, m)
            out.append((x1, y1, x2, y2))
    return out


def _guided(segs: list[tuple[float, float, float, float]], trims: list, axis: int, cut: float,  # type: ignore[type-arg]
            length: float, margin: float) -> bool:
    """A cut line (x = cut for axis 0, y = cut for axis 1) has a guide on it: a mark on its extension
    at each end of the block where the printable area leaves room for one, or a line through the block."""
    eps = 1e-6
    a, b = (0, 1) if axis == 0 else (1, 0)  # a: the cut's coordinate, b: along the cut
    lo_t = [(q.y, q.y + q.h) if axis == 0 else (q.x, q.x + q.w) for q in trims
            if abs((q.x if axis == 0 else q.y) - cut) < 0.01 or abs((q.x + q.w if axis == 0 else q.y + q.h) - cut) < 0.01]
    start, end = min(t[0] for t in lo_t), max(t[1] for t in lo_t)
    on = [(min(s[b], s[b + 2]), max(s[b], s[b + 2])) for s in segs
          if abs(s[a] - cut) < 0.01 and abs(s[a + 2] - cut) < 0.01 and abs(s[b + 2] - s[b]) >= MIN_GUIDE - eps]
    if any(lo <= start + eps and hi >= end - eps for lo, hi in on):
        return True  # printed through the block
    before = any(hi <= start + eps for _, hi in on)
    after = any(lo >= end - eps for lo, _ in on)
    room = 0.5 + MIN_GUIDE + 0.2  # the least room a mark on the bleed needs (grid.TRIM_CLEAR + MIN_MARK + MARK_INSET)
    return (before or start - margin < room) and (after or length - margin - end < room) and (before or after)


def _sheets(folder: Path, setup: str, paper_name: str) -> tuple[dict[str, list[Sheet]], float, float, float]:
    kit = _kit(folder)
    s = settings_for(kit.game, SETUPS[setup])
    paper = paper_for(kit.game, paper_name, s)
    boxes = plan(kit.game, piece_sizes(kit), None, assembled_sizes(kit))
    try:
        groups = finished_sheets(kit, s, boxes, paper)
    except Exception as exc:  # noqa: BLE001 (a piece that does not fit a paper is a data error, not a mark problem)
        pytest.skip(f"{folder.name} on {paper_name}: {exc}")
    return groups, paper.width, paper.height, paper.margin


@pytest.mark.parametrize("setup", list(SETUPS))
@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("folder", GAMES, ids=[g.name for g in GAMES])
def test_every_mark_prints_and_every_cut_has_a_guide(folder: Path, paper_name: str, setup: str) -> None:
    groups, pw, ph, margin = _sheets(folder, setup, paper_name)
    crop = settings_for(_kit(folder).game, SETUPS[setup]).crop_marks and setup != "cut"
    eps = 1e-6
    checked = 0
    for group, sheets in groups.items():
        for n, sheet in enumerate(sheets, start=1):
            where = f"{group} page {n} ({sheet.kind})"
            for role, pts in marks(sheet):
                for x, y in pts:
                    assert margin - eps <= x <= pw - margin + eps and margin - eps <= y <= ph - margin + eps, (
                        f"{where}: a {role} mark at ({x:.2f}, {y:.2f}) mm is in the {margin} mm margin")
                    checked += 1
            if not crop or "cut" in sheet.roles or sheet.kind == "back":
                continue  # cut lines print (packed pieces, boxes), a cut file replaces crop marks, or a back (cut from the front)
            segs = _segments(sheet)
            trims = [p for p in sheet.placements if p.region is None]
            for p in trims:
                for axis, cut in ((0, p.x), (0, p.x + p.w), (1, p.y), (1, p.y + p.h)):
                    assert _guided(segs, [q for q in trims if q.face == p.face], axis, cut, pw if axis else ph, margin), (
                        f"{where}: no printed guide on the cut {'xy'[axis]}={cut:.2f}")
    assert checked > 0


def test_the_check_fails_on_a_mark_in_the_margin() -> None:
    """The audit above is able to fail: the old marks (5 mm long, 1 mm from the paper edge) are caught."""
    from printkit.drawing import GUIDE, Drawing, line

    d = Drawing(210, 297, [line(1.0, 20.0, 6.0, 20.0, GUIDE, "guide")])
    pts = [p for _, ps in marks(Sheet(d, roles=("art", "guide"))) for p in ps]
    assert min(x for x, _ in pts) < 5.0
