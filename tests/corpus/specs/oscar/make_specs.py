"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs openpyxl==3.1.5

02-product-search.xlsx   Xray test export: Issue Key, Summary, Action, Data, Result (one row per step)
03-update-stock.xlsx     Azure Test Plans export: ID, Work Item Type, Title, Test Step, Step Action,
                         Step Expected (contradicted by the app: the message it expects is not the app's)
05-create-product.xlsx   TestRail export, steps as numbered lines in one cell

01-create-category.md and 04-create-coupon.html are written by hand.
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
FIXED = datetime.datetime(2024, 7, 1, 9, 0, 0)


def sheet_workbook(title, header, rows, widths, creator):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    ws.append(header)
    for row in rows:
        ws.append(row)
    fill = PatternFill("solid", fgColor="D9E1F2")
    for cell in ws[1]:
        cell.font = Font(bold=True)
        cell.fill = fill
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    for i, width in enumerate(widths):
        ws.column_dimensions[chr(ord("A") + i)].width = width
    ws.freeze_panes = "A2"
    wb.properties.creator = creator
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    return wb


def save(wb, path: Path) -> None:
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), path, FIXED)


# --- 02: Xray ------------------------------------------------------------------------


def make_02_xray(path: Path) -> None:
    header = ["Issue Key", "Summary", "Test Type", "Priority", "Labels", "Action", "Data", "Result"]
    rows = [
        ["SHOP-101", "Dashboard product search finds products by title", "Manual", "Medium", "dashboard;catalog",
         "Log in to the dashboard as admin", "username: admin\npassword: provided separately",
         "The dashboard is displayed"],
        ["SHOP-101", "", "", "", "",
         "Go to Catalog > Products", "", "The product list is shown"],
        ["SHOP-101", "", "", "", "",
         "Enter the title and click Search", "Product title: Harbor",
         "The Silent Harbor and Harbor Canvas Tote are listed"],
        ["SHOP-102", "Dashboard product search with no match", "Manual", "Low", "dashboard;catalog",
         "Search the product list by title", "Product title: Unicorn", "No products found."],
    ]
    wb = sheet_workbook("Tests", header, rows, (11, 40, 10, 9, 18, 38, 30, 42), "Dana Whitfield")
    save(wb, path)


# --- 03: Azure Test Plans ---------------------------------------------------------------


def make_03_azure(path: Path) -> None:
    header = ["ID", "Work Item Type", "Title", "Test Step", "Step Action", "Step Expected",
              "Area Path", "Assigned To", "State"]
    rows = [
        ["4711", "Test Case", "Restock a sold-out book from the dashboard", "", "", "",
         "Northwind\\Catalog", "Sam Ortiz", "Design"],
        ["", "", "", "1", "Sign in to the dashboard as admin (password provided separately).",
         "The dashboard home is shown.", "", "", ""],
        ["", "", "", "2", "Open Catalog > Products.", "The product list is shown.", "", "", ""],
        ["", "", "", "3", "Open Python in Practice.", "The product edit page opens.", "", "", ""],
        ["", "", "", "4", "Go to Stock and pricing and set Num in stock to 15 on the Acme Book Distributors row.",
         "", "", "", ""],
        ["", "", "", "5", "Click Save.",
         "\"Stock updated successfully\" is displayed.", "", "", ""],
    ]
    wb = sheet_workbook("Test Cases", header, rows, (7, 15, 40, 10, 60, 40, 18, 13, 9), "Sam Ortiz")
    save(wb, path)


# --- 05: TestRail ------------------------------------------------------------------------


def make_05_testrail(path: Path) -> None:
    header = ["ID", "Title", "Section", "Priority", "Type", "Preconditions", "Steps", "Expected Result"]
    rows = [
        ["C1206", "Dashboard login", "Dashboard > Access", "High", "Functional",
         "Staff account admin exists (password provided separately)",
         "1. Open the dashboard login page.\n2. Enter admin and the password and click Login.",
         "The dashboard home is displayed."],
        ["C1207", "Create a new book with stock", "Catalog > Products", "High", "Functional",
         "Logged in to the dashboard as admin",
         "1. Go to the product list (Catalog > Products).\n"
         "2. Choose Book as the product type and click New Product.\n"
         "3. Enter The Lighthouse Keeper as the title.\n"
         "4. In Categories, select Books > Fiction.\n"
         "5. In Attributes, enter Iris Chen as the author.\n"
         "6. In Stock and pricing, choose Acme Book Distributors as the partner, enter SKU ACME-LK-005, "
         "12 in stock and price 21.00.\n"
         "7. Click Save.",
         "\"Created product 'The Lighthouse Keeper'\" is shown and the book appears in the product list."],
        ["C1208", "Product title is required", "Catalog > Products", "Medium", "Functional",
         "Logged in to the dashboard as admin",
         "1. Go to the product list.\n"
         "2. Choose Book as the product type and click New Product.\n"
         "3. Leave the title empty and click Save.",
         "An error is shown: Your product must have a title."],
    ]
    wb = sheet_workbook("Test Cases", header, rows, (8, 30, 20, 9, 11, 32, 70, 46), "Lena Fischer")
    save(wb, path)


if __name__ == "__main__":
    make_02_xray(HERE / "02-product-search.xlsx")
    make_03_azure(HERE / "03-update-stock.xlsx")
    make_05_testrail(HERE / "05-create-product.xlsx")
    print("wrote 02-product-search.xlsx, 03-update-stock.xlsx, 05-create-product.xlsx")
