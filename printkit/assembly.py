"""The assembly sheet: how to turn a kit's PDFs into a game, written from the data and the laid-out sheets.

One sheet per paper (``<game>-assembly-<paper>.pdf``): what to print on which paper and how many
sheets, then the cut, fold and glue steps in the order a maker needs them (boards, cards, flat
pieces, folded solids, boxes last, so their contents are ready to try), each with a small picture
of the real part, drawn by the same code that prints it. Nothing here knows a game: the steps
follow from each component's kind, its sheets and its boxes, and papers from ``[assembly]``.

The text is Markdown, laid out by the rulebook's renderer, so ``assembly_markdown`` can be read
(and tested) on its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from printkit.boxes import Box
from printkit.boxes.net import Net, draw_net
from printkit.drawing import Drawing, Group, Node, Use
from printkit.game import Game
from printkit.kinds import KINDS
from printkit.layout import Sheet

DEFAULT_PAPER = {
    "board": "heavy paper or thin card, 160-200 g/m² (the lid box is planned for a board of card: one glued "
             "onto greyboard needs a deeper box)",
    "cards": "card stock",  # its weight and thickness: see card_stock (the tuck boxes are sized for it)
    "pieces": "card stock, 250-300 g/m² (or paper glued onto 1-2 mm greyboard)",
    "nets": "thin card, 160-200 g/m²: it folds crisply and holds its shape",
    "pads": "plain paper, 80-100 g/m² (stack the sheets and glue one edge for a pad)",
    "box": "card stock",  # see card_stock (the boxes' folds are planned for it)
    "rules": "plain paper, 80-100 g/m²",
}
"""Paper per output group; a game's ``[assembly] paper`` replaces any of them."""

FALLBACK_PAPER = "card stock, 250-300 g/m²"
ORDER = ("board", "cards", "pieces", "pads", "nets")
"""Groups in the order they are made; other groups follow, boxes always come last."""
THUMB = 22.0
"""Size (mm) of the square a part's picture is fitted in."""


@dataclass(frozen=True)
class Printed:
    """One PDF of the kit on one paper: its group, its pages and how they print."""

    file: str
    group: str
    sheets: int
    """Physical sheets of paper (a back page prints on its front's sheet)."""
    pages: int
    duplex: bool
    tiles: int = 0


def printed(game: Game, paper: str, groups: dict[str, list[Sheet]]) -> list[Printed]:
    """What each PDF of ``groups`` takes to print: sheets, pages, double-sided or not."""
    out = []
    for group, sheets in groups.items():
        if not sheets:
            continue
        kinds = Counter(sh.kind for sh in sheets)
        out.append(Printed(f"{game.id}-{group}-{paper}.pdf", group, len(sheets) - kinds["back"], len(sheets),
                           kinds["back"] > 0, kinds["tile"]))
    return out


GSM_PER_MM = 830.0
"""Grams per square metre of card stock per millimetre of thickness (250 g/m² is about 0.30 mm)."""


def card_stock(thickness: float) -> str:
    """The card stock of ``thickness`` mm, by weight and thickness: the one model of card thickness that
    the boxes are sized by and the assembly sheet names, so they cannot disagree."""
    return f"card stock of about {round(thickness * GSM_PER_MM / 10) * 10:.0f} g/m² ({thickness:.2f} mm thick)"


def card_thickness(game: Game) -> float:
    """The thickness the tuck boxes are sized for: the cards' own ``thickness`` when they all give one
    and agree, else ``[boxes] card_thickness``."""
    s = game.data.boxes
    given = {getattr(c, "thickness", None) or s.card_thickness for c in game.components
             if KINDS[c.kind].layout == "grid" and hasattr(c, "thickness")}
    return given.pop() if len(given) == 1 else s.card_thickness


def paper_for_group(game: Game, group: str) -> str:
    if group in game.data.assembly.paper:
        return game.data.assembly.paper[group]
    if group == "cards":
        return f"{card_stock(card_thickness(game))}: the boxes are planned for cards this thick"
    if group == "box":
        return f"{card_stock(game.data.boxes.cardstock)}: the boxes' folds are planned for it"
    return DEFAULT_PAPER.get(group, FALLBACK_PAPER)


