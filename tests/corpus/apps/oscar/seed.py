"""Seed the pristine Oscar corpus database (run by setup.sh after `migrate`).

Usage: OSCAR_CORPUS_DATA=<dir> python seed.py   (with the site directory on sys.path)
Deterministic: the same records every run, on an empty migrated database.
"""
import datetime
import os
import shutil
import sys
from decimal import Decimal as D

import django

sys.path.insert(0, os.environ.get("OSCAR_CORPUS_SITE", os.path.join(os.path.dirname(__file__), "site")))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus_shop.settings")
django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Permission  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.utils import timezone  # noqa: E402
from oscar.apps.catalogue.categories import create_from_breadcrumbs  # noqa: E402
from oscar.core.loading import get_model  # noqa: E402

User = get_user_model()
Country = get_model("address", "Country")
Category = get_model("catalogue", "Category")
Product = get_model("catalogue", "Product")
ProductAttribute = get_model("catalogue", "ProductAttribute")
ProductCategory = get_model("catalogue", "ProductCategory")
ProductClass = get_model("catalogue", "ProductClass")
Partner = get_model("partner", "Partner")
StockRecord = get_model("partner", "StockRecord")
Range = get_model("offer", "Range")
Condition = get_model("offer", "Condition")
Benefit = get_model("offer", "Benefit")
ConditionalOffer = get_model("offer", "ConditionalOffer")
Voucher = get_model("voucher", "Voucher")
ShippingAddress = get_model("order", "ShippingAddress")


def at(y, m, d):
    return datetime.datetime(y, m, d, 0, 0, tzinfo=datetime.timezone.utc)


site = Site.objects.get(pk=settings.SITE_ID)
site.domain, site.name = "127.0.0.1", "Northwind Books & Apparel"
site.save()

us = Country.objects.create(iso_3166_1_a2="US", iso_3166_1_a3="USA", iso_3166_1_numeric="840",
                            printable_name="United States", name="United States of America",
                            is_shipping_country=True, display_order=1)
Country.objects.create(iso_3166_1_a2="GB", iso_3166_1_a3="GBR", iso_3166_1_numeric="826",
                       printable_name="United Kingdom",
                       name="United Kingdom of Great Britain and Northern Ireland",
                       is_shipping_country=True)

# Oscar shows this placeholder (from MEDIA_ROOT) for products without images.
media = settings.MEDIA_ROOT
os.makedirs(media, exist_ok=True)
import oscar  # noqa: E402
shutil.copy(os.path.join(os.path.dirname(oscar.__file__), "static", "oscar", "img", "image_not_found.jpg"),
            os.path.join(media, "image_not_found.jpg"))

# --- users ---------------------------------------------------------------------
admin = User.objects.create_superuser(username="admin", email="admin@example.com",
                                      password="Shop!Admin2024", first_name="Alex", last_name="Morgan")
# A partner user: Oscar's limited dashboard (its partner's products and orders only).
staff = User.objects.create_user(username="catalog", email="catalog@example.com",
                                 password="Catalog!2024", first_name="Casey", last_name="Lee")
staff.user_permissions.add(Permission.objects.get(codename="dashboard_access",
                                                  content_type__app_label="partner"))
customer = User.objects.create_user(username="jane", email="jane.doe@example.com",
                                    password="Customer!2024", first_name="Jane", last_name="Doe")
User.objects.create_user(username="omar", email="omar.haddad@example.com",
                         password="Customer!2024", first_name="Omar", last_name="Haddad")

# --- catalogue --------------------------------------------------------------------
book = ProductClass.objects.create(name="Book", requires_shipping=True, track_stock=True)
ProductAttribute.objects.create(product_class=book, name="ISBN", code="isbn", type="text")
ProductAttribute.objects.create(product_class=book, name="Author", code="author", type="text")
tshirt = ProductClass.objects.create(name="T-shirt", requires_shipping=True, track_stock=True)
ProductAttribute.objects.create(product_class=tshirt, name="Size", code="size", type="text")
ProductClass.objects.create(name="Gift card", requires_shipping=False, track_stock=False)

fiction = create_from_breadcrumbs("Books > Fiction")
nonfiction = create_from_breadcrumbs("Books > Non-fiction")
clothing = create_from_breadcrumbs("Clothing")
create_from_breadcrumbs("Clothing > Accessories")

acme = Partner.objects.create(name="Acme Book Distributors", code="acme")
northwind = Partner.objects.create(name="Northwind Apparel", code="northwind")
acme.users.add(staff)

