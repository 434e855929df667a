"""Text without spaces is split by characters in linear time: a title or a word of thousands of
letters cannot stall a build (it took minutes, cubic in the word's length)."""

from __future__ import annotations

import time

from printkit.render.fonts import text_width, wrap


def test_a_very_long_word_wraps_quickly_and_every_line_fits() -> None:
    word = "W" * 20_000
    start = time.perf_counter()
    lines = wrap(word, "regular", 9.0, 40.0)
    took = time.perf_counter() - start
    assert "".join(lines) == word
    assert all(text_width(line, "regular", 9.0) <= 40.0 + 1e-6 for line in lines)
    assert len(lines) > 100 and took < 2.0, took


def test_wrapping_by_characters_keeps_the_longest_head_that_fits() -> None:
    lines = wrap("abcdefghijklmnopqrstuvwxyz" * 4, "regular", 10.0, 30.0)
    for line, following in zip(lines, lines[1:]):
        assert text_width(line + following[0], "regular", 10.0) > 30.0  # one more letter would not fit
