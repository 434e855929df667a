"""Checks on the drawn kit: can the printed pieces be played?

The count checks in :mod:`printkit.proof` read the data; the checks here read what the kit
prints. The proof draws every piece first, as the build does (``build.draw``), and each
check measures that drawing: the size of a chip, the cells of a board, the base of a folded
pyramid, the words on a card, the cut outline of a piece. Each check type is one function
(registered in ``printkit.proof.KIT_CHECKS``); none knows a game.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from printkit import lattice
from printkit.drawing import Circle, Drawing, Path, Text, apply, flatten, walk
from printkit.game import DrawContext, Game, Variant
from printkit.model import (
    BacksCheck,
    ComponentBase,
    FitsBoxCheck,
    FitsCheck,
    FoldsCheck,
    MinTextCheck,
    MinWidthCheck,
    NestsCheck,
    PerPointCheck,
    SolidCheck,
    WordsCheck,
)
from printkit.places import Place, board_places
from printkit.units import parse_length

if TYPE_CHECKING:
    from printkit.build import Kit
    from printkit.kinds import Art
    from printkit.proof import Line

PT = parse_length("1pt")
EPS = 1e-6


def _line(c: Any, name: str, expected: int | str, found: int | str, ok: bool, detail: str,
          pieces: Iterable[str] = (), relation: str = "exactly") -> Line:
    from printkit.proof import Line, _verdict

    return Line(name, c.type, c.source, expected, found, _verdict(ok, c.severity), c.severity,
                relation=relation, detail=detail, pieces=tuple(dict.fromkeys(pieces)))  # type: ignore[arg-type]


def _listing(items: list[str]) -> str:
    from printkit.proof import listing

    return listing(items)


# --- the drawn pieces ----------------------------------------------------------------


def drawn(kit: Kit, comp_id: str) -> dict[str, tuple[Variant, Art]]:
    """Each distinct piece of a component as drawn: piece name -> (variant, art)."""
    game = kit.game
    by_key = {v.key: v for v in game.variants[comp_id]}
    out: dict[str, tuple[Variant, Art]] = {}
    for items in kit.groups.values():
        for item in items:
            if item.component == comp_id and item.piece not in out:
                out[item.piece] = (by_key[item.variant], item.art)
    return out


def selected(game: Game, ids: list[str]) -> list[ComponentBase]:
    return [c for c in game.components if "*" in ids or c.id in ids]


def _ctx(game: Game, comp: ComponentBase, variant: Variant, where: str | None = None) -> DrawContext:
    return DrawContext(game, variant, where or f"components.{comp.id}", {"component": {"id": comp.id, "name": comp.label}})


def _net(game: Game, comp: ComponentBase, variant: Variant) -> Any:
    """The net the drawing lays out for a piece; pieces of one size share it (60 pyramids, 3 nets)."""
    from printkit.kinds.net import make_net

    ctx = _ctx(game, comp, variant)
    n = comp  # a NetModel
    key = ("playtest-net", comp.id, ctx.length(n.edge, "edge"),  # type: ignore[attr-defined]
           ctx.length(n.height, "height") if n.height is not None else None,  # type: ignore[attr-defined]
           ctx.length(n.slant, "slant") if n.slant is not None else None,  # type: ignore[attr-defined]
           ctx.length(n.tab, "tab"))  # type: ignore[attr-defined]
    net = game.cache.get(key)
    if net is None:
        net = game.cache[key] = make_net(ctx, comp)  # type: ignore[arg-type]
    return net


# --- footprints: what a piece covers where it lies ------------------------------------------


def footprint(game: Game, comp: ComponentBase, variant: Variant, art: Art) -> tuple[str, float, float]:
    """(shape, width, depth) of what a piece covers on the table: ``circle`` (width = diameter)
    or ``rect``. A net stands on its first face (a pyramid's or tetrahedron's base)."""
    if comp.kind == "net":
        w, d, _ = _base(_closed(game, comp, variant))
        return ("rect", w, d)
    outline = art.outline
    if outline is not None:
        cuts = [s for s, _ in walk(outline.children, outline.defs) if getattr(s, "role", None) == "cut"]
        if len(cuts) == 1 and isinstance(cuts[0], Circle):
            return ("circle", 2 * cuts[0].r, 2 * cuts[0].r)
    return ("rect", art.front.width, art.front.height)


def _describe(shape: str, w: float, h: float) -> str:
    if shape == "circle":
        return f"a circle {w:.1f} mm across"
    return f"{w:.1f} x {h:.1f} mm" if abs(w - h) > 0.05 else f"a square {w:.1f} mm wide"


def room(shape: str, w: float, h: float, place: Place) -> float:
    """Room left on each side of a piece centred on a place (negative: it overhangs)."""
    if place.shape == "circle":
        need = w if shape == "circle" else math.hypot(w, h)
        return (place.size - need) / 2
    return (place.size - max(w, h)) / 2


# --- fit --------------------------------------------------------------------------------


def check_fits(game: Game, kit: Kit, c: FitsCheck) -> list[Line]:
    comp, board = game.component(c.component), game.component(c.board)
    places = [p for p in board_places(game, board) if p.matches(c.places)]
    if not places:
        return [_line(c, c.id, "places " + ", ".join(c.places), "none", False,
                      f"{board.id} has no place of kind or element {', '.join(c.places)} on its face", [board.id])]
    lines: list[Line] = []
    if comp.kind == "lattice-piece":
        fields = [p for p in places if p.shape == "field"]
        spacing = float(getattr(comp, "spacing", 0.0))
        bad = [p for p in fields if abs(p.spacing - spacing) > 0.05]
        board_s = bad[0].spacing if bad else (fields[0].spacing if fields else 0.0)
        ok = bool(fields) and not bad
        detail = (f"{comp.id} fields have spacing {spacing:.1f} mm, {board.id} fields {board_s:.1f} mm"
                  + ("" if ok else f": a piece covers board fields only at the same spacing (off by {abs(spacing - board_s):.1f} mm)"))
        return [_line(c, c.id, f"spacing {board_s:.1f} mm", f"{spacing:.1f} mm", ok, detail,
                      [] if ok else [comp.id, board.id])]
    sizes: dict[tuple[str, float, float], list[str]] = {}
    for name, (variant, art) in drawn(kit, comp.id).items():
        fp = footprint(game, comp, variant, art)
        sizes.setdefault((fp[0], round(fp[1], 2), round(fp[2], 2)), []).append(name)
    kinds = sorted({(p.shape, round(p.size, 2)) for p in places})
    for (shape, w, h), names in sizes.items():
        worst = min(places, key=lambda p: room(shape, w, h, p))
        spare = room(shape, w, h, worst)
        ok = spare >= c.clearance - EPS
        label = c.id if len(sizes) == 1 else f"{c.id}[{names[0]}]"
        holder = worst.describe() if len(kinds) == 1 else f"{worst.name} ({worst.describe()})"
        detail = (f"{_listing(names)} ({_describe(shape, w, h)}) on {board.id} {worst.kind}s ({holder}): "
                  f"{spare:.1f} mm to spare on each side, at least {c.clearance:.1f} mm wanted")
        lines.append(_line(c, label, f">= {c.clearance:.1f} mm", f"{spare:.1f} mm", ok, detail,
                           [] if ok else [*names, board.id]))
    return lines


# --- nesting ------------------------------------------------------------------------------


def _closed(game: Game, comp: ComponentBase, variant: Variant) -> Any:
    """The whole solid a net folds into (every face, open ones too), at the piece's size."""
    from printkit.kinds.net import make_solid

    return make_solid(_ctx(game, comp, variant), comp)  # type: ignore[arg-type]


