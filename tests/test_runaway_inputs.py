"""Runaway inputs end in one `error:` line naming the file, key and limit, bounded in time and memory.

Each case runs printkit in a child process with an address-space limit (RLIMIT_AS) and a generous
timeout, so a regression shows as a failed test, not a hung or swapping suite. The timeout is only a
backstop against a hang: no test asserts how long anything took (the limits are asserted by their
messages; linear work is counted in tests/test_long_words.py).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
TINY = Path(__file__).resolve().parent / "games" / "tiny"
MEMORY = 2 << 30  # bytes of address space for the whole printkit process


def run_limited(args: list[str], timeout: float, setup: str = "") -> subprocess.CompletedProcess[str]:
    """``printkit ARGS`` in a child limited to MEMORY bytes and ``timeout`` seconds; ``setup`` runs first
    (to lower a limit so a test need not wait for the real one)."""
    code = f"import sys\n{setup}\nfrom printkit.cli import main\nsys.exit(main(sys.argv[1:]))"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=limit, cwd=ROOT, check=False)


def one_error(result: subprocess.CompletedProcess[str], *fragments: str) -> str:
    err = result.stderr
    assert result.returncode == 2, err
    assert "Traceback" not in err and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    for fragment in fragments:
        assert fragment in err, err
    return err


def game_with_rules(tmp_path: Path, body: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(TINY, data / "tiny")
    (data / "tiny" / "rules").mkdir()
    (data / "tiny" / "rules" / "rulebook.md").write_text(
        '{% extends "base/rulebook.md" %}\n{% block intro %}\n' + body + "\n{% endblock %}\n")
    return data


FAST = "import printkit.rulebook as r\nr.TEMPLATE_SECONDS = 0.5\nr.TEMPLATE_MEMORY = 64 << 20"


def test_an_endless_template_loop_is_stopped(tmp_path: Path) -> None:
    data = game_with_rules(tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}")
    result = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "-j", "1"],
                         timeout=90, setup=FAST)
    one_error(result, "rules/rulebook.md:3:", "renders within 0.5 s", "endless loop")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("body", [
    '{% for i in range(100000) %}{{ "x" * 100000 }}{% endfor %}',
    '{% macro m() %}{% for i in range(100000) %}{{ "x" * 100000 }}{% endfor %}{% endmacro %}{{ m() }}',
], ids=["loop", "macro"])
def test_an_enormous_template_output_is_refused(tmp_path: Path, body: str) -> None:
    data = game_with_rules(tmp_path, body)
    result = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "-j", "1"],
                         timeout=90, setup=FAST)
    one_error(result, "rules/rulebook.md:")
    # Whichever limit it meets first on this machine: memory, output length, or time.
    assert any(limit in result.stderr for limit in ("needs at most 64 MB", "at most 2,000,000 characters",
                                                    "renders within 0.5 s")), result.stderr


BASE = (TINY / "game.toml").read_text()
TEXT = '{ type = "text", text = "Hello", x = 5, y = 5, w = 50, fill = "ink" }'


def nested(depth: int, set_name: str) -> str:
    el = '{ type = "text", text = "x", x = 1, y = 1, w = 5, fill = "ink" }'
    for _ in range(depth):
        el = f'{{ type = "repeat", set = "{set_name}", dx = 0.1, elements = [{el}] }}'
    return el


RECORDS = "\n".join(f'[[sets.s]]\nname = "r{i}"' for i in range(30)) + '\n[[sets.one]]\nname = "one"\n'
MANY = "\n".join(f'[[components]]\nid = "c{i}"\nkind = "card"\nsize = "poker"\ncount = 100000\nface = "face"'
                 for i in range(3))
BOARD = '\n[[components]]\nid = "mat"\nkind = "board"\nwidth = 600\nheight = 600\nface = "face"\n'

# (id, game.toml, extra command line, fragments of the one error line)
CASES = [
    ("coordinate-1e300", BASE.replace("x = 5, y = 5", "x = 1e300, y = 5"), [],
     ["layouts.face.elements[0].x: expected a length of at most 2000 mm"]),
    ("percentage-huge", BASE.replace("x = 5, y = 5", 'x = "1e12%", y = 5'), [],
     ["layouts.face.elements[0].x: expected a length of at most 2000 mm", "here 6.3e+11 mm"]),
    ("leading-1e300", BASE.replace("w = 50,", "w = 50, leading = 1e300,"), [],
     ["layouts.face.elements[0].leading: expected at most 10"]),
    ("paper-smaller-than-a-piece", BASE, ["--paper", "60x60mm"],
     ["components.card.size: expected a piece that fits the printable area of 60x60mm"]),
    ("paper-larger-than-any-printer", BASE, ["--paper", "5000x5000mm"],
     ["--paper: expected a paper of 50 to 2000 mm a side"]),
    ("overlap-larger-than-the-tile", BASE + BOARD + "\n[print]\noverlap = 400\n", [],
     ["print.overlap: expected an overlap of at most half the tile"]),
    ("title-of-18000-characters", BASE.replace('title = "Tiny"', 'title = "' + "Title " * 3000 + '"'), [],
     ["game.title: expected text of at most 200 characters"]),
    ("repeats-multiplying-out", BASE.replace(TEXT, nested(5, "s")) + RECORDS, [],
     ["layouts.face.elements: expected at most 20,000 elements drawn on one face"]),
    ("repeats-nested-deep", BASE.replace(TEXT, nested(12, "one")) + RECORDS, [],
     ["expected repeats nested at most 8 deep"]),
    ("very-many-pieces", BASE + MANY, [], ["components: expected at most 200,000 pieces in one game"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_an_extreme_value_is_one_line_naming_the_key_and_limit(tmp_path: Path, case: tuple[str, str, list[str], list[str]]) -> None:
    _, toml, extra, fragments = case
    data = tmp_path / "data"
    (data / "g").mkdir(parents=True)
    (data / "g" / "game.toml").write_text(toml)
    result = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", *extra],
                         timeout=60)
    err = result.stderr
    assert result.returncode == 2 and "Traceback" not in err, err
    lines = err.strip().splitlines()
    # One line, or one per paper for a limit that depends on the paper (the overlap of tiles).
    assert lines and all(line.startswith("error: ") for line in lines) and len(lines) <= 2, err
    assert len(lines) == 1 or "overlap" in case[0], err
    assert all(f in err for f in fragments), err
    assert not (tmp_path / "out").exists()


def test_an_unbreakable_word_of_20000_letters_builds_whole(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "g").mkdir(parents=True)
    (data / "g" / "game.toml").write_text(BASE.replace('text = "Hello"', 'text = "' + "W" * 20_000 + '"'))
    result = run_limited(["build", "--data", str(data), "--out", str(tmp_path / "out"), "--quiet", "--no-svg"],
                         timeout=120)
    # the kit is written; its proof rightly says the word runs off the card (the `inside` check)
    assert result.returncode == 1, result.stderr
    assert "inside[card]" in result.stdout and "printed past the cut line" in result.stdout
    # every letter is printed on each of the three cards: the word was wrapped whole, not cut short
    cards = PdfReader(tmp_path / "out" / "g" / "g-cards-a4.pdf")
    assert "".join(page.extract_text() for page in cards.pages).count("W") == 3 * 20_000


def test_a_limit_passed_in_the_base_template_waits_for_the_games_own_line() -> None:
    """A runaway loop in the game's block is charged to the game's line: a tick that lands while the
    shared base template hands the text on waits (a few ticks at most) for the game's frame."""
    from types import SimpleNamespace

    import printkit.rulebook as r

    def frame(path: str) -> object:
        return SimpleNamespace(f_code=SimpleNamespace(co_filename=path), f_back=None)

    base, own = frame("/opt/printkit/templates/rulebook.md"), frame("/home/d/game/rules/rulebook.md")
    watch = r._Watch(("/home/d/game",))
    watch.spent = r.TEMPLATE_SECONDS
    for _ in range(r._DEFER):
        watch._tick(0, base)  # deferred: no raise
    with pytest.raises(r._TemplateTimeout):
        watch._tick(0, base)  # not forever
    fresh = r._Watch(("/home/d/game",))
    fresh.spent = r.TEMPLATE_SECONDS
    with pytest.raises(r._TemplateTimeout):
        fresh._tick(0, own)


