"""The typed data model of a game folder (``game.toml`` + CSV tables).

Every model rejects unknown keys and every field carries a description: the
descriptions are the data format's documentation. Lengths are parsed into mm
here, once; colours and templated values (``"{colour.fill}"``) are resolved when
pieces are drawn, against the game's palette and the piece's variant.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
    field_validator,
)

from printkit.units import UnitError, parse_length

MAX_COUNT = 100_000
"""Refuse more than this many pieces of one component: a typo, not a game."""


MAX_LENGTH = 2000.0
"""Refuse lengths beyond 2 m: no printed piece is that large, so it is a typo (a unit slip)."""


def _length(value: object) -> float:
    try:
        mm = parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    if abs(mm) > MAX_LENGTH:
        raise ValueError(f"a length of at most {MAX_LENGTH:g} mm (a limit that refuses absurd sizes)")
    return mm


def _positive_length(value: object) -> float:
    mm = _length(value)
    if mm <= 0:
        raise ValueError("a length greater than 0")
    return mm


def _non_negative_length(value: object) -> float:
    mm = _length(value)
    if mm < 0:
        raise ValueError("a length of 0 or more")
    return mm


LENGTH_SCHEMA = WithJsonSchema({
    "anyOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*[-+]?(\d+\.?\d*|\.\d+)\s*(mm|cm|in|pt|px)?\s*$"}],
    "description": "A length: a number of mm, or text such as 63mm, 2.5in, 9pt.",
})
Length = Annotated[float, BeforeValidator(_length), LENGTH_SCHEMA]
PositiveLength = Annotated[float, BeforeValidator(_positive_length), LENGTH_SCHEMA]
NonNegativeLength = Annotated[float, BeforeValidator(_non_negative_length), LENGTH_SCHEMA]
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
Count = Annotated[int, Field(strict=True, ge=1, le=MAX_COUNT)]
Bool = Annotated[bool, Field(strict=True)]
"""true or false, never "yes" or 1: a quoted word is a mistake, not a switch."""
Scalar = str | int | float | bool
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class Strict(BaseModel):
    """Base of every model: unknown keys are errors, values are not coerced."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


class GameInfo(Strict):
    """What the game is; printed on the rulebook, the box and the proof."""

    title: str = Field(description="The game's name as printed.")
    subtitle: str | None = Field(None, description="A line under the title.")
    players: str | None = Field(None, description='Number of players, e.g. "2" or "2-9".')
    age: str | None = Field(None, description='Recommended age, e.g. "7+".')
    time: str | None = Field(None, description='Playing time, e.g. "30-60 min".')
    designer: str | None = Field(None, description="Who designed the game.")
    seed: str | None = Field(
        None, description="The source rulebook the facts come from (file name), for the proof."
    )


class PrintSettings(Strict):
    """How sheets are printed; every key can be overridden on the command line."""

    bleed: NonNegativeLength = Field(3.0, description="Bleed around each piece with art to the edge (mm).")
    margin: NonNegativeLength = Field(
        5.0, description="Unprintable border of the paper; trim lines stay inside it (mm)."
    )
    crop_marks: Bool = Field(True, description="Print crop marks outside the bleed.")
    duplex: Literal["long", "short", "none"] = Field(
        "long", description="How backs are laid out: long-edge flip, short-edge flip, or no backs."
    )
    papers: list[str] = Field(
        ["a4", "letter"],
        description="Papers to build for: a4, letter, a3, tabloid, or a custom size WxH such as 300x400mm.",
    )
    spacing: NonNegativeLength = Field(
        2.0, description="Gap between packed pieces that are cut along their outline (mm)."
    )
    overlap: NonNegativeLength = Field(
        10.0, description="Overlap between the tiles of a board larger than the paper (mm)."
    )
    ink_saver: bool = Field(
        False, description="Print with large fills and backgrounds dropped, outlines and text kept (`--ink-saver`)."
    )
    backs: Literal["duplex", "fold"] = Field(
        "duplex",
        description="Where backs print: on back pages for duplex printing, or `fold`: beside each face, "
        "mirrored across a fold line (gutterfold, for printers without duplex).",
    )
    offset: tuple[Length, Length] = Field(
        (0.0, 0.0),
        description="Shift of every back page (x right, y down, mm) to correct a duplex printer's "
        "misregistration; measure it with `printkit calibrate`.",
    )
    print_shop: bool = Field(
        False, description="Also write one PDF per design at trim + bleed in CMYK, and a 300 dpi PNG per face."
    )
    cut_file: bool = Field(
        False, description="Also write an SVG of the cut lines per sheet, with registration marks for print-then-cut."
    )
    tts: bool = Field(False, description="Also write Tabletop Simulator deck sheets and their JSON.")

    font: str | None = Field(
        None, description='TrueType font file in the game folder for printed text, e.g. "fonts/Game.ttf"; '
        "omitted: DejaVu Sans. Embedded in the PDFs; SVGs name its family."
    )
    font_bold: str | None = Field(
        None, description="TrueType font file for bold text; omitted: `font` (or DejaVu Sans Bold)."
    )

    @field_validator("papers")
    @classmethod
    def _papers(cls, v: list[str]) -> list[str]:
        from printkit.papers import paper_size

        if not v:
            raise ValueError("at least one paper")
        for name in v:
            paper_size(name)
        return [name.strip().lower() for name in v]


class PaletteColour(Strict):
    """A named colour with an optional exact CMYK value for print shops."""

    rgb: str = Field(description="Screen colour as #rrggbb.")
    cmyk: tuple[float, float, float, float] | None = Field(
        None, description="Print colour as four fractions 0..1 (cyan, magenta, yellow, black)."
    )

    @field_validator("rgb")
    @classmethod
    def _hex(cls, v: str) -> str:
        if not HEX.match(v):
            raise ValueError("a colour as #rrggbb")
        return v.lower()


