"""A loaded game and the context pieces are drawn in: templates, colours, lengths.

Templates are deliberately tiny: ``{set.field}`` looks a value up in the piece's
variant, and ``{i * 22.5 + 4}`` computes with such values (see :mod:`printkit.expr`:
no attribute access, no calls beyond a short list of functions, bounded results),
so data from strangers cannot reach into Python.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.expr import Absent, Compiled, ExprError, Missing, compile_expr, format_value
from printkit.model import HEX, MAX_LENGTH, ComponentBase, GameInfo, PaletteColour, PrintSettings
from printkit.units import UnitError, parse_coord, parse_length, parse_text

if TYPE_CHECKING:
    from printkit.model import GameFile, Layout

MAX_NUMBER = 1_000_000.0
"""Largest plain number (an angle, a ratio, a count) a layout value may hold: beyond it, a typo."""

BUILTIN_COLOURS = {"black": "#000000", "white": "#ffffff"}
_TEMPLATE = re.compile(r"\{([A-Za-z_][\w-]*(?:\.[\w-]+)*)\}")
_BRACES = re.compile(r"\{(?!\s*[A-Za-z_][\w-]*\s*=[^=])([^{}]*)\}")
"""A template in braces; ``{key=value ...}`` is not one (an assignment is no expression): it is the
attribute list of a rich-text span, ``[text]{colour=red}`` (printkit/richtext.py)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant of a component: its key, the records it was made from, and its copies."""

    key: str
    values: dict[str, dict[str, Any]]
    copies: int
    row: tuple[Path, int] | None = None
    """For a variant made from a table's row: the table and the row's line (a spreadsheet's row
    number), where a bad cell is reported."""
    sheet: str | None = None
    """For a row of a spreadsheet: the sheet's name (cells are named as the spreadsheet names them)."""


