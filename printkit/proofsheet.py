"""The proof's contact sheet: every distinct face small, its count beside it, the totals,
the checks that failed or warned, and the assumptions, for a person to look over.

Faces are the ones ``build.draw()`` made (``Kit.faces``), placed scaled with
:class:`~printkit.drawing.Use` nodes and clipped to their trim box, so the sheet
shows exactly what will print. Pages are drawing trees; the caller renders them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from printkit.drawing import (
    Circle,
    Drawing,
    Group,
    Node,
    Paint,
    Path,
    Rect,
    Text,
    Use,
    designs,
    mat_mul,
    scale,
    translate,
)
from printkit.faces import text_block
from printkit.game import BUILTIN_COLOURS, Game
from printkit.layout import Paper
from printkit.render.fonts import text_width
from printkit.report import GameReport
from printkit.units import parse_length

if TYPE_CHECKING:
    from printkit.kit import Kit

PT = parse_length("1pt")
GREY = "#777777"
LIGHT = "#cccccc"
RED = "#c0392b"
AMBER = "#b9770e"
GREEN = "#1e8449"
CELL_W, CELL_H = 31.0, 38.0
THUMB_W, THUMB_H = 19.0, 27.0
MAX_TILES = 240
"""At most this many faces on the sheet (about six pages); a larger deck is summed up, not drawn."""
BIG, BIG_H = 120.0, 70.0
"""A piece larger than BIG mm (a board) gets a row of its own, BIG_H mm high."""


@dataclass(frozen=True)
class Tile:
    """One distinct face on the sheet: the face drawing's reference, its name and how many pieces show it."""

    ref: str
    component: str
    label: str
    count: int
    back: bool = False
    outline: Rect | Circle | Path | None = None
    component_id: str = ""


def tiles(kit: Kit) -> list[Tile]:
    """Distinct fronts in component order, then distinct backs, each with its number of pieces."""
    order = {c.id: i for i, c in enumerate(kit.game.components)}
    items = sorted((item for items in kit.groups.values() for item in items if item.component in order),
                   key=lambda it: order[it.component])
    # design -> the fields of its Tile, counted up piece by piece (a Tile is made once per design)
    fronts: dict[object, list[Any]] = {}
    backs: dict[object, list[Any]] = {}
    cuts: dict[int, Rect | Circle | Path | None] = {}  # by outline (the items keep theirs): its cut shape
    # a face's reference -> its design: variants that print alike are one face
    refs = [ref for ref in dict.fromkeys(ref for item in items for ref in (item.front_ref, item.back_ref))
            if ref is not None and ref in kit.faces]
    same: dict[str, object] = dict(zip(refs, designs([kit.faces[ref] for ref in refs]), strict=True))

    for item in items:
        comp = kit.game.component(item.component)
        outline = item.art.outline
        if id(outline) not in cuts:
            cuts[id(outline)] = _cut_shape(outline)
        for ref, table, back in ((item.front_ref, fronts, False), (item.back_ref, backs, True)):
            if ref is None:
                continue
            key = same.get(ref, ref)
            old = table.get(key)
            # A back chosen per piece is named after its layout (deck-spell-back: "spell-back").
            label = (ref.removeprefix(f"{item.component}-") if ref.endswith("back") else "back") if back \
                else (item.variant or comp.label)
            if old is None:
                table[key] = [ref, comp.label, label, 1, back, cuts[id(outline)], item.component]
                continue
            if back and comp.label not in old[1].split(", "):
                old[1] = f"{old[1]}, {comp.label}"
            old[2] = _common(old[2], label) if not back and old[2] != label else label
            old[3] += 1
            old[5], old[6] = cuts[id(outline)], item.component  # the last piece's cut shape and component
    return [Tile(*fields) for fields in (*fronts.values(), *backs.values())]


def _common(a: str, b: str) -> str:
    """The words two variant names share, in place (``red-1-small`` and ``red-2-small``: ``red-small``)."""
    x, y = a.split("-"), b.split("-")
    if len(x) != len(y):
        return a
    return "-".join(p for p, q in zip(x, y) if p == q) or a


def _cut_shape(outline: Drawing | None) -> Rect | Circle | Path | None:
    """The piece's cut line when it is one closed shape (a circle, a hexagon, a curved piece...);
    None: frame it by its trim box."""
    if outline is None:
        return None
    cuts = [n for n in outline.children if isinstance(n, (Rect, Circle, Path)) and n.role == "cut"]
    if len(cuts) != 1 or (isinstance(cuts[0], Path) and not cuts[0].closed):
        return None
    return cuts[0]


