from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "pages"
    verbose_name = "페이지"
