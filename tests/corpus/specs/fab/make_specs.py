"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs python-docx==1.2.0 openpyxl==3.1.5

02-user-management.xlsx     TestRail export, steps as numbered lines in one cell
04-contact-required-fields.docx  Word spec: numbered headings, "List Number" steps, tables
"""
import datetime
import io
import sys
from pathlib import Path

import docx
import openpyxl
from docx.shared import Pt
from openpyxl.styles import Alignment, Font, PatternFill
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import numbered, write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2027, 1, 4, 9, 0, 0)


# --- Word helpers -------------------------------------------------------------


def table(document, rows, widths=None):
    t = document.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = t.cell(r, c)
            cell.text = text
            if r == 0:
                for run in cell.paragraphs[0].runs:
                    run.bold = True
    document.add_paragraph()
    return t


def fixed_properties(document, title, author):
    props = document.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 3


# --- 04: Word spec (contradicted by the app) -----------------------------------


def contact_required_fields():
    d = docx.Document()
    d.styles["Normal"].font.name = "Calibri"
    d.styles["Normal"].font.size = Pt(11)
    fixed_properties(d, "Contacts – Quick contact entry", "Priya Raman")
    d.add_paragraph("Contacts – Quick Contact Entry", style="Title")
    d.add_paragraph("Functional specification · Sales Operations · v0.9 (draft for review)")

    d.add_heading("1. Purpose", level=1)
    d.add_paragraph(
        "At trade fairs the sales assistants collect business cards faster than they can "
        "type them. To speed this up, a contact may be stored with only a phone number and "
        "its group; the name is completed later from the card."
    )

    d.add_heading("2. Test environment", level=1)
    table(
        d,
        [
            ["Item", "Value"],
            ["Application", "Contacts web app (staging)"],
            ["Account", "admin (password provided separately)"],
            ["Test data", "Standard seed: 8 contacts"],
        ],
    )

    d.add_heading("3. Requirements", level=1)
    table(
        d,
        [
            ["ID", "Requirement", "Priority"],
            ["QCE-1", "Only the contacts group and the gender are mandatory when adding a contact.", "Must"],
            ["QCE-2", "A contact without a name is saved and listed like any other contact.", "Must"],
            ["QCE-3", "The name can be added later from the Edit screen.", "Should"],
        ],
    )

    d.add_heading("4. Test procedure", level=1)
    numbered(
        d,
        [
            "Log in as admin.",
            "Open the contact list and click Add.",
            "Leave the name empty and enter 555-0199 as the personal phone.",
            "Select Clients as the contacts group and Male as the gender.",
            "Click Save.",
            "The contact is saved successfully (Added Row) and the list shows 9 contacts.",
        ],
    )

    d.add_heading("5. Open points", level=1)
    numbered(
        d,
        [
            "Duplicate phone numbers are allowed for now.",
            "Reporting on contacts without a name is out of scope.",
        ],
    )
    buf = io.BytesIO()
    d.save(buf)
    write_deterministic(buf.getvalue(), HERE / "04-contact-required-fields.docx", FIXED)


# --- 02: TestRail export ----------------------------------------------------------


def user_management():
    wb = openpyxl.Workbook()
    wb.properties.creator = "TestRail"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Test Cases"
    header = [
        "ID",
        "Title",
        "Section",
        "Template",
        "Type",
        "Priority",
        "Preconditions",
        "Steps",
        "Expected Result",
        "References",
    ]
    rows = [
        [
            "C1201",
            "Login is refused with a wrong password",
            "Security > Login",
            "Test Case (Text)",
            "Functional",
            "High",
            "The Contacts app is running. User admin exists.",
            "1. Open the login page\n"
            "2. Enter admin as the username and wrong-pass-1 as the password\n"
            "3. Click Sign In",
            "An error is shown: Invalid login. Please try again.\n"
            "The user stays on the login page.",
            "SEC-12",
        ],
        [
            "C1202",
            "Administrator adds a new user",
            "Security > Users",
            "Test Case (Text)",
            "Functional",
            "High",
            "Logged in as admin (password provided separately).",
            "1. Log in as admin\n"
            "2. Go to the user list (Security menu)\n"
            "3. Click Add\n"
            "4. Enter Jane as first name, Planner as last name, planner01 as user name and "
            "planner01@example.com as email\n"
            "5. Select the Admin role\n"
            "6. Enter Plan#Ner2024x as password and confirm it\n"
            "7. Click Save",
            "Added Row is shown.\nplanner01 appears in the user list.",
            "SEC-14",
        ],
        [
            "C1203",
            "A weak password is rejected",
            "Security > Users",
            "Test Case (Text)",
            "Negative",
            "Medium",
            "Logged in as admin.",
            "1. Open the user list and click Add\n"
            "2. Fill in Tom / Weak / weak01 / weak01@example.com and select the Admin role\n"
            "3. Enter welcome1 as password and confirm password\n"
            "4. Click Save",
            "The user is not created. The form shows the password rule: "
            "Must have at least two capital letters",
            "SEC-15",
        ],
    ]
    ws.append(header)
    for row in rows:
        ws.append(row)
    fill = PatternFill("solid", fgColor="DDE7F3")
    for cell in ws[1]:
        cell.font = Font(bold=True)
        cell.fill = fill
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    for col, width in zip("ABCDEFGHIJ", [8, 34, 18, 16, 11, 9, 34, 60, 44, 11]):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "02-user-management.xlsx", FIXED)


if __name__ == "__main__":
    contact_required_fields()
    user_management()
    print("wrote 02-user-management.xlsx, 04-contact-required-fields.docx")
