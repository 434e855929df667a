"""The proof: every component counted against the rules, and the game's own logic checked.

:func:`prove` turns a loaded :class:`~printkit.game.Game` into a :class:`GameReport`:
one :class:`Line` per expectation (one per value of its set with ``per``) and per
structural check, the assumptions the data records, the components and their totals.
Nothing here draws or writes; the terminal table lives in ``printkit.commands.proof``,
the contact sheet in ``printkit.proofsheet``, the JSON file's format in ``docs/proof.md``.

Each check type of ``[[checks]]`` (see :mod:`printkit.model`) is one function in
``CHECKS``; adding a type is adding a model class and a function.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from printkit.drawing import Drawing, Group, Node, Note, Text, Use
from printkit.errors import DataError, Problem, found_repr, suggest
from printkit.faces import resolve_layout
from printkit.game import DrawContext, Game, Variant
from printkit.model import (
    BoardPlacesCheck,
    BoardRanksCheck,
    ComponentBase,
    DistinctPolyformsCheck,
    Expectation,
    FitsBoardCheck,
    ProductCheck,
    RequiresCheck,
    Scalar,
    SupplyCheck,
)
from printkit.polyform import Cell, canonical, canonical_one_sided, connected, fits, normalise, parse_cells

if TYPE_CHECKING:
    from printkit.build import Kit

Verdict = Literal["pass", "fail", "warn"]
Severity = Literal["error", "warning"]
LIST_LIMIT = 8
"""Name at most this many culprits in one detail (then "and N more")."""

POLYFORM_NAMES = {1: "monomino", 2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino",
                  6: "hexomino", 7: "heptomino", 8: "octomino"}


@dataclass(frozen=True)
class Line:
    """One line of the report: a check, where it comes from, what was expected and found.

    ``relation`` says how ``found`` is compared with ``expected``: ``exactly`` or
    ``at least`` (a supply may exceed its need). ``detail`` names what is wrong (or spare).
    """

    check: str
    type: str
    source: str
    expected: int | str
    found: int | str
    verdict: Verdict
    severity: Severity = "error"
    relation: Literal["exactly", "at least"] = "exactly"
    detail: str = ""
    pieces: tuple[str, ...] = ()
    """The pieces (or components) a failure is about; the contact sheet marks them."""


@dataclass
class GameReport:
    """The proof of one game."""

    game: str
    title: str
    seed: str | None
    lines: list[Line] = field(default_factory=list)
    assumptions: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, Any] = field(default_factory=dict)

    @property
    def errors(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "fail"]

    @property
    def warnings(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "warn"]

    @property
    def passed(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "pass"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        verdict = "PASS" if self.ok else "FAIL"
        return (f"{verdict}: {len(self.passed)} passed, {len(self.errors)} failed, "
                f"{len(self.warnings)} warned, {len(self.assumptions)} assumptions")

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "seed": self.seed,
            "verdict": "pass" if self.ok else "fail",
            "summary": {"checks": len(self.lines), "passed": len(self.passed),
                        "failed": len(self.errors), "warned": len(self.warnings)},
            "errors": [asdict(line) for line in self.errors],
            "warnings": [asdict(line) for line in self.warnings],
            "passed": [asdict(line) for line in self.passed],
            "assumptions": self.assumptions,
            "components": self.components,
            "totals": self.totals,
        }

    def to_json(self) -> bytes:
        return (json.dumps(self.as_dict(), indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


# --- counting pieces -----------------------------------------------------------


def set_value(variant: Variant, set_name: str) -> str | None:
    """A piece's value for a set: the ``name`` of its record (``vary``) or its CSV column of that name."""
    rec = variant.values.get(set_name)
    if isinstance(rec, dict) and "name" in rec:
        return str(rec["name"])
    row = variant.values.get("row")
    if isinstance(row, dict) and row.get(set_name) is not None:
        return str(row[set_name]).strip()
    return None


def _scalar(value: Scalar) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def matches(variant: Variant, where: dict[str, Scalar]) -> bool:
    return all(set_value(variant, key) == _scalar(value) for key, value in where.items())


