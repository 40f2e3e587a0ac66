"""Builds the pristine seeded database: CONTACTS_DB=<path> python seed.py

Deterministic content: two accounts, the stock roles, genders, four contact
groups and eight contacts. Run from this folder (the contacts package beside it).
"""
import datetime
import os
import sys

os.environ["CONTACTS_UPDATE_PERMS"] = "1"
db_path = os.environ["CONTACTS_DB"]
if os.path.exists(db_path):
    os.remove(db_path)

from flask_appbuilder import Model  # noqa: E402

from contacts import app, appbuilder, db  # noqa: E402
from contacts.models import Contact, ContactGroup, Gender  # noqa: E402

ACCOUNTS = [
    # (username, first, last, email, role, password)
    ("admin", "Site", "Admin", "admin@example.com", "Admin", "Adm1n#Contacts"),
    ("sarah", "Sarah", "Connor", "sarah.connor@example.com", "Admin", "Sarah#2024pw"),
]
GROUPS = ["Family", "Friends", "Work", "Clients"]
GENDERS = ["Male", "Female"]
CONTACTS = [
    # name, address, birthday, phone, cellphone, group, gender
    ("Alice Johnson", "12 Oak Street, Springfield", "1985-03-14", "555-0101", "555-1101", "Family", "Female"),
    ("Bob Martinez", "48 Pine Avenue, Riverton", "1979-11-02", "555-0102", "555-1102", "Friends", "Male"),
    ("Carol White", "7 Elm Road, Lakeside", "1992-06-21", "555-0103", "555-1103", "Work", "Female"),
    ("David Kim", "230 Maple Drive, Hillview", "1988-01-30", "555-0104", "555-1104", "Work", "Male"),
    ("Emma Brown", "5 Birch Lane, Springfield", "1995-09-09", "555-0105", "555-1105", "Friends", "Female"),
    ("Frank Miller", "91 Cedar Court, Riverton", "1970-12-25", "555-0106", "555-1106", "Clients", "Male"),
    ("Grace Lee", "16 Willow Way, Lakeside", "1983-04-17", "555-0107", "555-1107", "Clients", "Female"),
    ("Henry Davis", "3 Aspen Place, Hillview", "1965-07-04", "555-0108", "555-1108", "Family", "Male"),
]

with app.app_context():
    Model.metadata.create_all(db.engine)
    sm = appbuilder.sm
    for username, first, last, email, role, password in ACCOUNTS:
        user = sm.add_user(username, first, last, email, sm.find_role(role), password)
        if not user:
            sys.exit(f"could not create user {username}")
    genders = {name: Gender(name=name) for name in GENDERS}
    groups = {name: ContactGroup(name=name) for name in GROUPS}
    db.session.add_all(list(genders.values()) + list(groups.values()))
    for name, address, birthday, phone, cell, group, gender in CONTACTS:
        db.session.add(
            Contact(
                name=name,
                address=address,
                birthday=datetime.date.fromisoformat(birthday),
                personal_phone=phone,
                personal_celphone=cell,
                contact_group=groups[group],
                gender=genders[gender],
            )
        )
    db.session.commit()
    print(f"seeded {db_path}: {len(ACCOUNTS)} users, {len(GROUPS)} groups, {len(CONTACTS)} contacts")
