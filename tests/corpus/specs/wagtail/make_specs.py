"""Writes this folder's binary specs (deterministic; run again after editing).

    python make_specs.py        # needs python-docx==1.2.0 openpyxl==3.1.5, and
                                # LibreOffice (libreoffice-writer-nogui, fonts-nanum) for the PDF

02-page-publish.xlsx     Korean in-house test-case template, a title block above the header row
03-group-collection.docx Word plan: auto-numbered headings (1., 4.1), "List Number" steps, tables
04-redirect.pdf          Word document exported to PDF by LibreOffice (contradicted by the app)

01-user-add.md and 05-user-weak-password.html are written by hand.
"""
import datetime
import io
import sys
import shutil
import subprocess
import tempfile
from pathlib import Path

import docx
import openpyxl
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Pt
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import deterministic_pdf, numbered, write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2024, 4, 12, 10, 0, 0)
KOREAN_FONT = "맑은 고딕"


# --- Word helpers ---------------------------------------------------------------------


def set_korean_font(style, size=None):
    style.font.name = KOREAN_FONT
    rpr = style.element.get_or_add_rPr()
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        rpr.insert(0, fonts)
    for attr in ("w:ascii", "w:hAnsi", "w:eastAsia", "w:cs"):
        fonts.set(qn(attr), KOREAN_FONT)
    if size:
        style.font.size = Pt(size)


def new_document(title: str, author: str):
    d = docx.Document()
    set_korean_font(d.styles["Normal"], 10.5)
    for name in ("Heading 1", "Heading 2", "Title"):
        set_korean_font(d.styles[name])
    props = d.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 3
    numbered_headings(d)
    return d


def numbered_headings(document) -> None:
    """Heading 1 / Heading 2 numbered by a multilevel list ("1.", "4.1"), as company templates do:
    the numbers come from the styles, they are not typed into the heading text."""
    numbering = document.part.numbering_part.element
    abstract_id = "90"
    abstract = parse_xml(
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract_id}">'
        '<w:multiLevelType w:val="multilevel"/>'
        '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/>'
        '<w:lvlText w:val="%1."/><w:lvlJc w:val="left"/>'
        '<w:pPr><w:ind w:left="425" w:hanging="425"/></w:pPr></w:lvl>'
        '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading2"/>'
        '<w:lvlText w:val="%1.%2"/><w:lvlJc w:val="left"/>'
        '<w:pPr><w:ind w:left="567" w:hanging="567"/></w:pPr></w:lvl>'
        "</w:abstractNum>"
    )
    first_num = numbering.find(qn("w:num"))
    if first_num is not None:
        first_num.addprevious(abstract)
    else:
        numbering.append(abstract)
    num_id = max(int(n.get(qn("w:numId"))) for n in numbering.findall(qn("w:num"))) + 1
    numbering.append(parse_xml(
        f'<w:num {nsdecls("w")} w:numId="{num_id}"><w:abstractNumId w:val="{abstract_id}"/></w:num>'))
    for level, name in enumerate(("Heading 1", "Heading 2")):
        ppr = document.styles[name].element.get_or_add_pPr()
        num_pr = ppr.get_or_add_numPr()
        num_pr.get_or_add_ilvl().val = level
        num_pr.get_or_add_numId().val = num_id


def bullets(document, items):
    for text in items:
        document.add_paragraph(text, style="List Bullet")


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


def save_docx(document, path: Path) -> None:
    buf = io.BytesIO()
    document.save(buf)
    write_deterministic(buf.getvalue(), path, FIXED)


# --- 02: Korean in-house sheet ---------------------------------------------------------------


