"""Helpers the corpus's spec generators share: Office files and PDFs written byte for byte the
same on every run, and Word lists numbered by their style (as planners' templates number them).

Imported by each folder's make_specs.py / make_more_specs.py (python-docx==1.2.0, openpyxl==3.1.5).
"""
import datetime
import io
import re
import zipfile
from pathlib import Path


def write_deterministic(data: bytes, path: Path, fixed: datetime.datetime) -> None:
    """Re-zips an Office file with fixed timestamps so the bytes do not change between runs;
    `fixed` replaces the save time openpyxl stamps into dcterms:modified."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>" + fixed.strftime("%Y-%m-%dT%H:%M:%SZ").encode() + rb"\g<2>",
                    body,
                )
            dst.writestr(entry, body)
    path.write_bytes(out.getvalue())


def deterministic_pdf(data: bytes, fixed: datetime.datetime) -> bytes:
    """Replaces LibreOffice's creation time, document ID and checksum (same lengths, so the
    cross-reference offsets stay valid)."""
    stamp = fixed.strftime("%Y%m%d%H%M%S").encode()
    data = re.sub(rb"/CreationDate\(D:\d{14}", b"/CreationDate(D:" + stamp, data)
    zero = lambda m: m.group(1) + b"0" * len(m.group(2))  # noqa: E731
    data = re.sub(rb"(/ID\s*\[\s*<)([0-9A-F]+)", zero, data)
    data = re.sub(rb"(/ID\s*\[\s*<0+>\s*<)([0-9A-F]+)", zero, data)
    return re.sub(rb"(/DocChecksum /)([0-9A-F]+)", zero, data)


def new_numbered_list(document) -> int:
    """A fresh w:num on the "List Number" list, so each list starts at 1 (Word's "Restart at 1")."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    numbering = document.part.numbering_part.element
    style_num = document.styles["List Number"].element.pPr.numPr.numId.val
    abstract = next(
        n.find(qn("w:abstractNumId")).get(qn("w:val"))
        for n in numbering.findall(qn("w:num"))
        if n.get(qn("w:numId")) == str(style_num)
    )
    num_id = max(int(n.get(qn("w:numId"))) for n in numbering.findall(qn("w:num"))) + 1
    num = OxmlElement("w:num")
    num.set(qn("w:numId"), str(num_id))
    abstract_ref = OxmlElement("w:abstractNumId")
    abstract_ref.set(qn("w:val"), abstract)
    num.append(abstract_ref)
    override = OxmlElement("w:lvlOverride")
    override.set(qn("w:ilvl"), "0")
    start = OxmlElement("w:startOverride")
    start.set(qn("w:val"), "1")
    override.append(start)
    num.append(override)
    numbering.append(num)
    return num_id


def numbered(document, items):
    """Steps numbered by the list style: the numbers are not in the text."""
    num_id = new_numbered_list(document)
    for text in items:
        p = document.add_paragraph(text, style="List Number")
        num_pr = p._p.get_or_add_pPr().get_or_add_numPr()
        num_pr.get_or_add_ilvl().val = 0
        num_pr.get_or_add_numId().val = num_id
