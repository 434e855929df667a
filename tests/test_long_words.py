"""Text without spaces is split by characters in linear time: a title or a word of thousands of
letters cannot stall a build (it took minutes, cubic in the word's length). The work is counted,
not timed: the characters measured to wrap a word grow with the word, never with its square."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest

from printkit.render import fonts
from printkit.render.fonts import text_width, wrap


def measured(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every text ``wrap`` measures from now on."""
    lengths: list[int] = []
    real = fonts._advance_sum

    def counting(text: str, font: str) -> float:
        lengths.append(len(text))
        return real(text, font)

    monkeypatch.setattr(fonts, "_advance_sum", counting)
    monkeypatch.setattr(fonts, "_WORDS", defaultdict(dict))  # nothing measured before
    return lengths


@pytest.mark.parametrize("n", [2_000, 20_000])
def test_a_very_long_word_wraps_in_linear_work_and_every_line_fits(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    word = "W" * n
    lengths = measured(monkeypatch)
    lines = wrap(word, "regular", 9.0, 40.0)
    work = sum(lengths)
    monkeypatch.undo()
    assert "".join(lines) == word
    assert all(text_width(line, "regular", 9.0) <= 40.0 + 1e-6 for line in lines)
    assert len(lines) > n // 200
    # the word once, then each character once (and the one that does not fit on each line again)
    assert work <= 2 * n + 2 * len(lines), (n, work)


def test_wrapping_by_characters_keeps_the_longest_head_that_fits() -> None:
    lines = wrap("abcdefghijklmnopqrstuvwxyz" * 4, "regular", 10.0, 30.0)
    for line, following in itertools.pairwise(lines):
        assert text_width(line + following[0], "regular", 10.0) > 30.0  # one more letter would not fit
