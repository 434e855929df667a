"""Rulebook pictures: printed faces, and diagrams composed from them as declared in ``[diagrams]``.

Every picture is a drawing tree built from the very faces the kit prints (``Kit.faces``),
so a rulebook can never show a card that differs from the card in the box. Nothing
here knows a game: which faces go where is data.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from printkit import drawing as dr
from printkit.drawing import Drawing, Node
from printkit.errors import DataError, Problem, found_repr
from printkit.faces import draw_element, text_block
from printkit.game import DrawContext, Game, Variant
from printkit.model import MIN_LENGTH

if TYPE_CHECKING:
    from printkit.model import Diagram

OUTLINE = dr.Paint(stroke="#9a9a9a", width=0.3)
PAD = 1.0
SCHEMES = ("component", "piece", "diagram")


@dataclass(frozen=True)
class Picture:
    """A resolved picture: the drawing and the width (mm) it should be shown at."""

    drawing: Drawing
    width: float


def cut_shape(face: Drawing, outline: Drawing | None) -> dr.Rect | dr.Circle | dr.Path:
    """Where the piece is cut: its single cut-line shape (a disc, a hexagon, a net) or its trim rectangle."""
    if outline is not None:
        cuts = [(shape, m) for shape, m in dr.walk(outline.children, outline.defs) if shape.role == "cut"]
        if len(cuts) == 1 and cuts[0][1] == dr.IDENTITY and isinstance(cuts[0][0], (dr.Rect, dr.Circle, dr.Path)):
            return cuts[0][0]
    return dr.Rect(0, 0, face.width, face.height)


def cut_piece(face: Drawing, ref: str, outline: Drawing | None, frame: bool = True) -> list[Node]:
    """The face as it looks once cut out (bleed hidden), with a thin grey line where it is cut."""
    shape = cut_shape(face, outline)
    nodes: list[Node] = [dr.Group((dr.Use(ref),), clip=replace(shape, role="art"))]
    if frame:
        nodes.append(replace(shape, paint=OUTLINE, role="art"))
    return nodes


def trimmed(face: Drawing, ref: str, outline: Drawing | None = None) -> Drawing:
    """A picture of one piece as cut out."""
    return Drawing(face.width, face.height, cut_piece(face, ref, outline), {ref: face})


class Pictures:
    """Resolves picture addresses used in rulebook Markdown: ``component:ID``, ``piece:NAME``, ``diagram:NAME``.

    ``?width=MM`` sets the printed width; ``?box=MM`` fits the picture in a square of that
    size (thumbnails of tall and wide pieces alike); without either a picture is shown at
    true size, at most ``max_width`` mm wide.
    """

    def __init__(self, game: Game, faces: dict[str, Drawing], template: str, max_width: float = 120.0,
                 outlines: dict[str, Drawing] | None = None) -> None:
        self.game = game
        self.faces = faces
        self.outlines = outlines or {}
        self.template = template
        self.max_width = max_width
        self._cache: dict[str, Drawing] = {}

    def fail(self, expected: str, found: str) -> DataError:
        return DataError([Problem(self.template, "picture", expected, found_repr(found))])

    def resolve(self, src: str) -> Picture:
        parts = urlsplit(src)
        scheme, name = parts.scheme, parts.path
        if scheme not in SCHEMES:
            raise self.fail("a picture address component:ID, piece:NAME or diagram:NAME", src)
        key = f"{scheme}:{name}"
        if key not in self._cache:
            self._cache[key] = self._draw(scheme, name, src)
        drawing = self._cache[key]
        width = min(drawing.width, self.max_width)
        query = parse_qs(parts.query)
        for key in ("width", "box"):
            if key not in query:
                continue
            try:
                size = float(query[key][0])
            except ValueError:
                raise self.fail(f"a size in mm, e.g. ?{key}=40", src) from None
            if not 1 <= size <= 1000:
                raise self.fail(f"a {key} from 1 to 1000 mm", src)
            _, _, w, h = drawing.box
            width = size if key == "width" else min(size, size * w / h)
        return Picture(drawing, width)

    def _draw(self, scheme: str, name: str, src: str) -> Drawing:
        if scheme == "diagram":
            if name not in self.game.data.diagrams:
                known = ", ".join(sorted(self.game.data.diagrams)) or "none declared under [diagrams]"
                raise self.fail(f"a diagram of this game ({known})", src)
            return compose(self.game, self.faces, name, self.game.data.diagrams[name], self.outlines)
        ref = piece_ref(self.game, self.faces, name, scheme)
        if ref is None:
            what = "a component id" if scheme == "component" else "a piece name as in out/<game>/svg/"
            raise self.fail(what, src)
        return trimmed(self.faces[ref], ref, self.outlines.get(ref))


def piece_ref(game: Game, faces: dict[str, Drawing], name: str, scheme: str = "piece") -> str | None:
    """The face reference for a piece name, or for a component id (its first variant)."""
    if scheme == "piece" and name in faces:
        return name
    ids = {c.id for c in game.components}
    if name in ids:
        first = game.variants[name][0]
        ref = f"{name}-{first.key}" if first.key else name
        return ref if ref in faces else None
    return None


@dataclass
class _Placed:
    """A piece (or a window of it) placed in a diagram; ``x``/``y`` None until rows are laid out."""

    ref: str
    x: float | None
    y: float | None
    window: tuple[float, float, float, float]
    rotate: int
    label: str | None
    cropped: bool

    @property
    def w(self) -> float:
        return self.window[3] if self.rotate in (90, 270) else self.window[2]

    @property
    def h(self) -> float:
        return self.window[2] if self.rotate in (90, 270) else self.window[3]

    @property
    def left(self) -> float:
        return self.x or 0.0

    @property
    def top(self) -> float:
        return self.y or 0.0


def _owner(game: Game, ref: str) -> tuple[str, Variant] | None:
    """The component and the variant a face reference was drawn from."""
    for comp in game.components:
        for v in game.variants[comp.id]:
            if ref == (f"{comp.id}-{v.key}" if v.key else comp.id):
                return comp.id, v
    return None


def variant_of(game: Game, ref: str) -> Variant:
    """The variant a face reference was drawn from (an empty one for backs and unknown refs)."""
    owner = _owner(game, ref)
    return owner[1] if owner else Variant("", {}, 1)


def _matrix(p: _Placed) -> dr.Matrix:
    """Face coordinates of a placed piece -> diagram coordinates: the window turned about its centre,
    the turned window's top left at (x, y)."""
    wx, wy, ww, wh = p.window
    return dr.mat_mul(dr.translate(p.left + p.w / 2, p.top + p.h / 2),
                      dr.mat_mul(dr.rotate(p.rotate), dr.translate(-wx - ww / 2, -wy - wh / 2)))


