"""Minimal django-oscar settings for the Specwright corpus, following Oscar's
"Building your own shop" guide: sqlite, Haystack's simple backend, no network.

Runtime locations come from the environment so that several instances can run at once:
  OSCAR_CORPUS_DATA  directory holding db.sqlite3 and media/ (start.sh sets it to WORKDIR)
  OSCAR_CORPUS_PORT  the port the instance listens on (used to keep cookies apart)
"""
import os
from pathlib import Path

from oscar import INSTALLED_APPS as OSCAR_APPS
from oscar.defaults import *  # noqa: F401,F403  (Oscar's documented way to get its defaults)

SITE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("OSCAR_CORPUS_DATA", SITE_DIR / "data"))
PORT = os.environ.get("OSCAR_CORPUS_PORT", "8000")

SECRET_KEY = "specwright-corpus-oscar-not-a-secret"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = OSCAR_APPS + ["sorl.thumbnail"]
SITE_ID = 1

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "oscar.apps.basket.middleware.BasketMiddleware",
    "django.contrib.flatpages.middleware.FlatpageFallbackMiddleware",
]

AUTHENTICATION_BACKENDS = (
    "oscar.apps.customer.auth_backends.EmailBackend",
    "django.contrib.auth.backends.ModelBackend",
)

ROOT_URLCONF = "corpus_shop.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Our templates/ only replaces the CDN jQuery tag with Oscar's bundled copy.
        "DIRS": [SITE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
                "oscar.apps.search.context_processors.search_form",
                "oscar.apps.checkout.context_processors.checkout",
                "oscar.apps.communication.notifications.context_processors.notifications",
                "oscar.core.context_processors.metadata",
            ],
        },
    },
]
WSGI_APPLICATION = "corpus_shop.wsgi.application"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": DATA_DIR / "db.sqlite3",
        "ATOMIC_REQUESTS": True,
    }
}

HAYSTACK_CONNECTIONS = {
    "default": {"ENGINE": "haystack.backends.simple_backend.SimpleEngine"},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
MEDIA_URL = "/media/"
MEDIA_ROOT = DATA_DIR / "media"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

# Cookies are not separated by port: give each instance its own names.
SESSION_COOKIE_NAME = f"oscar_sessionid_{PORT}"
CSRF_COOKIE_NAME = f"oscar_csrftoken_{PORT}"
LANGUAGE_COOKIE_NAME = f"oscar_language_{PORT}"
OSCAR_BASKET_COOKIE_OPEN = f"oscar_open_basket_{PORT}"
OSCAR_RECENTLY_VIEWED_COOKIE_NAME = f"oscar_history_{PORT}"

EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

OSCAR_SHOP_NAME = "Northwind Books & Apparel"
OSCAR_SHOP_TAGLINE = "Corpus demo shop"
OSCAR_DEFAULT_CURRENCY = "USD"
OSCAR_FROM_EMAIL = "shop@example.com"
THUMBNAIL_DEBUG = False
