"""The `hexgrid` layout element: a map of hexagonal cells, its geometry, drawing and documentation.

Coordinates follow the usual schemes (as on redblobgames.com/grids/hexagons): *axial* (q, r),
*cube* (q, r, s with q + r + s = 0) and *offset* (col, row; every other column (flat tops)
or row (pointy tops) is pushed half a cell, the odd ones or the even ones).
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from printkit.drawing import Group, Node, Paint, Path, Segment, Text, translate
from printkit.elements import ElementType, register
from printkit.elements._edges import EDGES_DOC, EdgeStyle, Link, edge_paint, link_path, parse_edges
from printkit.elements.grid import LabelSpec, sequence
from printkit.modelbase import ElementBase, Num, Point

if TYPE_CHECKING:
    from printkit.game import DrawContext
    from printkit.model import Element

Orientation = Literal["flat", "pointy"]
Scheme = Literal["offset", "axial", "cube"]
Axial = tuple[int, int]
SQRT3 = math.sqrt(3.0)
MAX_CELLS = 5000
"""Cells one map may have, whatever its form (rectangle, hexagon, a list of cells, a table's rows)."""
MAX_CELLS_TEXT = 100_000
"""Longest `cells` list (20 characters a cell for the largest map)."""


# --- geometry ------------------------------------------------------------------------


def centre(q: int, r: int, size: float, orientation: Orientation) -> tuple[float, float]:
    """Centre of axial cell (q, r) with cell (0, 0) at the origin; ``size`` is centre to corner."""
    if orientation == "flat":
        return size * 1.5 * q, size * SQRT3 * (r + q / 2)
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def corners(x: float, y: float, size: float, orientation: Orientation) -> list[tuple[float, float]]:
    """The six corners of the cell centred at (x, y), clockwise on the page (y down)."""
    start = 0.0 if orientation == "flat" else 30.0
    return [(x + size * math.cos(math.radians(start + 60 * k)), y + size * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def to_offset(q: int, r: int, orientation: Orientation, odd: bool) -> tuple[int, int]:
    """Axial -> offset (col, row): flat tops shift columns, pointy tops shift rows."""
    if orientation == "flat":
        return q, r + (q - (q & 1)) // 2 if odd else r + (q + (q & 1)) // 2
    return (q + (r - (r & 1)) // 2 if odd else q + (r + (r & 1)) // 2), r


def from_offset(col: int, row: int, orientation: Orientation, odd: bool) -> Axial:
    if orientation == "flat":
        return col, row - (col - (col & 1)) // 2 if odd else row - (col + (col & 1)) // 2
    return (col - (row - (row & 1)) // 2 if odd else col - (row + (row & 1)) // 2), row


def label(q: int, r: int, scheme: Scheme, orientation: Orientation, odd: bool) -> str:
    if scheme == "axial":
        return f"{q},{r}"
    if scheme == "cube":
        return f"{q},{r},{-q - r}"
    return "{},{}".format(*to_offset(q, r, orientation, odd))


_COORD = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?$")


def parse_coord(text: str, scheme: Scheme, orientation: Orientation, odd: bool) -> Axial:
    """One cell written in ``scheme`` ("col,row", "q,r" or "q,r,s") -> axial; ValueError if not."""
    m = _COORD.match(text)
    want = {"offset": '"col,row"', "axial": '"q,r"', "cube": '"q,r,s" with q + r + s = 0'}[scheme]
    if not m or (m.group(3) is None) != (scheme != "cube"):
        raise ValueError(f"a cell written {want}")
    a, b = int(m.group(1)), int(m.group(2))
    if scheme == "cube":
        if a + b + int(m.group(3)) != 0:
            raise ValueError(f"a cell written {want}")
        return a, b
    if scheme == "axial":
        return a, b
    return from_offset(a, b, orientation, odd)


def neighbours(q: int, r: int) -> list[Axial]:
    return [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]


def rectangle(cols: int, rows: int, orientation: Orientation, odd: bool) -> list[Axial]:
    return [from_offset(c, r, orientation, odd) for r in range(rows) for c in range(cols)]


def hexagon(radius: int) -> list[Axial]:
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if abs(q + r) <= radius]


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 6), round(p[1], 6))


def outline(cells: list[Axial], size: float, orientation: Orientation) -> list[list[tuple[float, float]]]:
    """The boundary of the cells' union as closed loops of corners, the outer boundary first (it runs
    clockwise on the page, as every cell's corners do; holes run the other way)."""
    count: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
    edges: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for q, r in cells:
        pts = corners(*centre(q, r, size, orientation), size, orientation)
        for k in range(6):
            a, b = _key(pts[k]), _key(pts[(k + 1) % 6])
            edges.append((a, b))
            count[(min(a, b), max(a, b))] = count.get((min(a, b), max(a, b)), 0) + 1
    boundary = [(a, b) for a, b in edges if count[(min(a, b), max(a, b))] == 1]
    nxt: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for a, b in boundary:
        nxt.setdefault(a, []).append(b)
    loops: list[list[tuple[float, float]]] = []
    used: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    for a, b in boundary:
        if (a, b) in used:
            continue
        loop = [a]
        cur, to = a, b
        while (cur, to) not in used:
            used.add((cur, to))
            loop.append(to)
            cur = to
            options = [n for n in nxt[cur] if (cur, n) not in used]
            if not options:
                break
            to = options[0]
        if loop[-1] == loop[0]:
            loop.pop()
        loops.append(loop)
    return sorted(loops, key=lambda lp: -abs(_area(lp)))


def _area(loop: list[tuple[float, float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True)) / 2


def grow(loop: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The loop moved ``d`` mm outwards (mitred corners): a frame's outer edge."""
    sign = 1.0 if _area(loop) > 0 else -1.0  # clockwise on the page (y down) has a positive area
    pts = [p for i, p in enumerate(loop) if _turn(loop[i - 1], p, loop[(i + 1) % len(loop)]) != 0]
    out = []
    n = len(pts)
    for i in range(n):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % n]
        n1, n2 = _normal(p0, p1, sign), _normal(p1, p2, sign)
        bx, by = n1[0] + n2[0], n1[1] + n2[1]
        dot = n1[0] * n2[0] + n1[1] * n2[1]
        k = d / (1 + dot) if 1 + dot > 1e-9 else d
        out.append((p1[0] + bx * k, p1[1] + by * k))
    return out


def _turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> int:
    cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    return 0 if abs(cross) < 1e-9 else (1 if cross > 0 else -1)


def _normal(a: tuple[float, float], b: tuple[float, float], sign: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    # outward from a loop running clockwise on the page (y down; a positive area): (dy, -dx)
    return (sign * dy / length, -sign * dx / length)


def _loop_segments(loop: list[tuple[float, float]]) -> list[Segment]:
    return [("M", *loop[0]), *[("L", *p) for p in loop[1:]], ("Z",)]


# --- the element -----------------------------------------------------------------------


class HexgridElement(ElementBase):
    """A map of hexagonal cells: flat or pointy tops; a rectangle of `cols` x `rows`, a hexagon
    of `radius` rings around a centre cell, or the `cells` listed; optional coordinate labels in
    the offset, axial or cube scheme; a frame around the map's outline.

    Per-cell content comes from a set under [sets] keyed by coordinate: each record's `cell`
    names a cell in the `coords` scheme (e.g. `cell = "2,3"`), and templates drawing that cell
    see the record under the set's name (`{terrain.fill}`); a cell with no record sees an empty
    one (so `when = "{terrain.port}"` is false there, and a `fill` it lacks leaves the cell
    unfilled). The child `elements` are drawn on every cell with (0, 0) at its centre; besides
    the record they see `{hex.q}`, `{hex.r}`, `{hex.s}` (cube), `{hex.col}`, `{hex.row}`
    (offset), `{hex.label}` (in the `coords` scheme), `{hex.name}` (the printed label, from
    `label_format`) and `{hex.index}` (from 1, in map order).
    Instead of a set, a `table` with a `cell` column (CSV, or a spreadsheet's first sheet) does the same, its
    row seen as `{cell.column}`.
    The proof counts the cells as board places (`[[expect]]` with `places = ["cell"]`, or check `board-places`).
    """

    type: Literal["hexgrid"] = Field(description="Element type: `hexgrid`.")
    orientation: Orientation = Field("flat", description="flat: a flat side on top; pointy: a corner on top.")
    size: Num = Field(description="Cell size: centre to corner (a flat cell is 2 x size wide).")
    cx: Num = Field("50%", description="Centre x of the map's bounding box.")
    cy: Num = Field("50%", description="Centre y of the map's bounding box.")
    map: Literal["rectangle", "hexagon", "cells"] = Field(
        "rectangle", description="rectangle: `cols` x `rows` in offset layout; hexagon: `radius` rings around a "
        "centre cell; cells: the `cells` listed."
    )
    cols: int = Field(1, description="Columns of a rectangle map.", strict=True, ge=1, le=100)
    rows: int = Field(1, description="Rows of a rectangle map.", strict=True, ge=1, le=100)
    radius: int = Field(2, description="Rings around the centre cell of a hexagon map (0: one cell).", strict=True,
                        ge=0, le=40)
    cells: str = Field("", description='The cells of a `cells` map in the `coords` scheme, e.g. "0,0 1,0 0,1".')
    offset: Literal["odd", "even"] = Field(
        "odd", description="Offset layout: odd (or even) columns (flat) or rows (pointy) are pushed half a cell."
    )
    coords: Scheme = Field("offset", description="Scheme of `cells`, the set's `cell` keys and the labels.")
    labels: bool = Field(False, description="Print each cell's coordinates (in the `coords` scheme, or `label_format`).")
    label_format: str | None = Field(
        None, description='Each cell\'s label from its column and row labels, e.g. "{col}{row}": with `col_labels = '
        '"01"` and `row_labels = "01"` the wargame scheme 0101, 0102 ...; with `row_labels = "A"`, 1A, 1B ... '
        "(columns and rows of the offset layout, counted from the map's first); omitted: the `coords` scheme."
    )
    col_labels: LabelSpec = Field(
        "1", description='Column labels for `label_format`, from the map\'s leftmost column: the first label ("1"; '
        '"01" pads to two digits; "A", "a") or a list of labels.'
    )
    row_labels: LabelSpec = Field("1", description="Row labels for `label_format`, from the top row: as `col_labels`.")
    label_skip: list[str] = Field([], description='Labels never used, e.g. ["I"] (letters) or ["13"].')
    label_at: Literal["top", "centre", "bottom"] = Field("top", description="Where a label sits in its cell.")
    label_offset: Point = Field((0, 0), description="Shift [dx, dy] (mm) of every label from its place.")
    label_size: Num = Field("5pt", description="Font size of the coordinate labels.")
    label_fill: str = Field("#666666", description="Colour of the coordinate labels.")
    fill: str | None = Field(None, description='Fill of each cell; may use the cell\'s record, e.g. "{terrain.fill}".')
    stroke: str | None = Field("black", description="Outline colour of each cell.")
    width: Num = Field(0.4, description="Outline width.")
    set: str | None = Field(None, description="A set whose records' `cell` fields key them to cells.")
    table: str | None = Field(
        None, description='A table in the game folder (CSV, or a spreadsheet: its first sheet) with a `cell` column '
        'keying each row to a cell, e.g. "map.csv"; templates see the row as `{cell.column}`.'
    )
    frame: Num = Field(0, description="Width of a frame around the map's outline (0: none), mitred at its corners.")
    frame_fill: str = Field("black", description="Colour of the frame.")
    frame_stroke: str | None = Field(None, description="Outline colour of the frame's edges.")
    elements: list[Element] = Field([], description="Elements drawn on every cell, (0, 0) at the cell's centre.")
    edges: dict[str, str] = Field({}, description=EDGES_DOC + " A cell's record may also have an `edges` field "
                                  "written the same way.")
    edge_styles: dict[str, EdgeStyle] = Field({}, description="Named styles of edges and links: "
                                              '{ river = { stroke = "sea", width = 2 } }.')
    links: list[Link] = Field([], description='Lines between cells: [{ cells = ["1,1", "3,3"], route = "cells", '
                              'style = "road" }].')

    @model_validator(mode="after")
    def _map(self) -> HexgridElement:
        if self.set is not None and self.table is not None:
            raise ValueError("`set` or `table`, not both")
        if self.map == "cells" and not self.cells.strip():
            raise ValueError("`cells` listing the cells of a `cells` map")
        if self.map == "rectangle" and self.cols * self.rows > MAX_CELLS:
            raise ValueError(f"a map of at most {MAX_CELLS} cells (a limit that refuses absurd maps)")
        if self.map == "hexagon" and 3 * self.radius * (self.radius + 1) + 1 > MAX_CELLS:
            raise ValueError(f"a map of at most {MAX_CELLS} cells (a limit that refuses absurd maps)")
        if self.map == "cells" and len(self.cells) > MAX_CELLS_TEXT:
            raise ValueError(f"a `cells` list of at most {MAX_CELLS_TEXT} characters (a limit that refuses absurd maps)")
        if self.map == "cells" and "{" not in self.cells and len(self.cells.split()) > MAX_CELLS:
            raise ValueError(f"a map of at most {MAX_CELLS} cells (a limit that refuses absurd maps)")
        return self


def map_cells(el: HexgridElement, ctx: DrawContext) -> list[Axial]:
    """The map's cells in axial coordinates, in map order (rows, then columns; or as listed)."""
    odd = el.offset == "odd"
    if el.map == "rectangle":
        return rectangle(el.cols, el.rows, el.orientation, odd)
    if el.map == "hexagon":
        return hexagon(el.radius)
    words = ctx.text(el.cells, "cells").split()
    if len(words) > MAX_CELLS:  # before any cell is read: a list of cells is bounded as the other maps are
        raise ctx.fail("cells", f"a map of at most {MAX_CELLS} cells", f"{len(words)} cells")
    out: dict[Axial, None] = {}
    for word in words:
        try:
            cell = parse_coord(word, el.coords, el.orientation, odd)
        except ValueError as exc:
            raise ctx.fail("cells", str(exc), word) from None
        if cell in out:
            raise ctx.fail("cells", "each cell listed once", word)
        out[cell] = None
    return list(out)


def placed(el: HexgridElement, ctx: DrawContext, w: float, h: float) -> tuple[list[Axial], float, float, float]:
    """The cells, their size and the shift (dx, dy) that centres the map's box on (cx, cy)."""
    size = ctx.length(el.size, "size")
    if size <= 0:
        raise ctx.fail("size", "a length greater than 0", el.size)
    cells = map_cells(el, ctx)
    pts = [p for q, r in cells for p in corners(*centre(q, r, size, el.orientation), size, el.orientation)]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    dx = ctx.length(el.cx, "cx", w) - (x0 + x1) / 2
    dy = ctx.length(el.cy, "cy", h) - (y0 + y1) / 2
    return cells, size, dx, dy


def table_rows(el: HexgridElement, ctx: DrawContext) -> list[dict[str, Any]]:
    """The rows of the element's CSV table (read once per game)."""
    import csv
    import io
    import itertools

    from printkit.reading import MAX_TABLE_BYTES, confined, decode_text, read_limited, separator
    from printkit.tables import is_spreadsheet, read_sheet

    assert el.table is not None
    key = ("hexgrid-table", el.table)
    if key not in ctx.game.cache:
        path = confined(ctx.game.root, el.table, ctx.game.rel(), f"{ctx.where}.table")
        where = str(ctx.game.root / el.table)
        data = read_limited(path, MAX_TABLE_BYTES, where, "")
        if is_spreadsheet(el.table):  # its first sheet
            sheet = read_sheet(data, el.table, where, None, MAX_CELLS)
            rows = [dict(zip(sheet.header, cells, strict=True)) for _, cells in sheet.rows]
        else:
            text = decode_text(data, where, table=True)
            try:
                reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=separator(text))
                rows = [dict(r) for r in itertools.islice(reader, MAX_CELLS + 1)]  # one too many is enough to refuse
            except csv.Error as exc:
                raise ctx.fail("table", "valid CSV", f"{el.table} ({str(exc).lower()})") from None
        if rows and "cell" not in rows[0]:
            raise ctx.fail("table", "a CSV file with a `cell` column", f"{el.table} (columns: {', '.join(rows[0])})")
        if len(rows) > MAX_CELLS:
            raise ctx.fail("table", f"at most {MAX_CELLS} rows", f"{el.table} (more than {MAX_CELLS} rows)")
        ctx.game.cache[key] = rows
    return ctx.game.cache[key]  # type: ignore[return-value]


def cell_records(el: HexgridElement, ctx: DrawContext, cells: list[Axial]) -> dict[Axial, dict[str, Any]]:
    if el.set is None and el.table is None:
        return {}
    records: list[dict[str, Any]] | None
    if el.table is not None:
        records = table_rows(el, ctx)
        label_of = "table ({}, row {} cell)"
    else:
        records = ctx.game.data.sets.get(el.set)  # type: ignore[arg-type]
        label_of = "set ({}[{}].cell)"
        if records is None:
            raise ctx.fail("set", "a set defined under [sets] (" + ", ".join(sorted(ctx.game.data.sets)) + ")", el.set)
    on_map = set(cells)
    out: dict[Axial, dict[str, Any]] = {}
    for i, record in enumerate(records):
        where = label_of.format(el.table, i + 2) if el.table is not None else label_of.format(el.set, i)
        key = record.get("cell")
        if not isinstance(key, str):
            raise ctx.fail(where, "a `cell` field naming a cell of the map, e.g. \"2,3\"", key)
        try:
            cell = parse_coord(key, el.coords, el.orientation, el.offset == "odd")
        except ValueError as exc:
            raise ctx.fail(where, str(exc), key) from None
        if cell not in on_map:
            raise ctx.fail(where, f"a cell of the map (in {el.coords} coordinates)", key)
        if cell in out:
            raise ctx.fail(where, "one record per cell", key)
        out[cell] = record
    return out


def cell_names(el: HexgridElement, ctx: DrawContext, cells: list[Axial]) -> list[str]:
    """Each cell's printed label: from `label_format` with its column and row labels, or its coordinates."""
    odd = el.offset == "odd"
    if el.label_format is None:
        return [label(q, r, el.coords, el.orientation, odd) for q, r in cells]
    offsets = [to_offset(q, r, el.orientation, odd) for q, r in cells]
    c0, r0 = min(c for c, _ in offsets), min(r for _, r in offsets)
    c1, r1 = max(c for c, _ in offsets), max(r for _, r in offsets)
    try:
        cols = sequence(el.col_labels, c1 - c0 + 1, el.label_skip)
    except ValueError as exc:
        raise ctx.fail("col_labels", str(exc), el.col_labels) from None
    try:
        rows = sequence(el.row_labels, r1 - r0 + 1, el.label_skip)
    except ValueError as exc:
        raise ctx.fail("row_labels", str(exc), el.row_labels) from None
    return [ctx.with_values({"col": cols[c - c0], "row": rows[r - r0]}).text(el.label_format, "label_format")
            for c, r in offsets]


HEX_DIRECTIONS: dict[str, tuple[str, ...]] = {
    "flat": ("se", "s", "sw", "nw", "n", "ne"),
    "pointy": ("se", "sw", "w", "nw", "ne", "e"),
}
"""The direction of each edge, between corner k and k + 1 (see :func:`corners`)."""


def hex_line(a: Axial, b: Axial) -> list[Axial]:
    """The cells a straight line from the centre of ``a`` to the centre of ``b`` passes through, in order
    (cube coordinates interpolated and rounded; nudged so a line along an edge picks one side)."""
    n = max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs((a[0] + a[1]) - (b[0] + b[1])))
    out: list[Axial] = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q = a[0] + (b[0] - a[0]) * t + 1e-6
        r = a[1] + (b[1] - a[1]) * t + 2e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        cell = (int(rq), int(rr))
        if not out or out[-1] != cell:
            out.append(cell)
    return out


def _map_cell(el: HexgridElement, ctx: DrawContext, key: str, where: str, on_map: set[Axial]) -> Axial:
    """A cell of the map written in its `coords` scheme; anything else is a data error at ``where``."""
    try:
        cell = parse_coord(key, el.coords, el.orientation, el.offset == "odd")
    except ValueError as exc:
        raise ctx.fail(where, str(exc), key) from None
    if cell not in on_map:
        raise ctx.fail(where, f"a cell of the map (in {el.coords} coordinates)", key)
    return cell


def _edges_and_links(el: HexgridElement, ctx: DrawContext, cells: list[Axial], records: dict[Axial, dict[str, Any]],
                     size: float, dx: float, dy: float) -> list[Node]:
    odd = el.offset == "odd"
    directions = HEX_DIRECTIONS[el.orientation]
    on_map = set(cells)
    wanted: list[tuple[Axial, str, str]] = []  # cell, its edges text, where it was given
    for key, text in el.edges.items():
        wanted.append((_map_cell(el, ctx, key, f"edges.{key}", on_map), text, f"edges.{key}"))
    for cell in cells:
        given = records.get(cell, {}).get("edges")
        if isinstance(given, str) and given.strip():
            wanted.append((cell, given, f"{el.set or el.table} record of cell "
                                        f"{label(*cell, el.coords, el.orientation, odd)}"))
    out: list[Node] = []
    for (q, r), text, where in wanted:
        try:
            parsed = parse_edges(text, directions)
        except ValueError as exc:
            raise ctx.fail(where, str(exc), text) from None
        x, y = centre(q, r, size, el.orientation)
        pts = corners(x + dx, y + dy, size, el.orientation)
        for direction, name in parsed:
            k = directions.index(direction)
            (x1, y1), (x2, y2) = pts[k], pts[(k + 1) % 6]
            out.append(Path((("M", x1, y1), ("L", x2, y2)), edge_paint(name, el.edge_styles, ctx, where)))
    for i, link in enumerate(el.links):
        route: list[Axial] = []
        for j, key in enumerate(link.cells):
            cell = _map_cell(el, ctx, key, f"links[{i}].cells[{j}]", on_map)
            if route and link.route == "cells":
                route += hex_line(route[-1], cell)[1:]
            else:
                route.append(cell)
        pts = [(x + dx, y + dy) for x, y in (centre(q, r, size, el.orientation) for q, r in route)]
        out.append(link_path(pts, edge_paint(link.style, el.edge_styles, ctx, f"links[{i}].style")))
    return out


def _hexgrid(el: HexgridElement, ctx: DrawContext, w: float, h: float, b: float) -> list[Node]:
    from printkit.faces import draw_element
    from printkit.game import MISSING, DrawContext

    cells, size, dx, dy = placed(el, ctx, w, h)
    records = cell_records(el, ctx, cells)
    odd = el.offset == "odd"
    stroke = ctx.colour(el.stroke, "stroke") if el.stroke is not None else None
    width = ctx.length(el.width, "width")
    out: list[Node] = []
    frame = ctx.length(el.frame, "frame")
    if frame > 0:
        loop = [(x + dx, y + dy) for x, y in outline(cells, size, el.orientation)[0]]
        band = _loop_segments(grow(loop, frame)) + _loop_segments(loop)
        fstroke = ctx.colour(el.frame_stroke, "frame_stroke") if el.frame_stroke is not None else None
        out.append(Path(tuple(band), Paint(fill=ctx.colour(el.frame_fill, "frame_fill"), stroke=fstroke, width=width)))
    lsize = ctx.length(el.label_size, "label_size")
    lfill = ctx.colour(el.label_fill, "label_fill") or "#000000"
    ox, oy = ctx.length(el.label_offset[0], "label_offset"), ctx.length(el.label_offset[1], "label_offset")
    names = cell_names(el, ctx, cells)
    rise = {"top": -size * 0.42, "centre": 0.0, "bottom": size * 0.42}[el.label_at]
    base = dict(ctx.values)
    plain_fill = ctx.colour(el.fill, "fill") if el.fill is not None and "{" not in el.fill else None
    for index, (q, r) in enumerate(cells):
        x, y = centre(q, r, size, el.orientation)
        x, y = x + dx, y + dy
        col, row = to_offset(q, r, el.orientation, odd)
        values = {**base, "hex": {"q": q, "r": r, "s": -q - r, "col": col, "row": row, "index": index + 1,
                                  "label": label(q, r, el.coords, el.orientation, odd), "name": names[index]}}
        if el.set is not None:
            values[el.set] = records.get((q, r), {})
        elif el.table is not None:
            values["cell"] = records.get((q, r), {})
        sub = DrawContext(ctx.game, ctx.variant, ctx.where, values)
        fill = plain_fill
        if el.fill is not None and "{" in el.fill:
            resolved = sub.resolved_or_missing(el.fill)
            fill = None if resolved is MISSING or resolved == "" else sub.colour(resolved, "fill")
        pts = corners(x, y, size, el.orientation)
        out.append(Path(tuple(_loop_segments(pts)), Paint(fill=fill, stroke=stroke, width=width)))
        if el.labels:
            out.append(Text(x + ox, y + rise + lsize * 0.35 + oy, names[index], lsize, lfill, ctx.game.fonts["regular"],
                            "middle"))
        nodes: list[Node] = []
        for j, child in enumerate(el.elements):
            child_ctx = DrawContext(ctx.game, ctx.variant, f"{ctx.where}.elements[{j}]", values)
            nodes += draw_element(child, child_ctx, w, h, b)
        if nodes:
            out.append(Group(tuple(nodes), translate(x, y)))
    return out + _edges_and_links(el, ctx, cells, records, size, dx, dy)


register(ElementType("hexgrid", HexgridElement, _hexgrid, memo=False,
                     example='{ type = "hexgrid", map = "hexagon", radius = 1, size = 6.5, fill = "sky", stroke = "ink", frame = 2, frame_fill = "gold", labels = true, coords = "axial", label_size = "3pt" }'))
