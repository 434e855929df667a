"""Writes cards.xlsx, the spreadsheet this test game reads (run it after changing the rows).

The workbook has a notes sheet first, so the game must choose its sheet by name; the deck's
sheet counts copies in a column called `copies`, as many designers' spreadsheets do.

    python tests/games/bestiary/make_xlsx.py
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

HEADER = ["name", "kind", "copies", "cost", "attack", "defence", "art", "text"]
ROWS = [
    ["Grey Wolf", "creature", 3, 2, 3, 2, "wolf", "Hunts in packs: +1 attack beside another wolf."],
    ["Cave Dragon", "creature", 1, 6, 7, 6, "dragon", "Breathes fire on two creatures at once."],
    ["Fireball", "spell", 2, 3, "", "", "fireball", "Deal 4 damage to one creature."],
    ["Frost Nova", "spell", 2, 2, "", "", "frost", "Every enemy creature skips its next attack."],
    ["Mending Light", "spell", 2, 1, "", "", "heal", "Restore 3 defence to one of your creatures."],
]


def main() -> None:
    book = Workbook()
    notes = book.active
    notes.title = "Notes"
    notes.append(["Bestiary: a deck of creatures and spells for printkit's tests."])
    deck = book.create_sheet("Deck")
    deck.append(HEADER)
    for row in ROWS:
        deck.append(row)
    out = Path(__file__).with_name("cards.xlsx")
    book.save(out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