class Sheet:
    """Pages filled top to bottom; ``need(h)`` starts a new page when ``h`` mm do not fit."""

    def __init__(self, paper: Paper, title: str, defs: dict[str, Drawing]) -> None:
        self.paper, self.title, self.defs = paper, title, defs
        self.margin = max(paper.margin, 10.0)
        self.pages: list[Drawing] = []
        self.y = 0.0
        self.new_page()

    @property
    def width(self) -> float:
        return self.paper.width - 2 * self.margin

    @property
    def page(self) -> Drawing:
        return self.pages[-1]

    def new_page(self) -> None:
        page = Drawing(self.paper.width, self.paper.height, defs=self.defs)
        n = len(self.pages) + 1
        page.add(Text(self.margin, self.paper.height - self.margin + 5, f"{self.title} - page {n}",
                      7 * PT, GREY))
        self.pages.append(page)
        self.y = self.margin

    def need(self, h: float) -> None:
        if self.y + h > self.paper.height - self.margin:
            self.new_page()

    def text(self, text: str, size_pt: float, *, bold: bool = False, fill: str = "#000000", indent: float = 0.0,
             gap: float = 1.0, keep: float = 0.0) -> None:
        """A wrapped paragraph; ``keep`` mm more must fit below it (a heading stays with its first line)."""
        size = size_pt * PT
        nodes = text_block(text, self.margin + indent, 0.0, self.width - indent, None, size, bold=bold, fill=fill)
        h = size * 1.2 * (len(nodes) - 1) + size
        self.need(h + keep)
        self.page.add(*(Text(n.x, n.y + self.y, n.text, n.size, n.fill, n.font, n.anchor) for n in nodes))
        self.y += h + gap

    def add(self, *nodes: Node) -> None:
        self.page.add(*nodes)


def _thumbnail(face: Drawing, tile: Tile, x: float, y: float, box_w: float, box_h: float,
               left: bool = False) -> tuple[list[Node], float]:
    """The face scaled into the box at (x, y), clipped to its cut line (or trim box) and framed
    by it; a back is framed by its front's cut line mirrored. Returns the nodes and the drawn width."""
    s = min(box_w / face.width, box_h / face.height)
    w, h = face.width * s, face.height * s
    ox, oy = x + (0.0 if left else (box_w - w) / 2), y + (box_h - h) / 2
    m = mat_mul(translate(ox, oy), scale(s))
    frame_paint = Paint(stroke=GREY, width=0.15 / s)
    cut = tile.outline or Rect(0, 0, face.width, face.height)
    frame = replace(cut, paint=frame_paint, role="art")
    if tile.back and tile.outline is not None:
        mirror = (-1.0, 0.0, 0.0, 1.0, face.width, 0.0)
        inner = Group((Group((Use(tile.ref),), mirror), frame), mirror, clip=cut)
        return [Group((inner,), m)], w
    return [Group((Group((Use(tile.ref),), clip=cut), frame), m)], w


def failing_pieces(report: GameReport) -> dict[str, list[str]]:
    """Piece (or component) name -> ids of the failing checks that name it (the sheet frames those faces)."""
    out: dict[str, list[str]] = {}
    for line in report.errors:
        for piece in line.pieces:
            ids = out.setdefault(piece, [])
            base = line.check.split("[", 1)[0]
            if base not in ids:
                ids.append(base)
    return out


def _colour_of(game: Game, name: str) -> str | None:
    if name in game.palette:
        return game.palette[name].rgb
    return BUILTIN_COLOURS.get(name)


