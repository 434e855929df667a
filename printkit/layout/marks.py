"""Finishing laid-out sheets for a printer or a cutter: back-page offset, registration marks, cut files.

These work on :class:`Sheet` pages from any engine, so every kind gets them.

* :func:`shift_backs` moves every back page by (dx, dy) mm to undo a duplex
  printer's misregistration (measured with ``printkit calibrate``).
* :func:`add_registration` prints three registration marks in the clear band at
  the top and bottom of the sheet (:attr:`Paper.band`): a filled square at the top
  left and two corner marks at the top right and bottom left, the usual pattern of
  print-then-cut machines, which find them with an optical sensor.
* :func:`cut_svg` is the sheet's cut lines alone, flattened to paths in page millimetres (no
  references, which some cutter software ignores), every edge that neighbouring pieces share cut
  once (:func:`shared_cuts`), plus the same three marks at the same place in a layer of their
  own, as an SVG for the cutting machine; :func:`registration_svg` is the marks alone.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.drawing import CUT, Drawing, Group, Node, Paint, Path, Rect, Role, flatten, polygon, translate
from printkit.layout import Paper, Sheet

REG_SIZE = 5.0
"""Side of each registration mark (mm)."""
REG_BAR = 1.0
"""Thickness of the legs of the corner marks (mm)."""
REG_BAND = REG_SIZE + 3.0
"""Clear band kept at the top and bottom of a sheet for the marks and the sensor's quiet zone (mm)."""
MARK_PAINT = Paint(fill="#000000")


def shift_backs(sheets: list[Sheet], dx: float, dy: float) -> list[Sheet]:
    """Every back page moved by (dx, dy) mm: x to the right, y down, as the back page is printed."""
    if dx == 0 and dy == 0:
        return sheets
    out = []
    for s in sheets:
        if s.kind != "back":
            out.append(s)
            continue
        d = Drawing(s.drawing.width, s.drawing.height, [Group(tuple(s.drawing.children), translate(dx, dy))],
                    dict(s.drawing.defs))
        placements = [replace(p, x=p.x + dx, y=p.y + dy) for p in s.placements]
        out.append(Sheet(d, placements, s.roles, s.kind, {**s.info, "offset": [dx, dy]}))
    return out


def registration_points(paper: Paper) -> list[tuple[float, float]]:
    """Outer corners of the three marks: top left, top right, bottom left."""
    m = paper.margin
    return [(m, m), (paper.width - m, m), (m, paper.height - m)]


def registration_marks(paper: Paper) -> list[Node]:
    """The three marks as shapes (role ``guide``): a square and two L-shaped corners."""
    (x0, y0), (x1, y1), (x2, y2) = registration_points(paper)
    s, t = REG_SIZE, REG_BAR
    return [
        Rect(x0, y0, s, s, MARK_PAINT, "guide"),
        polygon([(x1, y1), (x1, y1 + s), (x1 - t, y1 + s), (x1 - t, y1 + t), (x1 - s, y1 + t), (x1 - s, y1)],
                MARK_PAINT, "guide"),
        polygon([(x2, y2), (x2, y2 - s), (x2 + t, y2 - s), (x2 + t, y2 - t), (x2 + s, y2 - t), (x2 + s, y2)],
                MARK_PAINT, "guide"),
    ]


def cut_paths(sheet: Sheet) -> list[Path]:
    """The sheet's cut lines as closed paths in page mm.

    An engine that draws no cut line for a whole piece (a board printed whole) is cut
    along the piece's trim rectangle. Tiles of a board cut into several pages have no
    cut file: they are trimmed and overlapped by hand along their printed guides.
    """
    paths = flatten(sheet.drawing, ("cut",))
    if paths:
        return paths
    return [polygon([(p.x, p.y), (p.x + p.w, p.y), (p.x + p.w, p.y + p.h), (p.x, p.y + p.h)], CUT, "cut")
            for p in sheet.placements if p.face == "front" and p.region is None]


Point = tuple[float, float]


def _key(p: Point) -> Point:
    return (round(p[0], 3) + 0.0, round(p[1], 3) + 0.0)


def _segments(paths: list[Path]) -> list[tuple[Point, ...]]:
    """Every straight line (2 points) and Bézier curve (4 points) of the paths, closing lines included."""
    out: list[tuple[Point, ...]] = []
    for path in paths:
        start = at = None
        for seg in path.segments:
            vals = [float(v) for v in seg[1:]]
            if seg[0] == "M":
                start = at = (vals[0], vals[1])
            elif seg[0] == "L" and at is not None:
                nxt = (vals[0], vals[1])
                out.append((at, nxt))
                at = nxt
            elif seg[0] == "C" and at is not None:
                nxt = (vals[4], vals[5])
                out.append((at, (vals[0], vals[1]), (vals[2], vals[3]), nxt))
                at = nxt
            elif seg[0] == "Z" and at is not None and start is not None:
                out.append((at, start))
                at = start
    return [s for s in out if len(s) == 4 or _key(s[0]) != _key(s[1])]


