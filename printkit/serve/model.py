"""What the preview page shows of one game, as plain JSON: made once per build, read by every request.

Everything comes from the build that just ran (its drawn kit, its proof and the bytes of the files
it wrote), so the page and the kit on disk never disagree. File names carry a short hash of their
bytes (``?v=``): the browser fetches a face again only when it changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from typing import Any

from printkit.build import Kit
from printkit.drawing import Circle
from printkit.game import Game, Variant
from printkit.modelbase import CheckBase, Expectation
from printkit.proof import GameReport, Line, set_value
from printkit.proofsheet import failing_pieces, tiles

PAGE_DPI = 96
"""Resolution of the sheet pictures: one picture pixel per CSS pixel at true size."""


def tags(files: dict[str, bytes]) -> dict[str, str]:
    """A short content hash per output file: the version the page asks for."""
    return {name: hashlib.blake2b(data, digest_size=6).hexdigest() for name, data in files.items()}


def page_model(kit: Kit, report: GameReport, files: dict[str, bytes], manifest: dict[str, Any]) -> dict[str, Any]:
    """The page's data for one game: faces, sheets, boxes, rulebook and proof."""
    game = kit.game
    versions = tags(files)
    faces = _faces(kit, report, versions)
    return {
        "game": game.id,
        "title": game.info.title,
        **_pieces(game),
        "faces": faces,
        "sheets": _sheets(manifest, versions),
        "boxes": [{"name": box.get("name", box.get("id", "")), "parts": [_url(p, versions) for p in box.get("parts", [])]}
                  for box in manifest.get("boxes", [])],
        "rules": next((_url(name, versions) for name in manifest.get("rules", []) if name.endswith(".html")), None),
        "proof": _proof(report, files, versions),
    }


def draft_model(kit: Kit, report: GameReport, svgs: dict[str, bytes], last: dict[str, Any]) -> dict[str, Any]:
    """The page's data while a save is being built: the new faces (drawn, their SVGs made) with the
    last good kit's sheets, boxes, rulebook and proof (``report`` is that kit's)."""
    game = kit.game
    return {**last, "title": game.info.title, **_pieces(game), "faces": _faces(kit, report, tags(svgs))}


def _pieces(game: Game) -> dict[str, Any]:
    return {"components": [{"id": c.id, "name": c.label, "kind": c.kind, "pieces": game.pieces(c)}
                           for c in game.components],
            "sets": {name: [str(r.get("name")) for r in records if "name" in r]
                     for name, records in game.data.sets.items()}}


def _url(name: str, versions: dict[str, str]) -> str:
    return f"out/{name}?v={versions.get(name, '0')}"


def _faces(kit: Kit, report: GameReport, versions: dict[str, str]) -> list[dict[str, Any]]:
    game = kit.game
    variant_of: dict[str, tuple[str, str]] = {}
    for items in kit.groups.values():
        for item in items:
            variant_of.setdefault(item.front_ref, (item.component, item.variant))
    by_key = {c.id: {v.key: v for v in game.variants[c.id]} for c in game.components}
    flagged = failing_pieces(report)
    about = {id(line): _about(game, line) for line in report.lines}
    out = []
    for tile in tiles(kit):
        drawing = kit.faces[tile.ref]
        svg = kit.svg_names.get(tile.ref, "")
        comp = game.component(tile.component_id)
        variant = None if tile.back else by_key[comp.id].get(variant_of.get(tile.ref, ("", ""))[1])
        failing = flagged.get(tile.ref) or ([] if tile.back else flagged.get(tile.component_id, []))
        names = {tile.ref} if tile.back else {tile.ref, tile.component_id}
        out.append({
            "ref": tile.ref,
            "src": _url(svg, versions) if svg in versions else None,
            "width": round(drawing.width, 3), "height": round(drawing.height, 3), "bleed": round(drawing.bleed, 3),
            "count": tile.count,
            "back": tile.back,
            "round": isinstance(tile.outline, Circle),
            "component": comp.id,
            "components": tile.component,
            "kind": comp.kind,
            "label": tile.label,
            "sets": {} if variant is None else {s: v for s in game.data.sets if (v := set_value(variant, s)) is not None},
            "failing": failing,
            "source": source_of(game, comp.id, variant, tile.back),
            "proof": [n for n, line in enumerate(report.lines) if names & about[id(line)]],
        })
    return out


