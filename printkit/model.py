"""The typed data model of a game folder (``game.toml`` + CSV tables).

Every model rejects unknown keys and every field carries a description: the
descriptions are the data format's documentation. Lengths are parsed into mm
here, once; colours and templated values (``"{colour.fill}"``) are resolved when
pieces are drawn, against the game's palette and the piece's variant.

The field types and the bases of elements and checks live in :mod:`printkit.modelbase`
(re-exported here); the ``Element`` and ``Check`` unions are built from the element and
check registries (:mod:`printkit.elements`, :mod:`printkit.checks`). The unions are built
when first asked for, not at import: loading a game validates its layouts, diagrams and
``[[checks]]`` against unions of only the element and check types it names (:func:`game_file`),
so a game pays for the modules and the validators of those alone.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BeforeValidator, Field, create_model, model_validator

from printkit.checks import load_named as load_checks_named
from printkit.elements import element_models, load_elements
from printkit.elements import load_named as load_elements_named
from printkit.modelbase import (  # noqa: F401  (the model's building blocks, re-exported)
    FONT_NAME,
    HEX,
    LENGTH_SCHEMA,
    MAX_COUNT,
    MAX_LENGTH,
    MAX_SHORT,
    MAX_TITLE,
    MIN_LENGTH,
    MIRRORS,
    NO_TRANSFORM,
    TRANSFORM_KEYS,
    Assumption,
    Bool,
    CheckBase,
    Count,
    ElementBase,
    Expectation,
    FontFamily,
    GameInfo,
    HexColour,
    Id,
    Length,
    NonNegativeLength,
    Num,
    PaletteColour,
    PaletteEntry,
    Point,
    PositiveLength,
    PrintSettings,
    Scalar,
    Strict,
    Transform,
    Whole,
    _as_list,
    _gather_transform,
    _length,
    _non_negative_length,
    _palette_entry,
    _positive_length,
)

# --- layout elements ----------------------------------------------------------
# Each element is a module of printkit/elements (its model, drawing and documentation), found
# through that package's registry. Like `Check` below, the `Element` union is built when first
# used (`Layout` and `Diagram` are completed then); a game's own takes only the elements it names.

if TYPE_CHECKING:
    Element = ElementBase


def __getattr__(name: str) -> Any:
    """``GameFile``, ``Layout``, ``Diagram``, ``Element`` and ``Check`` with every element and check type
    (built on first use: :func:`full_game_file`), and the element and check models under their old names
    here (``model.TextElement``, ``model.FitsCheck``), for code written before the registries."""
    from printkit.checks import load_checks

    if name in _WHOLE:
        full_game_file()
        return globals()[name]
    if not name.startswith("_"):  # `from printkit.model import x` asks for `__path__`: no reason to load all
        for model in [e.model for e in load_elements().values()] + [c.model for c in load_checks().values()]:
            if model.__name__ == name:
                return model
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    on: str | None = Field(
        None, description="A board shown in this diagram (its `piece`, as written there): this piece is centred on "
        "the board's place `at`, wherever the board is placed."
    )
    at: str | None = Field(
        None, description='The place on the board `on`: a cell or space by its coordinates or printed label ("e4", '
        '"0101", "2,3", a track\'s "25"), a kind and a number ("cell 5", "point 41"), or an element id, a colon '
        'and either ("score:25").'
    )

    @model_validator(mode="after")
    def _on_at(self) -> DiagramPiece:
        if (self.on is None) != (self.at is None):
            raise ValueError("`on` (a board in the diagram) and `at` (a place on it) together")
        if self.on is not None and (self.x is not None or self.y is not None):
            raise ValueError("`on` and `at`, or `x` and `y`, not both")
        return self


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


class TableSource(Strict):
    """A table of variants with more to say than its file: a spreadsheet's sheet, the quantity column's name."""

    file: str = Field(description="The table file in the game folder: .csv, or a spreadsheet (.xlsx, .ods, .xls).")
    sheet: str | None = Field(None, description="The spreadsheet's sheet, by name; omitted: the first sheet.")
    quantity: str = Field("quantity", description="The column giving each row's copies (e.g. `copies`, `count`).",
                          min_length=1)


class ComponentBase(Strict):
    """Fields every component kind has."""

    id: Id = Field(description="Unique id of the component in its game.")
    kind: str = Field(description="The component kind (card, chip, board, ...).")
    name: str | None = Field(None, description="Display name; defaults to the id.", max_length=MAX_TITLE)
    count: Count = Field(1, description="Copies of each variant.")
    vary: list[str] = Field(
        [], description="Names of sets whose product gives the variants (e.g. colour x position)."
    )
    table: str | TableSource | None = Field(
        None, description="A table in the game folder, one variant per row: a CSV file or a spreadsheet "
        '(.xlsx, .ods: the first sheet), or `{ file = "cards.xlsx", sheet = "Creatures", quantity = "copies" }`. '
        "The quantity column (`quantity` unless named) sets each row's copies."
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
    accent: str | None = Field(
        None, description="Colour of the titles and of a frame on the lid's top and each deck's front "
        "(palette name or #rrggbb); omitted: titles in `ink`, no frame."
    )
    art: str | None = Field(
        None, description="Title art: a printed face (a piece name as in out/<game>/svg/, e.g. `card-back`, or a "
        "component id) drawn on the lid's top and on each tuck box's front above the title; omitted: text only."
    )
    decks: list[DeckDeclaration] = Field(
        [], description="Decks declared by hand; omitted: card components are grouped by card size."
    )
    boards: list[BoardPacking] = Field(
        [], description="How large pieces fold or stack in the lid box; omitted: halved until they fit the paper."
    )


class AssemblySettings(Strict):
    """The assembly sheet (``<game>-assembly-<paper>.pdf``): what to print on which paper, and notes to the steps."""

    paper: dict[str, str] = Field(
        {}, description="Paper to print an output group on (`cards`, `pieces`, `board`, `nets`, `box`, `rules`), "
        'e.g. `nets = "thin card, 160 g/m²"`; omitted groups keep printkit\'s advice.'
    )
    notes: dict[str, str] = Field(
        {}, description="One more step for a component, by id, printed after the generated cut, fold and glue steps."
    )


class ProofSettings(Strict):
    """How the proof runs its automatic checks (the checks that need no declaring, docs/proof.md)."""

    off: list[str] = Field([], description="Automatic checks turned off, by id, e.g. `[\"contrast\"]`. To tighten "
                           "one instead, declare a check of its type under [[checks]]: it replaces the automatic one.")


class GameFile(Strict):
    """The whole of ``game.toml``; ``components`` is validated against the kind registry."""

    game: GameInfo = Field(description="What the game is.")
    print: PrintSettings = Field(PrintSettings(), description="How sheets are printed.")
    boxes: BoxSettings = Field(BoxSettings(), description="Tuck boxes and the lid box, sized from the components.")
    assembly: AssemblySettings = Field(AssemblySettings(), description="The assembly sheet's papers and notes.")
    proof: ProofSettings = Field(ProofSettings(), description="The proof's automatic checks.")
    palette: dict[str, PaletteEntry] = Field({}, description="Named colours.")
    fonts: dict[str, FontFamily] = Field(
        {}, description="Font families by name, chosen by a text's `font` key or a span's `font=` "
        '(docs/text.md), e.g. `[fonts.title] regular = "fonts/Title.ttf"`; `default` is the `[print] font`.'
    )
    icons: dict[str, str] = Field(
        {}, description='Inline icons by name, written `:name:` in any text: a PNG, JPEG or SVG file in the game '
        'folder (`coin = "icons/coin.svg"`) or a symbol of the library (`gem = "diamond"`); the symbols need no entry.'
    )
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


# --- structural checks ([[checks]]) ---------------------------------------------
# Each check type is a module of printkit/checks (its model, the check, its documentation and
# an example), found through that package's registry.

# --- the unions, built when first used --------------------------------------------
# Loading a game validates it against `game_file(raw)`: `GameFile` whose layouts, diagrams and checks
# take only the element and check types the game names (subclasses of the models above, one per set
# of types, built once per process), importing no other element or check module. The whole unions
# (for the docs, the schema, and a game naming a type that is none) complete the models above in place
# (`full_game_file`). Until then this module holds none of the names in `_WHOLE`: `model.GameFile` and
# the like (module `__getattr__`) build them.

_WHOLE = ("GameFile", "Layout", "Diagram", "Element", "Check")
_GameFile, _Layout, _Diagram = GameFile, Layout, Diagram
if TYPE_CHECKING:
    from printkit.checks import CheckType

    Check = CheckBase
else:
    del GameFile, Layout, Diagram


def _element_union(models: tuple[type[ElementBase], ...]) -> Any:
    tagged = Annotated[Union[models], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
    # The schema shows what is written: the element's own keys and its transform's (see _transform_schema).
    return Annotated[tagged, BeforeValidator(_gather_transform, json_schema_input_type=tagged)]


def _check_union(checks: Iterable[CheckType]) -> Any:
    return Annotated[Union[tuple(c.model for c in checks)], Field(discriminator="type")]  # noqa: UP007


@functools.cache
def _whole_elements() -> None:
    """``Element``, ``Layout`` and ``Diagram`` with every element (an element holding elements, such as
    ``repeat``, is completed by this union)."""
    globals()["Element"] = element = _element_union(element_models())
    for model in element_models():
        if not model.__pydantic_complete__:
            model.model_rebuild(_types_namespace={"Element": element})
    _Layout.model_rebuild()
    _Diagram.model_rebuild()
    globals().update(Layout=_Layout, Diagram=_Diagram)


@functools.cache
def full_game_file() -> type[GameFile]:
    """``GameFile`` with every element and check type (and ``Element``, ``Check``, ``Layout``, ``Diagram``
    with them), built once."""
    from printkit.checks import load_checks

    _whole_elements()
    globals()["Check"] = _check_union(load_checks().values())
    _GameFile.model_rebuild()
    globals()["GameFile"] = _GameFile
    return _GameFile


def _same_field(model: type[Strict], name: str, annotation: Any) -> Any:
    """``model``'s field ``name`` (its default and description) with another type."""
    field = model.model_fields[name]
    return (annotation, Field(field.default, description=field.description))


