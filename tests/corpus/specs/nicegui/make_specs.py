"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs python-docx==1.2.0 openpyxl==3.1.5

02-booking-create.xlsx   plain Korean test-case template (two title rows above the header)
03-booking-delete.docx   Korean Word spec: numbered headings, "List Number" steps, tables
05-booking-edit.xlsx     Azure Test Plans export (one test case, one row per step)
"""
import datetime
import io
import sys
from pathlib import Path

import docx
import openpyxl
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import numbered, write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2027, 1, 6, 9, 0, 0)


# --- Word helpers -------------------------------------------------------------


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


def korean_font(document):
    normal = document.styles["Normal"]
    normal.font.name = "맑은 고딕"
    normal.font.size = Pt(10.5)
    rpr = normal.element.get_or_add_rPr()
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        rpr.append(fonts)
    fonts.set(qn("w:eastAsia"), "맑은 고딕")


def fixed_properties(document, title, author):
    props = document.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 2


# --- 03: 예약 삭제 (Word) -----------------------------------------------------------


def booking_delete():
    d = docx.Document()
    korean_font(d)
    fixed_properties(d, "회의실 예약 삭제 기능 테스트 명세서", "오세린")
    d.add_paragraph("회의실 예약 삭제 기능 테스트 명세서", style="Title")
    d.add_paragraph("문서 번호 MR-QA-003 · 작성자 오세린 (QA) · 검토자 최윤서 (기획)")

    d.add_heading("1. 개요", level=1)
    d.add_paragraph(
        "잘못 등록했거나 취소된 회의는 예약 목록에서 바로 삭제할 수 있어야 한다. "
        "삭제는 되돌릴 수 없으므로 반드시 확인 창을 거친다."
    )

    d.add_heading("2. 테스트 환경", level=1)
    table(
        d,
        [
            ["항목", "내용"],
            ["시스템", "회의실 예약 시스템 (검수 서버)"],
            ["계정", "admin (관리자, 비밀번호는 별도로 전달한다)"],
            ["기준 데이터", "기본 예약 6건"],
        ],
    )

    d.add_heading("3. 요구사항", level=1)
    table(
        d,
        [
            ["ID", "요구사항", "우선순위"],
            ["DEL-01", "예약 목록의 각 행에 삭제 버튼이 있다.", "상"],
            ["DEL-02", "삭제 버튼을 누르면 회의명이 들어간 확인 창이 뜬다.", "상"],
            ["DEL-03", "확인 창에서 취소하면 아무것도 삭제되지 않는다.", "상"],
            ["DEL-04", "삭제가 끝나면 완료 메시지가 표시되고 건수가 줄어든다.", "중"],
        ],
    )

    d.add_heading("4. 테스트 절차", level=1)
    numbered(
        d,
        [
            "관리자 계정으로 로그인한다. 관리자 비밀번호를 입력한다.",
            "예약 목록에 채용 면접 예약이 있는지 확인한다.",
            "채용 면접 행의 삭제 버튼을 누른다.",
            "확인 창에 '채용 면접' 예약을 삭제하시겠습니까? 문구가 표시된다.",
            "대화상자의 취소를 누르면 채용 면접이 목록에 그대로 남아 있다.",
            "다시 채용 면접 행의 삭제를 누르고 대화상자의 삭제 버튼을 누른다.",
            "예약이 삭제되었습니다 메시지가 표시되고 목록에서 채용 면접이 사라진다.",
            "건수가 전체 5건으로 바뀐다.",
        ],
    )

    d.add_heading("5. 비고", level=1)
    numbered(
        d,
        [
            "삭제된 예약은 복구 기능이 없다 (2차 개발 예정).",
            "다른 사람의 예약 삭제 권한은 별도 문서에서 다룬다.",
        ],
    )
    buf = io.BytesIO()
    d.save(buf)
    write_deterministic(buf.getvalue(), HERE / "03-booking-delete.docx", FIXED)


# --- 02: 예약 등록 (plain Korean template) ----------------------------------------------

THIN = Side(style="thin", color="999999")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


def booking_create():
    wb = openpyxl.Workbook()
    wb.properties.creator = "박지훈"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "예약 등록"
    ws.append(["회의실 예약 시스템 - 예약 등록 테스트 케이스"])
    ws.append(["작성자: QA팀 박지훈 / 작성일: 2027-01-05 / 버전: 1.0 / 테스트 계정: jiyoung.lee (비밀번호 별도 전달)"])
    ws.append([])
    header = ["번호", "테스트 항목", "사전조건", "테스트 절차", "입력 데이터", "기대 결과", "결과", "비고"]
    ws.append(header)
    cases = [
        [
            1,
            "새 예약 등록",
            "이지영 계정으로 로그인한 상태",
            "1. 새 예약 버튼을 누른다\n2. 입력 데이터대로 입력한다\n3. 저장 버튼을 누른다",
            "회의명: 마케팅 캠페인 회의\n회의실: 화상회의실\n날짜: 2027-01-21\n"
            "시작 시간: 10:00\n종료 시간: 11:30\n참석 인원: 7\n외부 손님 참석: 체크",
            "예약이 등록되었습니다 메시지가 표시된다.\n목록에 마케팅 캠페인 회의가 보이고 건수가 전체 7건이 된다.",
            "",
            "",
        ],
        [
            2,
            "회의명 누락 시 저장 불가",
            "로그인 상태",
            "1. 새 예약을 누른다\n2. 회의명은 비워 두고 회의실, 날짜, 시간만 입력한다\n3. 저장을 누른다",
            "회의실: 소회의실 C\n날짜: 2027-01-22\n시작 시간: 13:00\n종료 시간: 14:00",
            "회의명을 입력하세요 오류 메시지가 표시되고 창이 닫히지 않는다.",
            "",
            "",
        ],
        [
            3,
            "회의실 정원 초과",
            "2번 케이스에 이어서 진행 (예약 창이 열린 상태)",
            "1. 회의명과 참석 인원을 입력한다\n2. 저장을 누른다",
            "회의명: 전사 워크숍 준비\n참석 인원: 9",
            "정원 초과 오류가 표시된다 (회의실 정원(4명)을 초과합니다).\n예약은 저장되지 않는다.",
            "",
            "소회의실 C 정원 4명",
        ],
    ]
    for case in cases:
        ws.append(case)
    ws.merge_cells("A1:H1")
    ws.merge_cells("A2:H2")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"].font = Font(size=9, color="555555")
    fill = PatternFill("solid", fgColor="D9E1F2")
    for cell in ws[4]:
        cell.font = Font(bold=True)
        cell.fill = fill
        cell.border = BOX
        cell.alignment = Alignment(horizontal="center")
    for row in ws.iter_rows(min_row=5):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            cell.border = BOX
    for col, width in zip("ABCDEFGH", [6, 22, 24, 40, 30, 44, 8, 18]):
        ws.column_dimensions[col].width = width
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "02-booking-create.xlsx", FIXED)


# --- 05: 예약 수정 (Azure Test Plans export) -----------------------------------------------


def booking_edit():
    wb = openpyxl.Workbook()
    wb.properties.creator = "Azure DevOps"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "Test Cases"
    ws.append(
        ["ID", "Work Item Type", "Title", "Test Step", "Step Action", "Step Expected",
         "Area Path", "Assigned To", "State"]
    )
    ws.append(
        [4521, "Test Case", "예약 수정 - 회의 종료 시간 변경", "", "", "",
         "MeetingRoom\\예약", "정하늘", "Design"]
    )
    steps = [
        ("이지영 계정으로 로그인한다 (비밀번호는 별도 전달)", "예약 목록이 표시된다"),
        ("신규 고객사 미팅 행의 수정 버튼을 누른다", "예약 수정 창에 기존 내용(소회의실 B, 2027-01-12)이 채워져 있다"),
        ("종료 시간을 16:00으로 바꾸고 저장을 누른다", "예약이 변경되었습니다 메시지가 표시된다"),
        ("목록에서 신규 고객사 미팅의 시간을 확인한다", "14:00~16:00으로 표시된다"),
    ]
    for number, (action, expected) in enumerate(steps, 1):
        ws.append(["", "", "", number, action, expected, "", "", ""])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for col, width in zip("ABCDEFGHI", [7, 14, 34, 9, 46, 50, 18, 10, 9]):
        ws.column_dimensions[col].width = width
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "05-booking-edit.xlsx", FIXED)


if __name__ == "__main__":
    booking_create()
    booking_delete()
    booking_edit()
    print("wrote 02-booking-create.xlsx, 03-booking-delete.docx, 05-booking-edit.xlsx")
