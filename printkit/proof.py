"""The proof: every component counted against the rules, and the game's own logic checked.

:func:`prove` turns a loaded :class:`~printkit.game.Game` (and its drawn kit) into a
:class:`~printkit.report.GameReport`: one :class:`~printkit.report.Line` per expectation (one
per value of its set with ``per``) and per check of ``[[checks]]``, the assumptions the data
records, the components and their totals. Nothing here writes; the terminal table lives in
``printkit.commands.proof``, the contact sheet in ``printkit.proofsheet``, the JSON file's
format in ``docs/proof.md``.

Each check type of ``[[checks]]`` is one module of :mod:`printkit.checks` (its model, the
check, its documentation, an example), found through that registry.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from printkit.checks import automatic, types_of
from printkit.checks._count import (  # noqa: F401  (re-exported: the proof's counting)
    breakdown,
    count,
    groups,
    matches,
    piece_name,
    selected,
    set_value,
    set_values,
    variants,
)
from printkit.checks._kit import forget_drawn
from printkit.drawing import Drawing, Group, Node, Note, Text, Use
from printkit.errors import DataError, suggest
from printkit.game import Game
from printkit.kit import Kit, draw
from printkit.model import Expectation
from printkit.report import LIST_LIMIT, GameReport, Line, Severity, Verdict, listing  # noqa: F401  (re-exported)
from printkit.report import verdict as _verdict


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


def counted(game: Game) -> set[str]:
    """Components some expectation or counting check counts (``*`` counts all). Checks on the
    drawn kit (``min-text`` and the like) look at pieces but count none."""
    ids: set[str] = set()
    for exp in game.data.expect:  # a count of a board's places counts the board too
        ids |= set(exp.components)
    types = types_of(c.type for c in game.data.checks)
    for check in game.data.checks:
        if types[check.type].on_kit:
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

    body = game.family(game.settings.rulebook_font)
    book = [(text, font, "the rulebook") for text, font in (rulebook_texts(rulebook, body) if rulebook is not None else [])]
    # Each font's characters looked up at once: a font that has them all (nearly always) is not read
    # again text by text, nor are the texts put in the order of their pieces (a deck of 10,000 cards
    # prints tens of thousands of texts).
    printed: dict[str, list[str]] = {}
    for face in faces.values():
        for node in _texts(face):
            printed.setdefault(node.font, []).append(node.text)
    for text, font, _ in book:
        printed.setdefault(font, []).append(text)
    lacking = {font for font, used in printed.items() if missing_glyphs("".join(sorted(set("".join(used)))), font)}
    if lacking:
        for text, font, where in [*((node.text, node.font, ref) for ref in sorted(faces) for node in _texts(faces[ref])),
                                  *book]:
            if font in lacking:
                note(text, font, where)
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
            if isinstance(node, Group):
                if node.note is not None:
                    yield node.note
                yield from walk(node.children, defs, seen)
            elif isinstance(node, Use) and node.ref not in seen and node.ref in defs:
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
          strict: bool = False, rulebook: str | None = None, keep_going: bool = False) -> GameReport:
    """Check every expectation and structural check of a game; list its assumptions.

    ``drawn`` is the drawn kit (:func:`printkit.kit.draw`) or only its faces (``Kit.faces``). Checks of the
    drawn kit measure it (drawn here when not given: every piece, in memory). With the drawn
    faces, also that the fonts can draw every character of their text and of the ``rulebook``'s
    Markdown (a line only when one cannot), with the ``glyphs`` severity: an error for
    ``printkit proof``, a warning for ``printkit build``. ``strict`` makes a component nothing
    counts a failure instead of a warning. With ``keep_going``, a check the data stops (a
    reference to a piece that is gone) is a failing line and the others still run.
    """
    kit: Kit | None = drawn if drawn is not None and hasattr(drawn, "faces") else None  # type: ignore[assignment]
    faces: Mapping[str, Drawing] | None = kit.faces if kit is not None else drawn  # type: ignore[assignment]
    report = GameReport(game.id, game.info.title, game.info.seed)
    for exp in game.data.expect:
        report.lines += check_expectation(game, exp)
    checks = [*game.data.checks, *automatic(game.data.checks, game.data.proof.off)]
    types = types_of(c.type for c in checks)
    try:
        for check in checks:
            kind = types[check.type]
            try:
                if not kind.on_kit:
                    report.lines += kind.run(game, check)
                    continue
                if kit is None:
                    kit = draw(game)
                report.lines += kind.run(game, kit, check)
            except DataError as err:
                if not keep_going:
                    raise
                report.lines += [Line(check.id, check.type, check.source, "runs", "stopped", "fail",
                                      detail=f"cannot run: {p.path}: expected {p.expected}, found {p.found}")
                                 for p in err.problems]
    finally:  # what the checks share of the kit goes with them
        if kit is not None:
            forget_drawn(kit)
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