def _put_on_boards(game: Game, faces: dict[str, Drawing], where: str, diagram: Diagram, placed: list[_Placed]) -> None:
    """Centre each piece given `on` and `at` on that place of its board, as the board is placed."""
    from printkit.places import board_places, find_place

    boards = {item.piece: placed[i] for i, item in enumerate(diagram.pieces) if item.on is None}
    for i, item in enumerate(diagram.pieces):
        if item.on is None or item.at is None:
            continue
        key = f"{where}.pieces[{i}]"
        board = boards.get(item.on)
        if board is None:
            raise DataError([Problem(game.rel(), f"{key}.on", "a board placed in this diagram (" +
                                     (", ".join(boards) or "none") + ")", found_repr(item.on))])
        owner = _owner(game, board.ref)
        places = board_places(game, game.component(owner[0]), owner[1]) if owner else []
        place = find_place(places, item.at)
        if place is None:
            examples = ", ".join(dict.fromkeys(n for p in places[:4] for n in (p.name, *p.names)))
            raise DataError([Problem(game.rel(), f"{key}.at", f"a place on {item.on} ({examples or 'it has none'}, ...)",
                                     found_repr(item.at))])
        cx, cy = dr.apply(_matrix(board), place.cx, place.cy)
        piece = placed[i]
        piece.x, piece.y = cx - piece.w / 2, cy - piece.h / 2


