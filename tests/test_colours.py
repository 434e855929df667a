"""Colour science of the proof (printkit.colours), each against an independent computation:
the CIEDE2000 test pairs Sharma, Wu and Dalal published with the formula (2005); sRGB to CIELAB
against published values; Machado et al.'s (2009) matrices applied here by hand; the WCAG 2.1
contrast ratio by its own formula."""

from __future__ import annotations

import pytest

from printkit import colours, inksaver

# Sharma, Wu, Dalal, "The CIEDE2000 color-difference formula: implementation notes, supplementary
# test data, and mathematical observations", Color Res. Appl. 30(1), 2005, Table 1:
# L1 a1 b1 L2 a2 b2 dE00.
SHARMA = """
50.0000 2.6772 -79.7751 50.0000 0.0000 -82.7485 2.0425
50.0000 3.1571 -77.2803 50.0000 0.0000 -82.7485 2.8615
50.0000 2.8361 -74.0200 50.0000 0.0000 -82.7485 3.4412
50.0000 -1.3802 -84.2814 50.0000 0.0000 -82.7485 1.0000
50.0000 -1.1848 -84.8006 50.0000 0.0000 -82.7485 1.0000
50.0000 -0.9009 -85.5211 50.0000 0.0000 -82.7485 1.0000
50.0000 0.0000 0.0000 50.0000 -1.0000 2.0000 2.3669
50.0000 -1.0000 2.0000 50.0000 0.0000 0.0000 2.3669
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0009 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0010 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0011 7.2195
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0012 7.2195
50.0000 -0.0010 2.4900 50.0000 0.0009 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0010 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0011 -2.4900 4.7461
50.0000 2.5000 0.0000 50.0000 0.0000 -2.5000 4.3065
50.0000 2.5000 0.0000 73.0000 25.0000 -18.0000 27.1492
50.0000 2.5000 0.0000 61.0000 -5.0000 29.0000 22.8977
50.0000 2.5000 0.0000 56.0000 -27.0000 -3.0000 31.9030
50.0000 2.5000 0.0000 58.0000 24.0000 15.0000 19.4535
50.0000 2.5000 0.0000 50.0000 3.1736 0.5854 1.0000
50.0000 2.5000 0.0000 50.0000 3.2972 0.0000 1.0000
50.0000 2.5000 0.0000 50.0000 1.8634 0.5757 1.0000
50.0000 2.5000 0.0000 50.0000 3.2592 0.3350 1.0000
60.2574 -34.0099 36.2677 60.4626 -34.1751 39.4387 1.2644
63.0109 -31.0961 -5.8663 62.8187 -29.7946 -4.0864 1.2630
61.2901 3.7196 -5.3901 61.4292 2.2480 -4.9620 1.8731
35.0831 -44.1164 3.7933 35.0232 -40.0716 1.5901 1.8645
22.7233 20.0904 -46.6940 23.0331 14.9730 -42.5619 2.0373
36.4612 47.8580 18.3852 36.2715 50.5065 21.2231 1.4146
90.8027 -2.0831 1.4410 91.1528 -1.6435 0.0447 1.4441
90.9257 -0.5406 -0.9208 88.6381 -0.8985 -0.7239 1.5381
6.7747 -0.2908 -2.4247 5.8714 -0.0985 -2.2286 0.6377
2.0776 0.0795 -1.1350 0.9033 -0.0636 -0.5514 0.9082
"""


def _pairs() -> list[tuple[tuple[float, float, float], tuple[float, float, float], float]]:
    out = []
    for row in SHARMA.strip().splitlines():
        v = [float(x) for x in row.split()]
        out.append(((v[0], v[1], v[2]), (v[3], v[4], v[5]), v[6]))
    return out


def test_ciede2000_matches_every_published_test_pair_both_ways() -> None:
    pairs = _pairs()
    assert len(pairs) == 34
    for one, other, want in pairs:
        assert colours.difference_lab(one, other) == pytest.approx(want, abs=5e-5)
        assert colours.difference_lab(other, one) == pytest.approx(want, abs=5e-5)


def test_srgb_to_cielab_d65_matches_published_values() -> None:
    # sRGB primaries in CIELAB under D65 (Lindbloom's calculator; the sRGB specification's matrix).
    assert colours.lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert colours.lab("#ff0000") == pytest.approx((53.2408, 80.0925, 67.2032), abs=0.02)
    assert colours.lab("#00ff00") == pytest.approx((87.7347, -86.1827, 83.1793), abs=0.02)
    assert colours.lab("#0000ff") == pytest.approx((32.2970, 79.1875, -107.8602), abs=0.02)
    assert colours.difference("#000000", "#ffffff") == pytest.approx(100.0)
    assert colours.difference("#d62828", "#d62828") == 0.0


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


# Machado, Oliveira, Fernandes (2009), supplementary table, severity 1.0, for linear RGB.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


@pytest.mark.parametrize("deficiency", list(MACHADO))
def test_colour_vision_deficiency_is_machados_matrix_in_linear_rgb(deficiency: colours.Deficiency) -> None:
    m = MACHADO[deficiency]
    for hex_colour in ("#d62828", "#2a9d3f", "#1d4e9e", "#fcbf49", "#7b2d8e", "#8d8d8d"):
        rgb = [_linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]
        seen = [sum(m[row][k] * rgb[k] for k in range(3)) for row in range(3)]
        want = [_encode(v) for v in seen]
        got = colours.simulate(hex_colour, deficiency)
        assert [int(got[i:i + 2], 16) for i in (1, 3, 5)] == pytest.approx(want, abs=1), hex_colour


def test_red_and_green_look_alike_to_a_deuteranope_but_not_to_others() -> None:
    pal = {"red": "#c8102e", "green": "#1e8c3a", "blue": "#1f4e9c"}
    assert colours.alike(pal) == []
    alike = colours.alike(pal, deficiency="deuteranopia")
    assert [(a, b) for a, b, _ in alike] == [("red", "green")]
    assert alike[0][2] < colours.APART


def test_contrast_ratio_is_wcags_formula() -> None:
    assert colours.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert colours.contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert colours.contrast("#777777", "#ffffff") == pytest.approx(4.478, abs=1e-3)  # WCAG's own example grey
    # by hand: #d62828 on #f4efe3 (Euclidean's red on its paper)
    red = 0.2126 * _linear(0xd6 / 255) + 0.7152 * _linear(0x28 / 255) + 0.0722 * _linear(0x28 / 255)
    paper = 0.2126 * _linear(0xf4 / 255) + 0.7152 * _linear(0xef / 255) + 0.0722 * _linear(0xe3 / 255)
    assert colours.contrast("#d62828", "#f4efe3") == pytest.approx((paper + 0.05) / (red + 0.05), rel=1e-12)
    assert inksaver.luminance is colours.luminance  # one formula for the ink saver and the proof
