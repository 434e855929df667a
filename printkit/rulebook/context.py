"""What rulebook templates see: the one function that builds their context from a drawn kit.

Only plain values (strings, numbers, lists, dicts) go in, never model objects, so a
template cannot reach past the data. Counts come from the loaded variants, the very
numbers the sheets are printed from, so the rules cannot disagree with the kit.
"""

from __future__ import annotations

from typing import Any

from printkit.drawing import Drawing, designs
from printkit.game import Game
from printkit.rulebook.diagrams import piece_ref


def variant_faces(game: Game, faces: dict[str, Drawing], comp_id: str) -> list[Drawing]:
    """The printed face of every variant of a component (those drawn)."""
    refs = [f"{comp_id}-{v.key}" if v.key else comp_id for v in game.variants[comp_id]]
    return [faces[r] for r in refs if r in faces]


def distinct(drawings: list[Drawing]) -> int:
    """How many of ``drawings`` differ in what they print: variants that only count copies (the five
    identical trios of a colour and size) are one design."""
    return len(set(designs(drawings)))


def build_context(game: Game, faces: dict[str, Drawing],
                  assembled: dict[str, tuple[float, float, float]] | None = None,
                  built_sizes: dict[str, list[tuple[float, float, float]]] | None = None) -> dict[str, Any]:
    """``assembled``: the built size (mm, largest first) of components whose pieces are folded into
    solids; the component table then gives that size, not the size of the flat net. ``built_sizes``:
    every distinct built size of such a component (a pyramid in three sizes), smallest first."""
    info = game.info
    assembled = assembled or {}
    built_sizes = built_sizes or {}
    components = []
    for comp in game.components:
        ref = piece_ref(game, faces, comp.id, "component")
        face = faces.get(ref) if ref else None
        drawn = variant_faces(game, faces, comp.id)
        # Pieces of one component in several sizes (lattice pieces of 2 to 9 fields): the largest is given.
        width = max((d.width for d in drawn), default=face.width if face else 0.0)
        height = max((d.height for d in drawn), default=face.height if face else 0.0)
        built = [[round(float(v), 1) for v in size] for size in built_sizes.get(comp.id, [])] or \
            ([[round(float(v), 1) for v in assembled[comp.id]]] if comp.id in assembled else [])
        components.append({
            "id": comp.id,
            "name": comp.label,
            "kind": comp.kind,
            "count": game.pieces(comp),
            "variants": len(game.variants[comp.id]),
            "distinct": distinct(drawn) if drawn else len(game.variants[comp.id]),
            "breakdown": [{"name": v.key, "count": v.copies} for v in game.variants[comp.id] if v.key],
            "width": round(width, 1) if face else None,
            "height": round(height, 1) if face else None,
            "sizes_vary": len({(round(d.width, 1), round(d.height, 1)) for d in drawn}) > 1,
            "picture": f"component:{comp.id}" if face else None,
            "built": built[-1] if built else None,
            "built_sizes": built,
        })
    return {
        "game": {
            "id": game.id,
            "title": info.title,
            "subtitle": info.subtitle,
            "players": info.players,
            "age": info.age,
            "time": info.time,
            "designer": info.designer,
        },
        "components": components,
        "component": {c["id"]: c for c in components},
        "total": sum(c["count"] for c in components),
        "sets": {name: [dict(r) for r in records] for name, records in game.data.sets.items()},
        "rules": game.data.rules,
        "assumptions": [{"id": a.id, "text": a.text, "about": list(a.about)} for a in game.data.assumptions],
        "diagrams": sorted(game.data.diagrams),
        "pieces": sorted(faces),
    }
