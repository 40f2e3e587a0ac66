"""Flask-AppBuilder "quickhowto" contacts app (Contacts, Contact Groups, Genders)."""
import logging

from flask import Flask
from flask_appbuilder import AppBuilder
from flask_appbuilder.models.sqla.base import SQLA

logging.basicConfig(format="%(asctime)s:%(levelname)s:%(name)s:%(message)s")
logging.getLogger().setLevel(logging.INFO)

app = Flask(__name__)
app.config.from_object("contacts.config")
db = SQLA(app)
with app.app_context():
    appbuilder = AppBuilder(app, db.session)
    from contacts import views  # noqa: E402,F401
