"""Boxes sized from what goes inside: a tuck box per deck, a telescoping lid box per game.

Nothing here knows a game. The plan reads the components:

* a *deck* is the card-like components (kinds whose model has ``dimensions`` and
  ``thickness``) sharing a card size, or a deck declared under ``[[boxes.decks]]``;
  its tuck box's inside is card width x height (+ sleeve margin) + clearance by
  card count x card thickness (+ sleeve thickness) + clearance;
* the lid box holds the tuck boxes, decks too small for a box of their own, large
  pieces folded or stacked as ``[[boxes.boards]]`` says (else halved until they fit
  the paper) and every other piece lying flat in piles, in layers on a floor as large
  as the largest of them;
* each box type is one module (:mod:`.tuck`, :mod:`.telescope`) turning an inner size
  into a :class:`~printkit.boxes.net.Net`; nets too large for the paper are split at
  their folds into joined parts (:func:`~printkit.boxes.net.split`). They are imported
  when a game has such a box: a game with ``tuck_boxes = false`` and ``lid_box = false``
  plans no box and imports neither, nor the art on their panels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from printkit.drawing import Drawing
from printkit.errors import DataError, Problem, found_repr
from printkit.game import DrawContext, Game, Variant
from printkit.model import BoxSettings, ComponentBase
from printkit.units import parse_length

if TYPE_CHECKING:  # the nets and their art are imported when a game has a box to draw
    from printkit.boxes.net import Net

BOX_GROUP = "box"  # the boxes' PDFs: <game>-box-<paper>.pdf
HEADER = 10.0  # room on each box page above the part for its caption (mm)
PAPER_ENVELOPE = (200.0, 269.4)  # printable area common to A4 and Letter with 5 mm margins
PAPER_NAMES = "A4 and Letter"
PT = parse_length("1pt")
FOLDS = {"half": (2, 1), "quarters": (2, 2)}  # a kind's own `folds` field: parts across the long side, down


@dataclass
class Deck:
    """Cards that travel together in one tuck box."""

    id: str
    name: str
    components: list[tuple[str, str, int]]  # (component id, name, pieces)
    width: float  # one card, sleeve included
    height: float
    thickness: float  # the whole deck

    @property
    def count(self) -> int:
        return sum(n for _, _, n in self.components)


@dataclass
class Block:
    """Something lying in the lid box: its footprint (w x l) and height, all in mm."""

    what: str
    w: float
    l: float
    h: float


@dataclass
class Box:
    """One box: its inner size, what it holds, and its printable parts (nets that fit the paper)."""

    id: str
    kind: str
    name: str
    inner: tuple[float, float, float]
    parts: list[Net] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)


def _fail(game: Game, path: str, expected: str, found: object) -> DataError:
    return DataError([Problem(game.rel(), path, expected, found_repr(found))])


def decks(game: Game, settings: BoxSettings, sleeves: bool) -> list[Deck]:
    """Every deck of the game: declared ones first, then card components grouped by size."""
    card_like = [c for c in game.components if hasattr(c, "dimensions") and hasattr(c, "thickness")]
    declared: set[str] = set()
    groups: list[tuple[str, str | None, list[ComponentBase]]] = []
    by_id = {c.id: c for c in card_like}
    for decl in settings.decks:  # ids were checked when the game was loaded
        comps = [by_id[cid] for cid in decl.components]
        declared |= set(decl.components)
        groups.append((decl.id, decl.name, comps))
    by_size: dict[tuple[float, float], list[ComponentBase]] = {}
    for comp in card_like:
        if comp.id not in declared:
            by_size.setdefault(tuple(comp.dimensions), []).append(comp)
    for (w, h), comps in by_size.items():
        deck_id = "cards" if len(by_size) == 1 else f"cards-{w:g}x{h:g}"
        groups.append((deck_id, None, comps))
    out = []
    s = settings
    for deck_id, name, comps in groups:
        extra = s.sleeve_margin if sleeves else 0.0
        w = max(c.dimensions[0] for c in comps) + extra
        h = max(c.dimensions[1] for c in comps) + extra
        parts = [(c.id, c.label, game.pieces(c)) for c in comps]
        thick = sum(game.pieces(c) * ((c.thickness or s.card_thickness)
                                      + (s.sleeve_thickness if sleeves else 0.0)) for c in comps)
        if name is None:
            name = comps[0].label if len(comps) == 1 else (
                f"{game.info.title} cards" if len(groups) == 1 else f"{w - extra:g} x {h - extra:g} mm cards")
        out.append(Deck(deck_id, name, parts, w, h, thick))
    return out


def fits_paper(net: Net) -> bool:
    x0, y0, x1, y1 = net.bbox
    w, h = x1 - x0, y1 - y0
    pw, ph = PAPER_ENVELOPE[0], PAPER_ENVELOPE[1] - HEADER
    return (w <= pw and h <= ph) or (h <= pw and w <= ph)


def _split(game: Game, net: Net, settings: BoxSettings, what: str) -> list[Net]:
    from printkit.boxes.net import split

    try:
        return split(net, fits_paper, settings.glue_tab)
    except ValueError as exc:
        raise _fail(game, "boxes", f"a {what} that can be printed on {PAPER_NAMES} (or `lid_box = false` / "
                    "`tuck_boxes = false` under [boxes])", str(exc)) from None


def plan(game: Game, sizes: dict[str, list[tuple[float, float, int]]], sleeves: bool | None = None,
         assembled: dict[str, tuple[float, float, float]] | None = None,
         faces: dict[str, Drawing] | None = None,
         folded: dict[str, tuple[float, float, int]] | None = None) -> list[Box]:
    """Every box of ``game``. ``sizes`` gives each component's drawn pieces: (width, height, copies);
    ``assembled`` the size of a component's pieces once built (a folded net), when that is what the box holds;
    ``faces`` the printed faces, for the title art named by ``[boxes] art``; ``folded`` a board's size folded
    along the fold lines printed on it, and its number of parts."""
    s = game.data.boxes
    sleeved = s.sleeves if sleeves is None else sleeves
    ctx = DrawContext(game, Variant("", {}, 1), "boxes")
    ink = ctx.colour(s.ink, "ink") or "#000000"
    background = ctx.colour(s.background, "background")
    accent = ctx.colour(s.accent, "accent") if s.accent else None
    look: dict[str, Any] = {"accent": accent, "art": _title_art(game, s, faces)}
    head = accent or ink
    t = s.cardstock
    title = game.info.title
    boxes: list[Box] = []
    blocks: list[Block] = []
    in_decks: set[str] = set()
    for deck in decks(game, s, sleeved):
        in_decks |= {cid for cid, _, _ in deck.components}
        if not s.tuck_boxes or deck.count < s.min_deck:
            blocks.append(Block(deck.name, deck.width, deck.height, deck.thickness))
            continue
        from printkit.boxes.tuck import TuckSpec, tuck_net

        inner = (deck.width + s.clearance, deck.height + s.clearance, deck.thickness + s.clearance)
        listing = " · ".join(f"{n} × {name}" for _, name, n in deck.components)
        spec = TuckSpec(
            name=f"tuck-{deck.id}", width=inner[0], height=inner[1], depth=inner[2], cardstock=t,
            glue_tab=s.glue_tab,
            front=[(title, 9 * PT * 1.6, True, head), (deck.name, 9 * PT, False), (f"{deck.count} cards", 7 * PT, False)],
            back=[(deck.name, 9 * PT, True), (listing, 7 * PT, False), (_facts(game), 6 * PT, False)],
            side=[(title, 8 * PT, True)],
            top=[(deck.name, 7 * PT, True)],
            ink=ink, background=background, **look,
        )
        net = tuck_net(spec)
        box = Box(f"tuck-{deck.id}", "tuck", f"{deck.name} tuck box", inner,
                  _split(game, net, s, "tuck box"),
                  {"cards": deck.count, "card": [round(deck.width, 3), round(deck.height, 3)],
                   "deck_thickness": round(deck.thickness, 3), "components": [c for c, _, _ in deck.components],
                   "sleeves": sleeved, "cardstock": t, "clearance": s.clearance})
        boxes.append(box)
        outer = (inner[0] + 2 * t, inner[1] + 2 * t, inner[2] + 2 * t)
        blocks.append(Block(box.name, outer[0], outer[1], outer[2]))
    if s.lid_box:
        blocks += _loose_blocks(game, s, sizes, in_decks, assembled or {}, folded)
        if blocks:
            boxes += _lid_box(game, s, blocks, ink, background, look)
    return boxes


def _facts(game: Game) -> str:
    info = game.info
    parts = []
    if info.players:
        parts.append(f"{info.players} players")
    if info.time:
        parts.append(info.time)
    if info.age:
        parts.append(f"age {info.age}")
    return " · ".join(parts)


def fold_limit(s: BoxSettings) -> tuple[float, float]:
    """The largest footprint whose lid box floor still fits the paper alone."""
    extra = 2 * s.content_clearance + 4 * s.cardstock + 2 * s.lid_clearance + 2.0
    return (PAPER_ENVELOPE[0] - extra, PAPER_ENVELOPE[1] - HEADER - extra)


def _loose_blocks(game: Game, s: BoxSettings, sizes: dict[str, list[tuple[float, float, int]]],
                  in_decks: set[str], assembled: dict[str, tuple[float, float, float]],
                  folded: dict[str, tuple[float, float, int]] | None) -> list[Block]:
    out: list[Block] = []
    packing = {p.component: (i, p) for i, p in enumerate(s.boards)}
    limit = fold_limit(s)
    for comp in game.components:
        if comp.id in in_decks:
            continue
        if comp.id in assembled:
            # A built solid lies on its largest side: smallest dimension upright, one block each;
            # solids that nest go in as stacks, each as large as the largest solid of the component.
            a, b, c = sorted(assembled[comp.id], reverse=True)
            nest = getattr(comp, "nest", None)
            if isinstance(nest, str):
                out += [Block(f"{comp.label} (nested stack of {k})", a, b, c) for k in nested_stacks(game, comp, nest)]
            else:
                out += [Block(f"{comp.label} (assembled)", a, b, c) for _ in range(game.pieces(comp))]
            continue
        piles: dict[tuple[float, float], int] = {}
        for width, height, n in sizes.get(comp.id, []):
            w, h = max(width, height), min(width, height)
            if comp.id in packing:
                i, p = packing[comp.id]
                fw, fh = width / p.across, height / p.down
                if max(fw, fh) > limit[1] or min(fw, fh) > limit[0]:
                    raise _fail(game, f"boxes.boards[{i}]",
                                f"parts that fit the lid box floor on the paper ({limit[0]:.0f} x {limit[1]:.0f} mm)",
                                f"{fw:.0f} x {fh:.0f} mm")
                for _ in range(n):
                    out.append(Block(f"{comp.label} ({p.how} {p.across} x {p.down})",
                                     max(fw, fh), min(fw, fh), p.across * p.down * s.piece_thickness))
                continue
            if folded is not None and hasattr(comp, "folds"):
                # A board folds where its printed fold lines are, and nowhere else.
                fw, fh, k = folded.get(comp.id, (width, height, 1))
                note = ""
                if getattr(comp, "folds", None) == "auto" and not (min(fw, fh) <= limit[0] and max(fw, fh) <= limit[1]):
                    # Too large even in quarters: halve it further, as for any large piece, and say so.
                    w2, h2, more = _halve_to_fit(max(fw, fh), min(fw, fh), limit)
                    fw, fh, k = w2, h2, k * more
                    note = f"; its printed folds leave it too large for a box printed on {PAPER_NAMES}"
                if not (min(fw, fh) <= limit[0] and max(fw, fh) <= limit[1]):
                    how = "unfolded" if k == 1 else f"folded in {k}"
                    raise _fail(game, f"components.{comp.id}.folds",
                                f"folds that make the piece fit the lid box floor printed on {PAPER_NAMES} "
                                f"({limit[0]:.0f} x {limit[1]:.0f} mm): `half`, `quarters` or `auto`, a smaller "
                                "piece, or `[[boxes.boards]]`", f"{fw:.0f} x {fh:.0f} mm {how}")
                for _ in range(n):
                    out.append(Block(f"{comp.label} (folded in {k}{note})" if k > 1 else comp.label,
                                     max(fw, fh), min(fw, fh), k * s.piece_thickness))
                continue
            declared = FOLDS.get(str(getattr(comp, "folds", "none")))
            parts, note = 1, ""
            if declared:
                across, down = declared
                w, h = max(w / across, h / down), min(w / across, h / down)
                parts = across * down
            if w > limit[1] or h > limit[0]:
                w, h, more = _halve_to_fit(w, h, limit)
                if declared:
                    note = f"; its own fold leaves it too large for a box printed on {PAPER_NAMES}"
                parts *= more
            if parts > 1:
                for _ in range(n):
                    out.append(Block(f"{comp.label} (folded in {parts}{note})", w, h, parts * s.piece_thickness))
                continue
            piles[(round(w, 3), round(h, 3))] = piles.get((round(w, 3), round(h, 3)), 0) + n
        for (w, h), n in piles.items():
            per_pile = max(1, math.floor(s.pile_height / s.piece_thickness))
            while n > 0:
                k = min(n, per_pile)
                out.append(Block(f"{comp.label} (pile of {k})" if k > 1 else comp.label, w, h, k * s.piece_thickness))
                n -= k
    return out


def nested_stacks(game: Game, comp: ComponentBase, nest: str) -> list[int]:
    """Stacks of solids that fit one inside the other: the variants that differ only in the set ``nest``
    form a stack; a group whose variants have several copies makes as many stacks as its most copied
    variant. Returns the number of solids in each stack, in the order of the variants."""
    groups: dict[tuple[tuple[str, str], ...], list[int]] = {}
    for v in game.variants[comp.id]:
        key = tuple(sorted((k, str(rec.get("name", rec))) for k, rec in v.values.items() if k != nest))
        groups.setdefault(key, []).append(v.copies)
    out: list[int] = []
    for copies in groups.values():
        # Every stack takes one of each variant while it lasts: the first ones hold the most.
        out += [sum(1 for n in copies if n > i) for i in range(max(copies))]
    return out


def _halve_to_fit(w: float, h: float, limit: tuple[float, float]) -> tuple[float, float, int]:
    """Fold a ``w`` x ``h`` sheet (w >= h) in half across its long side until it fits ``limit``."""
    parts = 1
    while w > limit[1] or h > limit[0]:
        w, h = max(w / 2, h), min(w / 2, h)
        parts *= 2
    return w, h, parts


def pack_layers(blocks: list[Block], floor: tuple[float, float]) -> list[list[tuple[Block, float, float, bool]]]:
    """Blocks in layers on a floor of ``floor`` (w x l): shelves, tallest first, turned when that fits."""
    fw, fl = floor
    layers: list[dict[str, Any]] = []
    for blk in sorted(blocks, key=lambda b: (-b.h, -(b.w * b.l), b.what)):
        placed = False
        for layer in layers:
            if _place(layer, blk, fw, fl):
                placed = True
                break
        if not placed:
            layer = {"shelves": [], "items": []}
            layers.append(layer)
            if not _place(layer, blk, fw, fl):
                raise ValueError(f"{blk.what} ({blk.w:.0f} x {blk.l:.0f} mm) is larger than the floor")
    return [layer["items"] for layer in layers]


def _place(layer: dict[str, Any], blk: Block, fw: float, fl: float) -> bool:
    eps = 1e-6
    for w, l, turned in ((blk.w, blk.l, False), (blk.l, blk.w, True)):
        for shelf in layer["shelves"]:
            if l <= shelf["depth"] + eps and shelf["used"] + w <= fw + eps:
                layer["items"].append((blk, shelf["used"], shelf["y"], turned))
                shelf["used"] += w
                return True
    top = sum(sh["depth"] for sh in layer["shelves"])
    for w, l, turned in ((blk.w, blk.l, False), (blk.l, blk.w, True)):
        if w <= fw + eps and top + l <= fl + eps:
            layer["shelves"].append({"y": top, "depth": l, "used": w})
            layer["items"].append((blk, 0.0, top, turned))
            return True
    return False


def _title_art(game: Game, s: BoxSettings, faces: dict[str, Drawing] | None) -> Drawing | None:
    """The face ``[boxes] art`` names (a piece name or a component id), or None."""
    if not s.art or faces is None:
        return None
    from printkit.rulebook.diagrams import piece_ref  # no template engine: only the name lookup

    ref = piece_ref(game, faces, s.art)
    if ref is None:
        raise _fail(game, "boxes.art", "a piece name as in out/<game>/svg/ (e.g. a deck's back) or a component id",
                    s.art)
    return faces[ref]


def _lid_box(game: Game, s: BoxSettings, blocks: list[Block], ink: str, background: str | None,
             look: dict[str, Any] | None = None) -> list[Box]:
    from printkit.boxes.telescope import TraySpec, tray_net

    look = look or {}
    head = look.get("accent") or ink
    t = s.cardstock
    cc = s.content_clearance
    floor = (max(max(b.w, b.l) for b in blocks), max(min(b.w, b.l) for b in blocks))
    layers = pack_layers(blocks, floor)
    height = sum(max(b.h for b, _, _, _ in layer) for layer in layers)
    base_inner = (floor[0] + cc, floor[1] + cc, max(height + cc, s.min_depth))
    base_outer = (base_inner[0] + 2 * t, base_inner[1] + 2 * t, base_inner[2] + t)
    lc = s.lid_clearance
    lid_inner = (base_outer[0] + 2 * lc, base_outer[1] + 2 * lc, s.lid_depth * base_outer[2])
    title = game.info.title
    contents = [f"{game.pieces(c)} × {c.label}" for c in game.components]
    facts = _facts(game)
    lid = TraySpec(
        name="lid", width=lid_inner[0], length=lid_inner[1], depth=lid_inner[2], cardstock=t, glue_tab=s.glue_tab,
        floor=[(title, 18 * PT, True, head), (game.info.subtitle or "", 9 * PT, False), (facts, 8 * PT, False)],
        front=[(title, 14 * PT, True, head)],
        back=[("Contents: " + " · ".join(contents), 7 * PT, False)],
        sides=[(facts or title, 8 * PT, True)],
        ink=ink, background=background, upside_down=True, **look,
    )
    base = TraySpec(
        name="base", width=base_inner[0], length=base_inner[1], depth=base_inner[2], cardstock=t, glue_tab=s.glue_tab,
        floor=[(title, 12 * PT, True), ("Contents", 8 * PT, True), ("\n".join(contents), 8 * PT, False),
               (facts, 7 * PT, False)],
        front=[], back=[], sides=[], ink=ink, background=background, upside_down=False,
    )
    info = {
        "contents": [{"what": b.what, "size": [round(b.w, 2), round(b.l, 2), round(b.h, 2)]} for b in blocks],
        "layers": len(layers), "cardstock": t, "lid_clearance": lc,
        "base_outer": [round(v, 3) for v in base_outer],
    }
    return [
        Box("lid-box-base", "tray", "lid box: base", base_inner, _split(game, tray_net(base), s, "lid box base"),
            dict(info)),
        Box("lid-box-lid", "tray", "lid box: lid", lid_inner, _split(game, tray_net(lid), s, "lid box lid"),
            dict(info)),
    ]