def compose(game: Game, faces: dict[str, Drawing], name: str, diagram: Diagram,
            outlines: dict[str, Drawing] | None = None) -> Drawing:
    """Place the declared faces (in rows when no position is given), then draw the annotations."""
    where = f"diagrams.{name}"
    placed: list[_Placed] = []
    problems = []
    for i, item in enumerate(diagram.pieces):
        ref = piece_ref(game, faces, item.piece)
        if ref is None:
            problems.append(Problem(game.rel(), f"{where}.pieces[{i}].piece",
                                    "a piece name as in out/<game>/svg/ or a component id", found_repr(item.piece)))
            continue
        face = faces[ref]
        window = item.crop or (0.0, 0.0, face.width, face.height)
        if window[2] < MIN_LENGTH or window[3] < MIN_LENGTH:
            problems.append(Problem(game.rel(), f"{where}.pieces[{i}].crop", f"a width and height of at least {MIN_LENGTH:g} mm",
                                    found_repr(list(window))))
            continue
        label = None
        if item.label is not None:  # may name the piece's own values, e.g. "{position.label}"
            label = DrawContext(game, variant_of(game, ref), f"{where}.pieces[{i}]").text(item.label, "label")
        placed.append(_Placed(ref, item.x, item.y, window, item.rotate, label, item.crop is not None))
    if problems:
        raise DataError(problems)
    label_h = diagram.label_size * 1.6
    on_board = {id(placed[i]) for i, item in enumerate(diagram.pieces) if item.on is not None}
    auto = [p for p in placed if (p.x is None or p.y is None) and id(p) not in on_board]
    if auto:
        cols = diagram.columns or len(auto)
        cell_w = max(p.w for p in auto)
        cell_h = max(p.h for p in auto) + (label_h if any(p.label for p in placed) else 0.0)
        for n, p in enumerate(auto):
            p.x = (n % cols) * (cell_w + diagram.gap) + (cell_w - p.w) / 2
            p.y = (n // cols) * (cell_h + diagram.gap)
    _put_on_boards(game, faces, where, diagram, placed)
    width = diagram.width or max((p.left + p.w for p in placed), default=10.0)
    height = diagram.height or max((p.top + p.h + (label_h if p.label else 0.0) for p in placed), default=10.0)
    nodes: list[Node] = []
    defs: dict[str, Drawing] = {}
    for p in placed:
        face = faces[p.ref]
        wx, wy, ww, wh = p.window
        m = _matrix(p)
        if p.cropped:
            frame = dr.Rect(wx, wy, ww, wh)
            inner: list[Node] = [dr.Group((dr.Use(p.ref),), clip=frame)]
            if diagram.outline:
                inner.append(replace(frame, paint=OUTLINE))
        else:
            inner = cut_piece(face, p.ref, (outlines or {}).get(p.ref), diagram.outline)
        nodes.append(dr.Group(tuple(inner), m))
        defs[p.ref] = face
        if p.label:
            nodes += text_block(p.label, p.left - diagram.gap / 2, p.top + p.h + diagram.label_size * 0.4,
                                p.w + diagram.gap, label_h, diagram.label_size, align="center")
    ctx = DrawContext(game, Variant("", {}, 1), where)
    for i, el in enumerate(diagram.elements):
        nodes += draw_element(el, DrawContext(game, ctx.variant, f"{where}.elements[{i}]"), width, height, 0.0)
    return Drawing(width + 2 * PAD, height + 2 * PAD, [dr.Group(tuple(nodes), dr.translate(PAD, PAD))], defs)