def test_the_page_template_answers_for_its_own_text_not_for_the_pictures(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # A card text of 19,000 blank lines made pictures of 2.5 MB, and the HTML page (the shared page.html,
    # which only wraps the body) was refused as "a loop that repeats too much", naming printkit's own file.
    from printkit import rulebook
    from printkit.errors import DataError
    from printkit.load import load_game
    from printkit.rulebook.html import HtmlWriter

    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    monkeypatch.setattr(rulebook, "MAX_OUTPUT_CHARS", 50_000)
    body = "<p>" + "x" * 120_000 + "</p>"
    monkeypatch.setattr(HtmlWriter, "blocks", lambda self, blocks: body)
    page = rulebook.Rulebook(load_game(folder), {}).html()["tiny-rules.html"].decode()
    assert body in page and page.count(body) == 1
    # a game's own page template that repeats the body is still held to the limit, and named
    (folder / "rules").mkdir()
    (folder / "rules" / "page.html").write_text("<html>{% for i in range(3) %}{{ body }}{% endfor %}</html>\n")
    with pytest.raises(DataError) as err:
        rulebook.Rulebook(load_game(folder), {}).html()
    (problem,) = err.value.problems
    assert str(problem).startswith(str(folder / "rules" / "page.html")) or "rules/page.html" in str(problem), problem
    assert "at most 50,000 characters" in str(problem)