def contact_sheet(kit: Kit, report: GameReport, paper: Paper) -> list[Drawing]:
    """The proof's pages for one game."""
    game = kit.game
    all_tiles = tiles(kit)
    shown = all_tiles[:MAX_TILES]
    sheet = Sheet(paper, f"{report.title} - proof", {t.ref: kit.faces[t.ref] for t in shown})
    colour = GREEN if report.ok else RED
    sheet.text(f"{report.title}: proof", 16, bold=True, gap=1.5)
    sheet.text(report.summary(), 10, bold=True, fill=colour, gap=1.0)
    if report.seed:
        sheet.text(f"Checked against the rulebook {report.seed}.", 8, fill=GREY, gap=3.0)

    sheet.y += 2.0
    for title, lines, fill in (("Errors", report.errors, RED), ("Warnings", report.warnings, AMBER)):
        sheet.text(f"{title} ({len(lines)})", 11, bold=True, fill=fill, gap=1.2, keep=12.0 if lines else 0.0)
        for line in lines:
            rel = "at least " if line.relation == "at least" else ""
            sheet.text(f"{line.check}: expected {rel}{line.expected}, found {line.found}", 8.5, bold=True,
                       fill=fill, indent=3.0, gap=0.4)
            sheet.text(line.detail, 8, indent=6.0, gap=0.4)
            sheet.text(f"Source: {line.source}", 7.5, fill=GREY, indent=6.0, gap=1.5)
        sheet.y += 1.5
    totals = report.totals
    sheet.text(f"Totals: {totals['pieces']} pieces", 11, bold=True, gap=1.5, keep=8.0)
    sheet.text("Per kind: " + ", ".join(f"{k} {n}" for k, n in totals["by_kind"].items()), 9, gap=1.5)
    for set_name, values in totals["by_set"].items():
        sheet.text(f"Per {set_name}:", 9, bold=True, gap=0.8, keep=5.0)
        x = sheet.margin + 4.0
        row_y = sheet.y
        for value, n in values.items():
            label = f"{value} {n}"
            width = 4.2 + text_width(label, "regular", 8 * PT) + 5.0
            if x + width > sheet.margin + sheet.width:
                sheet.y = row_y + 5.0
                sheet.need(5.0)
                x, row_y = sheet.margin + 4.0, sheet.y
            swatch = _colour_of(game, value)
            if swatch is not None:
                sheet.add(Rect(x, row_y, 3.2, 3.2, Paint(fill=swatch, stroke=GREY, width=0.15)))
            sheet.add(Text(x + 4.2, row_y + 2.8, label, 8 * PT))
            x += width
        sheet.y = row_y + 6.0

    sheet.y += 3.0
    sheet.text(f"Every distinct face ({len(all_tiles)}), with the number of pieces that carry it", 11, bold=True,
               gap=2.0, keep=CELL_H)
    cols = max(1, int(sheet.width // CELL_W))
    col = 0
    flagged = failing_pieces(report)
    for tile in shown:
        face = kit.faces[tile.ref]
        big = max(face.width, face.height) > BIG
        if big and col:
            col, sheet.y = 0, sheet.y + CELL_H
        box_w, box_h = (sheet.width - CELL_W, BIG_H) if big else (THUMB_W, THUMB_H)
        if col == 0:
            sheet.need(box_h + CELL_H - THUMB_H)
        x = sheet.margin + col * CELL_W
        nodes, w = _thumbnail(face, tile, x, sheet.y, box_w, box_h, left=big)
        sheet.add(*nodes)
        checks = flagged.get(tile.ref) or ([] if tile.back else flagged.get(tile.component_id, []))
        if checks:
            sw = w if big else box_w
            sheet.add(Rect(x - 0.8, sheet.y - 0.8, (w if big else box_w) + 1.6, box_h + 1.6,
                           Paint(stroke=RED, width=0.6), r=1.0))
            marks = text_block("\u2717 " + ", ".join(checks), x + 0.3, sheet.y + 0.4, sw - 0.6, None, 5 * PT,
                               bold=True, fill=RED)
            if marks:
                sheet.add(Rect(x, sheet.y, sw, marks[-1].y - sheet.y + 1.2, Paint(fill="#ffffff", opacity=0.85)),
                          *marks)
        count_x = x + (w if big else (box_w + w) / 2) + 1.0
        sheet.add(Text(count_x, sheet.y + 5.0, f"\u00d7{tile.count}", 10 * PT, "#000000", "bold"))
        names = text_block(tile.component, x, sheet.y + box_h + 1.0, CELL_W - 2.0, None, 6 * PT, bold=True)
        sheet.add(*names)
        if tile.label != tile.component:
            top = names[-1].y + 1.2 if names else sheet.y + box_h + 4.0
            sheet.add(*text_block(tile.label, x, top, CELL_W - 2.0, 5.0, 5.5 * PT, fill=GREY))
        if big:
            sheet.y += box_h - THUMB_H
            col = cols - 1
        col += 1
        if col == cols:
            col = 0
            sheet.y += CELL_H
    if col:
        sheet.y += CELL_H
    sheet.y += 2.0
    if len(all_tiles) > len(shown):
        left = all_tiles[len(shown):]
        sheet.text(f"{len(left)} more distinct faces ({sum(t.count for t in left)} pieces) are not shown here; "
                   "every face is in svg/.", 9, bold=True, gap=3.0)

    sheet.text(f"Passed ({len(report.passed)}): " + ", ".join(line.check for line in report.passed), 7.5,
               fill=GREEN, gap=3.0)
    sheet.text(f"Assumptions ({len(report.assumptions)})", 11, bold=True, gap=1.2, keep=8.0)
    for a in report.assumptions:
        sheet.text(f"{a['id']}: {a['text']}", 8, indent=3.0, gap=1.2)
    return sheet.pages
