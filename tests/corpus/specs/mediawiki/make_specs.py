"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs python-docx==1.2.0 openpyxl==3.1.5, and
                                # LibreOffice (libreoffice-writer-nogui, fonts-nanum) for the PDF

02-page-edit.docx         Word 기획서: numbered headings, "List Number" steps, tables
03-create-account.xlsx    한국어 테스트 케이스 양식 (title rows above the header)
04-new-page.pdf           Word document exported to PDF by LibreOffice (04-new-page.docx is
                          the intermediate and is removed)
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
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import deterministic_pdf, numbered, write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2024, 6, 17, 9, 0, 0)
KOREAN_FONT = "NanumGothic"


# --- Word helpers -------------------------------------------------------------


def korean_document(title: str, author: str):
    d = docx.Document()
    for name in ("Normal", "Title", "Heading 1", "Heading 2", "List Number"):
        style = d.styles[name]
        style.font.name = KOREAN_FONT
        rpr = style.element.get_or_add_rPr()
        fonts = rpr.find(qn("w:rFonts"))
        if fonts is None:
            fonts = OxmlElement("w:rFonts")
            rpr.append(fonts)
        for attr in ("w:ascii", "w:hAnsi", "w:eastAsia", "w:cs"):
            fonts.set(qn(attr), KOREAN_FONT)
    d.styles["Normal"].font.size = Pt(10.5)
    props = d.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 2
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


# --- 02: Word 기획서 (문서 편집) ------------------------------------------------


def page_edit():
    d = korean_document("휴가 규정 문서 수정 기능 검증", "인사팀 박서연")
    d.add_paragraph("휴가 규정 문서 수정 기능 검증", style="Title")
    d.add_paragraph("기능 검증 계획서 · 인사팀 · 버전 1.1 · 2024-06-17")

    d.add_heading("1. 개요", level=1)
    d.add_paragraph(
        "7월부터 휴가 신청이 그룹웨어로 바뀐다. 인사 담당자가 사내위키의 휴가 규정 문서에서 "
        "신청 방법을 직접 고칠 수 있는지, 저장한 내용이 바로 문서에 반영되는지 확인한다."
    )

    d.add_heading("2. 테스트 환경", level=1)
    table(
        d,
        [
            ["항목", "내용"],
            ["대상 시스템", "사내위키 (대문에서 시작)"],
            ["계정", "planner01 (비밀번호는 별도로 전달한다)"],
            ["대상 문서", "휴가 규정"],
        ],
    )

    d.add_heading("3. 요구사항", level=1)
    table(
        d,
        [
            ["ID", "요구사항", "우선순위"],
            ["EDIT-01", "로그인한 사용자는 문서 상단의 편집 탭으로 문서 전체를 고칠 수 있다.", "상"],
            ["EDIT-02", "편집 요약은 필수는 아니지만 입력을 권장한다.", "중"],
            ["EDIT-03", "저장하면 저장 완료 안내가 뜨고 바뀐 내용이 바로 보인다.", "상"],
        ],
    )

    d.add_heading("4. 테스트 절차", level=1)
    numbered(
        d,
        [
            "사내위키에 planner01 계정으로 로그인한다.",
            "대문의 자주 찾는 문서 목록에서 휴가 규정을 누른다.",
            "문서 상단의 편집 탭을 누른다.",
            "본문 맨 아래에 \"7월 1일부터 휴가는 그룹웨어에서 신청합니다.\" 문장을 추가한다.",
            "요약에 신청 방법 변경 안내를 입력하고 변경사항 저장 버튼을 누른다.",
            "편집을 저장했습니다 안내가 표시된다.",
            "문서 본문에 7월 1일부터 휴가는 그룹웨어에서 신청합니다 문장이 보인다.",
        ],
    )

    d.add_heading("5. 참고 사항", level=1)
    numbered(
        d,
        [
            "문단별 편집 링크(각 제목 옆의 [편집])는 이번 검증 범위가 아니다.",
            "문서 역사(역사 보기)에서 변경 내역을 확인하는 것은 TC-WIKI-09에서 다룬다.",
        ],
    )
    save_docx(d, HERE / "02-page-edit.docx")


# --- 03: 한국어 테스트 케이스 시트 (계정 만들기) ----------------------------------


