"""Writes the two workbooks of this game (our own rows, laid out like the workbooks of Squib's
samples/data/_excel.rb): characters.xlsx with the sheets Base, Expansion and Resources (resource
names padded with spaces, as a hand-kept sheet often has them), and units.xlsx whose `qty`
column says how many copies each row makes.

    python tests/games/squib-excel/make_xlsx.py
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).parent


def book(sheets: dict[str, list[list[object]]], name: str) -> None:
    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    wb.save(HERE / name)
    print(f"wrote {HERE / name}")


def main() -> None:
    book({
        "Base": [["Name", "Level", "Description"],
                 ["Lookout", 1, "Watches the alley and whistles twice."],
                 ["Forger", 2, "Signs any name better than its owner does, and faster too."],
                 ["Ringleader", 3, "Plans the job and keeps everyone's share."]],
        "Expansion": [["Name", "Level"], ["Smuggler", 1], ["Fence", 2], ["Kingpin", 3]],
        "Resources": [["Name", "Cost", "Qty"], ["Timber          ", 2, 3], ["Iron      ", 3, 2], ["Granite   ", 5, 1]],
    }, "characters.xlsx")
    book({"Sheet1": [["Name", "qty"], ["Scout", 3], ["Captain", 1]], "Sheet2": [], "Sheet3": []}, "units.xlsx")


if __name__ == "__main__":
    main()