def selected(game: Game, ids: Iterable[str]) -> list[ComponentBase]:
    """The components named by ``ids`` (``*`` for all) that exist, in data order."""
    wanted = set(ids)
    return [c for c in game.components if "*" in wanted or c.id in wanted]


def variants(game: Game, comps: Iterable[ComponentBase], where: dict[str, Scalar]) -> Iterator[tuple[ComponentBase, Variant]]:
    for comp in comps:
        for variant in game.variants[comp.id]:
            if matches(variant, where):
                yield comp, variant


def count(game: Game, comps: list[ComponentBase], where: dict[str, Scalar]) -> int:
    return sum(v.copies for _, v in variants(game, comps, where))


def breakdown(game: Game, comps: list[ComponentBase], where: dict[str, Scalar]) -> str:
    """``"a 72 + b 4 + c 4 = 80"``: how a count over several components adds up."""
    parts = [(c.id, count(game, [c], where)) for c in comps]
    parts = [p for p in parts if p[1]]
    if len(parts) < 2:
        return ""
    return " + ".join(f"{cid} {n}" for cid, n in parts) + f" = {sum(n for _, n in parts)}"


def set_values(game: Game, set_name: str, comps: list[ComponentBase], where: dict[str, Scalar]) -> list[str]:
    """The values of a set: its records' names in data order, then any other value a piece carries."""
    declared = list(dict.fromkeys(str(r.get("name")) for r in game.data.sets.get(set_name, [])))
    found = {set_value(v, set_name) for _, v in variants(game, comps, where)}
    return declared + sorted(v for v in found if v is not None and v not in declared)


def groups(game: Game, name: str, comps: list[ComponentBase], where: dict[str, Scalar],
           per: str | None) -> list[tuple[str, dict[str, Scalar]]]:
    """What a count is checked over: the whole selection, or with ``per`` each value of that set
    (lines named ``name[set=value]``)."""
    if per is None:
        return [(name, dict(where))]
    return [(f"{name}[{per}={value}]", {**where, per: value}) for value in set_values(game, per, comps, where)]


def piece_name(comp: ComponentBase, variant: Variant) -> str:
    return f"{comp.id}-{variant.key}" if variant.key else comp.id


def listing(items: list[str]) -> str:
    shown = ", ".join(items[:LIST_LIMIT])
    return shown + (f" and {len(items) - LIST_LIMIT} more" if len(items) > LIST_LIMIT else "")


def _verdict(ok: bool, severity: Severity) -> Verdict:
    return "pass" if ok else ("fail" if severity == "error" else "warn")


# --- expectations ----------------------------------------------------------------


def check_places(game: Game, exp: Expectation) -> list[Line]:
    """A stated number of board places (cells, spots, spaces, fields, points) on the components' faces;
    with ``counts``, a number per place kind or element id."""
    from printkit.places import board_places

    wanted = [(exp.id, exp.places, exp.count)] if exp.count is not None else \
        [(f"{exp.id}[{name}]", [name], n) for name, n in exp.counts.items()]
    lines = []
    for line_id, names, expected in wanted:
        found = 0
        parts = []
        for comp in selected(game, exp.components):
            for variant in game.variants[comp.id]:
                n = sum(1 for p in board_places(game, comp, variant) if p.matches(names)) * variant.copies
                found += n
                parts.append(f"{piece_name(comp, variant)} {n}")
        ok = found == expected
        what = " and ".join(names)
        detail = (f"{what} places: " + " + ".join(parts) if ok else
                  f"the rules say {expected} {what} places, the board draws {found} ({' + '.join(parts) or 'none'})")
        lines.append(Line(line_id, "expect", exp.source, expected, found, _verdict(ok, exp.severity), exp.severity,
                          detail=detail, pieces=() if ok else tuple(c.id for c in selected(game, exp.components))))
    return lines