def open_faces(game: Game, comp: ComponentBase, variant: Variant) -> set[int]:
    """Faces of the solid (in its `faces` order) the drawn net leaves out: a hollow solid's open base."""
    closed = _closed(game, comp, variant)
    kept = set(_net(game, comp, variant).solid.face_names)
    return {i for i, name in enumerate(closed.face_names) if name not in kept}


def _base(solid: Any) -> tuple[float, float, list[float]]:
    """Width and depth of a solid's first face (its base) and every vertex's height above it."""
    v = [solid.vertices[i] for i in solid.faces[0]]
    u = [v[1][k] - v[0][k] for k in range(3)]
    w = [v[2][k] - v[0][k] for k in range(3)]
    n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
    nn = math.sqrt(sum(x * x for x in n)) or 1.0
    un = math.sqrt(sum(x * x for x in u)) or 1.0
    e1 = [x / un for x in u]
    e2 = [(n[1] * e1[2] - n[2] * e1[1]) / nn, (n[2] * e1[0] - n[0] * e1[2]) / nn, (n[0] * e1[1] - n[1] * e1[0]) / nn]
    xs = [sum((p[k] - v[0][k]) * e1[k] for k in range(3)) for p in v]
    ys = [sum((p[k] - v[0][k]) * e2[k] for k in range(3)) for p in v]
    heights = [abs(sum((p[k] - v[0][k]) * n[k] for k in range(3))) / nn for p in solid.vertices]
    return max(xs) - min(xs), max(ys) - min(ys), heights