def _palette_entry(value: object) -> object:
    return {"rgb": value} if isinstance(value, str) else value


PaletteEntry = Annotated[PaletteColour, BeforeValidator(_palette_entry)]


class Assumption(Strict):
    """A decision taken where the rulebook is vague; the proof lists every one."""

    id: Id = Field(description="Short name of the assumption.")
    text: str = Field(description="What was decided and why.")
    about: list[str] = Field([], description="Component ids the decision concerns.")


class Expectation(Strict):
    """A count the rulebook states, with the sentence it comes from; checked by the proof."""

    id: Id = Field(description="Short name of the expectation.")
    components: list[str] = Field(
        description='Component ids whose pieces are counted; ["*"] counts every component.'
    )
    where: dict[str, Scalar] = Field(
        {},
        description='Only count pieces whose variant matches, e.g. {colour = "red"} '
        "(a set name and the value of its `name` field).",
    )
    per: str | None = Field(
        None, description="Check the count for each value of this set (e.g. `colour`: 8 of every colour)."
    )
    places: list[str] = Field(
        [], description="Count places of the components' faces instead of pieces: place kinds (`cell`, `spot`, "
        "`space`, `field`, `petal`, `triangle`, `point`) or layout element ids, e.g. [\"cell\"] for a board's grid cells."
    )
    count: int = Field(description="The number the rulebook gives.", ge=0, le=10 * MAX_COUNT)
    source: str = Field(description="The rulebook sentence the number comes from.")
    severity: Literal["error", "warning"] = Field(
        "error", description="error: a mismatch fails the proof; warning: it is reported only."
    )


# --- structural checks ([[checks]]) ---------------------------------------------
# Each check type is one small generic class: a rule the proof applies to the data,
# with the rulebook sentence it comes from. The logic lives in printkit/proof.py.


Whole = Annotated[int, Field(strict=True, ge=0, le=10 * MAX_COUNT)]
"""A whole number in a check: never coerced from text or a float."""