def check_expectation(game: Game, exp: Expectation) -> list[Line]:
    """A stated count: in total, for each value of the ``per`` set, or one per value (``counts``)."""
    if exp.places:
        return check_places(game, exp)
    comps = selected(game, exp.components)
    lines = []
    if exp.counts:
        assert exp.per is not None  # the model requires `per` with `counts`
        wanted = [(f"{exp.id}[{exp.per}={value}]", {**exp.where, exp.per: value}, n) for value, n in exp.counts.items()]
    else:
        assert exp.count is not None
        wanted = [(name, where, exp.count) for name, where in groups(game, exp.id, comps, exp.where, exp.per)]
    for name, where, expected in wanted:
        found = count(game, comps, where)
        ok = found == expected
        detail = ""
        if not ok:
            detail = f"the rules say {expected}, the data makes {found}"
            adds = breakdown(game, comps, where)
            if adds:
                detail += f" ({adds})"
            elif exp.counts and found == 0 and exp.per is not None:
                known = set_values(game, exp.per, comps, exp.where)
                detail += f": no piece has {exp.per} = {where[exp.per]}" + suggest(str(where[exp.per]), known)
        lines.append(Line(name, "expect", exp.source, expected, found, _verdict(ok, exp.severity),
                          exp.severity, detail=detail, pieces=() if ok else tuple(c.id for c in comps)))
    return lines


# --- structural checks ----------------------------------------------------------------


def check_product(game: Game, c: ProductCheck) -> list[Line]:
    comp = game.component(c.component)
    axes = [list(dict.fromkeys(str(r.get("name")) for r in game.data.sets[s])) for s in c.sets]
    wanted = list(itertools.product(*axes))
    have: Counter[tuple[str | None, ...]] = Counter()
    for variant in game.variants[comp.id]:
        have[tuple(set_value(variant, s) for s in c.sets)] += variant.copies
    key = "-".join
    missing = [key(k) for k in wanted if have[k] == 0]
    short = [f"{key(k)} ({have[k]} of {c.each})" for k in wanted if 0 < have[k] < c.each]
    duplicate = [f"{key(k)} ({have[k]} pieces)" for k in wanted if have[k] > c.each]
    wanted_set = set(wanted)
    extra = [f"{'-'.join(v if v is not None else '(none)' for v in k)} ({n})"
             for k, n in sorted(have.items(), key=lambda kv: str(kv[0])) if k not in wanted_set]
    problems = [f"{label}: {listing(items)}" for label, items in
                (("missing", missing), ("too few", short), ("duplicate", duplicate), ("not in the sets", extra)) if items]
    formula = " x ".join(f"{len(a)} {s}" for s, a in zip(c.sets, axes, strict=True))
    expected = len(wanted) * c.each
    detail = "; ".join(problems) if problems else f"{formula}" + (f", {c.each} of each" if c.each > 1 else "")
    return [Line(c.id, c.type, c.source, expected, sum(have.values()), _verdict(not problems, c.severity),
                 c.severity, detail=detail)]


def _figures(game: Game, comp_id: str, template: str, check_id: str) -> list[tuple[str, frozenset[Cell]]]:
    """(piece name, cells) for each copy of each piece of a component; bad cells are data errors."""
    comp = game.component(comp_id)
    out = []
    for variant in game.variants[comp.id]:
        ctx = DrawContext(game, variant, f"checks.{check_id}", {"component": {"id": comp.id, "name": comp.label}})
        text = ctx.text(template, "cells")
        try:
            cells = parse_cells(text)
        except ValueError as exc:
            raise ctx.fail("cells", str(exc), text) from None
        out += [(piece_name(comp, variant), cells)] * variant.copies
    return out


def polyform_name(size: int) -> str:
    return POLYFORM_NAMES.get(size, f"{size}-omino")


def check_distinct_polyforms(game: Game, c: DistinctPolyformsCheck) -> list[Line]:
    figures = _figures(game, c.component, c.cells, c.id)
    kind = polyform_name(c.size)
    problems = []
    wrong_size = [f"{name} ({len(cells)} squares)" for name, cells in figures if len(cells) != c.size]
    if wrong_size:
        problems.append(f"not {c.size} squares: {listing(wrong_size)}")
    apart = [name for name, cells in figures if not connected(cells)]
    if apart:
        problems.append(f"squares not all connected: {listing(apart)}")
    by_shape: dict[tuple[Cell, ...], list[str]] = {}
    for name, cells in figures:
        by_shape.setdefault((canonical_one_sided if c.mirrors else canonical)(cells), []).append(name)
    same = [" = ".join(names) for names in by_shape.values() if len(names) > 1]
    if same:
        problems.append(f"the same {'one-sided' if c.mirrors else 'free'} {kind}: {listing(same)}")
    distinct = len(by_shape)
    if distinct != c.count:
        problems.append(f"{distinct} different figures, the rules want {c.count}")
    detail = "; ".join(problems) if problems else f"{distinct} different {'one-sided' if c.mirrors else 'free'} {kind}es"
    return [Line(c.id, c.type, c.source, c.count, distinct, _verdict(not problems, c.severity), c.severity,
                 detail=detail)]