def _profile(game: Game, comp: ComponentBase, variant: Variant) -> tuple[float, float, bool, bool]:
    """(base width, height, tapers to a point, open at the base) of a built net standing on its base (face 0)."""
    w, d, heights = _base(_closed(game, comp, variant))
    height = max(heights)
    tapered = sum(1 for h in heights if abs(h - height) < 1e-6) == 1
    return max(w, d), height, tapered, 0 in open_faces(game, comp, variant)


def pips_of(game: Game, comp: ComponentBase, variant: Variant) -> list[int]:
    """The pips drawn on each face of a net (0 where none), resolved as the drawing resolves them."""
    from printkit.kinds.net import _merged

    faces = {"cube": 6, "square-pyramid": 5, "tetrahedron": 4}[comp.solid]  # type: ignore[attr-defined]
    gone = open_faces(game, comp, variant)
    out = []
    for i in range(faces):
        face = _merged(comp, i)  # type: ignore[arg-type]
        ctx = _ctx(game, comp, variant, f"components.{comp.id}.faces[{i}]")
        out.append(int(ctx.number(face.pips, "pips")) if face.pips is not None and i not in gone else 0)
    return out


def check_nests(game: Game, kit: Kit, c: NestsCheck) -> list[Line]:
    comp = game.component(c.component)
    if comp.kind != "net":
        from printkit.errors import DataError, Problem, found_repr

        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a `net` component", found_repr(comp.id))])
    sizes: dict[tuple[float, float, bool], dict[str, Any]] = {}
    for name, (variant, _) in drawn(kit, comp.id).items():
        w, h, tapered, open_base = _profile(game, comp, variant)
        entry = sizes.setdefault((round(w, 3), round(h, 3), tapered), {"pieces": [], "closed": [], "values": set()})
        entry["pieces"].append(name)
        if not open_base:
            entry["closed"].append(name)
        if c.value == "pips":
            entry["values"].add(max(pips_of(game, comp, variant)))
    order = sorted(sizes, key=lambda k: (k[0], k[1]))
    lines: list[Line] = []
    for small, big in pairwise(order):
        (b1, h1, t1), (b2, h2, t2) = small, big
        # Gaps between the inner piece and the one over it, both standing on their bases: at the
        # floor, and at the top of the inner piece (where a tapering cover is narrowest).
        at_top = (b2 / 2) * (1 - h1 / h2) if t2 else b2 / 2
        inner_top = 0.0 if t1 else b1 / 2
        gaps = [(b2 - b1) / 2, at_top - inner_top, h2 - h1]
        gap = min(gaps)
        ok = gap >= c.clearance - EPS
        s_name, b_name = sizes[small]["pieces"][0], sizes[big]["pieces"][0]
        detail = (f"{b_name} ({b2:.1f} mm base, {h2:.1f} mm high) over {s_name} ({b1:.1f} mm base, {h1:.1f} mm high): "
                  f"{gap:.1f} mm to spare (at the base {gaps[0]:.1f}, at the top of the inner piece {gaps[1]:.1f}, "
                  f"above it {gaps[2]:.1f}), at least {c.clearance:.1f} mm wanted")
        lines.append(_line(c, f"{c.id}[{s_name} in {b_name}]", f">= {c.clearance:.1f} mm", f"{gap:.1f} mm", ok,
                           detail, [] if ok else [s_name, b_name]))
    if c.hollow and len(order) > 1:
        covering = [name for k in order[1:] for name in sizes[k]["closed"]]
        ok = not covering
        detail = ("every piece that goes over a smaller one is open at its base" if ok else
                  f"closed at the base, so nothing fits under them: {_listing(covering)}")
        lines.append(_line(c, f"{c.id}[hollow]", "open base", "closed" if covering else "open base", ok, detail,
                           covering))
    if c.value is not None:
        found = [(k, sorted(sizes[k]["values"])) for k in order]
        problems = []
        for k, vals in found:
            if len(vals) > 1:
                problems.append(f"{sizes[k]['pieces'][0]} and the other pieces of its size show {vals}")
        for (k1, v1), (k2, v2) in pairwise(found):
            if v1 and v2 and not max(v1) < min(v2):
                problems.append(f"{sizes[k2]['pieces'][0]} ({k2[0]:.1f} mm base) shows {max(v2) if len(v2) == 1 else v2} "
                                f"{c.value}, {sizes[k1]['pieces'][0]} ({k1[0]:.1f} mm base) {max(v1) if len(v1) == 1 else v1}")
        seq = " < ".join(str(v[0]) if len(v) == 1 else str(v) for _, v in found)
        ok = not problems
        lines.append(_line(c, f"{c.id}[{c.value} by size]", "grows with size", seq, ok,
                           ("; ".join(problems) + ": larger pieces must show more") if problems else
                           f"{c.value} by size, smallest first: {seq}",
                           [] if ok else [sizes[k]["pieces"][0] for k in order]))
    return lines