def _cell(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")


def _steps(game: Game, comp_id: str, group: str, tiles: int, built: tuple[float, ...] | None,
           duplex: bool) -> list[str]:
    """The cut, fold and glue steps of one component, from its kind and how it was laid out."""
    comp = game.component(comp_id)
    kind = KINDS[comp.kind]
    steps: list[str] = []
    if kind.layout == "tile":
        if tiles:
            steps.append(f"printed in {tiles} tiles: cut each tile along its dashed line, lay it over its "
                         "neighbour so the alignment crosses meet (the first page shows the plan) and glue")
        else:
            steps.append("cut along the crop marks")
        if hasattr(comp, "folds"):
            from printkit.game import DrawContext
            from printkit.kinds.board import board_folds

            # Where the board itself prints its folds (`auto` folds only as the lid box needs).
            folds = board_folds(game, comp, DrawContext(game, game.variants[comp.id][0], f"components.{comp.id}"))  # type: ignore[arg-type]
            w, h = float(comp.width), float(comp.height)  # type: ignore[attr-defined]

            def where(f: Any) -> str:  # a fold off the middle is named by where it runs
                length, edge = (w, "left") if f.vertical else (h, "top")
                return "" if abs(f.at - length / 2) < 0.5 else f" ({f.at:g} mm from the {edge} edge)"

            if len(folds) == 1:
                half = "in half" if not where(folds[0]) else "in two"
                steps.append(f"fold it {half} along its printed dashed fold line{where(folds[0])}, printed side out")
            elif folds:
                across = next((f for f in folds if f.vertical == (w >= h)), folds[0])
                steps.append("fold it in quarters along its printed dashed fold lines, printed side out: "
                             f"the fold across the long side first{where(across)}")
            if folds:
                steps.append("print it on paper or thin card and do not mount it on greyboard: it must fold, and "
                             "the lid box is planned for the folded sheet")
            else:
                steps.append("it does not fold: keep it flat (it lies flat in the lid box)")
    elif kind.layout == "grid":
        steps.append("cut along the crop marks; neighbouring pieces share a cut")
    elif comp.kind == "pad" or (getattr(comp, "tessellate", False) and getattr(comp, "shape", "") == "square"):
        steps.append("cut straight across the whole sheet from mark to mark (neighbours share every cut)")
    elif built is not None:
        size = " × ".join(f"{v:g}" for v in built)
        steps.append("cut around the solid outline")
        steps.append("crease every dashed line with a blunt point and a ruler, then fold it away from you "
                     "(printed side out)")
        steps.append(f"glue each grey tab inside the face next to it, closing the last face last ({size} mm built)")
    else:
        steps.append("cut each piece along its outline")
    if duplex and getattr(comp, "back", None) is not None:
        steps.insert(0, "print both sides first; check that the backs line up with the fronts")
    note = game.data.assembly.notes.get(comp_id)
    if note:
        steps.append(note)
    return steps


def _capital(text: str) -> str:
    """``text`` starting with a capital (the rest as written)."""
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop at the end unless it ends a sentence already."""
    text = text.strip()
    return _capital(text) + ("" if text.endswith((".", "!", "?", "…")) else ".")


def assembly_markdown(game: Game, paper: str, printed_files: list[Printed], boxes: list[Box],
                      assembled: dict[str, tuple[float, float, float]], rules: bool = True) -> str:
    """The assembly sheet as Markdown. Pictures are addressed ``component:ID`` and ``box:PART``."""
    by_group = {p.group: p for p in printed_files}
    md = [f"# {game.info.title}: making the kit", "",
          f"How to print, cut, fold and glue every part of the kit on {paper.upper()} paper, in order.", ""]
    # 1. printing
    md += ["## 1. Print", ""]
    for p in sorted(printed_files, key=lambda p: _rank(p.group)):
        flip = "short" if game.settings.duplex == "short" else "long"
        sides = f"both sides (duplex, flip on the {flip} edge)" if p.duplex else "one side"
        count = f"{p.sheets} sheet{'s' if p.sheets != 1 else ''}"
        md.append(f"- **{p.file}**: {count}, {sides}, on {paper_for_group(game, p.group)}.")
    if rules:
        md.append(f"- **{game.id}-rules-{paper}.pdf**: every page, on {paper_for_group(game, 'rules')}.")
    total = sum(p.sheets for p in printed_files)
    md += ["", (f"{total} sheets in all, besides the rules. Print at 100 % (\"actual size\"), never \"fit to page\": "
                "the kit is true to size."), ""]
    # 2.. parts, group by group
    n = 2
    groups = [g for g in sorted(by_group, key=_rank) if g != "box"]
    for group in groups:
        comps = [c for c in game.components if (c.sheet or KINDS[c.kind].sheet) == group]
        if not comps:
            continue
        p = by_group[group]
        md += [f"## {n}. {group.capitalize()}: {p.file}", "", "| Part | Picture | How |", "|---|:-:|---|"]
        for c in comps:
            steps = _steps(game, c.id, group, p.tiles, assembled.get(c.id), p.duplex)
            note = game.data.assembly.notes.get(c.id)  # the designer's own sentence, after printkit's steps
            if note and len(steps) > 1 and steps[-1] == note:
                how = _sentence("; ".join(steps[:-1])) + " " + _sentence(note)
            else:
                how = _sentence("; ".join(steps))
            md.append(f"| {game.pieces(c)} × {_cell(c.label)} | ![](component:{c.id}?box={THUMB:g}) | {_cell(how)} |")
        md.append("")
        n += 1
    if boxes:
        box_file = by_group["box"].file if "box" in by_group else f"{game.id}-box-{paper}.pdf"
        md += [f"## {n}. Boxes: {box_file}", "",
               ("Make the boxes last, so you can try them with their contents. For every part: cut the solid "
                "lines, crease and fold the dashed lines away from you (printed side out), glue the grey areas "
                "inside the panel they fold onto. A part split over pages joins at its lettered tabs "
                "(A to A)."), "", "| Part | Picture | How |", "|---|:-:|---|"]
        for box in boxes:
            iw, il, idp = box.inner
            for i, _ in enumerate(box.parts):
                part = _capital(box.name) + (f", part {i + 1} of {len(box.parts)}" if len(box.parts) > 1 else "")
                how = f"Inside {iw:.0f} × {il:.0f} × {idp:.0f} mm. " + _box_how(box, i)
                md.append(f"| {_cell(part)} | ![](box:{box.id}-{i + 1}?box={THUMB:g}) | {_cell(how)} |")
        md.append("")
        n += 1
        md += [f"## {n}. Pack", "", "Put everything in the lid box's base and slide the lid over it:", ""]
        for c in game.components:
            nest = getattr(c, "nest", None)
            how = f", each set of pieces that differ only in {nest} nested one inside the other, smallest " \
                  "innermost (the box is planned for them nested)" if nest else ""
            md.append(f"- {game.pieces(c)} × {c.label}{how}")
        md.append("")
    return "\n".join(md) + "\n"


def _box_how(box: Box, index: int) -> str:
    """How one part of a box goes together: parts of a split box are joined first, then folded."""
    n = len(box.parts)
    finish = ("Glue the side tab inside the front, then the bottom flap; the lid tucks in at the top."
              if box.kind == "tuck" else "Fold up the four walls; glue each corner tab inside the wall next to it.")
    if n == 1:
        return finish
    if index < n - 1:
        return f"Glue its lettered join tabs under the same letters on the other parts ({n} parts make one piece)."
    return f"Once all {n} parts are joined at their letters: " + finish[0].lower() + finish[1:]


def _rank(group: str) -> tuple[int, str]:
    if group == "box":
        return (len(ORDER) + 1, group)
    return (ORDER.index(group), group) if group in ORDER else (len(ORDER), group)


def _as_art(node: Node) -> Node:
    """A node with every shape's role turned to art, so a picture shows cut and fold lines too."""
    if isinstance(node, Group):
        return replace(node, children=tuple(_as_art(c) for c in node.children))
    if isinstance(node, Use):
        return node
    return replace(node, role="art")


def part_pictures(boxes: list[Box]) -> dict[str, Drawing]:
    """``box:<box id>-<n>``: each box part's dieline, cut and fold lines shown as art."""
    out = {}
    for box in boxes:
        for i, part in enumerate(box.parts):
            net: Net = part
            d = draw_net(net)
            out[f"{box.id}-{i + 1}"] = Drawing(d.width, d.height, [_as_art(c) for c in d.children], d.defs, d.bleed)
    return out


def net_pictures(faces: dict[str, Drawing]) -> dict[str, Drawing]:
    """Faces whose cut and fold lines should show in a picture (nets): their roles turned to art."""
    return {ref: Drawing(d.width, d.height, [_as_art(c) for c in d.children], d.defs, d.bleed)
            for ref, d in faces.items()}


def assembly_pdf(game: Game, paper: str, printed_files: list[Printed], boxes: list[Box],
                 faces: dict[str, Drawing], outlines: dict[str, Drawing],
                 assembled: dict[str, tuple[float, float, float]]) -> bytes:
    """``<game>-assembly-<paper>.pdf``: the assembly sheet laid out like the rulebook."""
    from urllib.parse import parse_qs, urlsplit

    from printkit.papers import paper_size
    from printkit.render.rulebook import rulebook_pdf
    from printkit.rulebook.diagrams import Pictures
    from printkit.rulebook.markdown import parse

    text = assembly_markdown(game, paper, printed_files, boxes, assembled)
    folded = {ref for ref in faces if any(ref == c or ref.startswith(c + "-") for c in assembled)}
    shown = {**faces, **net_pictures({ref: faces[ref] for ref in folded})}
    pictures = Pictures(game, shown, "assembly", outlines=outlines)
    dielines = part_pictures(boxes)

    def picture(src: str) -> tuple[Drawing, float]:
        parts = urlsplit(src)
        if parts.scheme != "box":
            p = pictures.resolve(src)
            return p.drawing, p.width
        drawing = dielines[parts.path]
        size = float(parse_qs(parts.query).get("box", [str(THUMB)])[0])
        _, _, w, h = drawing.box
        return drawing, min(size, size * w / h)

    return rulebook_pdf(parse(text), picture, paper_size(paper), f"{game.info.title} \u2014 assembly")