def create_account():
    wb = openpyxl.Workbook()
    wb.properties.creator = "QA팀 최유나"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "회원가입"
    thin = Side(style="thin", color="999999")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)

    ws["A1"] = "사내위키 계정 만들기 테스트 케이스"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "작성자: QA팀 최유나 · 작성일: 2024-06-17 · 대상: 사내위키 계정 만들기 화면"
    header = ["번호", "테스트 항목", "사전조건", "테스트 절차", "입력 데이터", "기대 결과", "결과", "비고"]
    ws.append([])
    ws.append(header)
    rows = [
        [
            "TC-01",
            "흔히 쓰이는 비밀번호로 가입 시도",
            "로그인하지 않은 상태",
            "1. 사내위키 대문에서 상단의 계정 만들기를 누른다\n"
            "2. 사용자 이름, 비밀번호, 비밀번호 확인을 입력한다\n"
            "3. 계정 만들기 버튼을 누른다",
            "사용자 이름: qa_tester01\n비밀번호: password\n비밀번호 확인: password",
            "흔히 쓰이는 비밀번호라는 오류가 표시되고 가입되지 않는다",
            "",
            "보안 정책",
        ],
        [
            "TC-02",
            "비밀번호 확인 불일치",
            "TC-01에 이어서 진행",
            "1. 비밀번호와 비밀번호 확인에 서로 다른 값을 입력한다\n"
            "2. 계정 만들기 버튼을 누른다",
            "비밀번호: Qa-wiki-2024\n비밀번호 확인: Qa-wiki-2025",
            "입력한 비밀번호가 일치하지 않습니다 라는 오류가 표시된다",
            "",
            "",
        ],
        [
            "TC-03",
            "정상 가입",
            "TC-02에 이어서 진행",
            "1. 비밀번호와 비밀번호 확인에 같은 값을 입력하고 계정 만들기 버튼을 누른다\n"
            "2. 가입 완료 화면을 확인한다",
            "사용자 이름: qa_tester01\n비밀번호: Qa-wiki-2024\n비밀번호 확인: Qa-wiki-2024",
            "계정이 만들어졌습니다 안내가 보이고 로그인된 상태가 된다",
            "",
            "가입한 계정은 테스트 후 관리자에게 차단 요청",
        ],
    ]
    for row in rows:
        ws.append(row)
    widths = [8, 24, 20, 48, 30, 40, 8, 22]
    for i, w in enumerate(widths):
        ws.column_dimensions[chr(ord("A") + i)].width = w
    fill = PatternFill("solid", fgColor="DDEBF7")
    for cell in ws[4]:
        cell.font = Font(bold=True)
        cell.fill = fill
        cell.border = border
        cell.alignment = Alignment(horizontal="center", vertical="center")
    for row in ws.iter_rows(min_row=5, max_row=4 + len(rows)):
        for cell in row:
            cell.border = border
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A5"
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "03-create-account.xlsx", FIXED)


# --- 04: PDF (LibreOffice export of a Word document) ---------------------------


def new_page():
    d = korean_document("주간 회의록 작성 절차", "제품팀 김민지")
    d.add_paragraph("주간 회의록 작성 절차", style="Title")
    d.add_paragraph("업무 절차서 · 제품팀 · 문서번호 PM-OPS-014 · 개정 3")

    d.add_heading("1. 목적", level=1)
    d.add_paragraph(
        "매주 월요일 제품 회의가 끝나면 담당자가 사내위키에 회의록 문서를 새로 만든다. "
        "이 문서는 새 회의록 문서를 만드는 절차와 확인 사항을 정한다."
    )

    d.add_heading("2. 테스트 환경", level=1)
    table(
        d,
        [
            ["항목", "내용"],
            ["시스템", "사내위키"],
            ["계정", "관리자 계정 Admin (비밀번호는 별도로 전달한다)"],
            ["새 문서 제목", "회의록 2024-06-10"],
        ],
    )

    d.add_heading("3. 작성 절차", level=1)
    numbered(
        d,
        [
            "관리자 계정으로 사내위키에 로그인한다.",
            "상단 검색창에 회의록 2024-06-10을 입력하고 Enter를 누른다.",
            "검색 결과 아래의 문서를 만드세요 안내에서 회의록 2024-06-10 링크를 누른다.",
            "편집 상자에 회의 일시, 참석자, 안건을 입력한다. (예: 일시 2024년 6월 10일 10:00, 참석 김민지·이준호, 안건 결제 모듈 QA 일정)",
            "요약에 주간 회의록 작성을 입력하고 문서 저장 버튼을 누른다.",
            "문서가 만들어졌습니다 안내가 보이고 제목이 회의록 2024-06-10인 문서가 표시된다.",
        ],
    )

    d.add_heading("4. 유의 사항", level=1)
    d.add_paragraph("회의록 제목은 \"회의록 YYYY-MM-DD\" 형식을 지킨다. 분류는 회의록으로 지정하면 좋다.")

    tmp = Path(tempfile.mkdtemp())
    try:
        src = tmp / "04-new-page.docx"
        save_docx(d, src)
        soffice = shutil.which("soffice") or shutil.which("libreoffice")
        if soffice is None:
            raise SystemExit("LibreOffice is needed for 04-new-page.pdf (apt libreoffice-writer-nogui fonts-nanum)")
        env = dict(os.environ, HOME=str(tmp), SOURCE_DATE_EPOCH="1718582400")
        subprocess.run(
            [soffice, "--headless", "--convert-to", "pdf", "--outdir", str(tmp), str(src)],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        pdf = (tmp / "04-new-page.pdf").read_bytes()
        (HERE / "04-new-page.pdf").write_bytes(deterministic_pdf(pdf, FIXED))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    page_edit()
    create_account()
    new_page()