def _set_aside(game: Game, c: FitsBoardCheck) -> set[str]:
    """Names of the pieces the rules take out of play (``set_aside`` true for their record)."""
    if c.set_aside is None:
        return set()
    comp = game.component(c.component)
    return {piece_name(comp, v) for v in game.variants[comp.id]
            if DrawContext(game, v, f"checks.{c.id}").truthy(c.set_aside, "set_aside")}


def check_fits_board(game: Game, c: FitsBoardCheck) -> list[Line]:
    figures = list(dict.fromkeys(_figures(game, c.component, c.cells, c.id)))
    aside = _set_aside(game, c)
    unfit: list[str] = []
    excused: list[str] = []
    for name, cells in figures:
        if not fits(cells, c.cols, c.rows):
            shape = normalise(cells)
            w, h = max(x for x, _ in shape) + 1, max(y for _, y in shape) + 1
            (excused if name in aside else unfit).append(f"{name} ({min(w, h)} x {max(w, h)})")
    in_play = len(figures) - len(excused)
    fitting = in_play - len(unfit)
    detail = (f"cannot lie on a {c.rows} x {c.cols} board in any orientation: {listing(unfit)}" if unfit
              else f"every figure{' in play' if excused else ''} fits a {c.rows} x {c.cols} board")
    if excused:
        detail += f"; set aside by the rules before play: {listing(excused)}"
    return [Line(c.id, c.type, c.source, in_play, fitting, _verdict(not unfit, c.severity), c.severity,
                 detail=detail)]


def _piece_height(game: Game, comp: ComponentBase) -> float:
    dims = getattr(comp, "dimensions", None)
    if isinstance(dims, tuple):
        return float(dims[1])
    height = getattr(comp, "height", None)
    return float(height) if isinstance(height, (int, float)) else 0.0


def check_board_ranks(game: Game, c: BoardRanksCheck) -> list[Line]:
    comp = game.component(c.component)
    face = getattr(comp, "face", None)
    if not isinstance(face, str):
        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a component with a `face` layout",
                                 found_repr(c.component))])
    height = _piece_height(game, comp)
    lines: list[Line] = []
    for variant in game.variants[comp.id]:
        label = c.id if len(game.variants[comp.id]) == 1 else f"{c.id}[{variant.key}]"
        per_rank: Counter[int] = Counter()
        bottoms: list[tuple[float, str]] = []
        for path, el in resolve_layout(game, face)[1]:
            if getattr(el, "type", None) != "grid":
                continue
            ctx = DrawContext(game, variant, path, {"component": {"id": comp.id, "name": comp.label}})
            if not ctx.truthy(el.when, "when"):
                continue
            rows, cols = int(ctx.number(el.rows, "rows")), int(ctx.number(el.cols, "cols"))
            bottoms.append((ctx.length(el.y, "y", height) + rows * ctx.length(el.cell, "cell"), path))
            for rank in range(1, rows + 1):
                per_rank[rank] += cols
        if not bottoms:
            raise DataError([Problem(game.rel(), f"checks.{c.id}.component",
                                     f"a board whose layout `{face}` has `grid` elements", "none")])
        for rank in range(1, max(len(c.ranks), max(per_rank)) + 1):
            want = c.ranks[rank - 1] if rank <= len(c.ranks) else 0
            got = per_rank.get(rank, 0)
            lines.append(Line(f"{label}[rank {rank}]", c.type, c.source, want, got,
                              _verdict(want == got, c.severity), c.severity,
                              detail="" if want == got else f"rank {rank} has {got} spaces, the rules say {want}"))
        want_total, got_total = sum(c.ranks), sum(per_rank.values())
        lines.append(Line(f"{label}[total]", c.type, c.source, want_total, got_total,
                          _verdict(want_total == got_total, c.severity), c.severity,
                          detail="" if want_total == got_total else
                          f"the board has {got_total} spaces, the rules say {want_total}"))
        # the reference is the bottom most grids share (the lowest on the page on a tie)
        ref = max((b for b, _ in bottoms), key=lambda b: (sum(abs(o - b) <= 0.5 for o, _ in bottoms), b))
        off = [f"{path} (bottom at {b:.1f} mm, the others at {ref:.1f} mm)" for b, path in bottoms if abs(b - ref) > 0.5]
        if off:
            lines.append(Line(f"{label}[aligned]", c.type, c.source, "grids bottom-aligned", "not aligned",
                              _verdict(False, c.severity), c.severity,
                              detail=f"ranks are counted from each grid's bottom row, but {listing(off)}"))
    return lines