def _narrowed(base: type[Strict], **types: Any) -> Any:
    """A subclass of ``base``, named alike, whose fields ``types`` take other types."""
    return create_model(base.__name__, __base__=base, __module__=__name__, __doc__=base.__doc__,
                        **{name: _same_field(base, name, ann) for name, ann in types.items()})


@functools.cache
def _layouts_of(names: frozenset[str] | None) -> tuple[Any, Any]:
    """``Layout`` and ``Diagram`` whose elements are those named (None: every element)."""
    elements = None if names is None else load_elements_named(names)
    if elements is None or any("elements" in e.model.model_fields for e in elements):
        _whole_elements()  # an element holding elements takes every element (its own union)
        return _Layout, _Diagram
    # No element named: `elements` hold none, and any item type does (the base is the cheapest).
    item = _element_union(tuple(e.model for e in elements)) if elements else ElementBase
    return _narrowed(_Layout, elements=list[item]), _narrowed(_Diagram, elements=list[item])  # type: ignore[valid-type]


@functools.cache
def _game_file_of(elements: frozenset[str] | None, checks: frozenset[str] | None) -> type[GameFile]:
    named = None if checks is None else load_checks_named(checks)
    if elements is None and named is None:
        return full_game_file()
    layout, diagram = _layouts_of(elements)
    if named is None:
        from printkit.checks import load_checks

        item: Any = _check_union(load_checks().values())
    else:
        item = _check_union(named) if named else CheckBase  # no check named: any item type does
    return _narrowed(_GameFile, layouts=dict[str, layout], diagrams=dict[str, diagram],  # type: ignore[valid-type]
                     checks=list[item])