def source_of(game: Game, cid: str, variant: Variant | None, back: bool) -> list[dict[str, Any]]:
    """Where a face comes from: its CSV row, or the set records it was made of, or its component."""
    records: list[dict[str, Any]] = []
    if variant is not None and variant.row is not None:
        path, line = variant.row
        fields = {str(k): v for k, v in variant.values.get("row", {}).items() if k is not None}
        if variant.sheet is not None:  # a spreadsheet's row: its number is the spreadsheet's own
            records.append({"file": game.rel(path), "sheet": variant.sheet, "row": line, "fields": fields})
        else:
            row = next((i for i, v in enumerate(game.variants[cid]) if v is variant), 0) + 2  # as load counts
            records.append({"file": game.rel(path), "line": line, "row": row, "fields": fields})
    elif variant is not None and not back:
        for set_name, record in variant.values.items():
            found = game.data.sets.get(set_name, [])
            index = next((i for i, r in enumerate(found) if r is record), None)
            if index is None:
                index = next((i for i, r in enumerate(found) if r == record), None)
            where = f"sets.{set_name}[{index}]" if index is not None else f"sets.{set_name}"
            records.append({"file": game.rel(), "line": game.line_of(where), "key": where,
                            "fields": {str(k): v for k, v in record.items()} if isinstance(record, dict) else {}})
    key = f"components.{cid}"
    records.append({"file": game.rel(), "line": game.line_of(key), "key": key, "fields": {}})
    return records


def _about(game: Game, line: Line) -> set[str]:
    """The pieces and components a line of the proof is about: those a failure names, else the
    components its rule (an ``[[expect]]`` or ``[[checks]]`` entry of that id) or its name
    (``coverage[card]``) names."""
    if line.pieces:
        return set(line.pieces)
    base, _, rest = line.check.partition("[")
    ids = {c.id for c in game.components}
    out = {rest[:-1]} & ids if rest.endswith("]") else set()
    entries: list[Expectation | CheckBase] = [*game.data.expect, *game.data.checks]
    for entry in entries:
        named = getattr(entry, "components", None)
        if entry.id == base and isinstance(named, list):
            out |= ids if "*" in named else ids & set(named)
    return out


def _line(line: Line) -> dict[str, Any]:
    return {k: v for k, v in asdict(line).items() if k in ("check", "verdict", "expected", "found", "relation",
                                                            "detail", "source")}


def _sheets(manifest: dict[str, Any], versions: dict[str, str]) -> list[dict[str, Any]]:
    """Every PDF of sheets (components and boxes), per paper, with its number of pages."""
    out = []
    for name, entry in [*manifest.get("sheets", {}).items(), *manifest.get("box_sheets", {}).items()]:
        paper = entry["paper"]
        out.append({"file": name, "group": entry["group"], "paper": paper["name"], "pages": entry["pages"],
                    "width": paper["width"], "height": paper["height"], "v": versions.get(name, "0")})
    return out


def _proof(report: GameReport, files: dict[str, bytes], versions: dict[str, str]) -> dict[str, Any]:
    pdf = next((name for name in files if name.endswith("-proof.pdf")), None)
    return {
        "ok": report.ok,
        "summary": report.summary(),
        "errors": [_line(line) for line in report.errors],
        "warnings": [_line(line) for line in report.warnings],
        "passed": [line.check for line in report.passed],
        "lines": [_line(line) for line in report.lines],  # every line once; a face lists the numbers of its lines
        "assumptions": [{"id": a.get("id"), "text": a.get("text")} for a in report.assumptions],
        "pdf": _url(pdf, versions) if pdf else None,
    }
