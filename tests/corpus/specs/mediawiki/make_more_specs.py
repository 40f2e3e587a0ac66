"""Writes the binary specs added after make_specs.py (deterministic; run again after editing).

    python make_more_specs.py   # needs openpyxl==3.1.5

08-category-check.xlsx    점검표 (checklist sheet) whose columns are named the way one team
                          happens to name them: 순번 / 점검 항목 / 확인 방법 / 정상 기준 / 점검 결과 /
                          담당, under two title rows (contradicted by the app: the count it expects
                          is wrong)

make_specs.py writes the older specs and is left unchanged.
"""
import datetime
import io
import sys
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from office import write_deterministic  # noqa: E402

HERE = Path(__file__).resolve().parent
FIXED = datetime.datetime(2024, 7, 8, 9, 0, 0)


# --- 08: 분류 점검표 ---------------------------------------------------------------


def category_check():
    wb = openpyxl.Workbook()
    wb.properties.creator = "인사팀 정다은"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "분류 점검"
    thin = Side(style="thin", color="808080")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)

    ws["A1"] = "사내위키 인사 분류 정리 점검표"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "점검일: 2024-07-08 · 점검자: 인사팀 정다은 · 로그인 없이 점검 · 6/3 회의 결정에 따라 회의록도 인사 분류로 옮김"
    header = ["순번", "점검 항목", "확인 방법", "정상 기준", "점검 결과", "담당"]
    ws.append(header)
    rows = [
        ["1", "분류 상자 표시",
         "사내위키 대문의 자주 찾는 문서에서 휴가 규정을 눌러 연다",
         "휴가 규정 문서 맨 아래 분류 상자에 인사가 보인다", "", "정다은"],
        ["2", "분류 화면 이동",
         "분류 상자의 인사 링크를 누른다",
         "분류:인사 화면이 열리고 \"인사\" 분류에 속하는 문서 목록이 보인다", "", "정다은"],
        ["3", "분류 문서 수",
         "목록 위의 안내 문구를 읽는다",
         "\"다음은 이 분류에 속하는 문서 3개 가운데 3개입니다.\"로 표시된다", "", "정다은"],
        ["4", "회의록 분류",
         "목록에서 회의록 2024-06-03을 누른다",
         "회의록 2024-06-03 문서가 열린다", "", "김태윤"],
    ]
    for row in rows:
        ws.append(row)
    for i, w in enumerate([7, 16, 44, 50, 12, 10]):
        ws.column_dimensions[chr(ord("A") + i)].width = w
    fill = PatternFill("solid", fgColor="FFF2CC")
    for cell in ws[3]:
        cell.font = Font(bold=True)
        cell.fill = fill
        cell.border = border
        cell.alignment = Alignment(horizontal="center", vertical="center")
    for row in ws.iter_rows(min_row=4, max_row=3 + len(rows)):
        for cell in row:
            cell.border = border
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A4"
    buf = io.BytesIO()
    wb.save(buf)
    write_deterministic(buf.getvalue(), HERE / "08-category-check.xlsx", FIXED)


if __name__ == "__main__":
    category_check()
    print("wrote 08-category-check.xlsx")
