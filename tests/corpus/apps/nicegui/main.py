"""회의실 예약: a small NiceGUI app (login, booking table, dialog form, delete confirmation).

Run: BOOKING_DATA=<dir> python main.py PORT   (the data dir holds users.json and bookings.json)
"""
import hashlib
import json
import os
import sys
from pathlib import Path

from fastapi import Request
from fastapi.responses import RedirectResponse
from nicegui import app, ui
from starlette.middleware.base import BaseHTTPMiddleware

DATA = Path(os.environ["BOOKING_DATA"])
USERS_FILE = DATA / "users.json"
BOOKINGS_FILE = DATA / "bookings.json"

ROOMS = {"대회의실 A": 12, "소회의실 B": 6, "소회의실 C": 4, "화상회의실": 8}
TIMES = [f"{h:02d}:{m:02d}" for h in range(9, 19) for m in (0, 30)][:-1]  # 09:00 .. 18:00
COLUMNS = [
    {"name": "title", "label": "회의명", "field": "title", "align": "left", "sortable": True},
    {"name": "room", "label": "회의실", "field": "room", "align": "left", "sortable": True},
    {"name": "date", "label": "날짜", "field": "date", "sortable": True},
    {"name": "time", "label": "시간", "field": "time"},
    {"name": "people", "label": "인원", "field": "people"},
    {"name": "guests", "label": "외부 손님", "field": "guests_text"},
    {"name": "owner", "label": "예약자", "field": "owner_name"},
    {"name": "actions", "label": "관리", "field": "id"},
]


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def save_bookings(bookings):
    BOOKINGS_FILE.write_text(json.dumps(bookings, ensure_ascii=False, indent=2), encoding="utf-8")


def check_password(user, password):
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(user["salt"]), 100_000)
    return digest.hex() == user["hash"]


class AuthMiddleware(BaseHTTPMiddleware):
    """Sends every page but the login page to /login until the user has logged in."""

    async def dispatch(self, request: Request, call_next):
        if not app.storage.user.get("authenticated", False):
            path = request.url.path
            if not path.startswith("/_nicegui") and path != "/login":
                return RedirectResponse(f"/login?redirect_to={path}")
        return await call_next(request)


app.add_middleware(AuthMiddleware)


@ui.page("/login")
def login_page(redirect_to: str = "/"):
    def try_login():
        users = load(USERS_FILE)
        user = users.get(username.value.strip())
        if user is None or not check_password(user, password.value):
            ui.notify("아이디 또는 비밀번호가 올바르지 않습니다.", type="negative")
            return
        app.storage.user.update(
            {"authenticated": True, "username": username.value.strip(), "name": user["name"]}
        )
        ui.navigate.to(redirect_to)

    if app.storage.user.get("authenticated", False):
        return RedirectResponse("/")
    with ui.card().classes("absolute-center w-80"):
        ui.label("회의실 예약 시스템").classes("text-h6")
        ui.label("사내 계정으로 로그인하세요.").classes("text-caption text-grey-7")
        username = ui.input("아이디").classes("w-full").on("keydown.enter", try_login)
        password = ui.input("비밀번호", password=True, password_toggle_button=True).classes(
            "w-full"
        ).on("keydown.enter", try_login)
        ui.button("로그인", on_click=try_login).classes("w-full")
    return None


