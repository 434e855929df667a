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
