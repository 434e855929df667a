"""The proof's report: one :class:`Line` per check (what was expected, what was found, the
verdict), gathered per game in a :class:`GameReport`. The checks (:mod:`printkit.checks`) make
the lines, :mod:`printkit.proof` gathers them; the JSON file's format is in ``docs/proof.md``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Verdict = Literal["pass", "fail", "warn"]
Severity = Literal["error", "warning"]
LIST_LIMIT = 8
"""Name at most this many culprits in one detail (then "and N more")."""


@dataclass(frozen=True)
class Line:
    """One line of the report: a check, where it comes from, what was expected and found.

    ``relation`` says how ``found`` is compared with ``expected``: ``exactly`` or
    ``at least`` (a supply may exceed its need). ``detail`` names what is wrong (or spare).
    """

    check: str
    type: str
    source: str
    expected: int | str
    found: int | str
    verdict: Verdict
    severity: Severity = "error"
    relation: Literal["exactly", "at least"] = "exactly"
    detail: str = ""
    pieces: tuple[str, ...] = ()
    """The pieces (or components) a failure is about; the contact sheet marks them."""


@dataclass
class GameReport:
    """The proof of one game."""

    game: str
    title: str
    seed: str | None
    lines: list[Line] = field(default_factory=list)
    assumptions: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, Any] = field(default_factory=dict)

    @property
    def errors(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "fail"]

    @property
    def warnings(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "warn"]

    @property
    def passed(self) -> list[Line]:
        return [line for line in self.lines if line.verdict == "pass"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        verdict = "PASS" if self.ok else "FAIL"
        return (f"{verdict}: {len(self.passed)} passed, {len(self.errors)} failed, "
                f"{len(self.warnings)} warned, {len(self.assumptions)} assumptions")

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "seed": self.seed,
            "verdict": "pass" if self.ok else "fail",
            "summary": {"checks": len(self.lines), "passed": len(self.passed),
                        "failed": len(self.errors), "warned": len(self.warnings)},
            "errors": [asdict(line) for line in self.errors],
            "warnings": [asdict(line) for line in self.warnings],
            "passed": [asdict(line) for line in self.passed],
            "assumptions": self.assumptions,
            "components": self.components,
            "totals": self.totals,
        }

    def to_json(self) -> bytes:
        return (json.dumps(self.as_dict(), indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")


def listing(items: list[str]) -> str:
    shown = ", ".join(items[:LIST_LIMIT])
    return shown + (f" and {len(items) - LIST_LIMIT} more" if len(items) > LIST_LIMIT else "")


def verdict(ok: bool, severity: Severity) -> Verdict:
    """A check's verdict: pass, or by its severity a failure or a warning."""
    return "pass" if ok else ("fail" if severity == "error" else "warn")