@ui.page("/")
def bookings_page():
    me = app.storage.user["username"]

    def rows():
        bookings = load(BOOKINGS_FILE)
        if only_mine.value:
            bookings = [b for b in bookings if b["owner"] == me]
        bookings.sort(key=lambda b: (b["date"], b["start"]))
        return [
            {
                **b,
                "time": f"{b['start']}~{b['end']}",
                "guests_text": "예" if b["guests"] else "아니요",
            }
            for b in bookings
        ]

    def refresh():
        table.rows = rows()
        table.update()
        count.text = f"{'내 예약' if only_mine.value else '전체'} {len(table.rows)}건"

    def logout():
        app.storage.user.clear()
        ui.navigate.to("/login")

    # --- the booking form, in a dialog -------------------------------------
    editing = {"id": None}

    with ui.dialog() as form_dialog, ui.card().classes("w-96"):
        form_title = ui.label("새 예약").classes("text-h6")
        f_title = ui.input("회의명").classes("w-full")
        f_room = ui.select(list(ROOMS), label="회의실").classes("w-full")
        with ui.input("날짜").classes("w-full") as f_date:
            with ui.menu().props("no-parent-event") as date_menu:
                with ui.date().bind_value(f_date):
                    with ui.row().classes("justify-end"):
                        ui.button("닫기", on_click=date_menu.close).props("flat")
            with f_date.add_slot("append"):
                ui.icon("edit_calendar").on("click", date_menu.open).classes("cursor-pointer")
        with ui.row().classes("w-full no-wrap"):
            f_start = ui.select(TIMES, label="시작 시간").classes("w-1/2")
            f_end = ui.select(TIMES, label="종료 시간").classes("w-1/2")
        f_people = ui.number("참석 인원", value=1, min=1, precision=0).classes("w-full")
        f_guests = ui.checkbox("외부 손님 참석")
        with ui.row().classes("w-full justify-end"):
            ui.button("취소", on_click=form_dialog.close).props("flat")
            ui.button("저장", on_click=lambda: save())

    def open_form(booking=None):
        editing["id"] = booking["id"] if booking else None
        form_title.text = "예약 수정" if booking else "새 예약"
        f_title.value = booking["title"] if booking else ""
        f_room.value = booking["room"] if booking else None
        f_date.value = booking["date"] if booking else ""
        f_start.value = booking["start"] if booking else None
        f_end.value = booking["end"] if booking else None
        f_people.value = booking["people"] if booking else 1
        f_guests.value = booking["guests"] if booking else False
        form_dialog.open()

    def save():
        title = (f_title.value or "").strip()
        if not title:
            ui.notify("회의명을 입력하세요.", type="negative")
            return
        if not f_room.value:
            ui.notify("회의실을 선택하세요.", type="negative")
            return
        if not f_date.value:
            ui.notify("날짜를 선택하세요.", type="negative")
            return
        if not f_start.value or not f_end.value:
            ui.notify("시작 시간과 종료 시간을 선택하세요.", type="negative")
            return
        if f_end.value <= f_start.value:
            ui.notify("종료 시간은 시작 시간보다 늦어야 합니다.", type="negative")
            return
        people = int(f_people.value or 0)
        capacity = ROOMS[f_room.value]
        if people > capacity:
            ui.notify(
                f"참석 인원이 회의실 정원({capacity}명)을 초과합니다.", type="negative"
            )
            return
        bookings = load(BOOKINGS_FILE)
        for b in bookings:
            if (
                b["id"] != editing["id"]
                and b["room"] == f_room.value
                and b["date"] == f_date.value
                and b["start"] < f_end.value
                and f_start.value < b["end"]
            ):
                ui.notify("해당 시간에 이미 예약이 있습니다.", type="warning")
                return
        record = {
            "title": title,
            "room": f_room.value,
            "date": f_date.value,
            "start": f_start.value,
            "end": f_end.value,
            "people": people,
            "guests": bool(f_guests.value),
        }
        if editing["id"] is None:
            record.update(
                id=max((b["id"] for b in bookings), default=0) + 1,
                owner=me,
                owner_name=app.storage.user["name"],
            )
            bookings.append(record)
            message = "예약이 등록되었습니다."
        else:
            for b in bookings:
                if b["id"] == editing["id"]:
                    b.update(record)
            message = "예약이 수정되었습니다."
        save_bookings(bookings)
        form_dialog.close()
        refresh()
        ui.notify(message, type="positive")

    # --- delete, after a confirmation dialog ---------------------------------
    pending = {"id": None}

    with ui.dialog() as confirm_dialog, ui.card():
        ui.label("예약 삭제").classes("text-h6")
        confirm_text = ui.label()
        with ui.row().classes("w-full justify-end"):
            ui.button("취소", on_click=confirm_dialog.close).props("flat")
            ui.button("삭제", color="negative", on_click=lambda: delete())

    def ask_delete(booking):
        pending["id"] = booking["id"]
        confirm_text.text = f"'{booking['title']}' 예약을 삭제하시겠습니까?"
        confirm_dialog.open()

    def delete():
        bookings = [b for b in load(BOOKINGS_FILE) if b["id"] != pending["id"]]
        save_bookings(bookings)
        confirm_dialog.close()
        refresh()
        ui.notify("예약이 삭제되었습니다.", type="positive")

    # --- the page --------------------------------------------------------------
    with ui.header().classes("items-center justify-between"):
        ui.label("회의실 예약").classes("text-h6")
        with ui.row().classes("items-center"):
            ui.label(f"{app.storage.user['name']} 님")
            ui.button("로그아웃", on_click=logout).props("flat color=white")

    with ui.column().classes("w-full max-w-5xl mx-auto"):
        ui.label("예약 목록").classes("text-h5")
        with ui.row().classes("w-full items-center justify-between"):
            only_mine = ui.switch("내 예약만 보기", on_change=lambda: refresh())
            count = ui.label()
            ui.button("새 예약", icon="add", on_click=lambda: open_form())
        table = ui.table(columns=COLUMNS, rows=[], row_key="id").classes("w-full")
        table.add_slot(
            "body-cell-actions",
            """
            <q-td :props="props">
                <q-btn flat dense color="primary" label="수정"
                       @click="() => $parent.$emit('edit', props.row)" />
                <q-btn flat dense color="negative" label="삭제"
                       @click="() => $parent.$emit('delete', props.row)" />
            </q-td>
            """,
        )
        table.on("edit", lambda e: open_form(e.args))
        table.on("delete", lambda e: ask_delete(e.args))
    refresh()


if __name__ in {"__main__", "__mp_main__"}:
    ui.run(
        host="127.0.0.1",
        port=int(sys.argv[1]),
        title="회의실 예약",
        language="ko-KR",
        storage_secret="corpus-nicegui-booking-not-a-secret",
        reload=False,
        show=False,
        favicon="📅",
    )
