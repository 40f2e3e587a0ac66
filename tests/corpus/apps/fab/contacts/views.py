from flask_appbuilder import ModelView
from flask_appbuilder.models.sqla.interface import SQLAInterface

# The quickhowto's chart view is left out: its Google Charts loader fetches
# scripts from the internet, and the corpus apps never reach the network.

from contacts import appbuilder
from contacts.models import Contact, ContactGroup, Gender


class ContactModelView(ModelView):
    datamodel = SQLAInterface(Contact)

    label_columns = {
        "contact_group": "Contacts Group",
        "personal_celphone": "Personal Cellphone",
    }
    list_columns = ["name", "personal_celphone", "birthday", "contact_group"]
    add_columns = [
        "name",
        "address",
        "birthday",
        "personal_phone",
        "personal_celphone",
        "contact_group",
        "gender",
    ]
    edit_columns = add_columns
    base_order = ("name", "asc")

    show_fieldsets = [
        ("Summary", {"fields": ["name", "gender", "contact_group"]}),
        (
            "Personal Info",
            {
                "fields": ["address", "birthday", "personal_phone", "personal_celphone"],
                "expanded": False,
            },
        ),
    ]


class GroupModelView(ModelView):
    datamodel = SQLAInterface(ContactGroup)
    related_views = [ContactModelView]
    list_columns = ["name"]


class GenderModelView(ModelView):
    datamodel = SQLAInterface(Gender)
    list_columns = ["name"]


appbuilder.add_view(
    GroupModelView, "List Groups", icon="fa-folder-open-o", category="Contacts",
    category_icon="fa-envelope",
)
appbuilder.add_view(ContactModelView, "List Contacts", icon="fa-envelope", category="Contacts")
appbuilder.add_view(
    GenderModelView, "List Genders", icon="fa-venus-mars", category="Contacts"
)