def check_board_places(game: Game, c: BoardPlacesCheck) -> list[Line]:
    """The places of one board, counted by the element types that draw them (the same reader of
    places as ``[[expect]] places``, :func:`printkit.places.board_places`)."""
    from printkit.places import PLACE_ELEMENTS, board_places

    comp = game.component(c.component)
    face = getattr(comp, "face", None)
    if not isinstance(face, str):
        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a component with a `face` layout",
                                 found_repr(c.component))])
    for i, name in enumerate(c.elements):
        if name not in PLACE_ELEMENTS:
            raise DataError([Problem(game.rel(), f"checks.{c.id}.elements[{i}]",
                                     "an element type that draws places (" + ", ".join(PLACE_ELEMENTS) + ")",
                                     found_repr(name))])
    lines: list[Line] = []
    for variant in game.variants[comp.id]:
        label = c.id if len(game.variants[comp.id]) == 1 else f"{c.id}[{variant.key}]"
        # A flower's places are its fields; its connecting points are counted with [[expect]] places = ["point"].
        found = Counter(p.type for p in board_places(game, comp, variant)
                        if p.shape != "point" and (not c.elements or p.type in c.elements))
        got = sum(found.values())
        parts = ", ".join(f"{n} from {t}" for t, n in sorted(found.items()))
        detail = parts if got == c.count else f"the board has {got} places ({parts or 'none'}), the rules say {c.count}"
        lines.append(Line(label, c.type, c.source, c.count, got, _verdict(got == c.count, c.severity), c.severity,
                          detail=detail))
    return lines


def check_supply(game: Game, c: SupplyCheck) -> list[Line]:
    comps = selected(game, c.components)
    factors = c.per_player
    share = math.prod(factors) if factors else 0
    need = c.players * share + c.extra
    formula = f"{c.players} player{'s' if c.players != 1 else ''} x {' x '.join(str(f) for f in factors) or 0}"
    formula += f" + {c.extra} = {need}" if c.extra else f" = {need}"
    lines = []
    for name, where in groups(game, c.id, comps, c.where, c.per):
        found = count(game, comps, where)
        if found < need:
            detail = f"setup needs {formula}; the data makes {found}, {need - found} short"
        else:
            detail = f"setup needs {formula}" + (f"; {found - need} spare" if found > need else "")
        lines.append(Line(name, c.type, c.source, need, found, _verdict(found >= need, c.severity), c.severity,
                          relation="at least", detail=detail))
    return lines


def check_requires(game: Game, c: RequiresCheck) -> list[Line]:
    ids = {comp.id for comp in game.components}
    absent = [cid for cid in c.components if cid not in ids]
    found = count(game, [comp for comp in game.components if comp.id in c.components], {})
    problems = []
    if absent:
        problems.append("no component " + ", ".join(f"`{cid}`" for cid in absent) + " in the data")
    if found < c.count:
        problems.append(f"the rules use {c.count}, the data makes {found}")
    detail = "; ".join(problems) if problems else ", ".join(c.components) + f": {found}"
    return [Line(c.id, c.type, c.source, c.count, found, _verdict(not problems, c.severity), c.severity,
                 relation="at least", detail=detail)]