def shared_cuts(paths: list[Path]) -> list[Path]:
    """The cut paths with every shared edge cut once.

    Pieces laid trim to trim (cards on a grid sheet) share their cut edges: each piece's closed
    outline would make a cutting machine cut every inner edge twice, which frays card stock and
    can shift the sheet. Here the outlines are taken apart into lines and curves; curves that
    coincide are kept once, straight lines on the same horizontal or vertical line are merged into
    the fewest runs that cover them, and the pieces are chained back into as few paths as possible
    (a piece that shares nothing comes back as its own closed path).
    """
    if not paths:
        return []
    paint = paths[0].paint
    curves: dict[tuple[Point, ...], tuple[Point, ...]] = {}
    lines: list[tuple[Point, Point]] = []
    runs: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for seg in _segments(paths):
        if len(seg) == 4:
            k = tuple(_key(p) for p in seg)
            curves.setdefault(min(k, k[::-1]), seg)
            continue
        (x1, y1), (x2, y2) = _key(seg[0]), _key(seg[1])
        if y1 == y2:
            runs.setdefault(("h", y1), []).append((min(x1, x2), max(x1, x2)))
        elif x1 == x2:
            runs.setdefault(("v", x1), []).append((min(y1, y2), max(y1, y2)))
        else:
            lines.append((seg[0], seg[1]))
    pieces: list[tuple[Point, ...]] = list(curves.values())
    seen_lines: set[frozenset[Point]] = set()
    for a, b in lines:
        k2 = frozenset((_key(a), _key(b)))
        if k2 not in seen_lines:
            seen_lines.add(k2)
            pieces.append((a, b))
    for (axis, c), spans in sorted(runs.items()):
        spans.sort()
        merged: list[list[float]] = []
        for lo, hi in spans:
            if merged and lo <= merged[-1][1] + 1e-6:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        for lo, hi in merged:
            pieces.append(((lo, c), (hi, c)) if axis == "h" else ((c, lo), (c, hi)))
    return _chain(pieces, paint)


def _chain(pieces: list[tuple[Point, ...]], paint: Paint) -> list[Path]:
    """Join pieces that meet end to end into paths (closed when a chain comes back to its start).

    Merged runs pass through the corners where other pieces end, so a chain only follows
    pieces that meet at their ends; a run's middle is never a joint."""
    ends: dict[Point, list[int]] = {}
    for i, p in enumerate(pieces):
        ends.setdefault(_key(p[0]), []).append(i)
        ends.setdefault(_key(p[-1]), []).append(i)
    used = [False] * len(pieces)
    out: list[Path] = []
    for i in range(len(pieces)):
        if used[i]:
            continue
        used[i] = True
        chain = [pieces[i]]
        while True:  # extend forward from the chain's end
            tail = _key(chain[-1][-1])
            nxt = next((j for j in ends.get(tail, []) if not used[j]), None)
            if nxt is None or _key(chain[0][0]) == tail:
                break
            used[nxt] = True
            p = pieces[nxt]
            chain.append(p if _key(p[0]) == tail else p[::-1])
        segs: list[tuple[float | str, ...]] = [("M", *chain[0][0])]
        for p in chain:
            segs.append(("L", *p[1]) if len(p) == 2 else ("C", *p[1], *p[2], *p[3]))
        if len(chain) > 1 and _key(chain[0][0]) == _key(chain[-1][-1]):
            segs.append(("Z",))
        out.append(Path(tuple(segs), paint, "cut"))
    return out


def has_cuts(sheet: Sheet) -> bool:
    return bool(cut_paths(sheet))


def add_registration(sheet: Sheet, paper: Paper) -> Sheet:
    """The sheet with the three marks printed on it (front pages with cut lines only)."""
    d = Drawing(sheet.drawing.width, sheet.drawing.height, [*sheet.drawing.children, *registration_marks(paper)],
                dict(sheet.drawing.defs))
    roles = tuple(dict.fromkeys((*sheet.roles, "guide")))
    info = {**sheet.info, "registration": [[round(v, 3) for v in p] for p in registration_points(paper)]}
    return Sheet(d, sheet.placements, roles, sheet.kind, info)


def cut_svg(sheet: Sheet, paper: Paper) -> bytes:
    """The sheet's cut lines (each shared edge once) and its registration marks, true size, as SVG.

    Two layers, ``cut`` and ``guide`` (the registration marks), named as Inkscape layers so a
    cutting program's import shows them as layers too."""
    from printkit.render.svg import render_svg  # the SVG backend only when cut files are wanted

    d = Drawing(paper.width, paper.height, [*shared_cuts(cut_paths(sheet)), *registration_marks(paper)])
    return render_svg(d, roles=("cut", "guide"), layers=True)


def registration_svg(paper: Paper) -> bytes:
    """The registration marks alone, true size, as SVG: the file a print-then-cut program aligns to."""
    from printkit.render.svg import render_svg

    guides: tuple[Role, ...] = ("guide",)
    return render_svg(Drawing(paper.width, paper.height, registration_marks(paper)), roles=guides, layers=True)
