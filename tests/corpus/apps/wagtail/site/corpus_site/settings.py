"""Minimal Wagtail settings for the Specwright corpus (stock Wagtail apps, Korean admin).

Runtime locations come from the environment so that several instances can run at once:
  WAGTAIL_CORPUS_DATA  directory holding db.sqlite3 and media/ (start.sh sets it to WORKDIR)
  WAGTAIL_CORPUS_PORT  the port the instance listens on (used to keep cookies apart)
"""
import os
from pathlib import Path

SITE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("WAGTAIL_CORPUS_DATA", SITE_DIR / "data"))
PORT = os.environ.get("WAGTAIL_CORPUS_PORT", "8000")

SECRET_KEY = "specwright-corpus-wagtail-not-a-secret"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "pages",
    "wagtail.contrib.forms",
    "wagtail.contrib.redirects",
    "wagtail.embeds",
    "wagtail.sites",
    "wagtail.users",
    "wagtail.snippets",
    "wagtail.documents",
    "wagtail.images",
    "wagtail.search",
    "wagtail.admin",
    "wagtail",
    "modelcluster",
    "taggit",
    "django_filters",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
]

ROOT_URLCONF = "corpus_site.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = "corpus_site.wsgi.application"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": DATA_DIR / "db.sqlite3",
    }
}

# Django's stock validators: a too-short or all-numeric password is rejected.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# No LocaleMiddleware: the admin is Korean whatever the browser asks for
# (signed-in users get their profile language, which the seed sets to Korean).
LANGUAGE_CODE = "ko"
LANGUAGES = [("ko", "Korean"), ("en", "English")]
WAGTAILADMIN_PERMITTED_LANGUAGES = [("ko", "Korean"), ("en", "English")]
TIME_ZONE = "Asia/Seoul"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
MEDIA_ROOT = DATA_DIR / "media"
MEDIA_URL = "/media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Cookies are not separated by port: give each instance its own names.
SESSION_COOKIE_NAME = f"wagtail_sessionid_{PORT}"
CSRF_COOKIE_NAME = f"wagtail_csrftoken_{PORT}"
LANGUAGE_COOKIE_NAME = f"wagtail_language_{PORT}"

DATA_UPLOAD_MAX_NUMBER_FIELDS = 10_000
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

WAGTAIL_SITE_NAME = "코퍼스 홈페이지"
WAGTAILADMIN_BASE_URL = f"http://127.0.0.1:{PORT}"
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
WAGTAILDOCS_EXTENSIONS = ["csv", "docx", "pdf", "txt", "xlsx", "zip"]
WAGTAIL_ENABLE_UPDATE_CHECK = False
# No autosave: Wagtail 8 saves an open editor as a draft every 500 ms, so whether publishing says
# "created and published" or "has been published" (and whether a slow save meets a conflict,
# HTTP 400) would depend on the machine's pace. The specs describe the editor without it.
WAGTAIL_AUTOSAVE_INTERVAL = 0
WAGTAIL_ENABLE_WHATS_NEW_BANNER = False
WAGTAILEMBEDS_FINDERS = []
# No network: no Gravatar avatars (the admin shows its default avatar instead).
WAGTAIL_GRAVATAR_PROVIDER_URL = None
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
