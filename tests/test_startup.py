"""Start-up pays only for what a command uses (issue 29): the command line itself loads no data
model and no backend, and loading a game loads no drawing backend. Checked in a fresh interpreter,
by the modules it holds afterwards (no timing: speed lives in `python -m benchmarks`)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("pydantic", "reportlab", "PIL", "svgwrite", "jinja2", "markdown_it", "rich", "fontTools", "ctypes",
         "coloraide")
BACKENDS = ("reportlab", "PIL", "svgwrite", "jinja2", "markdown_it", "fontTools", "coloraide")


def loaded_after(code: str) -> set[str]:
    """The top-level packages a fresh interpreter holds after running ``code``."""
    probe = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return {name.split(".")[0] for name in json.loads(result.stdout.splitlines()[-1])}


def test_the_command_line_loads_no_model_and_no_backend() -> None:
    # what `printkit --version` and `printkit --help` run: the parser with every command's options
    loaded = loaded_after("from printkit.cli import parser\nparser()")
    assert "printkit" in loaded
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_loading_a_game_loads_the_model_but_no_drawing_backend() -> None:
    loaded = loaded_after("from pathlib import Path\nfrom printkit.load import load_game\n"
                          "load_game(Path('tests/games/tiny'))")
    assert "pydantic" in loaded
    assert loaded.isdisjoint(BACKENDS), sorted(loaded & set(BACKENDS))


def test_a_games_jobs_import_nothing_the_workers_would_each_import_again() -> None:
    """A game's outputs are jobs shared by forked workers: what they need is imported (and the rulebook
    rendered) before the fork, so running every job afterwards imports nothing more."""
    probe = ("import json, sys\nfrom pathlib import Path\nfrom printkit.build import _before_fork, game_jobs\n"
             "from printkit.kit import draw\nfrom printkit.load import load_game\nfrom printkit.options import BuildOptions\n"
             "kit = draw(load_game(Path('tests/games/tiny')))\njobs = game_jobs(kit, BuildOptions())\n_before_fork(kit)\n"
             "assert kit.rulebook is not None\nbefore = set(sys.modules)\nfor job in jobs:\n    job.make()\n"
             "print(json.dumps([len(jobs), sorted(set(sys.modules) - before)]))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    count, imported = json.loads(result.stdout.splitlines()[-1])
    assert count >= 5  # the card PDFs per paper, the rulebook's PDFs and page, the proof, the SVGs
    assert imported == []