@dataclass
class Game:
    """A game folder, loaded and validated."""

    id: str
    root: Path
    file: Path
    data: GameFile
    components: list[ComponentBase]
    variants: dict[str, list[Variant]] = field(default_factory=dict)
    cache: dict[tuple[Any, ...], object] = field(default_factory=dict, repr=False)
    """Drawings and facts computed once per build (e.g. a face every piece shares)."""
    fonts: dict[str, str] = field(default_factory=lambda: {s: s for s in ("regular", "bold", "italic", "bold_italic")})
    """Font keys of the default family by style: the built-in DejaVu Sans, or the game's own ``[print] font``."""
    families: dict[str, dict[str, str]] = field(default_factory=dict)
    """The ``[fonts]`` families: font keys by style (every style filled in, see ``FontFamily``)."""
    icons: dict[str, Any] = field(default_factory=dict)
    """The ``[icons]`` a text may show inline, read and checked at load (``richtext.IconArt``)."""

    def family(self, name: str | None) -> dict[str, str] | None:
        """A font family's keys by style: ``None`` or ``default`` is the default family, ``dejavu`` the built-in one."""
        if name is None or name == "default":
            return self.fonts
        if name in self.families:
            return self.families[name]
        if name == "dejavu":
            return {s: s for s in ("regular", "bold", "italic", "bold_italic")}
        return None

    def family_names(self) -> list[str]:
        return sorted({"default", "dejavu", *self.families})
    source: Mapping[tuple[str | int, ...], int] = field(default_factory=dict, repr=False)
    raw: Any = field(default=None, repr=False)

    def line_of(self, path: str) -> int | None:
        """The line of ``game.toml`` where the key ``path`` is defined, when known."""
        from printkit.tomlpos import line_of

        return line_of(path, self.source, self.raw)

    @property
    def info(self) -> GameInfo:
        return self.data.game

    @property
    def settings(self) -> PrintSettings:
        return self.data.print

    @property
    def palette(self) -> dict[str, PaletteColour]:
        return self.data.palette

    @property
    def layouts(self) -> dict[str, Layout]:
        return self.data.layouts

    def rel(self, path: Path | None = None) -> str:
        """A path as shown in messages: relative to the current folder when possible."""
        target = path or self.file
        try:
            return str(target.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(target)

    def component(self, cid: str) -> ComponentBase:
        for comp in self.components:
            if comp.id == cid:
                return comp
        raise KeyError(cid)

    def pieces(self, comp: ComponentBase) -> int:
        return sum(v.copies for v in self.variants[comp.id])


def is_colour(value: str, palette: dict[str, PaletteColour]) -> bool:
    """A palette name, a built-in name, ``#rrggbb`` or ``none``."""
    return value == "none" or value in palette or value in BUILTIN_COLOURS or bool(HEX.match(value))


def colour_expected(palette: dict[str, PaletteColour]) -> str:
    return "a palette colour (" + ", ".join(sorted({*palette, *BUILTIN_COLOURS})) + ") or #rrggbb"


MISSING = object()
"""What :meth:`DrawContext.resolved_or_missing` gives for a field the piece does not have."""

Ref = tuple[str, tuple[str, ...]]
"""A template field: its text (``set.field``) and its parts."""


@dataclass(frozen=True, slots=True)
class Expr:
    """A template's expression (``{i * 22.5 + 4}``), compiled once; ``error`` if it is not allowed."""

    source: str
    run: Compiled | None
    error: str | None = None


Piece = str | Ref | Expr


def _piece(text: str) -> Ref | Expr:
    if _TEMPLATE.fullmatch("{" + text + "}"):
        return (text, tuple(text.split(".")))
    try:
        return Expr(text, compile_expr(text))
    except ExprError as exc:
        return Expr(text, None, str(exc))


@lru_cache(maxsize=4096)
def _compile(value: str) -> tuple[Ref | Expr | None, tuple[Piece, ...]]:
    """A templated string split once into literal text, fields and expressions (every piece of
    a deck resolves the same few template strings). ``(field, ())`` for a whole-string template."""
    whole = _BRACES.fullmatch(value)
    if whole:
        return _piece(whole.group(1)), ()
    pieces: list[Piece] = []
    end = 0
    for m in _BRACES.finditer(value):
        pieces += [value[end:m.start()], _piece(m.group(1))]
        end = m.end()
    pieces.append(value[end:])
    return None, tuple(pieces)


def template_fields(value: str) -> list[str]:
    """The field paths a templated string reads, in its fields and its expressions."""
    out: list[str] = []
    whole, pieces = _compile(value)
    for piece in (whole,) if whole is not None else pieces:
        if isinstance(piece, Expr):
            out += getattr(piece.run, "fields", ())
        elif isinstance(piece, tuple):
            out.append(piece[0])
    return out


class DrawContext:
    """Resolves templated values of one piece; every failure is a :class:`DataError`."""

    def __init__(self, game: Game, variant: Variant, where: str, extra: dict[str, Any] | None = None) -> None:
        self.game = game
        self.variant = variant
        self.where = where
        self.values: dict[str, Any] = {**variant.values, **(extra or {})}
        self.colours = _colours(game)
        self.on_piece = False
        """True for an element placed on the piece itself (in the piece's millimetres), not inside another
        element (a repeat's copy, a hex cell): such an element can tell whether it leaves the piece."""

    def at(self, where: str, on_piece: bool = False) -> DrawContext:
        """The same piece's context for another key path (shares the values, copies nothing)."""
        sub = object.__new__(DrawContext)
        sub.game, sub.variant, sub.where, sub.values, sub.colours, sub.on_piece = (
            self.game, self.variant, where, self.values, self.colours, on_piece)
        return sub

    def with_values(self, extra: dict[str, Any]) -> DrawContext:
        """The same piece's context with more values for templates (a label's ``{col}`` and ``{row}``)."""
        sub = self.at(self.where)
        sub.values = {**self.values, **extra}
        return sub

    def fail(self, key: str, expected: str, found: object, template: object = None, hint: str = "") -> DataError:
        """The problem at ``key``; when the bad value came whole from a CSV cell (``template`` is
        ``{row.column}``), at that cell's row and column of the table: that is what needs fixing."""
        path = f"{self.where}.{key}" if key else self.where
        column = self.table_column(template)
        if column is not None and self.variant.row is not None:
            return DataError([self.cell_problem(column, expected, f"{found_repr(found)}{hint}, used by {path}")])
        if self.variant.key:
            path += f" (variant {self.variant.key})"
        return DataError([Problem(self.game.rel(), path, expected, found_repr(found) + hint, line=self.game.line_of(path))])

    def table_column(self, template: object) -> str | None:
        """The one table column a templated value reads (``{row.art}``, ``art/{row.name}.svg``), if
        this piece is a table's row and the value reads exactly one column and no other field."""
        if template.__class__ is not str or self.variant.row is None or "{" not in template:
            return None
        whole, pieces = _compile(template)
        refs = [whole] if whole is not None else [p for p in pieces if not isinstance(p, str)]
        if any(not isinstance(r, tuple) for r in refs):  # an expression: the cell alone is not the culprit
            return None
        columns = {r[1][1] for r in refs if isinstance(r, tuple) and len(r[1]) == 2 and r[1][0] == "row"}
        return columns.pop() if len(columns) == 1 and len(refs) == sum(1 for r in refs if isinstance(r, tuple)
                                                                        and r[1][0] == "row") else None

    def cell_problem(self, column: str, expected: str, found: str) -> Problem:
        """A problem at one cell of the table this piece is a row of: file, row and column."""
        assert self.variant.row is not None
        table, line = self.variant.row
        if self.variant.sheet is not None:
            from printkit.tables import cell_name

            names = list(self.variant.values.get("row", {}))
            index = names.index(column) if column in names else 0
            return Problem(self.game.rel(table), cell_name(self.variant.sheet, index, line, column), expected, found)
        return Problem(self.game.rel(table), column, expected, found, line=line)

    def lookup(self, ref: str, key: str) -> Any:
        """The value of the template field ``ref`` (``set.field``); unknown: reported under ``key``."""
        return self._field((ref, tuple(ref.split("."))), key)

    def resolve(self, value: Any, key: str) -> Any:
        """Substitute ``{set.field}`` templates; a whole-string template keeps the value's type."""
        if not isinstance(value, str) or "{" not in value:
            return value
        return self._substitute(value, key)

    def resolved_or_missing(self, value: str) -> Any:
        """:meth:`resolve`, but :data:`MISSING` instead of a report where a field is unknown
        (a report looks up its line in ``game.toml``: too slow for a mere question)."""
        return self._substitute(value, None)

    def _substitute(self, value: str, key: str | None) -> Any:
        whole, pieces = _compile(value)
        if whole is not None:
            return self._expr(whole, key) if isinstance(whole, Expr) else self._field(whole, key)
        # Fields are looked up left to right, as re.sub would, so the first unknown one is reported.
        out = []
        for piece in pieces:
            if isinstance(piece, str):
                out.append(piece)
                continue
            if isinstance(piece, Expr):
                found = self._expr(piece, key)
                if found is MISSING:
                    return MISSING
                out.append(format_value(found))
                continue
            found = self._field(piece, key)
            if found is MISSING:
                return MISSING
            out.append(str(found))
        return "".join(out)

    def _expr(self, expr: Expr, key: str | None) -> Any:
        """Evaluate a template's expression; a bad one is reported under ``key`` (MISSING when None)."""
        if expr.run is None:
            if key is None:
                return MISSING
            raise self.fail(key, str(expr.error), "{" + expr.source + "}")

        def lookup(path: str) -> Any:
            parts = tuple(path.split("."))
            if len(parts) == 2:  # a field the piece's record lacks reads as empty: {row.note == ""}
                record = self.values.get(parts[0])
                if isinstance(record, dict) and parts[1] not in record:
                    return Absent(path)
            found = self._field((path, parts), key)
            if found is MISSING:
                raise Missing(path)
            return found

        try:
            return expr.run(lookup)
        except Missing:
            return MISSING
        except ExprError as exc:
            if key is None:
                return MISSING
            raise self.fail(key, str(exc), "{" + expr.source + "}") from None

    def _field(self, ref: Ref, key: str | None) -> Any:
        parts = ref[1]
        if len(parts) == 2:  # the common {set.field}, found at once (what the loop below would find)
            record = self.values.get(parts[0])
            if record.__class__ is dict and parts[1] in record:
                return record[parts[1]]
        cur: Any = self.values
        for part in ref[1]:
            if isinstance(cur, dict) and part in cur:
                cur = cur[part]
            elif key is None:
                return MISSING
            else:
                known = sorted(
                    f"{s}.{f}" for s, rec in self.values.items() if isinstance(rec, dict) for f in rec
                )
                raise self.fail(key, "a known template field (" + ", ".join(known[:12]) + ")", "{" + ref[0] + "}")
        return cur

    # The methods below are called for every value of every element of every piece (hundreds of
    # thousands of times for a large deck), so each tests for a template inline (most values have
    # none) instead of calling resolve(), and remembers what a plain value converts to.

    def text(self, value: Any, key: str) -> str:
        """A printed text: a number the template computed prints as it would inside a text (3, not 3.0)."""
        if value.__class__ is str and "{" in value:
            v = self._substitute(value, key)
            if (v.__class__ is float or v.__class__ is bool) and isinstance(_compile(value)[0], Expr):
                return format_value(v)  # a field keeps its own spelling; a computed number prints whole
            return str(v)
        return str(value)

    def length(self, value: Any, key: str, extent: float | None = None) -> float:
        """A length in mm (a percentage of ``extent`` where given), within :data:`MAX_LENGTH`."""
        v = self.resolve(value, key) if value.__class__ is str and "{" in value else value
        if v.__class__ is float or v.__class__ is int:  # the common case of parse_length, inline
            mm = float(v)
            if -MAX_LENGTH <= mm <= MAX_LENGTH:
                return mm
        try:
            mm = parse_text(v, extent) if v.__class__ is str else \
                parse_coord(v, extent) if extent is not None else parse_length(v)
        except UnitError as exc:
            raise self.fail(key, str(exc), v, value) from None
        if not -MAX_LENGTH <= mm <= MAX_LENGTH:
            here = f", here {mm:.6g} mm" if isinstance(v, str) else ""
            raise self.fail(key, f"a length of at most {MAX_LENGTH:g} mm either way (a limit that refuses absurd "
                            f"sizes){here}", v, value)
        return mm

    def number(self, value: Any, key: str) -> float:
        v = self.resolve(value, key) if value.__class__ is str and "{" in value else value
        if isinstance(v, bool):
            raise self.fail(key, "a number", v, value)
        try:
            number = float(v)
        except (TypeError, ValueError):
            raise self.fail(key, "a number", v, value) from None
        if not math.isfinite(number):
            raise self.fail(key, "a finite number", v, value)
        if abs(number) > MAX_NUMBER:
            raise self.fail(key, f"a number of at most {MAX_NUMBER:g} either way (a limit that refuses absurd values)",
                            v, value)
        return number

    def colour(self, value: Any, key: str) -> str | None:
        """A palette name, ``black``/``white``, ``#rrggbb`` or ``none`` -> ``#rrggbb`` (None for none)."""
        v = self.resolve(value, key) if value.__class__ is str and "{" in value else value
        if v is None or v == "none":
            return None
        if v.__class__ is str:
            known = self.colours.get(v)
            if known is not None:
                return known
        if isinstance(v, str):
            if v in self.game.palette:
                return self.game.palette[v].rgb
            if v in BUILTIN_COLOURS:
                return BUILTIN_COLOURS[v]
            if HEX.match(v):
                if v.__class__ is str:
                    self.colours[v] = v.lower()
                return v.lower()
        raise self.fail(key, colour_expected(self.game.palette), v, value,
                        suggest(v, [*self.game.palette, *BUILTIN_COLOURS]))

    def truthy(self, value: str | None, key: str) -> bool:
        """A `when` condition: true when the template resolves to a non-empty value other than
        false/0/no/none. A field only some records of a set have is false where it is missing,
        so an element can appear on just the pieces whose record has that field."""
        if value is None:
            return True
        whole = _compile(value)[0]
        if whole and not isinstance(whole, Expr):
            set_name, _, field_name = whole[0].partition(".")
            record = self.values.get(set_name)
            if isinstance(record, dict) and field_name and "." not in field_name and field_name not in record:
                return False
        v = self.resolve(value, key)
        return bool(v) and str(v).lower() not in ("false", "0", "no", "none")


def _colours(game: Game) -> dict[str, str]:
    """The game's colour names (palette over built-ins) and every ``#rrggbb`` met so far -> ``#rrggbb``.

    Built once per game and shared by all its pieces; the palette is fixed once a game is loaded.
    """
    table = game.cache.get(("colours",))
    if table is None:
        table = {**BUILTIN_COLOURS, **{name: c.rgb for name, c in game.palette.items()}}
        game.cache[("colours",)] = table
    return table  # type: ignore[return-value]
