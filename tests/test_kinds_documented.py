"""Every component kind is registered, documented, and every data field has a description."""

from __future__ import annotations

import typing
from pathlib import Path

from pydantic import BaseModel

from printkit import model
from printkit.kinds import load_kinds


def walk_models(root: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    if root in seen:
        return
    seen.add(root)
    for field in root.model_fields.values():
        for arg in typing.get_args(field.annotation) or (field.annotation,):
            for inner in typing.get_args(arg) or (arg,):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    walk_models(inner, seen)


def test_kinds_are_registered_and_documented() -> None:
    kinds = load_kinds()
    assert {"card", "token", "board"} <= set(kinds)
    for name, kind in kinds.items():
        assert kind.doc.strip(), f"kind {name} has no documentation"
        assert kind.model.model_fields["kind"].annotation == typing.Literal[name]  # type: ignore[valid-type]


def test_every_field_is_described() -> None:
    models: set[type[BaseModel]] = set()
    walk_models(model.GameFile, models)
    for el in typing.get_args(typing.get_args(model.Element)[0]):
        walk_models(el, models)
    for kind in load_kinds().values():
        walk_models(kind.model, models)
    missing = [f"{m.__name__}.{n}" for m in models for n, f in m.model_fields.items() if not f.description]
    assert missing == []
    assert len(models) > 10


def test_elements_are_registered_and_documented() -> None:
    """Every module of printkit/elements registers one element of its own name, with a model whose
    `type` is that name, a docstring, and a section in docs/format.md."""
    import importlib
    import pkgutil
    from pathlib import Path

    from printkit import elements
    from printkit.elements import load_elements

    registered = load_elements()
    modules = [m.name for m in pkgutil.iter_modules(elements.__path__) if not m.name.startswith("_")]
    assert sorted(modules) == sorted(registered), "one element module per registered element"
    assert {"rect", "text", "grid", "repeat"} <= set(registered)
    union = set(typing.get_args(typing.get_args(model.Element)[0]))
    docs = (Path(__file__).parents[1] / "docs" / "format.md").read_text()
    for name, element in registered.items():
        module = importlib.import_module(f"printkit.elements.{name}")
        assert element.model.__module__ == module.__name__, f"element {name}: its model lives in its module"
        assert element.model.model_fields["type"].annotation == typing.Literal[name]  # type: ignore[valid-type]
        assert element.doc, f"element {name} has no documentation"
        assert element.model in union, f"element {name} is missing from model.Element"
        assert f"### `{name}`\n\n{element.doc}" in docs, f"element {name} is not in docs/format.md"
    assert len(union) == len(registered)


def test_every_element_and_kind_is_pictured_in_the_gallery() -> None:
    """docs/gallery.md shows every registered element and kind with its picture and example (kept up to
    date by `printkit docs --check`, tested in test_docs_and_workflow)."""
    from pathlib import Path

    from printkit.elements import load_elements

    docs = Path(__file__).parents[1] / "docs"
    gallery = (docs / "gallery.md").read_text()
    entries = [("element", n, e.example) for n, e in load_elements().items()]
    entries += [("kind", n, k.example) for n, k in load_kinds().items()]
    for what, name, example in entries:
        assert example.strip(), f"{what} {name} has no gallery example"
        picture = docs / "gallery" / f"{what}-{name}.svg"
        assert picture.is_file() and picture.stat().st_size > 200, f"{what} {name} has no picture"
        assert f"]({picture.relative_to(docs).as_posix()})" in gallery
        assert example.strip().splitlines()[0] in gallery
    assert len(list((docs / "gallery").glob("*.svg"))) == len(entries)


def test_docs_check_covers_the_gallery(tmp_path: Path) -> None:
    import shutil
    from pathlib import Path

    from conftest import run_cli

    docs = Path(__file__).parents[1] / "docs"
    ok = run_cli("docs", "--check")
    assert ok.returncode == 0, ok.stdout
    copy = tmp_path / "docs"
    shutil.copytree(docs, copy)
    (copy / "gallery" / "element-rect.svg").write_text("<svg/>")
    (copy / "gallery" / "element-gone.svg").write_text("<svg/>")
    stale = run_cli("docs", "--check", "--out", str(copy / "format.md"))
    assert stale.returncode == 1
    assert "element-rect.svg is out of date" in stale.stdout and "element-gone.svg is no longer generated" in stale.stdout
    assert run_cli("docs", "--out", str(copy / "format.md")).returncode == 0
    assert not (copy / "gallery" / "element-gone.svg").exists()
    assert (copy / "gallery" / "element-rect.svg").read_bytes() == (docs / "gallery" / "element-rect.svg").read_bytes()