def _as_list(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if not isinstance(value, list):
        raise ValueError("a whole number or a list of whole numbers")  # noqa: TRY004 (pydantic reports ValueError)
    return value


class CheckBase(Strict):
    """Fields every structural check has."""

    id: Id = Field(description="Short name of the check; names its lines in the report.")
    source: str = Field(description="The rulebook sentence (or the reasoning) the check comes from.")
    severity: Literal["error", "warning"] = Field(
        "error", description="error: a failure fails the proof; warning: it is reported only."
    )


class ProductCheck(CheckBase):
    """A component's pieces are exactly the product of the named sets: each combination
    of set values present `each` times, no combination missing, none extra.

    A piece's value for a set is the `name` of the record it was made from (``vary``),
    or the CSV column of that name (``table``)."""

    type: Literal["product"] = Field(description="Check type: `product`.")
    component: str = Field(description="The component id whose pieces are checked.")
    sets: list[str] = Field(description="Names of sets whose product the pieces must be.", min_length=1)
    each: Whole = Field(1, description="Pieces expected for every combination.", gt=0)


class DistinctPolyformsCheck(CheckBase):
    """The pieces of a component each carry a figure of `size` connected squares, and the
    figures are `count` different free polyforms (no two equal after rotation or reflection;
    with `mirrors`, after rotation only)."""

    type: Literal["distinct-polyforms"] = Field(description="Check type: `distinct-polyforms`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(
        description='The cells of a piece, as a template on its variant, e.g. "{shape.cells}" '
        '(cells are "x,y x,y ...", see printkit/polyform.py).'
    )
    size: Whole = Field(description="Squares in each figure (5 for pentominoes).", ge=1, le=64)
    count: Whole = Field(description="How many different figures there must be.", gt=0)
    mirrors: Bool = Field(
        False, description="true: a figure and its mirror image are different figures (one-sided pieces that are "
        "never turned over); false: a mirror image is the same figure, so a set may not hold both."
    )


class FitsBoardCheck(CheckBase):
    """Every figure can lie on a board of `rows` x `cols` squares in some rotation or
    reflection; a figure that cannot is flagged (usually a warning: a card nobody can complete)."""

    type: Literal["fits-board"] = Field(description="Check type: `fits-board`.")
    component: str = Field(description="The component id whose pieces carry the figures.")
    cells: str = Field(description='The cells of a piece, as a template, e.g. "{shape.cells}".')
    rows: Whole = Field(description="Rows of the board.", gt=0)
    cols: Whole = Field(description="Columns of the board.", gt=0)


class BoardRanksCheck(CheckBase):
    """Spaces per rank of a board drawn with ``grid`` layout elements. Rank 1 is the bottom
    row of every grid, rank 2 the row above it, and so on (grids share ranks bottom-aligned);
    the grids' bottom edges must line up on the drawing."""

    type: Literal["board-ranks"] = Field(description="Check type: `board-ranks`.")
    component: str = Field(description="The board component; its `face` layout is read.")
    ranks: list[Whole] = Field(description="Spaces expected in rank 1, 2, ... (bottom first).", min_length=1)


class SupplyCheck(CheckBase):
    """What the setup needs must be in the box: `players` x (product of `per_player`) +
    `extra` pieces, counted like an expectation; with `per`, for each value of that set.
    Having more than needed passes (the spare pieces are reported)."""

    type: Literal["supply"] = Field(description="Check type: `supply`.")
    components: list[str] = Field(description='Component ids whose pieces are counted; ["*"] for all.')
    where: dict[str, Scalar] = Field({}, description="Only count pieces whose variant matches (as in [[expect]]).")
    per: str | None = Field(None, description="Check the need for each value of this set.")
    players: Whole = Field(1, description="Number of players the setup is for.", gt=0)
    per_player: Annotated[list[Whole], BeforeValidator(_as_list)] = Field(
        [], description="What each player takes: a number, or factors multiplied (e.g. [6, 5]: 6 of each of 5)."
    )
    extra: Whole = Field(0, description="What the setup takes besides the players' share.", ge=0)


class RequiresCheck(CheckBase):
    """A component the rules use must exist in the data and make at least `count` pieces.
    Unlike every other reference, a missing id here is a proof failure, not a data error."""

    type: Literal["requires"] = Field(description="Check type: `requires`.")
    components: list[str] = Field(description="Component ids whose pieces together must reach `count`.", min_length=1)
    count: Whole = Field(1, description="Pieces the rules need at least.", gt=0)


# --- checks on the drawn pieces (the kit can be played) ---------------------------
# These read the geometry the kit prints: the proof draws every piece (as the build does)
# and measures it. Places are the spaces of a board's layout: `cell` (a `grid` space),
# `spot` (a `ring` space), `space` (a `track` space), `field` and `point` (a `flower`);
# a place name may also be the `id` of a layout element, to pick one element's places.


class FitsCheck(CheckBase):
    """Pieces of `component` fit the places of `board` they are played on, with at least
    `clearance` mm to spare on every side: a token or card in a grid cell, ring spot or track
    space (circle in circle, square in square, and across), a built solid's base in a space,
    a lattice piece on a `flower` board (same spacing, so its fields cover the board's fields)."""

    type: Literal["fits"] = Field(description="Check type: `fits`.")
    component: str = Field(description="The component whose pieces are played on the board.")
    board: str = Field(description="The board component (its `face` layout has the places).")
    places: list[str] = Field(
        description="Place kinds (`cell`, `spot`, `space`, `field`) or layout element ids the pieces go on.",
        min_length=1,
    )
    clearance: NonNegativeLength = Field(0.5, description="Least room left around a piece on each side (mm).")


class NestsCheck(CheckBase):
    """Pieces the rules stack or nest do: the sizes of `component` (its distinct built sizes,
    smallest first) each fit over the next smaller with `clearance` mm to spare all round;
    with `hollow`, every piece that goes over another is open at its base; with `value`,
    the value printed on the pieces (`pips`: the most pips on one face) grows with size."""

    type: Literal["nests"] = Field(description="Check type: `nests`.")
    component: str = Field(description="A `net` component whose pieces nest (e.g. pyramids of three sizes).")
    clearance: NonNegativeLength = Field(0.5, description="Least gap between a piece and the one over it (mm).")
    hollow: Bool = Field(True, description="A piece that goes over a smaller one must be open at the base.")
    value: Literal["pips"] | None = Field(
        None, description="`pips`: more pips on larger pieces (pieces of one size print one value)."
    )


class SolidCheck(CheckBase):
    """The nets of `component` build complete solids: every face has content (pips, a symbol or
    text) unless its number is in `blank`; with `distinct`, no two faces of a piece are alike;
    and every net folds closed: each glued edge meets its partner edge in length."""

    type: Literal["solid"] = Field(description="Check type: `solid`.")
    component: str = Field(description="A `net` component.")
    blank: list[Annotated[int, Field(strict=True, ge=0, le=5)]] = Field(
        [], description="Faces (0-based, in the solid's face order) that may be left without content."
    )
    distinct: Bool = Field(False, description="No two faces of one piece alike (a numbered die).")


class BacksCheck(CheckBase):
    """Cards that share a deck (the deck the box plan puts them in: same size, or declared under
    [[boxes.decks]]) either all have backs or none; with `same`, they all share one back, but for
    the components listed in `own`."""

    type: Literal["backs"] = Field(description="Check type: `backs`.")
    components: list[str] = Field(["*"], description='Card components checked; ["*"]: every card component.')
    same: Bool = Field(True, description="Every card of a deck has the same back (false: backs may differ).")
    own: list[str] = Field([], description="Card components the rules give a back of their own (still all or none).")


class WordsCheck(CheckBase):
    """What is printed on a piece agrees with the variant it belongs to: a word naming a value of
    `set` (a record's `name` or one of `fields`) printed on a piece of another value fails; with
    `pips`, the pips drawn on the piece (the most on one face) equal this template's value."""

    type: Literal["words"] = Field(description="Check type: `words`.")
    component: str = Field(description="The component whose pieces are read.")
    set: str | None = Field(None, description="The set whose values the printed words must agree with.")
    fields: list[str] = Field(["name", "label"], description="Record fields whose values are words for that value.")
    pips: str | None = Field(None, description='The pips a piece must show, as a template, e.g. "{size.pips}".')


class PerPointCheck(CheckBase):
    """For lattice pieces: no piece puts more than `max` of its fields around one connecting point
    (so a piece can be placed under a rule such as "at most five fields of a colour at a point")."""

    type: Literal["per-point"] = Field(description="Check type: `per-point`.")
    component: str = Field(description="A `lattice-piece` component.")
    max: Whole = Field(description="Most fields of one piece around one point.", gt=0)


class MinWidthCheck(CheckBase):
    """Every piece of `components` can be cut out with scissors: its cut outline nowhere narrows
    below `min` mm (a neck, a thin strip, or parts that touch at a point)."""

    type: Literal["min-width"] = Field(description="Check type: `min-width`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description="Narrowest part a person can cut (mm).")


class MinTextCheck(CheckBase):
    """No text printed on a piece of `components` is smaller than `min` (e.g. "5pt")."""

    type: Literal["min-text"] = Field(description="Check type: `min-text`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')
    min: PositiveLength = Field(description='Smallest readable text size, e.g. "5pt".')


class FoldsCheck(CheckBase):
    """The fold lines of a board (its `folds`: half or quarters, across the long side first)
    do not run through its places (cells, spots, spaces, fields): pieces must lie flat there."""

    type: Literal["folds"] = Field(description="Check type: `folds`.")
    component: str = Field(description="The board component.")
    places: list[str] = Field(["cell", "spot", "space", "field"], description="Place kinds or element ids kept clear.")


class FitsBoxCheck(CheckBase):
    """Every piece of `components` fits the box the plan puts it in (a card in its tuck box, a
    piece, a pile, a folded board or a built solid in the lid box), and the boxes are reported."""

    type: Literal["fits-box"] = Field(description="Check type: `fits-box`.")
    components: list[str] = Field(["*"], description='Components checked; ["*"]: all.')


Check = Annotated[
    ProductCheck | DistinctPolyformsCheck | FitsBoardCheck | BoardRanksCheck | SupplyCheck | RequiresCheck
    | FitsCheck | NestsCheck | SolidCheck | BacksCheck | WordsCheck | PerPointCheck | MinWidthCheck
    | MinTextCheck | FoldsCheck | FitsBoxCheck,
    Field(discriminator="type"),
]


# --- layout elements ----------------------------------------------------------
# Values typed ``Num`` or ``str`` may be templates such as "{position.angle}",
# resolved against the piece's variant when it is drawn.

Num = int | float | str
Point = tuple[Num, Num]


class ElementBase(Strict):
    """Fields shared by every layout element."""

    id: str | None = Field(None, description="Name, so a layout that extends this one can replace it.")
    when: str | None = Field(
        None, description='Draw only when this template is non-empty and not "false", e.g. "{row.icon}"; '
        "a field missing from a piece's record counts as empty."
    )


class RectElement(ElementBase):
    """A rectangle; with no size it covers the whole piece including bleed."""

    type: Literal["rect"] = Field(description="Element type: `rect`.")
    x: Num = Field(0, description="Left edge (mm or % of width).")
    y: Num = Field(0, description="Top edge (mm or % of height).")
    w: Num | None = Field(None, description="Width; omitted: the full piece with bleed.")
    h: Num | None = Field(None, description="Height; omitted: the full piece with bleed.")
    r: Num = Field(0, description="Corner radius.")
    fill: str | None = Field(None, description="Fill colour (palette name or #rrggbb).")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


class CircleElement(ElementBase):
    """A circle."""

    type: Literal["circle"] = Field(description="Element type: `circle`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Radius.")
    fill: str | None = Field(None, description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


class LineElement(ElementBase):
    """A straight segment between two points."""

    type: Literal["line"] = Field(description="Element type: `line`.")
    x1: Num = Field(description="Start x.")
    y1: Num = Field(description="Start y.")
    x2: Num = Field(description="End x.")
    y2: Num = Field(description="End y.")
    stroke: str = Field("black", description="Colour.")
    width: Num = Field(0.5, description="Line width.")
    dash: list[Num] = Field([], description="Dash pattern (mm on, mm off, ...).")


class ChordElement(ElementBase):
    """A straight line through a point at an angle, running to the edges of the bleed.

    Angles are measured from the horizontal, counter-clockwise as a reader sees
    them (60 rises to the right). Lines on neighbouring pieces meet when their
    anchor points and angles continue each other, which is how line cards form polygons.
    """

    type: Literal["chord"] = Field(description="Element type: `chord`.")
    x: Num = Field(description="x of a point the line passes through.")
    y: Num = Field(description="y of a point the line passes through.")
    angle: Num = Field(description="Angle in degrees from the horizontal, counter-clockwise.")
    stroke: str = Field("black", description="Colour.")
    width: Num = Field(2.0, description="Line width.")
    outline: str | None = Field(
        None, description="Colour of a thin outline around the line, so pale lines stay visible."
    )


class PolygonElement(ElementBase):
    """A closed polygon."""

    type: Literal["polygon"] = Field(description="Element type: `polygon`.")
    points: list[Point] = Field(description="Corner points [[x, y], ...].", min_length=3)
    fill: str | None = Field(None, description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")


class TextElement(ElementBase):
    """Text in a box: wrapped to the box width, shrunk if it would overflow the box."""

    type: Literal["text"] = Field(description="Element type: `text`.")
    text: str = Field(description='The text; may use templates such as "{colour.label}".')
    x: Num = Field(0, description="Left of the text box.")
    y: Num = Field(0, description="Top of the text box.")
    w: Num = Field("100%", description="Width of the text box.")
    h: Num | None = Field(None, description="Height of the text box; omitted: one line.")
    size: Num = Field("9pt", description="Font size.")
    bold: Bool = Field(False, description="Bold face.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")
    fill: str = Field("black", description="Text colour.")
    rotate: Num = Field(0, description="Rotation in degrees, clockwise, about the box centre.")
    leading: float = Field(1.2, description="Line height as a multiple of the font size.", gt=0)


class WheelElement(ElementBase):
    """A ring of equal segments (a colour wheel, a dial), each with a fill and a label."""

    type: Literal["wheel"] = Field(description="Element type: `wheel`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Outer radius.")
    inner: Num = Field(0, description="Inner radius (0: a pie).")
    fills: list[str | None] = Field(description="One fill per segment; empty to leave blank.", min_length=1)
    labels: list[str] = Field([], description="Optional label per segment, drawn outside the ring.")
    start: Num = Field(-90, description="Angle of the first segment's start, degrees clockwise from 3 o'clock.")
    stroke: str = Field("black", description="Segment outline colour.")
    width: Num = Field(0.3, description="Outline width.")
    label_size: Num = Field("7pt", description="Label font size.")


class SymbolElement(ElementBase):
    """A named symbol from printkit's symbol library (see docs/format.md)."""

    type: Literal["symbol"] = Field(description="Element type: `symbol`.")
    name: str = Field(description="Symbol name, e.g. flame, drop, wind, leaf, star, pip.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    size: Num = Field(10, description="Size of the symbol's box.")
    fill: str | None = Field("black", description="Fill colour.")
    stroke: str | None = Field(None, description="Outline colour.")
    width: Num = Field(0.3, description="Outline width.")
    rotate: Num = Field(0, description="Rotation in degrees, clockwise.")


class GridElement(ElementBase):
    """A grid of spaces: rows x cols square cells, optionally numbered or labelled chess-style.

    Several grids in one layout make composite boards; give each its first column letter
    and they label as one board (ranks count from the bottom of each grid).
    """

    type: Literal["grid"] = Field(description="Element type: `grid`.")
    x: Num = Field(0, description="Left of the grid.")
    y: Num = Field(0, description="Top of the grid.")
    rows: int = Field(description="Number of rows (ranks).", ge=1, le=200)
    cols: int = Field(description="Number of columns.", ge=1, le=200)
    cell: Num = Field(description="Side of one square cell.")
    space: Literal["square", "circle"] = Field("square", description="Draw each space as a square or a circle.")
    fill: str | None = Field(None, description="Fill of each space.")
    stroke: str | None = Field("black", description="Outline colour of each space.")
    width: Num = Field(0.4, description="Outline width.")
    labels: Literal["none", "numbers", "chess"] = Field(
        "none", description="numbers: 1..n row by row inside the spaces; chess: column letters below, rank numbers beside."
    )
    number_from: int = Field(1, description="First number when labels = numbers.")
    first_col: str = Field("A", description="Letter of the first column when labels = chess.", min_length=1, max_length=1)
    rank_side: Literal["left", "right", "none"] = Field("left", description="Where rank numbers go when labels = chess.")
    label_size: Num = Field("9pt", description="Label font size.")
    label_fill: str = Field("black", description="Label colour.")
    label_bold: bool = Field(False, description="Bold labels.")
    space_size: Num | None = Field(
        None, description="Diameter of a circle space; omitted: 84% of `cell`."
    )
    rings: list[Num] = Field(
        [], description="Radii of extra outlines drawn around each circle space, beneath it "
        "(layers around a spot; a radius of half the cell meets the neighbours' rings)."
    )
    ring_stroke: str = Field("black", description="Colour of the `rings`.")
    ring_width: Num = Field(0.4, description="Line width of the `rings`.")


class RingElement(ElementBase):
    """Spaces evenly spaced on a circle (a score track, a dial), numbered from `first`."""

    type: Literal["ring"] = Field(description="Element type: `ring`.")
    cx: Num = Field("50%", description="Centre x.")
    cy: Num = Field("50%", description="Centre y.")
    r: Num = Field(description="Radius of the circle the spaces' centres lie on.")
    count: int = Field(description="Number of spaces.", ge=1, le=1000)
    start: Num = Field(-90, description="Angle of the first space, degrees clockwise from 3 o'clock (-90: top).")
    space: Num = Field(description="Diameter of each space.")
    labels: bool = Field(True, description="Number the spaces.")
    first: int = Field(0, description="Number of the first space.")
    fill: str | None = Field(None, description="Fill of each space.")
    first_fill: str | None = Field(None, description="Fill of the first (start) space, to mark it.")
    stroke: str | None = Field("black", description="Outline colour.")
    width: Num = Field(0.4, description="Outline width.")
    label_size: Num = Field("8pt", description="Label font size.")
    label_fill: str = Field("black", description="Label colour.")


class PolyformElement(ElementBase):
    """A figure of square cells (a polyomino), e.g. a pentomino on a shape card.

    Cells are written "x,y x,y ..." (column, row; see printkit/polyform.py). With
    `grid_cols`/`grid_rows` a faint grid is drawn behind and the figure is centred on it.
    """

    type: Literal["polyform"] = Field(description="Element type: `polyform`.")
    cells: str = Field(description='The cells, "x,y x,y ..."; may be a template such as "{shape.cells}".')
    x: Num = Field(0, description="Left of the figure's area.")
    y: Num = Field(0, description="Top of the figure's area.")
    cell: Num = Field(description="Side of one cell.")
    fill: str = Field("black", description="Fill of the figure's cells.")
    stroke: str | None = Field("black", description="Outline of each cell.")
    width: Num = Field(0.4, description="Outline width.")
    grid_cols: int = Field(0, description="Columns of the background grid (0: none).", ge=0, le=100)
    grid_rows: int = Field(0, description="Rows of the background grid (0: none).", ge=0, le=100)
    grid_stroke: str = Field("#bbbbbb", description="Colour of the background grid.")


class FlowerElement(ElementBase):
    """A board of overlapping equal circles on a triangular lattice (the "flower" pattern).

    The circles' radius equals the lattice spacing, so twelve fields meet at every lattice
    point: six petals (biangular fields) and six curved triangles (see printkit/lattice.py).
    The board holds every field whose tips all lie within `rings` spacings of the centre, so
    its edge is the outer arcs of petals. The surrounding circle of radius `rings` spacings
    passes through the outermost lattice points; `goals` marks those points (e.g. where
    goal markers are placed), their fills cycling through `goal_fills`.
    """

    type: Literal["flower"] = Field(description="Element type: `flower`.")
    cx: Num = Field("50%", description="Centre x (a lattice point).")
    cy: Num = Field("50%", description="Centre y.")
    spacing: Num = Field(description="Radius of every circle, which is also the distance between lattice points.")
    rings: float = Field(description="Radius of the board in spacings (fields whose tips lie within it).", gt=0, le=40)
    rotate: Num = Field(0, description="Rotation of the pattern, degrees clockwise (0: a row of points is horizontal).")
    petal_fill: str | None = Field(None, description="Fill of the biangular fields (petals).")
    triangle_fill: str | None = Field(None, description="Fill of the triangular fields.")
    background: str | None = Field(None, description="Fill of the whole board area under the fields' lines.")
    stroke: str = Field("black", description="Colour of the arcs between fields.")
    width: Num = Field(0.35, description="Width of the arcs between fields.")
    edge_width: Num = Field(0.8, description="Width of the board's outer edge.")
    points: Num = Field(0, description="Diameter of a dot on every lattice point (0: none).")
    point_fill: str = Field("black", description="Colour of the lattice-point dots.")
    circle: bool = Field(True, description="Draw the surrounding circle through the outermost lattice points.")
    circle_stroke: str = Field("black", description="Colour of the surrounding circle.")
    circle_width: Num = Field(0.5, description="Width of the surrounding circle.")
    circle_dash: list[Num] = Field([], description="Dash pattern of the surrounding circle (mm on, mm off, ...).")
    goals: Num = Field(
        0, description="Outer diameter of the ring marks on the lattice points that lie on the surrounding circle (0: none)."
    )
    goal_fills: list[str] = Field(["white"], description="Fills of those marks, cycling clockwise from the right.", min_length=1)
    goal_stroke: str = Field("black", description="Outline colour of the goal marks.")


class TrackElement(ElementBase):
    """A path of spaces on a square lattice, numbered in order: a score track, a race track.

    Cell ``(0, 0)`` has its top-left corner at (``x``, ``y``); cells are ``cell`` mm apart and
    written ``"col,row col,row ..."`` (rows grow downwards, negative cells allowed, so a track
    can run around a grid drawn at the same origin). Spaces are numbered from ``first`` in the
    order given. The first space is the start: it may have its own label and fill. Small
    arrows between consecutive spaces show the direction of travel (and close the loop when
    ``loop`` is true).
    """

    type: Literal["track"] = Field(description="Element type: `track`.")
    x: Num = Field(0, description="Left edge of cell (0, 0).")
    y: Num = Field(0, description="Top edge of cell (0, 0).")
    cell: Num = Field(description="Distance between neighbouring cells (mm).")
    cells: str = Field(description='The spaces in order, as "col,row col,row ..." (see printkit/polyform.py).')
    space: Num | None = Field(None, description="Width of a space; omitted: 88% of `cell`.")
    shape: Literal["square", "circle"] = Field("square", description="Shape of a space.")
    r: Num = Field(2, description="Corner radius of square spaces.")
    fill: str | None = Field("white", description="Fill of a space.")
    stroke: str | None = Field("black", description="Outline of a space.")
    width: Num = Field(0.4, description="Outline width.")
    labels: bool = Field(True, description="Number the spaces.")
    first: int = Field(0, description="Number of the first space.")
    label_size: Num = Field("9pt", description="Font size of the numbers.")
    label_fill: str = Field("black", description="Colour of the numbers.")
    label_at: Literal["center", "outer"] = Field(
        "center", description="Where a number sits: the space's centre, or its side (or corner) facing away "
        "from the middle of the track, leaving the centre free for a marker."
    )
    start_label: str | None = Field(None, description='Label of the first space instead of its number, e.g. "0/16".')
    start_fill: str | None = Field(None, description="Fill of the first space; omitted: `fill`.")
    start_text: str | None = Field(None, description='A word printed in the first space, e.g. "START".')
    arrows: bool = Field(True, description="Draw arrows between consecutive spaces.")
    loop: bool = Field(True, description="The track is a loop: an arrow also leads from the last space to the first.")
    arrow_size: Num = Field(3.5, description="Length of an arrow.")
    arrow_fill: str = Field("black", description="Colour of the arrows.")


class LanesElement(ElementBase):
    """Numbered straight lines through a grid of cells: whole rows, columns and diagonals.

    For n-in-a-row boards. Cell ``(0, 0)`` of a ``cols`` x ``rows`` grid has its top-left
    corner at (``x``, ``y``). Each lane is named ``rowN`` (N from 1 at the top), ``colN``
    (from 1 at the left), ``diag`` (top-left to bottom-right) or ``anti`` (top-right to
    bottom-left; diagonals need a square grid). A lane runs through the centres of its cells
    and ``extend`` cells beyond each end, so it can end in the spaces of a track drawn around
    the grid (a `track` at the same origin). Lanes are numbered in list order from ``first``;
    a numbered badge sits near both ends (``badge_at``).
    """

    type: Literal["lanes"] = Field(description="Element type: `lanes`.")
    x: Num = Field(0, description="Left edge of cell (0, 0).")
    y: Num = Field(0, description="Top edge of cell (0, 0).")
    cell: Num = Field(description="Distance between neighbouring cells (mm).")
    rows: int = Field(description="Rows of the grid.", ge=1, le=100)
    cols: int = Field(description="Columns of the grid.", ge=1, le=100)
    lanes: list[str] = Field(
        description='The lanes in numbering order: "row1".., "col1".., "diag", "anti".', min_length=1
    )
    extend: Num = Field(1, description="Cells each lane runs beyond the grid at both ends (0: stop at the end cells).")
    first: int = Field(1, description="Number of the first lane.")
    stroke: str = Field("black", description="Colour of the lines.")
    width: Num = Field(1.0, description="Width of the lines.")
    dash: list[Num] = Field([], description="Dash pattern (mm on, mm off, ...).")
    badges: bool = Field(True, description="Draw a numbered badge near both ends of each lane.")
    badge_at: Num = Field(
        0.5, description="Where a badge sits: cells from the lane's end towards the grid "
        "(with `extend` = 1, 0.5 is the grid's edge)."
    )
    badge_r: Num = Field(3.2, description="Radius of a badge.")
    badge_fill: str = Field("white", description="Fill of a badge.")
    badge_stroke: str = Field("black", description="Outline of a badge.")
    label_size: Num = Field("8pt", description="Font size of the lane numbers.")
    label_fill: str = Field("black", description="Colour of the lane numbers.")


class RepeatElement(ElementBase):
    """Child elements drawn once per record of a named set, each copy shifted by (``dx``, ``dy``).

    Inside, templates see the current record under the set's name (``{element.label}``) and
    ``{repeat.index}`` (1, 2, ...), so a row of slots, one per colour, is declared once.
    """

    type: Literal["repeat"] = Field(description="Element type: `repeat`.")
    set: str = Field(description="Name of a set under [sets]; one copy per record, in order.")
    dx: Num = Field(0, description="Horizontal shift from one copy to the next (mm).")
    dy: Num = Field(0, description="Vertical shift from one copy to the next (mm).")
    elements: list[Element] = Field(description="The elements of one copy, drawn in order.", min_length=1)


class ImageElement(ElementBase):
    """A PNG or JPEG picture from the game folder, fitted into a box (the whole piece by default).

    The file must lie inside the game folder; it is checked when the game loads
    (or, for a templated path, when the piece is drawn) and embedded in the PDF
    and, as a data URI, in the SVG.
    """

    type: Literal["image"] = Field(description="Element type: `image`.")
    path: str = Field(description='Image file inside the game folder, e.g. "art/{row.name}.png".')
    x: Num = Field(0, description="Left of the box.")
    y: Num = Field(0, description="Top of the box.")
    w: Num = Field("100%", description="Width of the box.")
    h: Num = Field("100%", description="Height of the box.")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="contain: whole picture, centred; cover: fill the box, cropped; stretch: distort to the box."
    )


Element = Annotated[
    RectElement
    | CircleElement
    | LineElement
    | ChordElement
    | PolygonElement
    | TextElement
    | WheelElement
    | SymbolElement
    | GridElement
    | RingElement
    | PolyformElement
    | FlowerElement
    | TrackElement
    | LanesElement
    | RepeatElement
    | ImageElement,
    Field(discriminator="type"),
]

RepeatElement.model_rebuild()


class Layout(Strict):
    """A declared face: a background and elements drawn in order; may extend another layout."""

    extends: str | None = Field(None, description="Name of a layout whose elements come first.")
    background: str | None = Field(None, description="Fill of the whole face, bleed included.")
    elements: list[Element] = Field([], description="Elements drawn in order, over the background.")


class DiagramPiece(Strict):
    """One printed face placed in a rulebook diagram, drawn by the same code that prints it."""

    piece: str = Field(
        description="A piece name as in out/<game>/svg/ (e.g. `line-card-red-top-180`, `line-card-back`), "
        "or a component id (its first variant's face)."
    )
    x: Length | None = Field(None, description="Left of the piece's trim in the diagram (mm); omitted: placed in rows.")
    y: Length | None = Field(None, description="Top of the piece's trim in the diagram (mm); omitted: placed in rows.")
    rotate: Literal[0, 90, 180, 270] = Field(0, description="Quarter turns clockwise; x and y place the turned piece's top left corner.")
    crop: tuple[Length, Length, Length, Length] | None = Field(
        None, description="Show only this window of the face, [x, y, w, h] in the face's mm (a detail of a board)."
    )
    label: str | None = Field(
        None, description='A caption printed under the piece; may use the piece\'s values, e.g. "{position.label}".'
    )


class Diagram(Strict):
    """A rulebook picture composed from printed faces: pieces placed in diagram mm, plus annotations.

    Pieces with no ``x``/``y`` are laid out in rows of ``columns``, ``gap`` apart. The
    diagram is drawn at true size in mm and scaled to the width the rulebook asks for.
    """

    pieces: list[DiagramPiece] = Field([], description="The faces shown, in drawing order.")
    columns: int | None = Field(None, description="Pieces per row when they are placed automatically.", ge=1)
    gap: NonNegativeLength = Field(6.0, description="Space between automatically placed pieces (mm).")
    label_size: PositiveLength = Field(5.0, description="Font size of piece labels in diagram mm.")
    width: PositiveLength | None = Field(None, description="Diagram width; omitted: just wide enough for its pieces.")
    height: PositiveLength | None = Field(None, description="Diagram height; omitted: just tall enough for its pieces.")
    outline: bool = Field(True, description="Draw a thin grey line around each piece's trim.")
    elements: list[Element] = Field([], description="Layout elements (text, circle, line, ...) drawn over the pieces, in diagram mm.")


def check_size(size: object, width: float | None, height: float | None) -> None:
    """A piece is sized by a named or single `size`, or by `width` and `height`: one way, not both."""
    if size is None and (width is None or height is None):
        raise ValueError("either `size` or both `width` and `height`")
    if size is not None and (width is not None or height is not None):
        raise ValueError("`size` or `width`/`height`, not both")


class ComponentBase(Strict):
    """Fields every component kind has."""

    id: Id = Field(description="Unique id of the component in its game.")
    kind: str = Field(description="The component kind (card, chip, board, ...).")
    name: str | None = Field(None, description="Display name; defaults to the id.")
    count: Count = Field(1, description="Copies of each variant.")
    vary: list[str] = Field(
        [], description="Names of sets whose product gives the variants (e.g. colour x position)."
    )
    table: str | None = Field(
        None, description="CSV file in the game folder: one variant per row; a `quantity` column sets copies."
    )
    sheet: Id | None = Field(None, description="Output group (file name part); defaults per kind.")
    notes: str | None = Field(None, description="Free notes for designers; not printed.")

    @property
    def label(self) -> str:
        return self.name or self.id


class DeckDeclaration(Strict):
    """Card components that share one tuck box (declared when grouping by size is not wanted)."""

    id: Id = Field(description="Short name of the deck; names its tuck box files.")
    name: str | None = Field(None, description="Printed name of the deck; defaults to the first component's name.")
    components: list[str] = Field(description="Ids of the card components in this deck.", min_length=1)


class BoardPacking(Strict):
    """How a large piece goes into the lid box: folded, or its parts stacked."""

    component: str = Field(description="Id of the component (a board or any large piece).")
    across: int = Field(1, description="Parts across its width: it folds (or is cut) into this many columns.",
                        strict=True, ge=1, le=16)
    down: int = Field(1, description="Parts down its height: it folds (or is cut) into this many rows.",
                      strict=True, ge=1, le=16)
    how: Literal["fold", "stack"] = Field(
        "fold", description="fold: one folded sheet; stack: separate parts stacked (same footprint and height)."
    )


class BoxSettings(Strict):
    """The boxes printkit computes from the components: a tuck box per deck, a lid box per game."""

    tuck_boxes: bool = Field(True, description="Print a tuck box for every deck of cards.")
    lid_box: bool = Field(True, description="Print a two-piece telescoping lid box for the whole game.")
    card_thickness: PositiveLength = Field(
        0.3, description="Thickness of one card (mm) when the card component gives no `thickness`."
    )
    cardstock: PositiveLength = Field(0.4, description="Thickness of the board the boxes are printed on (mm).")
    piece_thickness: PositiveLength = Field(
        0.3, description="Thickness of one flat printed piece (tokens, shapes, nets, board sheets) in the lid box (mm)."
    )
    clearance: NonNegativeLength = Field(
        1.0, description="Play added to each inner dimension of a tuck box (width, height, depth), in mm."
    )
    content_clearance: NonNegativeLength = Field(
        2.0, description="Play added to each inner dimension of the lid box around its contents (mm)."
    )
    lid_clearance: NonNegativeLength = Field(
        0.5, description="Gap on each side between the outside of the base and the inside of the lid (mm)."
    )
    sleeves: bool = Field(False, description="Cards are sleeved: tuck boxes grow (also `printkit build --sleeves`).")
    sleeve_thickness: NonNegativeLength = Field(0.1, description="Thickness a sleeve adds to one card (mm).")
    sleeve_margin: NonNegativeLength = Field(
        3.0, description="What a sleeve adds to a card's width and to its height (mm)."
    )
    min_deck: int = Field(
        10, description="Fewest cards that get their own tuck box; smaller decks lie loose in the lid box.",
        strict=True, ge=1, le=MAX_COUNT,
    )
    pile_height: PositiveLength = Field(
        20.0, description="Tallest pile of flat pieces in the lid box (mm); more pieces make more piles."
    )
    glue_tab: PositiveLength = Field(10.0, description="Width of glue tabs and join tabs (mm).")
    min_depth: NonNegativeLength = Field(
        20.0, description="Least inside depth of the lid box (mm), so a box of flat pieces still has walls to hold."
    )
    lid_depth: float = Field(
        1.0, description="Depth of the lid as a fraction of the base's height (1: the lid covers the base).",
        gt=0.1, le=1.0,
    )
    background: str = Field("white", description="Fill of the boxes' outside faces (palette name or #rrggbb).")
    ink: str = Field("black", description="Colour of the text on the boxes.")
    decks: list[DeckDeclaration] = Field(
        [], description="Decks declared by hand; omitted: card components are grouped by card size."
    )
    boards: list[BoardPacking] = Field(
        [], description="How large pieces fold or stack in the lid box; omitted: halved until they fit the paper."
    )


class GameFile(Strict):
    """The whole of ``game.toml``; ``components`` is validated against the kind registry."""

    game: GameInfo = Field(description="What the game is.")
    print: PrintSettings = Field(PrintSettings(), description="How sheets are printed.")
    boxes: BoxSettings = Field(BoxSettings(), description="Tuck boxes and the lid box, sized from the components.")
    palette: dict[str, PaletteEntry] = Field({}, description="Named colours.")
    sets: dict[str, list[dict[str, Scalar]]] = Field(
        {}, description="Named lists of records (each with a `name`) that components vary over."
    )
    layouts: dict[str, Layout] = Field({}, description="Declared faces, by name.")
    components: list[dict[str, Any]] = Field(description="The components, each a table with a `kind`.")
    expect: list[Expectation] = Field([], description="Counts the rulebook states, with sources.")
    checks: list[Check] = Field([], description="Structural checks of the data against the rules (the proof).")
    assumptions: list[Assumption] = Field([], description="Decisions taken where the rulebook is vague.")
    rules: dict[str, Any] = Field({}, description="Facts for the rulebook templates (free-form).")
    diagrams: dict[str, Diagram] = Field({}, description="Rulebook pictures composed from printed faces, by name.")
