"""Writes the binary specs added after make_specs.py (deterministic; run again after editing).

    python make_more_specs.py   # needs openpyxl==3.1.5

06-order-spot-check.xlsx  a team's own spot-check sheet: a title row, then the columns
                          #, Check, What to do, What you should see, OK?, Comments
                          (contradicted by the app: the order total it expects is wrong)

make_specs.py writes the older specs and is left unchanged.
"""
import datetime
import io
import sys
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2024, 7, 15, 9, 0, 0)


# --- 06: order desk spot check ----------------------------------------------------------


def order_spot_check():
    wb = openpyxl.Workbook()
    wb.properties.creator = "Rosa Delgado"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Spot check"
    ws["A1"] = "Order desk – weekly spot check of the dashboard (week 29)"
    ws["A1"].font = Font(bold=True, size=13)
    header = ["#", "Check", "What to do", "What you should see", "OK?", "Comments"]
    ws.append(header)
    rows = [
        [1, "Sign-in", "Sign in to the dashboard as admin (password is in the team vault)",
         "Dashboard home, Welcome Alex Morgan at the top", "", ""],
        [2, "Find the order", "Fulfilment > Orders, type 100001 as the order number and search",
         "Order #100001 opens", "", "Jane's order from the May newsletter"],
        [3, "Customer", "Look at the customer information", "Jane Doe, jane.doe@example.com", "", ""],
        [4, "Total", "Look at the order total",
         "$49.98 (2 x The Silent Harbor, 1 x Corpus Logo T-shirt, plus the $5.00 flat shipping)",
         "", "Finance reconciles this against the card statement"],
    ]
    for row in rows:
        ws.append(row)
    for i, w in enumerate([5, 16, 50, 52, 7, 34]):
        ws.column_dimensions[chr(ord("A") + i)].width = w
    fill = PatternFill("solid", fgColor="E2EFDA")
    for cell in ws[2]:
        cell.font = Font(bold=True)
        cell.fill = fill
    for row in ws.iter_rows(min_row=3, max_row=2 + len(rows)):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A3"
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "06-order-spot-check.xlsx", FIXED)


if __name__ == "__main__":
    order_spot_check()
    print("wrote 06-order-spot-check.xlsx")