# --- solids and dice ------------------------------------------------------------------------


def face_contents(game: Game, comp: ComponentBase, variant: Variant) -> list[tuple[Any, ...]]:
    """What each face of a net shows: (fill, pips, symbol, text), resolved for the piece."""
    from printkit.kinds.net import _merged

    faces = {"cube": 6, "square-pyramid": 5, "tetrahedron": 4}[comp.solid]  # type: ignore[attr-defined]
    out = []
    for i in range(faces):
        face = _merged(comp, i)  # type: ignore[arg-type]
        ctx = _ctx(game, comp, variant, f"components.{comp.id}.faces[{i}]")
        pips = int(ctx.number(face.pips, "pips")) if face.pips is not None else 0
        symbol = ctx.text(face.symbol, "symbol") if face.symbol is not None else ""
        text = ctx.text(face.text, "text") if face.text is not None else ""
        fill = ctx.colour(face.fill, "fill") if face.fill is not None else None
        out.append((fill, pips, "" if symbol == "none" else symbol, text))
    return out


def _content(face: tuple[Any, ...]) -> str:
    _, pips, symbol, text = face
    parts = [f"{pips} pips" if pips else "", f"symbol {symbol}" if symbol else "", f'"{text}"' if text else ""]
    return ", ".join(p for p in parts if p) or "nothing"


def check_solid(game: Game, kit: Kit, c: SolidCheck) -> list[Line]:
    comp = game.component(c.component)
    if comp.kind != "net":
        from printkit.errors import DataError, Problem, found_repr

        raise DataError([Problem(game.rel(), f"checks.{c.id}.component", "a `net` component", found_repr(comp.id))])
    blank, alike, open_nets = [], [], []
    names = []
    for name, (variant, _) in drawn(kit, comp.id).items():
        names.append(name)
        faces = face_contents(game, comp, variant)
        gone = open_faces(game, comp, variant)
        for i, face in enumerate(faces):
            if i not in c.blank and i not in gone and not (face[1] or face[2] or face[3]):
                blank.append(f"{name} face {i}")
        if c.distinct:
            seen: dict[tuple[Any, ...], int] = {}
            for i, face in enumerate(faces):
                if i not in gone and (face[1] or face[2] or face[3]):
                    key = (face[1], face[2], face[3])
                    if key in seen:
                        alike.append(f"{name} faces {seen[key]} and {i} ({_content(face)})")
                    seen.setdefault(key, i)
        net = _net(game, comp, variant)
        for (fa, (a1, a2)), (fb, (b1, b2)) in net.glued:
            la, lb = math.dist(a1, a2), math.dist(b1, b2)
            if abs(la - lb) > 0.05:
                open_nets.append(f"{name} (face {fa} edge {la:.1f} mm glued to face {fb} edge {lb:.1f} mm)")
    lines = [
        _line(c, f"{c.id}[faces]", "every face printed" + (f" but {c.blank}" if c.blank else ""),
              f"{len(blank)} blank", not blank,
              f"faces with nothing printed: {_listing(blank)}" if blank else
              f"every face of {len(names)} pieces carries its content", [b.split(' face')[0] for b in blank]),
        _line(c, f"{c.id}[closes]", "glued edges of equal length", f"{len(open_nets)} mismatched", not open_nets,
              f"edges that cannot meet: {_listing(open_nets)}" if open_nets else
              "every glued edge meets its partner in length", [o.split(' (')[0] for o in open_nets]),
    ]
    if c.distinct:
        lines.insert(1, _line(c, f"{c.id}[distinct]", "no two faces alike", f"{len(alike)} alike", not alike,
                              f"faces alike: {_listing(alike)}" if alike else "no two faces of a piece alike",
                              [a.split(' faces')[0] for a in alike]))
    return lines


