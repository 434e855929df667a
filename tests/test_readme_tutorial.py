"""The README's five-minute tutorial works as written: its TOML snippets, added to a new game,
build, count in the rulebook and pass the proof."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import ROOT, run_cli
from pypdf import PdfReader


def tutorial_snippets() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Five-minute tutorial", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```toml\n(.*?)```", section, re.S)
    return ["\n".join(line[3:] if line.startswith("   ") else line for line in b.splitlines()) for b in blocks]


def test_the_tutorial_adds_four_event_cards(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    assert run_cli("new", "my-game", "--data", str(data)).returncode == 0
    snippets = tutorial_snippets()
    assert len(snippets) == 3
    toml = data / "my-game" / "game.toml"
    toml.write_text(toml.read_text() + "\n" + "\n\n".join(snippets) + "\n")
    result = run_cli("build", "my-game", "--data", str(data), "--out", str(out), "--paper", "a4", "--json")
    assert result.returncode == 0, result.stderr
    placed = json.loads((out / "my-game" / "manifest.json").read_text())["sheets"]["my-game-cards-a4.pdf"]["placements"]
    assert sum(1 for p in placed if p["component"] == "event-card" and p["face"] == "front") == 4
    rules = PdfReader(out / "my-game" / "my-game-rules-a4.pdf").pages[0].extract_text()
    assert "Event card (2 storm, 2 harvest)" in rules
    proof = json.loads((out / "my-game" / "proof.json").read_text())
    assert proof["verdict"] == "pass"
    assert any(line["check"] == "event-cards" and line["found"] == 4 for line in proof["passed"])
