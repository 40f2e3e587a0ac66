import os

# The SQLite database file; start.sh points it into the instance's WORKDIR.
SQLALCHEMY_DATABASE_URI = "sqlite:///" + os.environ["CONTACTS_DB"]
SQLALCHEMY_TRACK_MODIFICATIONS = False

# A fixed key: the corpus instances are throw-away and bound to 127.0.0.1.
SECRET_KEY = "corpus-fab-contacts-not-a-secret"
WTF_CSRF_ENABLED = True

APP_NAME = "Contacts"
AUTH_TYPE = 1  # AUTH_DB
AUTH_ROLE_ADMIN = "Admin"
AUTH_ROLE_PUBLIC = "Public"
LANGUAGES = {"en": {"flag": "gb", "name": "English"}}
BABEL_DEFAULT_LOCALE = "en"

# Stock FAB password policy for the user screens (Add User, Reset Password).
FAB_PASSWORD_COMPLEXITY_ENABLED = True

# Permissions are created by seed.py; a fresh copy of the seed needs no update.
FAB_UPDATE_PERMS = os.environ.get("CONTACTS_UPDATE_PERMS", "0") == "1"

# FAB's layout plus one script: see templates/contacts_base.html.
FAB_BASE_TEMPLATE = "contacts_base.html"