CHECKS: dict[str, Callable[[Game, Any], list[Line]]] = {
    "product": check_product,
    "distinct-polyforms": check_distinct_polyforms,
    "fits-board": check_fits_board,
    "board-ranks": check_board_ranks,
    "board-places": check_board_places,
    "supply": check_supply,
    "requires": check_requires,
}
"""Checks on the data alone."""


def _kit_checks() -> dict[str, Callable[[Game, Kit, Any], list[Line]]]:
    from printkit import playtest as p

    return {
        "fits": p.check_fits, "nests": p.check_nests, "solid": p.check_solid, "backs": p.check_backs,
        "words": p.check_words, "per-point": p.check_per_point, "min-width": p.check_min_width,
        "min-text": p.check_min_text, "folds": p.check_folds, "fits-box": p.check_fits_box,
    }


KIT_CHECK_TYPES = ("fits", "nests", "solid", "backs", "words", "per-point", "min-width", "min-text", "folds",
                   "fits-box")
"""Checks on the drawn kit (``printkit.playtest``): they measure what prints."""


def counted(game: Game) -> set[str]:
    """Components some expectation or counting check counts (``*`` counts all). Checks on the
    drawn kit (``min-text`` and the like) look at pieces but count none."""
    ids: set[str] = set()
    for exp in game.data.expect:  # a count of a board's places counts the board too
        ids |= set(exp.components)
    for check in game.data.checks:
        if check.type not in CHECKS:
            continue
        for key in ("component", "components", "board"):
            value = getattr(check, key, None)
            ids |= set(value) if isinstance(value, list) else {value} if isinstance(value, str) else set()
    return {c.id for c in game.components} if "*" in ids else ids


def coverage(game: Game, strict: bool = False) -> list[Line]:
    """One line per component no expectation or check looks at: a warning (a failure with ``strict``)."""
    seen = counted(game)
    severity: Severity = "error" if strict else "warning"
    return [Line(f"coverage[{comp.id}]", "coverage", "every component is counted against the rules", "counted",
                 "not counted", _verdict(False, severity), severity,
                 detail=f"no [[expect]] or [[checks]] names {comp.id} ({comp.label}, {game.pieces(comp)} pieces)",
                 pieces=(comp.id,))
            for comp in game.components if comp.id not in seen]


def strictly(report: GameReport, strict: bool = True) -> GameReport:
    """The build's report as ``printkit proof`` gives it: a glyph a font lacks is a failure (the
    build only warns), and with ``strict`` so is a component nothing counts."""
    from dataclasses import replace

    hard = {"glyphs", "coverage", "fit"} if strict else {"glyphs"}
    if not any(line.type in hard and line.verdict != "fail" for line in report.lines):
        return report
    out = GameReport(report.game, report.title, report.seed, assumptions=report.assumptions,
                     components=report.components, totals=report.totals)
    out.lines = [replace(line, verdict="fail", severity="error") if line.type in hard else line
                 for line in report.lines]
    return out


# --- text the fonts cannot draw ---------------------------------------------------------


def _texts(drawing: Drawing) -> Iterator[Text]:
    """Every text node of a drawing, those in the shared drawings it uses included (each once)."""
    seen: set[str] = set()

    def walk(nodes: Iterable[Node], defs: Mapping[str, Drawing]) -> Iterator[Text]:
        for node in nodes:
            if isinstance(node, Text):
                yield node
            elif isinstance(node, Group):
                yield from walk(node.children, defs)
            elif isinstance(node, Use) and node.ref not in seen and node.ref in defs:
                seen.add(node.ref)
                yield from walk(defs[node.ref].children, {**defs, **defs[node.ref].defs})

    return walk(drawing.children, drawing.defs)


_BOLD_MD = re.compile(r"^#{1,6} .*$|\*\*[^*]+\*\*|__[^_]+__", re.MULTILINE)
_ITALIC_MD = re.compile(r"(?<![*\w])\*[^*\s][^*]*\*(?!\*)|(?<![_\w])_[^_\s][^_]*_(?!\w)")


