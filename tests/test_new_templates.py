"""`printkit new NAME --template KIND` (issue 18): each template builds and passes its proof at once."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

from printkit.commands.new import TEMPLATES


def test_every_template_builds_and_passes_its_proof(tmp_path: Path) -> None:
    data = tmp_path / "data"
    for template in TEMPLATES:
        made = run_cli("new", f"my-{template}", "--template", template, "--title", f"My {template}", "--data", str(data))
        assert made.returncode == 0, made.stderr
        assert f"from the {template} template" in made.stdout
    assert sorted(p.name for p in data.iterdir()) == sorted(f"my-{t}" for t in TEMPLATES)
    result = run_cli("build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 0, result.stderr
    for template in TEMPLATES:
        proof = json.loads((tmp_path / "out" / f"my-{template}" / "proof.json").read_text())
        assert proof["verdict"] == "pass", (template, proof["errors"])
        assert proof["title"] == f"My {template}"
        assert proof["passed"], f"the {template} template checks something"
        assert not proof["warnings"], (template, proof["warnings"])  # a designer starts from a clean proof
    strict = run_cli("proof", "--strict", "--data", str(data))
    assert strict.returncode == 0, strict.stdout + strict.stderr  # every component is counted by something


def test_templates_ship_with_the_package_and_bad_names_are_refused(tmp_path: Path) -> None:
    folder = Path(__file__).resolve().parents[1] / "printkit" / "scaffold" / "templates"
    assert sorted(p.stem for p in folder.glob("*.toml")) == sorted(TEMPLATES)
    bad = run_cli("new", "x", "--template", "chess-set", "--data", str(tmp_path))
    assert bad.returncode == 2 and "invalid choice" in bad.stderr and "Traceback" not in bad.stderr
    assert not (tmp_path / "x").exists()
