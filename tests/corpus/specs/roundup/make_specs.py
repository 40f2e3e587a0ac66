"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs python-docx==1.2.0 openpyxl==3.1.5, and
                                # LibreOffice (libreoffice-writer-nogui) for the PDF

01-create-issue.xlsx     TestRail export, steps as numbered lines in one cell
02-keywords.docx         Word spec: numbered headings, "List Number" steps, tables
03-issue-list.pdf        Word document exported to PDF by LibreOffice (contradicted by the app)
05-register.xlsx         Zephyr Scale export, one row per step (contradicted by the app)
"""
import datetime
import io
import sys
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import docx
import openpyxl
from docx.shared import Pt
from openpyxl.styles import Alignment, Font, PatternFill
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import deterministic_pdf, numbered, write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2024, 6, 20, 9, 30, 0)


# --- Word helpers -------------------------------------------------------------


def new_document(title: str, author: str):
    d = docx.Document()
    d.styles["Normal"].font.name = "Liberation Sans"
    d.styles["Normal"].font.size = Pt(10.5)
    props = d.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 4
    return d


def table(document, rows):
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


def save_docx(document, path: Path) -> None:
    buf = io.BytesIO()
    document.save(buf)
    write_deterministic(buf.getvalue(), path, FIXED)


def style_sheet(ws, header_row: int, widths):
    fill = PatternFill("solid", fgColor="D9E1F2")
    for cell in ws[header_row]:
        cell.font = Font(bold=True)
        cell.fill = fill
    for i, w in enumerate(widths):
        ws.column_dimensions[chr(ord("A") + i)].width = w
    for row in ws.iter_rows(min_row=header_row + 1):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")


# --- 01: TestRail export ---------------------------------------------------------


def create_issue():
    wb = openpyxl.Workbook()
    wb.properties.creator = "TestRail"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Test Cases"
    ws.append(
        ["ID", "Title", "Section", "Template", "Type", "Priority", "Preconditions", "Steps", "Expected Result",
         "References"]
    )
    ws.append(
        [
            "C3101",
            "Support agent files a new bug",
            "Issues > Create",
            "Test Case (Text)",
            "Functional",
            "High",
            "Tracker is running with the standard seed. User alice exists (password provided separately).",
            "1. Open the tracker and log in as alice\n"
            "2. Click Create New under Issues\n"
            "3. Enter Export to Excel drops Korean characters as the title, choose bug as the priority "
            "and bob as Assigned To\n"
            "4. Type ui in Keywords and write the change note: Exporting the order list to Excel turns "
            "Hangul into question marks.\n"
            "5. Click Submit New Entry",
            "A confirmation that the issue was created is shown (e.g. \"issue 8 created\").\n"
            "The issue page shows priority bug, Assigned To bob and keyword ui.",
            "SUP-210",
        ]
    )
    ws.append(
        [
            "C3102",
            "Title is mandatory",
            "Issues > Create",
            "Test Case (Text)",
            "Negative",
            "Medium",
            "Logged in as alice.",
            "1. Click Create New under Issues\n"
            "2. Leave the title empty and choose urgent as the priority\n"
            "3. Click Submit New Entry",
            "An error is shown that the title is required (\"Required issue property title not supplied\").\n"
            "No issue is created.",
            "SUP-211",
        ]
    )
    ws.append(
        [
            "C3103",
            "New issue shows up in the issue list",
            "Issues > List",
            "Test Case (Text)",
            "Functional",
            "Medium",
            "C3101 passed.",
            "1. Click Show All under Issues",
            "Export to Excel drops Korean characters is listed under the bug group with bob as Assigned To.",
            "SUP-210",
        ]
    )
    style_sheet(ws, 1, [8, 34, 16, 16, 12, 9, 36, 60, 50, 10])
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "01-create-issue.xlsx", FIXED)


# --- 02: Word spec -----------------------------------------------------------------


def keywords():
    d = new_document("Tracker keyword maintenance", "Mina Seo")
    d.add_paragraph("Tracker Keyword Maintenance", style="Title")
    d.add_paragraph("Acceptance test specification · Support Operations · v1.0")

    d.add_heading("1. Purpose", level=1)
    d.add_paragraph(
        "Keywords let the support team tag issues by area. Security reports have been tagged "
        "inconsistently, so a new keyword \"security\" is introduced. Keyword names must stay unique."
    )

    d.add_heading("2. Test environment", level=1)
    table(
        d,
        [
            ["Item", "Value"],
            ["Application", "Acme Support Tracker (issue list page)"],
            ["Account", "admin (password provided separately)"],
            ["Existing keywords", "billing, docs, login, mobile, performance, ui"],
        ],
    )

    d.add_heading("3. Requirements", level=1)
    table(
        d,
        [
            ["ID", "Requirement", "Priority"],
            ["KW-1", "An administrator can add a keyword from the sidebar.", "Must"],
            ["KW-2", "A new keyword is listed with the existing keywords right away.", "Must"],
            ["KW-3", "A keyword name that already exists is rejected.", "Must"],
        ],
    )

    d.add_heading("4. Test procedure", level=1)
    numbered(
        d,
        [
            "Log in as admin.",
            "Click Create New in the Keywords section of the sidebar.",
            "Enter security in the Keyword field and click Submit New Entry.",
            "The message \"keyword 7 created\" is shown and security appears under Existing Keywords.",
            "Enter billing in the Keyword field and click Submit New Entry.",
            "An error is shown: the keyword already exists.",
        ],
    )

    d.add_heading("5. Notes", level=1)
    numbered(
        d,
        [
            "Renaming a keyword (Edit Existing) is covered by TC-KW-04.",
            "Retiring keywords is not supported by the tracker and is out of scope.",
        ],
    )
    save_docx(d, HERE / "02-keywords.docx")


# --- 03: PDF from LibreOffice ---------------------------------------------------------


def issue_list():
    d = new_document("Weekly triage: open issue list", "Daniel Han")
    d.add_paragraph("Weekly Triage – Open Issue List", style="Title")
    d.add_paragraph("Product requirements · Support Operations · Release 2024.07")

    d.add_heading("1. Overview", level=1)
    d.add_paragraph(
        "Every Monday the support lead reviews the open issues on the tracker's home page. "
        "The list must show every issue of the current backlog, grouped by priority with the "
        "most severe first, so that nothing is missed in triage."
    )

    d.add_heading("2. Test environment", level=1)
    table(
        d,
        [
            ["Item", "Value"],
            ["URL", "Acme Support Tracker home page (issue list)"],
            ["Account", "none – the list is visible without logging in"],
            ["Data", "Standard seed: 7 issues (IDs 1–7)"],
        ],
    )

    d.add_heading("3. Acceptance criteria", level=1)
    numbered(
        d,
        [
            "Open the tracker's issue list.",
            "The issues are grouped by priority, with critical first.",
            "Login page rejects valid passwords after upgrade is listed under critical and assigned to bob.",
            "Invoice PDF shows the wrong tax rate is listed under urgent and assigned to dave.",
            "All seven seeded issues are in the list: the footer reads 1..7 out of 7.",
        ],
    )

    d.add_heading("4. Out of scope", level=1)
    d.add_paragraph("Saved queries and CSV export are covered by the reporting specification.")

    tmp = Path(tempfile.mkdtemp())
    try:
        src = tmp / "03-issue-list.docx"
        save_docx(d, src)
        soffice = shutil.which("soffice") or shutil.which("libreoffice")
        if soffice is None:
            raise SystemExit("LibreOffice is needed for 03-issue-list.pdf (apt libreoffice-writer-nogui)")
        env = dict(os.environ, HOME=str(tmp))
        subprocess.run(
            [soffice, "--headless", "--convert-to", "pdf", "--outdir", str(tmp), str(src)],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        pdf = (tmp / "03-issue-list.pdf").read_bytes()
        (HERE / "03-issue-list.pdf").write_bytes(deterministic_pdf(pdf, FIXED))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- 05: Zephyr Scale export ------------------------------------------------------------


def register():
    wb = openpyxl.Workbook()
    wb.properties.creator = "Zephyr Scale"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Test Cases"
    ws.append(
        ["Test Case Key", "Name", "Status", "Precondition", "Objective", "Priority", "Labels",
         "Test Script (Step-by-Step) - Step", "Test Script (Step-by-Step) - Test Data",
         "Test Script (Step-by-Step) - Expected Result"]
    )
    ws.append(
        [
            "ACME-T12",
            "Customer registers an account",
            "Approved",
            "The visitor is not logged in.",
            "A customer can create a tracker account on their own and is told what happens next.",
            "Normal",
            "registration",
            "Open the tracker home page and click Register.",
            "",
            "The registration form is shown.",
        ]
    )
    ws.append(
        ["", "", "", "", "", "", "",
         "Fill in the login name, the password twice and the e-mail address.",
         "Login Name: frank\nLogin Password: Frank#2024\nConfirm Password: Frank#2024\n"
         "E-mail address: frank@customer.example",
         ""]
    )
    ws.append(
        ["", "", "", "", "", "", "",
         "Click Register.",
         "",
         "The message \"Registration successful. Please check your e-mail to activate your account.\" "
         "is shown."]
    )
    style_sheet(ws, 1, [14, 32, 10, 28, 40, 9, 14, 46, 40, 50])
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "05-register.xlsx", FIXED)


if __name__ == "__main__":
    create_issue()
    keywords()
    issue_list()
    register()