PRODUCTS = [
    # title, upc, class, category, partner, sku, price, stock, attributes
    ("The Silent Harbor", "9780000000011", book, fiction, acme, "ACME-SH-001", "12.99", 25,
     {"isbn": "978-0-00-000001-1", "author": "Mara Ellis"}),
    ("Winter in Lisbon", "9780000000028", book, fiction, acme, "ACME-WL-002", "15.50", 4,
     {"isbn": "978-0-00-000002-8", "author": "Tomas Reyes"}),
    ("Gardening for Beginners", "9780000000035", book, nonfiction, acme, "ACME-GB-003", "18.50", 8,
     {"isbn": "978-0-00-000003-5", "author": "Hannah Brooks"}),
    ("Python in Practice", "9780000000042", book, nonfiction, acme, "ACME-PP-004", "34.00", 0,
     {"isbn": "978-0-00-000004-2", "author": "Daniel Kim"}),
    ("Corpus Logo T-shirt", "NW-TS-001", tshirt, clothing, northwind, "NW-TS-001-M", "19.00", 40,
     {"size": "M"}),
    ("Harbor Canvas Tote", "NW-AC-002", tshirt, clothing, northwind, "NW-AC-002", "9.00", 60,
     {"size": "One size"}),
]
products = {}
for title, upc, pclass, category, partner, sku, price, stock, attrs in PRODUCTS:
    product = Product.objects.create(title=title, upc=upc, product_class=pclass, structure="standalone",
                                     description=f"<p>{title}.</p>", is_public=True)
    for code, value in attrs.items():
        setattr(product.attr, code, value)
    product.attr.save()
    ProductCategory.objects.create(product=product, category=category)
    StockRecord.objects.create(product=product, partner=partner, partner_sku=sku,
                               price_currency="USD", price=D(price), num_in_stock=stock,
                               low_stock_threshold=5)
    products[title] = product

# --- offers and vouchers ---------------------------------------------------------------
everything = Range.objects.create(name="All products", includes_all_products=True)
books_range = Range.objects.create(name="Books")
for title in ("The Silent Harbor", "Winter in Lisbon", "Gardening for Beginners", "Python in Practice"):
    books_range.add_product(products[title])

site_offer = ConditionalOffer.objects.create(
    name="Book lovers 5% off", description="5% off any book.", offer_type=ConditionalOffer.SITE,
    condition=Condition.objects.create(range=books_range, type=Condition.COUNT, value=1),
    benefit=Benefit.objects.create(range=books_range, type=Benefit.PERCENTAGE, value=D("5")),
    start_datetime=at(2024, 1, 1), end_datetime=at(2030, 12, 31), priority=1)

voucher_offer = ConditionalOffer.objects.create(
    name="Spring sale voucher offer", offer_type=ConditionalOffer.VOUCHER,
    condition=Condition.objects.create(range=everything, type=Condition.COUNT, value=1),
    benefit=Benefit.objects.create(range=everything, type=Benefit.PERCENTAGE, value=D("10")),
    start_datetime=at(2024, 3, 1), end_datetime=at(2030, 12, 31))
spring = Voucher.objects.create(name="Spring sale", code="SPRING10", usage=Voucher.MULTI_USE,
                                start_datetime=at(2024, 3, 1), end_datetime=at(2030, 12, 31))
spring.offers.add(voucher_offer)

# --- one placed order -------------------------------------------------------------------
from oscar.apps.basket.models import Basket  # noqa: E402
from oscar.apps.partner.strategy import Default  # noqa: E402
from oscar.test.factories import create_order  # noqa: E402

basket = Basket.objects.create(owner=customer)
basket.strategy = Default()
basket.add_product(products["The Silent Harbor"], quantity=2)
basket.add_product(products["Corpus Logo T-shirt"], quantity=1)
address = ShippingAddress.objects.create(first_name="Jane", last_name="Doe", line1="12 Harbor Street",
                                         line4="Portland", state="OR", postcode="97201", country=us,
                                         phone_number="+15035550123")
order = create_order(number="100001", basket=basket, user=customer, shipping_address=address)
order.date_placed = at(2024, 5, 14)
order.save()

print("seeded: products=%d categories=%d partners=%d vouchers=%d orders=1 users=%d" % (
    Product.objects.count(), Category.objects.count(), Partner.objects.count(),
    Voucher.objects.count(), User.objects.count()))