def make_02_sheet(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "테스트케이스"
    header = ["번호", "테스트 항목", "사전조건", "테스트 절차", "입력 데이터", "기대 결과", "결과", "비고"]
    ws.append(["코퍼스 홈페이지 CMS 기능 테스트 케이스"])
    ws.append(["작성자: 콘텐츠기획팀 김지현    작성일: 2024-04-02    버전: v1.0    대상: 관리자 화면(/admin/)"])
    ws.append([])
    ws.append(header)
    rows = [
        ["TC-CMS-001", "로그인 실패 - 비밀번호 오류", "로그아웃 상태",
         "1. 관리자 로그인 화면에 접속한다.\n2. 사용자 이름과 비밀번호를 입력하고 로그인 버튼을 클릭한다.",
         "사용자 이름: admin\n비밀번호: wrong-pass",
         "로그인되지 않고 오류 메시지가 표시된다.", "", ""],
        ["TC-CMS-002", "관리자 로그인", "없음",
         "1. 관리자 로그인 화면에 접속한다.\n2. 관리자 계정으로 로그인한다.",
         "사용자 이름: admin\n비밀번호: 별도 전달",
         "대시보드가 표시된다.", "", ""],
        ["TC-CMS-003", "하위 페이지 추가 및 게시", "TC-CMS-002 로그인 상태",
         "1. 왼쪽 메뉴의 페이지에서 홈을 선택한다.\n"
         "2. 상단의 하위 페이지 추가를 클릭한다.\n"
         "3. 페이지 유형으로 일반 페이지를 선택한다.\n"
         "4. 제목과 요약을 입력한다.\n"
         "5. 하단의 더 많은 움직임 버튼을 눌러 게시를 클릭한다.",
         "제목: 개인정보 처리방침\n요약: 개인정보 처리방침 안내",
         "'페이지가 생성 및 게시되었습니다' 메시지가 표시되고, 목록에 개인정보 처리방침이 라이브 상태로 보인다.",
         "", "제목은 회차마다 바꿔도 됨"],
    ]
    for row in rows:
        ws.append(row)
    ws.merge_cells("A1:H1")
    ws.merge_cells("A2:H2")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"].font = Font(size=9, color="555555")
    thin = Side(style="thin", color="999999")
    fill = PatternFill("solid", fgColor="FFF2CC")
    for cell in ws[4]:
        cell.font = Font(bold=True)
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center", vertical="center")
        cell.border = Border(top=thin, bottom=thin, left=thin, right=thin)
    for row in ws.iter_rows(min_row=5, max_row=4 + len(rows)):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            cell.border = Border(top=thin, bottom=thin, left=thin, right=thin)
    for col, width in zip("ABCDEFGH", (12, 22, 18, 52, 28, 44, 8, 18)):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A5"

    history = wb.create_sheet("변경 이력")
    history.append(["버전", "일자", "작성자", "내용"])
    history.append(["v0.9", "2024-03-28", "김지현", "초안 작성"])
    history.append(["v1.0", "2024-04-02", "김지현", "TC-CMS-003 게시 절차 추가"])
    for cell in history[1]:
        cell.font = Font(bold=True)

    wb.properties.creator = "김지현"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), path, FIXED)


# --- 03: Word plan with numbered headings ------------------------------------------------------


def make_03_docx(path: Path) -> None:
    d = new_document("권한 그룹 및 자료 모음 설정 테스트 계획서", "콘텐츠플랫폼팀 이도윤")
    d.add_paragraph("권한 그룹 및 자료 모음 설정 테스트 계획서", style="Title")
    d.add_paragraph("문서 번호 CMS-QA-013 · 작성 이도윤 · 2024-04-12")

    d.add_heading("개요", level=1)
    d.add_paragraph(
        "외부 검수 인력이 CMS에 들어와 원고를 확인할 수 있도록 전용 권한 그룹을 만들고, 보도 자료 파일을 "
        "따로 관리할 모음(컬렉션)을 추가한다. 본 문서는 두 설정 작업의 절차와 확인 기준을 정리한다.")

    d.add_heading("테스트 환경", level=1)
    table(d, [
        ["항목", "내용"],
        ["접속 주소", "/admin/"],
        ["계정", "admin (관리자 권한)"],
        ["비밀번호", "{{secret.ADMIN_PASSWORD}}"],
        ["브라우저", "Chrome 최신 버전"],
    ])

    d.add_heading("요구사항", level=1)
    table(d, [
        ["ID", "요구사항", "비고"],
        ["REQ-01", "관리자는 그룹 관리 화면에서 새 권한 그룹을 만들 수 있다.", "관리자 화면 접근 권한 포함"],
        ["REQ-02", "관리자는 모음 관리 화면에서 최상위(Root) 아래에 새 모음을 만들 수 있다.", ""],
        ["REQ-03", "생성 결과는 완료 메시지와 목록으로 확인할 수 있다.", ""],
    ])

    d.add_heading("테스트 시나리오", level=1)
    d.add_heading("권한 그룹 생성", level=2)
    numbered(d, [
        "관리자 계정(admin)으로 로그인한다. 비밀번호는 {{secret.ADMIN_PASSWORD}}를 사용한다.",
        "설정 메뉴에서 그룹 관리 화면으로 이동한다.",
        "그룹 추가를 누른다.",
        "이름에 콘텐츠 검수팀을 입력한다.",
        "다른 권한 영역의 Can access Wagtail admin에 체크하고 생성 버튼을 누른다.",
        "그룹이 생성되었다는 메시지가 나오고, 그룹 목록에 콘텐츠 검수팀이 보인다.",
    ])
    d.add_heading("자료 모음 추가", level=2)
    numbered(d, [
        "설정 > 모음 화면으로 이동한다.",
        "모음 추가를 누른다.",
        "이름에 보도 자료를 입력하고, 상위 항목으로 Root를 선택한 뒤 생성 버튼을 누른다.",
        "\"모음이 생성됨\" 메시지가 표시된다.",
        "모음 목록에 보도 자료가 보인다.",
    ])

    d.add_heading("완료 기준", level=1)
    bullets(d, [
        "두 시나리오의 모든 확인 항목이 통과해야 한다.",
        "그룹의 페이지 권한 세부 설정은 운영팀이 별도로 진행한다.",
    ])
    save_docx(d, path)