def rulebook_texts(markdown: str, body: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(text, font) of a rulebook's Markdown as the PDF sets it: headings and strong text bold, emphasis
    italic, the rest regular, in the rulebook's family ``body`` (font keys by style; default: printkit's own)."""
    fonts = body or {s: s for s in ("regular", "bold", "italic", "bold_italic")}
    bold = [m.group() for m in _BOLD_MD.finditer(markdown)]
    rest = _BOLD_MD.sub(" ", markdown)
    italic = [m.group() for m in _ITALIC_MD.finditer(rest)]
    return [(_ITALIC_MD.sub(" ", rest), fonts["regular"]), *((text, fonts["bold"]) for text in bold),
            *((text, fonts["italic"]) for text in italic)]


def check_glyphs(game: Game, faces: Mapping[str, Drawing], severity: Severity = "error",
                 rulebook: str | None = None) -> list[Line]:
    """One line per font that lacks glyphs for characters some piece (or the rulebook's Markdown)
    prints: which characters, where (a missing glyph prints as an empty box, silently)."""
    from printkit.render.fonts import font_name, missing_glyphs

    found: dict[str, dict[str, list[str]]] = {}  # font -> character -> pieces

    def note(text: str, font: str, where: str) -> None:
        for ch in missing_glyphs(text, font):
            places = found.setdefault(font, {}).setdefault(ch, [])
            if where not in places:
                places.append(where)

    for ref in sorted(faces):
        for node in _texts(faces[ref]):
            note(node.text, node.font, ref)
    body = game.family(game.settings.rulebook_font)
    for text, font in rulebook_texts(rulebook, body) if rulebook is not None else []:
        note(text, font, "the rulebook")
    lines = []
    for font, chars in sorted(found.items(), key=lambda kv: font_name(kv[0])):
        name = _font_label(game, font, font_name(font))
        shown = [f'"{ch}" (U+{ord(ch):04X}) in {listing(pieces)}' for ch, pieces in chars.items()]
        detail = (f"{name} has no glyph for {len(chars)} character{'s' if len(chars) != 1 else ''}, which would print "
                  f"as empty boxes: {'; '.join(shown[:LIST_LIMIT])}" + (f" and {len(shown) - LIST_LIMIT} more" if len(shown) > LIST_LIMIT else "")
                  + "; use a font that has them ([print] font) or other characters")
        lines.append(Line(f"glyphs[{font_name(font)}]", "glyphs", "the text printed on the pieces and in the rulebook",
                          "every character drawable", f"{len(chars)} missing", _verdict(False, severity), severity,
                          detail=detail))
    return lines


def _font_label(game: Game, key: str, name: str) -> str:
    """The font as the designer chose it: its family and the file ``[print] font`` names, or the built-in one."""
    settings = game.settings
    for style, rel in (("regular", settings.font), ("bold", settings.font_bold or settings.font)):
        if game.fonts.get(style) == key and rel is not None and key not in ("regular", "bold"):
            return f'{name} ("{rel}")'
    for family, fam in game.data.fonts.items():
        for style in ("regular", "bold", "italic", "bold_italic"):
            rel = getattr(fam, style)
            if rel is not None and game.families.get(family, {}).get(style) == key:
                return f'{name} ("{rel}", [fonts.{family}])'
    return f"{name} (printkit's built-in font)" if key in ("regular", "bold", "italic", "bold_italic") else name


# --- texts that do not fit, elements off their piece --------------------------------------------


def _notes(drawing: Drawing) -> Iterator[Note]:
    """Every note the drawing code left in a drawing (see :class:`printkit.drawing.Note`)."""
    def walk(nodes: Iterable[Node], defs: Mapping[str, Drawing], seen: set[str]) -> Iterator[Note]:
        for node in nodes:
            kind = type(node)
            if kind is Group:
                if node.note is not None:  # type: ignore[union-attr]
                    yield node.note  # type: ignore[union-attr,misc]
                yield from walk(node.children, defs, seen)  # type: ignore[union-attr]
            elif kind is Use and node.ref not in seen and node.ref in defs:  # type: ignore[union-attr]
                seen.add(node.ref)
                yield from walk(defs[node.ref].children, {**defs, **defs[node.ref].defs}, seen)

    return walk(drawing.children, drawing.defs, set())


def check_fit(faces: Mapping[str, Drawing]) -> list[Line]:
    """One line for every text that does not fit its box (at its smallest size, or a word wider than the
    box), runs past the piece's edge, and every element off its piece's trim: the piece, the element
    and the text. A warning: the kit prints, but something on it is cut off or crammed."""
    found: dict[tuple[str, str], list[str]] = {}
    for ref in sorted(faces):
        for note in _notes(faces[ref]):
            pieces = found.setdefault((note.element, note.problem), [])
            if ref not in pieces:
                pieces.append(ref)
    lines = []
    for (element, problem), pieces in found.items():
        lines.append(Line(f"fit[{element}]", "fit", "every text fits its box and every element its piece",
                          "inside", "outside", "warn", "warning",
                          detail=f"{element}: {problem}, on {len(pieces)} piece{'s' if len(pieces) != 1 else ''}: "
                                 f"{listing(pieces)}", pieces=tuple(pieces[:LIST_LIMIT])))
    return lines


# --- the whole proof -------------------------------------------------------------------


def totals(game: Game) -> dict[str, Any]:
    """Pieces per kind and per value of every set a component varies over (or has a column for)."""
    by_kind: Counter[str] = Counter()
    by_set: dict[str, Counter[str]] = {}
    for comp in game.components:
        by_kind[comp.kind] += game.pieces(comp)
        for variant in game.variants[comp.id]:
            for set_name in game.data.sets:
                value = set_value(variant, set_name)
                if value is not None:
                    by_set.setdefault(set_name, Counter())[value] += variant.copies
    return {
        "pieces": sum(by_kind.values()),
        "by_kind": dict(sorted(by_kind.items())),
        "by_set": {name: {v: by_set[name][v] for v in _ordered(game, name, by_set[name])} for name in sorted(by_set)},
    }


def _ordered(game: Game, set_name: str, found: Counter[str]) -> list[str]:
    """A set's values in data order, then any other value found, sorted."""
    declared = [str(r.get("name")) for r in game.data.sets.get(set_name, [])]
    return [v for v in dict.fromkeys(declared) if v in found] + sorted(v for v in found if v not in declared)


def prove(game: Game, drawn: Kit | Mapping[str, Drawing] | None = None, glyphs: Severity = "error",
          strict: bool = False, rulebook: str | None = None) -> GameReport:
    """Check every expectation and structural check of a game; list its assumptions.

    ``drawn`` is the drawn kit (``build.draw``) or only its faces (``Kit.faces``). Checks of the
    drawn kit measure it (drawn here when not given: every piece, in memory). With the drawn
    faces, also that the fonts can draw every character of their text and of the ``rulebook``'s
    Markdown (a line only when one cannot), with the ``glyphs`` severity: an error for
    ``printkit proof``, a warning for ``printkit build``. ``strict`` makes a component nothing
    counts a failure instead of a warning.
    """
    kit: Kit | None = drawn if drawn is not None and hasattr(drawn, "faces") else None  # type: ignore[assignment]
    faces: Mapping[str, Drawing] | None = kit.faces if kit is not None else drawn  # type: ignore[assignment]
    report = GameReport(game.id, game.info.title, game.info.seed)
    for exp in game.data.expect:
        report.lines += check_expectation(game, exp)
    kit_checks = None
    for check in game.data.checks:
        if check.type in CHECKS:
            report.lines += CHECKS[check.type](game, check)
            continue
        if kit is None:
            from printkit.build import draw

            kit = draw(game)
        kit_checks = kit_checks or _kit_checks()
        report.lines += kit_checks[check.type](game, kit, check)
    report.lines += coverage(game, strict)
    if faces is not None:
        report.lines += check_glyphs(game, faces, glyphs, rulebook)
        report.lines += check_fit(faces)
    report.assumptions = [a.model_dump() for a in game.data.assumptions]
    report.components = [
        {"id": c.id, "kind": c.kind, "name": c.label, "variants": len(game.variants[c.id]), "pieces": game.pieces(c)}
        for c in game.components
    ]
    report.totals = totals(game)
    return report
