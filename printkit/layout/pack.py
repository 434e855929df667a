"""The pack engine: shaped pieces cut along their outline, packed without overlap.

Pieces are placed in shelves (rows) on the printable area, tallest first, in a
stable order so the same data always gives the same pages. A piece too tall for a
page turns 90 degrees when that makes it fit. Cut outlines print on the sheet (you
cut along them with scissors or a knife), so no crop marks are needed. When a
piece has a back, a back page follows, each back mirrored to land behind its face.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.drawing import (
    CUT,
    Drawing,
    Group,
    Matrix,
    Path,
    Rect,
    Segment,
    Text,
    Use,
    apply,
    mat_mul,
    polygon,
    rotate,
    translate,
)
from printkit.errors import DataError, Problem
from printkit.layout import Item, LayoutOptions, Paper, Placement, Sheet, renumber
from printkit.layout.grid import crop_marks


@dataclass(frozen=True)
class Slot:
    item: Item
    x: float  # left of the piece's box (bleed included) on the page
    y: float
    rotated: bool


def _box(item: Item) -> tuple[float, float, float, float]:
    """The piece's extent to keep clear: its drawn box (bleed included) and its outline."""
    x, y, w, h = item.art.front.box
    return x, y, w, h


def pack_pages(items: list[Item], paper: Paper, spacing: float) -> list[list[Slot]]:
    """Shelf packing of the pieces' boxes into pages of the printable area."""
    px, py, pw, ph = paper.printable
    order = sorted(
        range(len(items)),
        key=lambda i: (-max(_box(items[i])[3], 0.0), items[i].component, i),
    )
    pages: list[list[Slot]] = []
    page: list[Slot] = []
    x = y = shelf_h = 0.0
    for i in order:
        item = items[i]
        _, _, w, h = _box(item)
        rotated = False
        if w > pw + 1e-9 or h > ph + 1e-9:
            if h <= pw + 1e-9 and w <= ph + 1e-9:
                w, h, rotated = h, w, True
            else:
                raise DataError([Problem(
                    item.component, "size",
                    f"a piece that fits the printable area of {paper.name} ({pw:.1f} x {ph:.1f} mm)",
                    f"{w:.1f} x {h:.1f} mm",
                )])
        if x > 0 and x + w > pw + 1e-9:
            x, y, shelf_h = 0.0, y + shelf_h + spacing, 0.0
        if y + h > ph + 1e-9:
            pages.append(page)
            page, x, y, shelf_h = [], 0.0, 0.0, 0.0
        page.append(Slot(item, px + x, py + y, rotated))
        x += w + spacing
        shelf_h = max(shelf_h, h)
    if page:
        pages.append(page)
    return pages


def _placement_matrix(item: Item, slot_x: float, slot_y: float, rotated: bool) -> Matrix:
    """Map the piece's own coordinates to the page: its box's top left lands at the slot."""
    bx, by, _bw, bh = _box(item)
    if not rotated:
        return translate(slot_x - bx, slot_y - by)
    # Turn 90 degrees clockwise: the box's bottom-left corner becomes the slot's top-left.
    return mat_mul(translate(slot_x + bh, slot_y), mat_mul(rotate(90), translate(-bx, -by)))