# --- decks ------------------------------------------------------------------------------


def _back_ref(kit: Kit, comp_id: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for items in kit.groups.values():
        for item in items:
            if item.component == comp_id:
                out.setdefault(item.piece, item.back_ref)
    return out


def check_backs(game: Game, kit: Kit, c: BacksCheck) -> list[Line]:
    from printkit.boxes import decks

    wanted = {comp.id for comp in selected(game, c.components)}
    lines: list[Line] = []
    for deck in decks(game, game.data.boxes, False):
        comps = [cid for cid, _, _ in deck.components if cid in wanted]
        if not comps:
            continue
        backs: dict[str, str | None] = {}
        for cid in comps:
            backs.update(_back_ref(kit, cid))
        with_back = [p for p, b in backs.items() if b is not None]
        without = [p for p, b in backs.items() if b is None]
        own = {p for cid in comps if cid in c.own for p in _back_ref(kit, cid)}
        kinds = Counter(b for p, b in backs.items() if b is not None and p not in own)
        problems, culprits = [], []
        if with_back and without:
            problems.append(f"{len(with_back)} cards have a back and {len(without)} none: {_listing(without)} "
                            f"(beside {_listing(with_back[:2])})")
            culprits = without if len(without) <= len(with_back) else with_back
        if c.same and len(kinds) > 1:
            common = kinds.most_common(1)[0][0]
            odd = [p for p, b in backs.items() if b is not None and b != common and p not in own]
            problems.append(f"{len(kinds)} different backs: {_listing(odd)} differ from {common}")
            culprits += odd
        label = f"{c.id}[{deck.id}]"
        found = "mixed" if problems else ("one back" if len(kinds) == 1 else "no backs" if not kinds else f"{len(kinds)} backs")
        lines.append(_line(c, label, "one back" if c.same else "all or none", found, not problems,
                           "; ".join(problems) if problems else
                           f"{len(backs)} cards ({', '.join(comps)}): {found}" + _backs_listing(kinds), culprits))
    return lines


def _backs_listing(kinds: Counter[str | None]) -> str:
    """`` (deck-creature-back: 2 designs, deck-spell-back: 3 designs)`` when the backs differ."""
    if len(kinds) < 2:
        return ""
    return " (" + ", ".join(f"{b}: {n} design{'s' if n > 1 else ''}" for b, n in sorted(kinds.items(), key=str)) + ")"


# --- printed words ---------------------------------------------------------------------------


def texts(drawing: Drawing | None) -> Iterator[tuple[Text, float]]:
    """Every text of a drawing with its printed size (mm), transforms applied."""
    if drawing is None:
        return
    for shape, m in walk(drawing.children, drawing.defs):
        if isinstance(shape, Text):
            yield shape, shape.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _phrase(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+|[^\w\s]", text.casefold()))


def _says(text: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in ``text`` as whole words (both normalised)."""
    return bool(phrase) and re.search(rf"(?<![\w]){re.escape(phrase)}(?![\w])", text) is not None


def _record_colour(game: Game, rec: dict[str, Any]) -> str | None:
    """The colour a set record stands for: its name, or its `colour` or `fill` field, when that is a palette colour."""
    from printkit.game import BUILTIN_COLOURS

    for key in ("colour", "fill", "name"):
        value = rec.get(key)
        if isinstance(value, str):
            if value in game.palette:
                return game.palette[value].rgb
            if value in BUILTIN_COLOURS and key != "name":
                return BUILTIN_COLOURS[value]
            if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
                return value.lower()
    name = rec.get("name")
    return game.palette[name].rgb if isinstance(name, str) and name in game.palette else None


def _drawn_colours(drawing: Drawing) -> set[str]:
    out: set[str] = set()
    for shape, _ in walk(drawing.children, drawing.defs):
        if isinstance(shape, Text):
            out.add(shape.fill.lower())
        else:
            paint = getattr(shape, "paint", None)
            for v in (getattr(paint, "fill", None), getattr(paint, "stroke", None)):
                if v:
                    out.add(v.lower())
    return out


def check_words(game: Game, kit: Kit, c: WordsCheck) -> list[Line]:
    from printkit.proof import set_value

    comp = game.component(c.component)
    wrong: list[str] = []
    culprits: list[str] = []
    pieces = drawn(kit, comp.id)
    records = [r for r in (game.data.sets.get(c.set, []) if c.set else []) if r.get("name") is not None]

    def _phrases(rec: dict[str, Any]) -> list[str]:
        vals = [str(rec.get("name")), *(str(rec[f]) for f in c.fields if rec.get(f) is not None)]
        return list(dict.fromkeys(p for p in (_phrase(v) for v in vals) if p))

    known: dict[int, list[str]] = {id(r): _phrases(r) for r in records}

    def phrases(rec: dict[str, Any]) -> list[str]:
        return known[id(rec)] if id(rec) in known else _phrases(rec)

    colour_of = {id(r): _record_colour(game, r) for r in records}

    for name, (variant, art) in pieces.items():
        if c.set:
            own = set_value(variant, c.set)
            rec_own = variant.values.get(c.set)
            mine = rec_own if isinstance(rec_own, dict) else next((r for r in records if str(r.get("name")) == own), None)
            printed = _phrase(" | ".join(t.text for d in (art.front, art.back) for t, _ in texts(d)))
            own_phrases = phrases(mine) if mine else []
            for rec in records:
                if rec is mine or str(rec.get("name")) == own:
                    continue
                for p in phrases(rec):
                    # A word of another value that is only part of a longer word of this piece's value is fine.
                    if _says(printed, p) and not any(len(q) > len(p) and _says(q, p) and _says(printed, q)
                                                     for q in own_phrases):
                        wrong.append(f'{name} ({c.set} {own}) prints "{p.upper()}", a word of {c.set} {rec.get("name")}')
                        culprits.append(name)
                        break
            own_rgb = (colour_of[id(mine)] if id(mine) in colour_of else _record_colour(game, mine)) if mine else None
            if own_rgb is not None:
                colours = _drawn_colours(art.front)
                drawn_in = [str(r.get("name")) for r in records if str(r.get("name")) != own
                            and colour_of[id(r)] not in (None, own_rgb) and colour_of[id(r)] in colours]
                if own_rgb not in colours and drawn_in:
                    wrong.append(f"{name} ({c.set} {own}) is drawn in {drawn_in[0]}, not in {own}")
                    culprits.append(name)
        if c.pips is not None and comp.kind == "net":
            want = _ctx(game, comp, variant, f"checks.{c.id}").number(c.pips, "pips")
            shown = max(pips_of(game, comp, variant))
            if shown != want:
                wrong.append(f"{name} shows {shown} pips, its value is {want:g}")
                culprits.append(name)
    what = " and ".join(x for x in (f"{c.set} words and colours" if c.set else "", "pips" if c.pips else "") if x)
    return [_line(c, c.id, "agree", f"{len(wrong)} disagree" if wrong else "agree", not wrong,
                  f"printed {what} contradict the piece: {_listing(wrong)}" if wrong else
                  f"the {what} printed on {len(pieces)} pieces agree with their variants", culprits)]


# --- rule constraints on pieces ----------------------------------------------------------------


def check_per_point(game: Game, kit: Kit, c: PerPointCheck) -> list[Line]:
    comp = game.component(c.component)
    over, most = [], 0
    for name, (variant, art) in drawn(kit, comp.id).items():
        text = _ctx(game, comp, variant).text(getattr(comp, "fields", ""), "fields")
        fields = lattice.parse_fields(text)
        at: Counter[lattice.Point] = Counter(p for f in fields for p in f)
        n = max(at.values())
        most = max(most, n)
        if n > c.max:
            over.append(f"{name} ({n} fields at one point)")
    return [_line(c, c.id, f"<= {c.max}", most, not over,
                  f"more than {c.max} fields around one point, so the piece can never be placed: {_listing(over)}"
                  if over else f"at most {most} fields of a piece around one point", [o.split(" (")[0] for o in over],
                  relation="exactly")]


def _polyline(path: Path, step: float = 0.4) -> list[list[tuple[float, float]]]:
    """A path's subpaths as point lists (Béziers sampled about every ``step`` mm)."""
    out: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    for seg in path.segments:
        op = seg[0]
        if op == "M":
            if len(cur) > 1:
                out.append(cur)
            cur = [(float(seg[1]), float(seg[2]))]
        elif op == "L":
            cur.append((float(seg[1]), float(seg[2])))
        elif op == "C":
            p0 = cur[-1]
            p1, p2, p3 = (float(seg[1]), float(seg[2])), (float(seg[3]), float(seg[4])), (float(seg[5]), float(seg[6]))
            n = max(2, int((math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)) / step))
            for k in range(1, n + 1):
                t = k / n
                a, b, cc, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                cur.append((a * p0[0] + b * p1[0] + cc * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + cc * p2[1] + d * p3[1]))
        elif op == "Z" and cur:
            cur.append(cur[0])
    if len(cur) > 1:
        out.append(cur)
    return out


def _resample(poly: list[tuple[float, float]], step: float) -> list[tuple[float, float]]:
    out = [poly[0]]
    for a, b in pairwise(poly):
        n = max(1, int(math.dist(a, b) / step))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]
    return out


def narrowest(outline: Drawing, limit: float) -> float | None:
    """The narrowest part of a cut outline below ``limit`` mm (None: nowhere narrower).

    Two points of the outline closer than ``limit`` whose way round the outline between them is
    more than four times as long as their distance enclose a neck or a strip: the part between
    them is that narrow. (Corners are not necks: across a corner of 30° or more the way round is
    at most four times the distance.) Separate outlines closer than ``limit`` count too.
    """
    step = max(0.2, limit / 6)
    loops = [_resample(poly, step) for path in flatten(outline, ["cut"]) for poly in _polyline(path)]
    best: float | None = None
    for li, loop in enumerate(loops):
        pts = loop[:-1] if len(loop) > 2 and math.dist(loop[0], loop[-1]) < 1e-6 else loop
        cum = [0.0]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            cum.append(cum[-1] + math.dist(a, b))
        total = cum[-1]
        cells: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(pts):
            cells.setdefault((int(x // limit), int(y // limit)), []).append(i)
        for i, (x, y) in enumerate(pts):
            gx, gy = int(x // limit), int(y // limit)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for j in cells.get((gx + dx, gy + dy), ()):
                        if j <= i:
                            continue
                        d = math.dist(pts[i], pts[j])
                        if d >= limit:
                            continue
                        along = abs(cum[j] - cum[i])
                        along = min(along, total - along)
                        if along > 4 * d + 2 * step and (best is None or d < best):
                            best = d
        for other in loops[li + 1:]:
            for p in pts:
                for q in other:
                    d = math.dist(p, q)
                    if d < limit and (best is None or d < best):
                        best = d
    return best


def check_min_width(game: Game, kit: Kit, c: MinWidthCheck) -> list[Line]:
    thin: list[tuple[str, float]] = []
    count = 0
    for comp in selected(game, c.components):
        for name, (_, art) in drawn(kit, comp.id).items():
            if art.outline is None:
                continue
            count += 1
            w = narrowest(art.outline, c.min)
            if w is not None:
                thin.append((name, w))
    thin.sort(key=lambda t: t[1])

    def mm(w: float) -> str:
        return f"{w:.1f} mm" if w >= 0.05 else "0 mm: a cusp, or parts meeting in a point"

    found = f"{thin[0][1]:.1f} mm" if thin else f">= {c.min:.1f} mm"
    return [_line(c, c.id, f">= {c.min:.1f} mm", found, not thin,
                  "too narrow to cut with scissors: " + _listing([f"{n} ({mm(w)})" for n, w in thin]) if thin else
                  f"no cut outline of {count} pieces narrows below {c.min:.1f} mm", [n for n, _ in thin])]


def check_min_text(game: Game, kit: Kit, c: MinTextCheck) -> list[Line]:
    small: dict[str, float] = {}
    least: float | None = None
    for comp in selected(game, c.components):
        for name, (_, art) in drawn(kit, comp.id).items():
            for d in (art.front, art.back):
                for t, size in texts(d):
                    if not t.text.strip():
                        continue
                    least = size if least is None else min(least, size)
                    if size < c.min - 1e-6:
                        small[name] = min(size, small.get(name, size))
    found = f"{least / PT:.1f}pt" if least is not None else "no text"
    items = [f"{n} ({s / PT:.1f}pt)" for n, s in sorted(small.items(), key=lambda kv: kv[1])]
    return [_line(c, c.id, f">= {c.min / PT:.1f}pt", found, not small,
                  f"text smaller than {c.min / PT:.1f}pt: {_listing(items)}" if small else
                  f"the smallest printed text is {found}", list(small))]


# --- manufacture ------------------------------------------------------------------------------


def fold_lines(comp: ComponentBase, art: Art | None = None) -> list[tuple[str, float, float, float]]:
    """A board's fold lines as (axis, position, from, to) in mm: ``("x", 127, 0, 190)`` is a vertical
    fold at x = 127 from y = 0 to 190. The folds the build prints (``Art.info["folds"]``, planned by
    :mod:`printkit.folds`), and any line drawn on the piece with the ``fold`` role."""
    lines: list[tuple[str, float, float, float]] = []
    if art is None:
        return lines
    for x0, y0, x1, y1 in art.info.get("folds") or []:  # type: ignore[union-attr, attr-defined]
        if abs(x0 - x1) < 1e-6:
            lines.append(("x", float(x0), float(min(y0, y1)), float(max(y0, y1))))
        elif abs(y0 - y1) < 1e-6:
            lines.append(("y", float(y0), float(min(x0, x1)), float(max(x0, x1))))
    for shape, m in walk(art.front.children, art.front.defs):
        if getattr(shape, "role", None) != "fold" or not isinstance(shape, Path):
            continue
        pts = [apply(m, float(seg[1]), float(seg[2])) for seg in shape.segments if seg[0] in ("M", "L")]
        for (x0, y0), (x1, y1) in pairwise(pts):
            if abs(x0 - x1) < 1e-6:
                lines.append(("x", x0, min(y0, y1), max(y0, y1)))
            elif abs(y0 - y1) < 1e-6:
                lines.append(("y", y0, min(x0, x1), max(x0, x1)))
    return sorted(set(lines))


def check_folds(game: Game, kit: Kit, c: FoldsCheck) -> list[Line]:
    comp = game.component(c.component)
    arts = drawn(kit, comp.id)
    folds = fold_lines(comp, next(iter(arts.values()))[1] if arts else None)
    places = [p for p in board_places(game, comp) if p.matches(c.places) and p.shape != "point"]
    crossed = []
    for axis, at, start, stop in folds:
        for p in places:
            x0, y0, x1, y1 = p.bounds()
            lo, hi, a, b = (x0, x1, y0, y1) if axis == "x" else (y0, y1, x0, x1)
            if lo + 0.05 < at < hi - 0.05 and a < stop - 0.05 and b > start + 0.05:
                crossed.append(f"{p.name} ({lo:.1f}-{hi:.1f} mm)")
    where = ", ".join(f"{a} = {v:.1f} mm" for a, v, _, _ in folds) or "no folds"
    ok = not crossed
    return [_line(c, c.id, "0 places crossed", f"{len(crossed)} crossed", ok,
                  f"the fold at {where} runs through {_listing(crossed)}: move the places off the fold "
                  "or change `folds`" if crossed else
                  f"folds ({where}) clear of {len(places)} places", [comp.id] if crossed else [])]


def check_fits_box(game: Game, kit: Kit, c: FitsBoxCheck) -> list[Line]:
    from printkit.build import plan_boxes

    boxes = plan_boxes(kit)
    wanted = {comp.id for comp in selected(game, c.components)}
    lines: list[Line] = []
    placed: set[str] = set()
    for box in boxes:
        if box.kind == "tuck":
            w, h, d = box.inner
            card = box.info.get("card", [0, 0])
            thick = float(box.info.get("deck_thickness", 0.0))
            for cid in box.info.get("components", []):
                if cid not in wanted:
                    continue
                placed.add(cid)
                spare = min(w - card[0], h - card[1], d - thick)
                ok = spare >= -EPS
                lines.append(_line(c, f"{c.id}[{cid}]", "fits", "fits" if ok else "too large", ok,
                                   f"{cid} in {box.name} (inside {w:.1f} x {h:.1f} x {d:.1f} mm): "
                                   f"cards {card[0]:.1f} x {card[1]:.1f} mm, deck {thick:.1f} mm thick, "
                                   f"{spare:.1f} mm to spare", [] if ok else [cid]))
    lids = [b for b in boxes if b.id == "lid-box-base"]
    if lids:
        box = lids[0]
        w, h, d = box.inner
        for comp in game.components:
            if comp.id not in wanted or comp.id in placed:
                continue
            blocks = [b for b in box.info.get("contents", []) if str(b["what"]).startswith(comp.label)]
            if not blocks:
                continue
            bw, bl, bh = max((b["size"] for b in blocks), key=lambda s: s[0] * s[1])
            ok = max(bw, bl) <= max(w, h) + EPS and min(bw, bl) <= min(w, h) + EPS and bh <= d + EPS
            lines.append(_line(c, f"{c.id}[{comp.id}]", "fits", "fits" if ok else "too large", ok,
                               f"{comp.id} in the lid box (inside {w:.1f} x {h:.1f} x {d:.1f} mm): "
                               f"{bw:.1f} x {bl:.1f} x {bh:.1f} mm as packed", [] if ok else [comp.id]))
    return lines
