"""No file outside the game folder is ever opened, whatever links the folder holds.

Games full of links that lead out of their folder (a stray table, a linked art folder, a rules
template, tables, fonts, images and a game.toml named by the data) are built, proofed, previewed
and watched in subprocesses under an audit hook (tests/audit/sitecustomize.py: ``sys.addaudithook``,
every ``open`` event of every process, the forked build workers too). Every path opened must lie in
the game folders, the output folder, printkit's install, the Python installation, or the system's
font and colour-profile folders; none may lie in the folder the links lead to.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import printkit
from printkit.state import shared_templates

HERE = Path(__file__).resolve().parent
TINY = HERE / "games" / "tiny"
FONT = Path(printkit.__file__).resolve().parent / "fonts" / "DejaVuSans.ttf"
PNG = HERE.parent / "docs" / "images"


def _link(path: Path, target: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(os.path.relpath(target, path.parent))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit")
    outside = root / "outside"
    (outside / "art").mkdir(parents=True)
    (outside / "secret.csv").write_text("name,quantity\nsecret,1\n")
    (outside / "rulebook.md").write_text('{% extends "base/rulebook.md" %}\n')
    (outside / "game.toml").write_text((TINY / "game.toml").read_text())
    shutil.copy(FONT, outside / "font.ttf")
    pictures = sorted(PNG.glob("*.png"))
    shutil.copy(pictures[0], outside / "art" / "a.png")
    data = root / "data"
    # A game that builds: its links are named by nothing in its data (the up-to-date check meets them).
    links = data / "links"
    shutil.copytree(TINY, links)
    _link(links / "stray.csv", outside / "secret.csv")
    _link(links / "art", outside / "art")
    _link(links / "rules" / "notes.md", outside / "rulebook.md")
    # A game whose data names the links: refused, unread.
    named = data / "named"
    shutil.copytree(TINY, named)
    text = (named / "game.toml").read_text().replace("count = 3\n", 'table = "cards.csv"\n')
    text = text.replace("[palette]", '[print]\nfont = "font.ttf"\n\n[palette]')
    text = text.replace('elements = [\n', 'elements = [\n  { type = "image", path = "art/a.png", w = 10, h = 10 },\n')
    # the files added since the audit was written: font families, inline icons, spreadsheets
    text = text.replace("[palette]", '[fonts.title]\nregular = "families/t.ttf"\n\n[icons]\ncoin = "icons/coin.svg"\n\n[palette]')
    text = text.replace('text = "Hello"', 'text = "Hello :coin: [you]{font=title}"')
    text += '\n[[components]]\nid = "more"\nkind = "card"\nsize = "poker"\nface = "face"\ntable = { file = "more.xlsx" }\n'
    (named / "game.toml").write_text(text)
    (outside / "coin.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>')
    shutil.copy(HERE / "games" / "bestiary" / "cards.xlsx", outside / "more.xlsx")
    _link(named / "families" / "t.ttf", outside / "font.ttf")
    _link(named / "icons" / "coin.svg", outside / "coin.svg")
    _link(named / "more.xlsx", outside / "more.xlsx")
    _link(named / "cards.csv", outside / "secret.csv")
    _link(named / "font.ttf", outside / "font.ttf")
    _link(named / "art", outside / "art")
    _link(named / "rules" / "rulebook.md", outside / "rulebook.md")
    # A game.toml that is itself a link out.
    _link(data / "linked" / "game.toml", outside / "game.toml")
    return root


def _allowed() -> list[Path]:
    roots = [Path(printkit.__file__).resolve().parent, HERE / "audit",
             *(Path(p).resolve() for p in {sys.prefix, sys.base_prefix, sys.exec_prefix}),
             *(Path(p).resolve() for p in site.getsitepackages()), Path(sysconfig.get_paths()["stdlib"]).resolve(),
             Path("/usr/share/fonts"), Path("/usr/share/color"), Path("/usr/share/fontconfig"), Path("/etc/fonts"),
             Path("/proc"), Path("/dev")]  # /proc: a process's own figures (its memory), /dev/null
    templates = shared_templates()
    return roots + ([templates.resolve()] if templates is not None else [])


def _run(world: Path, *args: str, watch: bool = False) -> tuple[int, str, list[tuple[int, Path]]]:
    log = world / f"audit-{len(list(world.glob('audit-*')))}.log"
    env = {**os.environ, "PYTHONPATH": str(HERE / "audit"), "PRINTKIT_AUDIT_LOG": str(log)}
    argv = [sys.executable, "-m", "printkit", *args, "--data", str(world / "data")]
    if not watch:
        r = subprocess.run(argv, check=False, cwd=world, env=env, capture_output=True, text=True, timeout=300)
        code, err = r.returncode, r.stderr
    else:
        proc = subprocess.Popen(argv, cwd=world, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:  # the watcher is up: a save makes it rebuild once and stop (--max-rebuilds 1)
            if line.startswith("watching"):
                with open(world / "data" / "links" / "game.toml", "a") as fh:
                    fh.write("# saved\n")
        _, err = proc.communicate(timeout=300)
        code = proc.returncode
    opened = []
    for line in log.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        pid, _, path = line.split("\t", 2)
        if os.path.isabs(path):  # else a folder's name opened relative to its parent's descriptor (rmtree)
            opened.append((int(pid), Path(os.path.realpath(path))))  # through links: where it was read
    return code, err, opened


def _outside_allowed(opened: list[tuple[int, Path]], world: Path) -> list[str]:
    allowed = [world / "data", world / "out", *_allowed()]
    return sorted({str(p) for _, p in opened
                   if "__editable__" not in p.name and not any(p.is_relative_to(a) for a in allowed)})


def test_build_proof_preview_and_watch_open_nothing_outside(world: Path) -> None:
    outside = world / "outside"
    runs = {"build": _run(world, "build", "links", "--jobs", "2", "--quiet", "--out", "out")}
    (outside / "stolen.pdf").write_bytes((world / "out" / "links" / "links-proof.pdf").read_bytes())
    _link(world / "out" / "links" / "stolen-a4.pdf", outside / "stolen.pdf")  # planted in the kit: not pictured
    runs |= {
        "build again (up to date)": _run(world, "build", "links", "--quiet", "--out", "out"),
        "build refused": _run(world, "build", "named", "linked", "--quiet", "--out", "out"),
        "proof": _run(world, "proof", "links", "named"),
        "preview": _run(world, "preview", "links", "--quiet", "--out", "out"),
        "watch": _run(world, "watch", "links", "--max-rebuilds", "1", "--out", "out", watch=True),
    }
    for name, (_code, err, opened) in runs.items():
        assert opened, name  # the hook ran
        assert not [str(p) for _, p in opened if p.is_relative_to(outside)], (name, err)
        assert _outside_allowed(opened, world) == [], name
    assert runs["build"][0] == 0 and runs["preview"][0] == 0 and runs["watch"][0] == 0, runs["watch"][1]
    assert "up to date" not in runs["build"][1]
    assert len({pid for pid, _ in runs["build"][2]}) > 1  # forked workers were audited too
    code, err, _ = runs["build refused"]
    assert code == 2 and "links outside" in err and "game.toml" in err
    for name in ("cards.csv", "font.ttf", "art/a.png", "families/t.ttf", "icons/coin.svg", "more.xlsx"):
        assert name in err, err
    assert runs["proof"][0] == 2
    assert not (world / "out" / "links" / "preview" / "stolen-a4-p1.png").exists()


def test_the_up_to_date_walk_never_follows_a_link_out(tmp_path: Path) -> None:
    """game_files: links inside are followed (once each), links out and broken or looping links are not."""
    from printkit.state import game_files, inputs_digest

    game, outside = tmp_path / "g", tmp_path / "outside"
    (game / "art").mkdir(parents=True)
    outside.mkdir()
    (game / "game.toml").write_text('[game]\ntitle = "G"\n')
    (game / "art" / "a.png").write_bytes(b"png")
    (outside / "s.csv").write_text("secret")
    _link(game / "in.png", game / "art" / "a.png")      # a link inside: read
    _link(game / "again", game / "art")                  # a linked folder inside: walked
    _link(game / "up", game)                             # a link to the folder itself: no endless walk
    _link(game / "out.csv", outside / "s.csv")           # a link out: not read
    _link(game / "outdir", outside)                      # a linked folder out: not walked
    _link(game / "loop", game / "loop")                  # a link to itself
    _link(game / "gone", game / "nothing")               # a broken link
    files, aliased = game_files(game)
    found = {p.relative_to(game).as_posix(): readable for p, readable in files}
    assert aliased and found["in.png"] and found["art/a.png"] and found["game.toml"]
    assert "again/a.png" not in found  # the linked folder is the same folder as art/: walked once
    assert found["out.csv"] is False and found["outdir"] is False and found["loop"] is False
    assert not any(k.startswith(("up/", "outdir/")) for k in found) and "gone" not in found
    before = inputs_digest(game, "x")
    (outside / "s.csv").write_text("changed")  # the outside file is not part of the game
    assert inputs_digest(game, "x") == before
    (game / "out.csv").unlink()
    _link(game / "out.csv", outside / "other.csv")  # where the link points is
    assert inputs_digest(game, "x") != before
    before = inputs_digest(game, "x")
    (game / "art" / "a.png").write_bytes(b"PNG")  # same size, named by nothing: hashed whole (aliased folders)
    assert inputs_digest(game, "x") != before
