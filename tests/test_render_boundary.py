"""Only printkit/render/ may import reportlab or svgwrite (the model never imports a backend)."""

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "printkit"
BACKENDS = {"reportlab", "svgwrite"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_render_imports_backends() -> None:
    offenders = [
        str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
        if "render" not in p.relative_to(PKG).parts[:1] and imported_roots(p) & BACKENDS
    ]
    assert offenders == []


def test_render_package_does_import_them() -> None:
    # The check above would pass vacuously if the backends moved; make sure they are where we look.
    assert imported_roots(PKG / "render" / "pdf.py") & BACKENDS == {"reportlab"}
    # the SVG backend writes its own elements (svgwrite's bytes, held by test_svg_render): no library
    assert imported_roots(PKG / "render" / "svg.py") & BACKENDS == set()


def test_no_module_imports_svgwrite() -> None:
    # svgwrite is a test dependency only: the SVG backend's bytes are compared with it in test_svg_render
    assert [str(p.relative_to(PKG)) for p in PKG.rglob("*.py") if "svgwrite" in imported_roots(p)] == []
