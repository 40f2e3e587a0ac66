"""Writes the pristine seed: python seed.py <dir>  ->  <dir>/users.json, <dir>/bookings.json

Deterministic: fixed salts, fixed dates (January 2027).
"""
import hashlib
import json
import sys
from pathlib import Path

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

ACCOUNTS = [
    # username, display name, password, salt
    ("admin", "관리자", "Admin#2024", "a1b2c3d4e5f60718"),
    ("minsu.kim", "김민수", "Minsu#2024", "0f1e2d3c4b5a6978"),
    ("jiyoung.lee", "이지영", "Jiyoung#2024", "1122334455667788"),
]
users = {}
for username, name, password, salt in ACCOUNTS:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), 100_000)
    users[username] = {"name": name, "salt": salt, "hash": digest.hex()}

NAMES = {u: n for u, n, _, _ in ACCOUNTS}
BOOKINGS = [
    # title, room, date, start, end, people, guests, owner
    ("주간 개발팀 회의", "대회의실 A", "2027-01-11", "10:00", "11:00", 10, False, "minsu.kim"),
    ("신규 고객사 미팅", "소회의실 B", "2027-01-12", "14:00", "15:30", 5, True, "jiyoung.lee"),
    ("분기 실적 보고", "대회의실 A", "2027-01-13", "09:00", "10:30", 12, False, "admin"),
    ("디자인 리뷰", "소회의실 C", "2027-01-13", "15:00", "16:00", 4, False, "minsu.kim"),
    ("해외 지사 화상회의", "화상회의실", "2027-01-14", "17:00", "18:00", 6, True, "jiyoung.lee"),
    ("채용 면접", "소회의실 B", "2027-01-15", "11:00", "12:00", 3, True, "admin"),
]
bookings = [
    {
        "id": i,
        "title": title,
        "room": room,
        "date": date,
        "start": start,
        "end": end,
        "people": people,
        "guests": guests,
        "owner": owner,
        "owner_name": NAMES[owner],
    }
    for i, (title, room, date, start, end, people, guests, owner) in enumerate(BOOKINGS, 1)
]
(out / "users.json").write_text(json.dumps(users, ensure_ascii=False, indent=2), encoding="utf-8")
(out / "bookings.json").write_text(
    json.dumps(bookings, ensure_ascii=False, indent=2), encoding="utf-8"
)
print(f"seeded {out}: {len(users)} users, {len(bookings)} bookings")