def _types(items: Any) -> set[str] | None:
    """The ``type`` of every table of the list ``items``; None when it is not a list of tables each with
    a text ``type`` (a typo or a missing key: the whole union then says what is wrong, as it always has)."""
    if not isinstance(items, list) or not all(isinstance(i, dict) and isinstance(i.get("type"), str) for i in items):
        return None
    return {i["type"] for i in items}


def game_file(raw: Any) -> type[GameFile]:
    """The model to validate game.toml's ``raw`` table with: ``GameFile`` whose layouts' and diagrams'
    ``elements`` and whose ``checks`` are unions of only the element and check types ``raw`` names
    (importing no other element or check module), one per set of types, built once per process. Where
    ``raw`` is not as expected (an unknown type, a check with no `type`), every type: the error then
    lists them all, as the whole union always has."""
    if not isinstance(raw, dict):
        return full_game_file()
    checks = _types(raw.get("checks", []))
    elements: set[str] | None = set()
    for key in ("layouts", "diagrams"):
        tables = raw.get(key, {})
        for table in tables.values() if isinstance(tables, dict) else [None]:
            named = _types(table.get("elements", [])) if isinstance(table, dict) else None
            elements = None if named is None or elements is None else elements | named
    return _game_file_of(None if elements is None else frozenset(elements), None if checks is None else frozenset(checks))
