"""Seed a freshly initialised Roundup "classic" tracker with users, keywords
and issues (with their first messages). Deterministic: same records, same
order, same ids every time.

Usage: python seed.py TRACKER_HOME
"""

import sys

from roundup import date, instance
from roundup.password import Password

USERS = [
    # username, password, realname, address, organisation, roles
    ("alice", "Alice#2024", "Alice Kim", "alice@acme.example", "Acme Support", "User"),
    ("bob", "Bob#2024", "Bob Lee", "bob@acme.example", "Acme Engineering", "User"),
    ("carol", "Carol#2024", "Carol Park", "carol@acme.example", "Acme QA", "User"),
    ("dave", "Dave#2024", "Dave Choi", "dave@acme.example", "Acme Engineering", "User"),
]

KEYWORDS = ["login", "billing", "mobile", "performance", "ui", "docs"]

ISSUES = [
    # title, priority, status, assignedto, keywords, author, message, day offset
    ("Login page rejects valid passwords after upgrade", "critical", "in-progress",
     "bob", ["login"], "alice",
     "Since the 3.1 upgrade several customers report that the login page says their "
     "password is invalid although it works in the mobile app.", 0),
    ("Invoice PDF shows the wrong tax rate", "urgent", "chatting",
     "dave", ["billing"], "alice",
     "The March invoices show 8% VAT instead of 10% for Korean customers.", 1),
    ("Mobile app crashes when opening notifications", "bug", "unread",
     None, ["mobile"], "carol",
     "Android 14, app version 3.2.0: tapping a push notification closes the app.", 2),
    ("Dashboard loads slowly for large accounts", "bug", "need-eg",
     "bob", ["performance", "ui"], "carol",
     "Accounts with more than 5,000 orders wait about 20 seconds for the dashboard.", 3),
    ("Add dark mode to the customer portal", "feature", "deferred",
     None, ["ui"], "alice",
     "Several customers asked for a dark theme in the portal.", 4),
    ("Update the API guide for the new refund endpoint", "wish", "testing",
     "carol", ["docs", "billing"], "dave",
     "The refund endpoint added in 3.1 is not described in the API guide yet.", 5),
    ("Password reset e-mail is not sent", "urgent", "resolved",
     "bob", ["login"], "alice",
     "Customers did not receive the reset e-mail; fixed by the SMTP relay change.", 6),
]


def main(tracker_home):
    tracker = instance.open(tracker_home)
    db = tracker.open("admin")
    try:
        ids = {}
        for username, password, realname, address, org, roles in USERS:
            ids[username] = db.user.create(
                username=username,
                password=Password(password, config=db.config),
                realname=realname,
                address=address,
                organisation=org,
                roles=roles,
            )
        kw = {name: db.keyword.create(name=name) for name in KEYWORDS}
        db.commit()
    finally:
        db.close()

    base = date.Date("2024-06-03.09:00:00")
    for title, prio, status, assignee, kws, author, text, day in ISSUES:
        # Each issue is filed by its author, so "created by" reads naturally.
        db = tracker.open(author)
        try:
            msg = db.msg.create(
                content=text,
                author=ids[author],
                date=base + date.Interval("+%dd" % day),
            )
            props = dict(
                title=title,
                priority=db.priority.lookup(prio),
                status=db.status.lookup(status),
                keyword=[kw[k] for k in kws],
                messages=[msg],
                nosy=[ids[author]] + ([ids[assignee]] if assignee else []),
            )
            if assignee:
                props["assignedto"] = ids[assignee]
            db.issue.create(**props)
            db.commit()
        finally:
            db.close()


if __name__ == "__main__":
    main(sys.argv[1])