def _trim(item: Item, m: Matrix) -> tuple[float, float, float, float]:
    w, h = item.art.front.width, item.art.front.height
    corners = [apply(m, cx, cy) for cx, cy in ((0, 0), (w, 0), (0, h), (w, h))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def honeycomb_centres(width: float, paper: Paper) -> list[tuple[float, float]]:
    """Centres of flat-topped hexagons ``width`` across the corners laid edge to edge on the printable
    area: columns 3/4 of a width apart, every other column half a height lower; row by row."""
    px, py, pw, ph = paper.printable
    height = width * math.sqrt(3) / 2
    out = []
    col = 0
    while width / 2 + col * 0.75 * width + width / 2 <= pw + 1e-9:
        row = 0
        while (top := (row + (0.5 if col % 2 else 0.0)) * height) + height <= ph + 1e-9:
            out.append((row * 2 + col % 2, col, px + width / 2 + col * 0.75 * width, py + top + height / 2))
            row += 1
        col += 1
    return [(x, y) for _, _, x, y in sorted(out)]


def honeycomb_pages(items: list[Item], paper: Paper) -> list[list[tuple[Item, float, float]]]:
    """Hexagonal pieces placed edge to edge, one size at a time (in the order met); each item with its centre."""
    pages: list[list[tuple[Item, float, float]]] = []
    sizes = list(dict.fromkeys(round(i.art.front.width, 6) for i in items))
    for size in sizes:
        group = [i for i in items if round(i.art.front.width, 6) == size]
        centres = honeycomb_centres(group[0].art.front.width, paper)
        if not centres:
            _px, _py, pw, ph = paper.printable
            raise DataError([Problem(group[0].component, "size", f"a piece that fits the printable area of "
                                     f"{paper.name} ({pw:.1f} x {ph:.1f} mm)", f"{size:.1f} mm across")])
        for start in range(0, len(group), len(centres)):
            pages.append([(item, *c) for item, c in zip(group[start:start + len(centres)], centres, strict=False)])
    return pages


def _hexagon(w: float, h: float) -> list[tuple[float, float]]:
    r = w / 2
    return [(r + r * math.cos(math.radians(a)), h / 2 + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def _honeycomb_sheets(items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    """Pages of tessellated hexagons: each piece's art clipped to its cut line, the cut lines drawn once
    where neighbours share them, backs mirrored behind their faces."""
    sheets: list[Sheet] = []
    for page in honeycomb_pages(items, paper):
        front, back = Drawing(paper.width, paper.height), Drawing(paper.width, paper.height)
        fsheet, bsheet = Sheet(front, kind="front"), Sheet(back, kind="back")
        edges: dict[tuple[tuple[float, float], tuple[float, float]], tuple[tuple[float, float], tuple[float, float]]] = {}
        for item, cx, cy in page:
            w, h = item.art.front.width, item.art.front.height
            x, y = cx - w / 2, cy - h / 2
            m = translate(x, y)
            clip = polygon(_hexagon(w, h), CUT, "art")
            front.defs[item.front_ref] = item.art.front
            front.add(Group((Use(item.front_ref),), m, clip=clip))
            fsheet.placements.append(Placement(item.component, item.piece, "front", 0, x, y, w, h, item.copy))
            pts = [(px + x, py + y) for px, py in _hexagon(w, h)]
            for k in range(6):
                a, b = pts[k], pts[(k + 1) % 6]
                key = tuple(sorted(((round(a[0], 4), round(a[1], 4)), (round(b[0], 4), round(b[1], 4)))))
                edges.setdefault(key, (a, b))  # type: ignore[arg-type]
            if opts.duplex != "none" and item.back_ref and item.art.back is not None:
                _tiled_back(bsheet, item, m, (x, y, w, h), clip, paper, opts)
        segs: list[Segment] = []
        for a, b in edges.values():
            segs += [("M", *a), ("L", *b)]
        front.add(Path(tuple(segs), CUT, "cut"))
        fsheet.info["tessellated"] = {"pieces": len(page), "cut_edges": len(edges)}
        _add_pair(sheets, fsheet, bsheet, paper, opts)
    return sheets


def _tiled_back(bsheet: Sheet, item: Item, m: Matrix, trim: tuple[float, float, float, float],
                clip: Rect | Path, paper: Paper, opts: LayoutOptions) -> None:
    """A tiled piece's back, mirrored to land behind its face (``m`` places the face at ``trim``)."""
    x, y, w, h = trim
    back = bsheet.drawing
    back.defs[item.back_ref] = item.art.back  # type: ignore[index,assignment]
    page_mirror: Matrix = (-1.0, 0.0, 0.0, 1.0, paper.width, 0.0)
    as_face: Matrix = (-1.0, 0.0, 0.0, 1.0, w, 0.0)
    back.add(Group((Use(item.back_ref),), mat_mul(page_mirror, mat_mul(m, as_face)), clip=clip))  # type: ignore[arg-type]
    by = y if opts.duplex == "long" else paper.height - y - h
    bx = paper.width - x - w if opts.duplex == "long" else x
    bsheet.placements.append(Placement(item.component, item.piece, "back", 0, bx, by, w, h, item.copy))


def _add_pair(sheets: list[Sheet], fsheet: Sheet, bsheet: Sheet, paper: Paper, opts: LayoutOptions) -> None:
    """A front sheet, then its back sheet when some piece on it has a back (turned for short-edge duplex)."""
    sheets.append(fsheet)
    back = bsheet.drawing
    if back.children:
        if opts.duplex == "short":
            back.children = [Group(tuple(back.children), rotate(180, paper.width / 2, paper.height / 2))]
        bsheet.roles = ("art", "guide")
        sheets.append(bsheet)


def guillotine_pages(items: list[Item], paper: Paper) -> list[tuple[list[tuple[Item, float, float]], int, int]]:
    """Rectangular pieces laid edge to edge in a block centred on the printable area, one size (and
    `per_page`) at a time in the order met, row by row; each page with its pieces' top-left corners,
    and the block's columns and rows (every cut runs across the whole block)."""
    pages: list[tuple[list[tuple[Item, float, float]], int, int]] = []
    kinds = list(dict.fromkeys((round(i.art.front.width, 6), round(i.art.front.height, 6),
                                i.art.info.get("per_page")) for i in items))
    px, py, pw, ph = paper.printable
    for w, h, per_page in kinds:
        group = [i for i in items if (round(i.art.front.width, 6), round(i.art.front.height, 6),
                                      i.art.info.get("per_page")) == (w, h, per_page)]
        cols, rows = math.floor(pw / w + 1e-9), math.floor(ph / h + 1e-9)
        if cols * rows == 0:
            raise DataError([Problem(group[0].component, "size", f"a piece that fits the printable area of "
                                     f"{paper.name} ({pw:.1f} x {ph:.1f} mm)", f"{w:.1f} x {h:.1f} mm")])
        if isinstance(per_page, int) and 0 < per_page < cols * rows:  # fewest rows, then fewest columns
            rows = min(rows, math.ceil(per_page / cols))
            cols = min(cols, math.ceil(per_page / rows))
        n = min(cols * rows, per_page) if isinstance(per_page, int) else cols * rows
        x0, y0 = px + (pw - cols * w) / 2, py + (ph - rows * h) / 2
        for start in range(0, len(group), n):
            chunk = group[start:start + n]
            used = math.ceil(len(chunk) / cols)
            pages.append(([(item, x0 + (k % cols) * w, y0 + (k // cols) * h) for k, item in enumerate(chunk)],
                          cols if used > 1 else len(chunk), used))
    return pages


def _guillotine_sheets(items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    """Pages of rectangles edge to edge: each piece's art stops at its trim, neighbours share one cut,
    every cut runs straight across the block (a guillotine or a long ruler) with a mark at each end;
    backs mirrored behind their faces. With ``art.info["cut_lines"]`` false the cuts are not printed
    (the marks are; cut files still have the cuts); ``art.info["number"]`` prints each copy's number."""
    sheets: list[Sheet] = []
    for page, cols, rows in guillotine_pages(items, paper):
        front, back = Drawing(paper.width, paper.height), Drawing(paper.width, paper.height)
        fsheet, bsheet = Sheet(front, kind="front"), Sheet(back, kind="back")
        first = page[0][0]
        w, h = first.art.front.width, first.art.front.height
        x0, y0 = page[0][1], page[0][2]
        for item, x, y in page:
            m = translate(x, y)
            clip = Rect(0, 0, w, h, CUT, "art")
            front.defs[item.front_ref] = item.art.front
            nodes: list[Use | Text] = [Use(item.front_ref)]
            number = item.art.info.get("number")
            if isinstance(number, dict):
                size = float(number["size"])
                nodes.append(Text(w - size * 0.6, h - size * 0.5, str(item.copy - 1 + int(number["first"])), size,
                                  str(number["fill"]), "regular", "end"))
            front.add(Group(tuple(nodes), m, clip=clip))
            fsheet.placements.append(Placement(item.component, item.piece, "front", 0, x, y, w, h, item.copy))
            if opts.duplex != "none" and item.back_ref and item.art.back is not None:
                _tiled_back(bsheet, item, m, (x, y, w, h), clip, paper, opts)
        xs = [x0 + k * w for k in range(cols + 1)]
        ys = [y0 + k * h for k in range(rows + 1)]
        segs: list[Segment] = []
        for x in xs:
            segs += [("M", x, ys[0]), ("L", x, ys[-1])]
        for y in ys:
            segs += [("M", xs[0], y), ("L", xs[-1], y)]
        front.add(Path(tuple(segs), CUT, "cut"))
        front.add(*crop_marks(paper, xs, ys, 0.0))
        if first.art.info.get("cut_lines") is False:
            fsheet.roles = ("art", "fold", "guide")
        fsheet.info["guillotine"] = {"pieces": len(page), "cuts": len(xs) + len(ys)}
        _add_pair(sheets, fsheet, bsheet, paper, opts)
    return sheets


def pack(items: list[Item], paper: Paper, opts: LayoutOptions) -> list[Sheet]:
    """Tessellating hexagons (``art.info["tessellate"]``) go on honeycomb pages first, tessellating
    rectangles on guillotine pages; the rest are packed by their boxes."""
    tiled = [i for i in items if i.art.info.get("tessellate") == "hexagon"]
    sheets: list[Sheet] = _honeycomb_sheets(tiled, paper, opts) if tiled else []
    squares = [i for i in items if i.art.info.get("tessellate") == "rectangle"]
    sheets += _guillotine_sheets(squares, paper, opts) if squares else []
    if tiled or squares:
        items = [i for i in items if i.art.info.get("tessellate") not in ("hexagon", "rectangle")]
    for slots in pack_pages(items, paper, opts.spacing):
        front = Drawing(paper.width, paper.height)
        back = Drawing(paper.width, paper.height)
        fsheet, bsheet = Sheet(front, kind="front"), Sheet(back, kind="back")
        for slot in slots:
            item = slot.item
            m = _placement_matrix(item, slot.x, slot.y, slot.rotated)
            front.defs[item.front_ref] = item.art.front
            nodes: list[Use] = [Use(item.front_ref)]
            if item.art.outline is not None:
                ref = f"{item.front_ref}--outline"
                front.defs[ref] = item.art.outline
                nodes.append(Use(ref))
            front.add(Group(tuple(nodes), m))
            x, y, w, h = _trim(item, m)
            fsheet.placements.append(Placement(item.component, item.piece, "front", 0, x, y, w, h, item.copy, slot.rotated))
            if opts.duplex != "none" and item.back_ref and item.art.back is not None:
                back.defs[item.back_ref] = item.art.back
                # After a long-edge flip the page is mirrored about its vertical centre line. The back is
                # drawn as seen from behind (its u runs the other way), so: back -> face coordinates ->
                # page -> mirrored page. Right for rotated pieces too.
                mirror_x = paper.width - x - w
                page_mirror: Matrix = (-1.0, 0.0, 0.0, 1.0, paper.width, 0.0)
                as_face: Matrix = (-1.0, 0.0, 0.0, 1.0, item.art.front.width, 0.0)
                bm = mat_mul(page_mirror, mat_mul(m, as_face))
                back.add(Group((Use(item.back_ref),), bm))
                if opts.duplex == "long":
                    bsheet.placements.append(Placement(item.component, item.piece, "back", 0, mirror_x, y, w, h, item.copy, slot.rotated))
                else:
                    bsheet.placements.append(Placement(item.component, item.piece, "back", 0, x, paper.height - y - h, w, h, item.copy, slot.rotated))
        _add_pair(sheets, fsheet, bsheet, paper, opts)
    renumber(sheets)
    return sheets