# --- 04: PDF exported from Word by LibreOffice -------------------------------------------------


def make_04_pdf(path: Path) -> None:
    d = new_document("이벤트 단축 주소(리다이렉트) 등록 검증", "마케팅팀 한지우")
    d.add_paragraph("이벤트 단축 주소 등록 검증", style="Title")
    d.add_paragraph("마케팅팀 한지우 · 2024-04-18 · 검토: 콘텐츠플랫폼팀")

    d.add_heading("개요", level=1)
    d.add_paragraph(
        "봄 이벤트 홍보물에 인쇄할 짧은 주소 /event를 만든다. /event로 들어온 방문자는 서비스 점검 안내 "
        "페이지(/maintenance-notice/)로 이동해야 한다. CMS의 리다이렉트 기능으로 등록한다.")

    d.add_heading("테스트 환경", level=1)
    table(d, [
        ["항목", "내용"],
        ["URL", "/admin/"],
        ["계정", "admin (비밀번호는 별도로 전달)"],
        ["대상 페이지", "서비스 점검 안내 (/maintenance-notice/)"],
    ])

    d.add_heading("테스트 절차", level=1)
    numbered(d, [
        "관리자 로그인 화면에서 admin 계정으로 로그인한다.",
        "설정 > 리다이렉트 메뉴로 이동한다.",
        "리다이렉트 추가를 클릭한다.",
        "경로에 /event를 입력한다.",
        "다른 URL로 리다이렉트에 /maintenance-notice/를 입력한다.",
        "생성 버튼을 누른다.",
    ])

    d.add_heading("기대 결과", level=1)
    bullets(d, [
        "리다이렉트가 추가되었다는 메시지가 표시된다.",
        "리다이렉트 목록에 /event가 표시된다.",
    ])
    d.add_heading("참고", level=1)
    d.add_paragraph("영구 리다이렉트 여부는 기본값(영구)을 그대로 둔다.")

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "04-redirect.docx"
        save_docx(d, src)
        office = shutil.which("libreoffice") or shutil.which("soffice")
        if not office:
            raise SystemExit("LibreOffice is needed for the PDF (apt-get install libreoffice-writer-nogui)")
        subprocess.run(
            [office, f"-env:UserInstallation=file://{tmp}/profile", "--headless",
             "--convert-to", "pdf", "--outdir", tmp, str(src)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        path.write_bytes(deterministic_pdf((Path(tmp) / "04-redirect.pdf").read_bytes(), FIXED))


if __name__ == "__main__":
    make_02_sheet(HERE / "02-page-publish.xlsx")
    make_03_docx(HERE / "03-group-collection.docx")
    make_04_pdf(HERE / "04-redirect.pdf")
    print("wrote 02-page-publish.xlsx, 03-group-collection.docx, 04-redirect.pdf")
